package io.streamswindow.bench;

/**
 * An endless, deterministic supply of {@link Sample}s: keys cycle through {@code 0..keys-1} and
 * values through {@code 0..1023}.
 *
 * <p>Every call allocates a fresh tuple, as a real input port would, so a window of N tuples holds
 * N distinct objects and its memory footprint grows with N like in production.
 */
public final class SampleSource {
  private final Integer[] keys;
  private long next;

  /** A source whose keys cycle through {@code keyCount} partitions. */
  public SampleSource(int keyCount) {
    if (keyCount < 1) {
      throw new IllegalArgumentException("keyCount must be at least 1, was " + keyCount);
    }
    keys = new Integer[keyCount];
    for (int i = 0; i < keyCount; i++) {
      keys[i] = i;
    }
  }

  /** The next tuple. */
  public Sample next() {
    long i = next++;
    return new Sample(keys[(int) (i % keys.length)], (double) (i & 1023));
  }

  /** How many tuples this source has produced. */
  public long produced() {
    return next;
  }
}
