package com.ibm.streams.operator.fakes;

import com.ibm.streams.operator.state.Checkpoint;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * A checkpoint held in memory. A new one is for writing; {@link #forReading()} returns the
 * checkpoint to restore from, holding what was written.
 */
public final class MemoryCheckpoint implements Checkpoint {

  private final long id;
  private final ByteArrayOutputStream bytes;
  private final byte[] saved;
  private ObjectOutputStream out;
  private ObjectInputStream in;

  public MemoryCheckpoint(long id) {
    this.id = id;
    this.bytes = new ByteArrayOutputStream();
    this.saved = null;
  }

  private MemoryCheckpoint(long id, byte[] saved) {
    this.id = id;
    this.bytes = null;
    this.saved = saved;
  }

  /** Returns a checkpoint for restoring what was written to this one. */
  public MemoryCheckpoint forReading() throws IOException {
    if (out != null) {
      out.flush();
    }
    return new MemoryCheckpoint(id, bytes.toByteArray());
  }

  @Override
  public long getSequenceId() {
    return id;
  }

  @Override
  public long getTimestamp() {
    if (saved == null) {
      throw new IllegalStateException("not restoring");
    }
    return 0;
  }

  @Override
  public ObjectInputStream getInputStream() throws IOException {
    if (saved == null) {
      throw new IllegalStateException("not restoring");
    }
    if (in == null) {
      in = new ObjectInputStream(new ByteArrayInputStream(saved));
    }
    return in;
  }

  @Override
  public ObjectOutputStream getOutputStream() throws IOException {
    if (bytes == null) {
      throw new IllegalStateException("not checkpointing");
    }
    if (out == null) {
      out = new ObjectOutputStream(bytes);
    }
    return out;
  }
}
