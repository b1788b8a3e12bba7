package com.ibm.streams.operator.state;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * One saved copy of an operator's state, handed to a {@link StateHandler}. While checkpointing only
 * {@link #getOutputStream()} may be used; while resetting only {@link #getInputStream()} and {@link
 * #getTimestamp()}. Each stream getter returns the same stream every time it is called.
 */
public interface Checkpoint {

  /**
   * Returns the checkpoint's sequence id, which grows with each checkpoint.
   *
   * @return the id
   */
  long getSequenceId();

  /**
   * Returns when the checkpoint was taken, in milliseconds since the epoch.
   *
   * @return the time
   * @throws IllegalStateException when called while checkpointing
   * @throws IOException when the checkpoint cannot be read
   */
  long getTimestamp() throws IllegalStateException, IOException;

  /**
   * Returns the stream to read the saved state from.
   *
   * @return the input stream
   * @throws IllegalStateException when called while checkpointing
   * @throws IOException when the checkpoint cannot be read
   */
  ObjectInputStream getInputStream() throws IllegalStateException, IOException;

  /**
   * Returns the stream to write the state to.
   *
   * @return the output stream
   * @throws IllegalStateException when called while resetting
   * @throws IOException when the checkpoint cannot be written
   */
  ObjectOutputStream getOutputStream() throws IllegalStateException, IOException;
}
