package io.streamswindow.spark.state;

import io.streamswindow.spark.errors.CorruptStateException;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * A key's operator checkpoint as the Spark state store holds it: a header that names the query
 * definition it was written for ({@link PlanFingerprint}) and a checksum, then the host's
 * checkpoint. Reading it back refuses bytes that were altered or cut short, naming the key and
 * where its state lives, instead of decoding them into windows that were never saved
 * (docs/reliability.md).
 *
 * <pre>
 * int    MAGIC ("SWKS")
 * byte   VERSION (2)
 * int    CRC-32C of everything after this field
 * int    length of the definition, then the definition (a PlanFingerprint's bytes or digest)
 * int    length of the checkpoint, then the checkpoint
 * int    length of the last order value, then the value (since version 2; 0: none)
 * int    length of the saving run, then its UTF-8 text (since version 3; 0: none)
 * </pre>
 *
 * <p>The last order value is the {@code order_by} values of the last tuple the key processed
 * ({@code OrderValues}), which the next micro-batch compares its rows with (docs/architecture.md,
 * "State layout"). The saving run is the id of the streaming query run that wrote the value: a
 * later micro-batch of the same run continues the key's time, firing each timer due since at its
 * own instant, where a new run restarts it (docs/semantics.md, "Time between calls"). Versions 1
 * and 2 still read, version 1 as a key that has processed nothing yet, both as saved by no run.
 *
 * <p>Example:
 *
 * <pre>{@code
 * byte[] saved = SavedKeyState.wrap(fingerprint.digest(), host.checkpoint(id, chunks), null, run);
 * SavedKeyState.Read read = SavedKeyState.unwrap(saved, "key [acme]");
 * host.reset(read.checkpoint(), chunks);
 * }</pre>
 */
public final class SavedKeyState {
  static final int MAGIC = 0x53574B53;
  static final byte VERSION = 3;

  /** The first version, without the last order value: still read. */
  static final byte VERSION_1 = 1;

  /** The second version, without the saving run: still read. */
  static final byte VERSION_2 = 2;

  /** The magic of a bare host checkpoint: what a key's value began with before this header. */
  private static final int HOST_CHECKPOINT_MAGIC = 0x53574350;

  private static final int HEADER = 4 + 1 + 4;

  private SavedKeyState() {}

  /**
   * What a saved value holds: the definition it was written for ({@link PlanFingerprint#toBytes()}
   * or its {@link PlanFingerprint#digest()}), the host's checkpoint, the {@code order_by} values of
   * the last tuple the key processed ({@code OrderValues#encode}), or null, and the id of the query
   * run that saved it, or null.
   */
  public record Read(byte[] definition, byte[] checkpoint, byte[] lastOrder, String run) {}

  /**
   * The value to save for a key: {@code checkpoint} with its header, {@code definition}, {@code
   * lastOrder} (null or empty: none) and the saving {@code run} (null: none).
   */
  public static byte[] wrap(byte[] definition, byte[] checkpoint, byte[] lastOrder, String run) {
    return wrap(VERSION, definition, checkpoint, lastOrder, run);
  }

  /** {@link #wrap}, in format {@code version} (tests write the earlier versions with it). */
  public static byte[] wrap(
      byte version, byte[] definition, byte[] checkpoint, byte[] lastOrder, String run) {
    byte[] order = lastOrder == null ? new byte[0] : lastOrder;
    byte[] runBytes =
        run == null ? new byte[0] : run.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    int tail =
        (version == VERSION_1 ? 0 : 4 + order.length)
            + (version <= VERSION_2 ? 0 : 4 + runBytes.length);
    ByteBuffer out =
        ByteBuffer.allocate(HEADER + 4 + definition.length + 4 + checkpoint.length + tail)
            .putInt(MAGIC)
            .put(version)
            .putInt(0)
            .putInt(definition.length)
            .put(definition)
            .putInt(checkpoint.length)
            .put(checkpoint);
    if (version != VERSION_1) {
      out.putInt(order.length).put(order);
    }
    if (version > VERSION_2) {
      out.putInt(runBytes.length).put(runBytes);
    }
    byte[] bytes = out.array();
    out.putInt(5, checksum(bytes, HEADER, bytes.length - HEADER));
    return bytes;
  }

  /**
   * Reads a saved value.
   *
   * @param saved the value the state store holds
   * @param owner whose value it is, for the message: the key and where its state lives
   * @throws CorruptStateException when the value is cut short, altered, or not one this version
   *     writes
   */
  public static Read unwrap(byte[] saved, String owner) {
    if (saved.length < HEADER) {
      throw new CorruptStateException(
          owner, "its saved checkpoint is " + saved.length + " bytes, shorter than any header");
    }
    ByteBuffer in = ByteBuffer.wrap(saved);
    int magic = in.getInt();
    if (magic == HOST_CHECKPOINT_MAGIC) {
      throw new CorruptStateException(
          owner,
          "its saved checkpoint was written by an earlier streams-window build, before key states"
              + " carried a checksum and the query definition; that build's checkpoints do not"
              + " restart on this one");
    }
    if (magic != MAGIC) {
      throw new CorruptStateException(
          owner,
          String.format(
              "its saved checkpoint does not start with a key state header (0x%08x)", magic));
    }
    byte version = in.get();
    if (version < VERSION_1 || version > VERSION) {
      throw new CorruptStateException(
          owner,
          "its saved checkpoint is of format version "
              + version
              + ", which this build does not read (it reads "
              + VERSION_1
              + " to "
              + VERSION
              + ")");
    }
    int expected = in.getInt();
    int actual = checksum(saved, HEADER, saved.length - HEADER);
    if (expected != actual) {
      throw new CorruptStateException(
          owner,
          String.format(
              "the checksum of its saved checkpoint (%d bytes) does not match: 0x%08x saved,"
                  + " 0x%08x read; the bytes were altered or cut short after they were written",
              saved.length, expected, actual));
    }
    try {
      DataInputStream data =
          new DataInputStream(new ByteArrayInputStream(saved, HEADER, saved.length - HEADER));
      byte[] definition = new byte[data.readInt()];
      data.readFully(definition);
      byte[] checkpoint = new byte[data.readInt()];
      data.readFully(checkpoint);
      byte[] lastOrder = null;
      if (version != VERSION_1) {
        byte[] order = new byte[data.readInt()];
        data.readFully(order);
        lastOrder = order.length == 0 ? null : order;
      }
      String run = null;
      if (version > VERSION_2) {
        byte[] text = new byte[data.readInt()];
        data.readFully(text);
        run = text.length == 0 ? null : new String(text, java.nio.charset.StandardCharsets.UTF_8);
      }
      if (data.available() != 0) {
        throw new IOException(data.available() + " bytes follow the saved value's last field");
      }
      return new Read(definition, checkpoint, lastOrder, run);
    } catch (IOException | RuntimeException e) {
      throw new CorruptStateException(owner, "its saved checkpoint does not decode: " + e);
    }
  }

  static int checksum(byte[] bytes, int offset, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, offset, length);
    return (int) crc.getValue();
  }
}
