package io.streamswindow.runtime;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The bytes of one operator checkpoint taken by {@link OperatorHost#checkpoint(long)}: a versioned
 * header, then each input port's window in the engine's own format, then what the operator's state
 * handlers wrote.
 *
 * <p>Layout (big-endian, {@link DataOutputStream} conventions):
 *
 * <pre>
 * int     MAGIC ("SWCP")
 * int     VERSION
 * long    sequence id
 * long    timestamp, milliseconds since the epoch
 * int     number of input ports
 * per port:
 *   UTF   the port's window clause, e.g. "tumbling, count(3)", checked on restore
 *   int   length of the window's bytes, -1 for a port without a window
 *   byte[] the window's checkpoint ({@code Window.checkpoint})
 * int     length of the state handlers' bytes
 * byte[]  the state handlers' object stream (empty when no handler wrote)
 * </pre>
 *
 * @param sequenceId the checkpoint id
 * @param timestampMillis when the checkpoint was taken
 * @param windowClauses each input port's window clause
 * @param windows each input port's window bytes, null for a port without a window
 * @param handlerData what the state handlers wrote
 */
record CheckpointEnvelope(
    long sequenceId,
    long timestampMillis,
    List<String> windowClauses,
    List<byte[]> windows,
    byte[] handlerData) {

  static final int MAGIC = 0x53574350;
  static final int VERSION = 1;

  CheckpointEnvelope {
    if (windowClauses.size() != windows.size()) {
      throw new IllegalArgumentException("one window clause per window expected");
    }
    windowClauses = List.copyOf(windowClauses);
    windows = Collections.unmodifiableList(new ArrayList<>(windows));
  }

  byte[] toBytes() throws IOException {
    UnsharedByteArrayOutputStream bytes = new UnsharedByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(MAGIC);
    out.writeInt(VERSION);
    out.writeLong(sequenceId);
    out.writeLong(timestampMillis);
    out.writeInt(windows.size());
    for (int port = 0; port < windows.size(); port++) {
      out.writeUTF(windowClauses.get(port));
      byte[] window = windows.get(port);
      if (window == null) {
        out.writeInt(-1);
      } else {
        out.writeInt(window.length);
        out.write(window);
      }
    }
    out.writeInt(handlerData.length);
    out.write(handlerData);
    out.flush();
    return bytes.toByteArray();
  }

  /**
   * Reads an envelope written by {@link #toBytes()}.
   *
   * @throws IllegalArgumentException when the bytes are not a streams-window operator checkpoint or
   *     come from an unknown version
   */
  static CheckpointEnvelope parse(byte[] data) {
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(data));
      if (in.readInt() != MAGIC) {
        throw new IllegalArgumentException("not a streams-window operator checkpoint (bad magic)");
      }
      int version = in.readInt();
      if (version != VERSION) {
        throw new IllegalArgumentException(
            "operator checkpoint version "
                + version
                + " is not supported (expected "
                + VERSION
                + ")");
      }
      long sequenceId = in.readLong();
      long timestamp = in.readLong();
      int ports = in.readInt();
      List<String> clauses = new ArrayList<>(ports);
      List<byte[]> windows = new ArrayList<>(ports);
      for (int port = 0; port < ports; port++) {
        clauses.add(in.readUTF());
        int length = in.readInt();
        windows.add(length < 0 ? null : readFully(in, length));
      }
      byte[] handlerData = readFully(in, in.readInt());
      return new CheckpointEnvelope(sequenceId, timestamp, clauses, windows, handlerData);
    } catch (EOFException e) {
      throw new IllegalArgumentException("operator checkpoint is truncated", e);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "operator checkpoint cannot be read: " + e.getMessage(), e);
    }
  }

  private static byte[] readFully(DataInputStream in, int length) throws IOException {
    if (length < 0) {
      throw new IOException("negative length " + length);
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return bytes;
  }
}
