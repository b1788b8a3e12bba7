package io.streamswindow.runtime;

import com.ibm.streams.operator.state.Checkpoint;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;

/**
 * The {@link Checkpoint} the host hands to state handlers: in the checkpoint phase it offers an
 * output stream, in the restore phase an input stream and the checkpoint's timestamp. The wrong
 * call for the phase throws {@link IllegalStateException}.
 *
 * <p>All handlers of one operator share one checkpoint and therefore one stream, which is created
 * on first use and returned again on every later call; handlers read back in the order they wrote.
 */
final class HostCheckpoint implements Checkpoint {
  /** Which half of a checkpoint cycle this object serves. */
  enum Phase {
    CHECKPOINT,
    RESTORE
  }

  private final Phase phase;
  private final long sequenceId;
  private final long timestampMillis;
  private final ByteArrayOutputStream written;
  private final byte[] toRead;
  private final CheckpointStreams streams;
  private ObjectOutputStream out;
  private ObjectInputStream in;

  private HostCheckpoint(
      Phase phase,
      long sequenceId,
      long timestampMillis,
      ByteArrayOutputStream written,
      byte[] toRead,
      CheckpointStreams streams) {
    this.streams = streams;
    this.phase = phase;
    this.sequenceId = sequenceId;
    this.timestampMillis = timestampMillis;
    this.written = written;
    this.toRead = toRead;
  }

  /** A checkpoint being taken; {@link #bytes()} returns what the handlers wrote. */
  static HostCheckpoint forCheckpoint(
      long sequenceId, long timestampMillis, CheckpointStreams streams) {
    return new HostCheckpoint(
        Phase.CHECKPOINT, sequenceId, timestampMillis, new ByteArrayOutputStream(), null, streams);
  }

  /** A checkpoint being restored from {@code data}, the bytes {@link #bytes()} returned. */
  static HostCheckpoint forRestore(
      long sequenceId, long timestampMillis, byte[] data, CheckpointStreams streams) {
    return new HostCheckpoint(Phase.RESTORE, sequenceId, timestampMillis, null, data, streams);
  }

  Phase phase() {
    return phase;
  }

  @Override
  public long getSequenceId() {
    return sequenceId;
  }

  /** The time the checkpoint was taken, in milliseconds since the epoch (restore phase only). */
  @Override
  public long getTimestamp() {
    requirePhase(Phase.RESTORE, "getTimestamp");
    return timestampMillis;
  }

  @Override
  public synchronized ObjectInputStream getInputStream() throws IOException {
    requirePhase(Phase.RESTORE, "getInputStream");
    if (in == null) {
      in = streams.input(new ByteArrayInputStream(toRead));
    }
    return in;
  }

  @Override
  public synchronized ObjectOutputStream getOutputStream() throws IOException {
    requirePhase(Phase.CHECKPOINT, "getOutputStream");
    if (out == null) {
      out = streams.output(written);
    }
    return out;
  }

  /** Everything the handlers wrote (empty when none opened the stream). */
  synchronized byte[] bytes() throws IOException {
    requirePhase(Phase.CHECKPOINT, "bytes");
    if (out != null) {
      out.flush();
    }
    return written.toByteArray();
  }

  private void requirePhase(Phase required, String call) {
    if (phase != required) {
      throw new IllegalStateException(
          call
              + " is not available while a checkpoint is "
              + (phase == Phase.CHECKPOINT ? "being taken" : "being restored")
              + " (checkpoint "
              + sequenceId
              + ")");
    }
  }

  @Override
  public String toString() {
    return "Checkpoint(" + sequenceId + ", " + phase + ")";
  }
}
