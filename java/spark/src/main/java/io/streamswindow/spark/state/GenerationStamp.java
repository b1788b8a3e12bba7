package io.streamswindow.spark.state;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A key's value in the chunked layout: its saved state ({@link SavedKeyState}) stamped with the
 * generation its save drew, so that one read of the store tells whether the key's live host is
 * current, and one write saves both (docs/architecture.md, "State layout"). Values written before
 * the stamp, when the generation had a value state of its own, read as generation 0, which no live
 * host has: their key's host is rebuilt from the value, as after a restart.
 *
 * <pre>
 * int    MAGIC ("SWKG")
 * long   the generation
 * ...    the saved state
 * </pre>
 *
 * <p>Example:
 *
 * <pre>{@code
 * byte[] value = GenerationStamp.stamp(SavedKeyState.wrap(...), generation);
 * long generation = GenerationStamp.generationOf(value);
 * SavedKeyState.Read read = SavedKeyState.unwrap(GenerationStamp.savedOf(value), owner);
 * }</pre>
 */
public final class GenerationStamp {
  static final int MAGIC = 0x53574B47;

  private static final int HEADER = 4 + 8;

  private GenerationStamp() {}

  /** {@code saved} stamped with {@code generation}. */
  public static byte[] stamp(byte[] saved, long generation) {
    return ByteBuffer.allocate(HEADER + saved.length)
        .putInt(MAGIC)
        .putLong(generation)
        .put(saved)
        .array();
  }

  /** Whether {@code value} carries a stamp (else it was written before stamps). */
  public static boolean isStamped(byte[] value) {
    return value.length >= HEADER && ByteBuffer.wrap(value).getInt(0) == MAGIC;
  }

  /** The generation {@code value} was saved with; 0 for a value written before stamps. */
  public static long generationOf(byte[] value) {
    return isStamped(value) ? ByteBuffer.wrap(value).getLong(4) : 0;
  }

  /**
   * The saved state in {@code value}: what follows the stamp, or the whole of a value written
   * before stamps (whose own header {@link SavedKeyState#unwrap} checks, as it does any damage to
   * the stamp's magic).
   */
  public static byte[] savedOf(byte[] value) {
    return isStamped(value) ? Arrays.copyOfRange(value, HEADER, value.length) : value;
  }
}
