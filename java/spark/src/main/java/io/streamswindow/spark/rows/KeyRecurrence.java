package io.streamswindow.spark.rows;

import java.util.HashSet;
import java.util.Set;

/**
 * Whether the window partitions of a stretch of rows come back within it, judged on a sample of the
 * keys: {@link RowPacker}'s evidence for packing again after it started handing rows on one by one
 * because no key came back (docs/decisions.md, "Many keys").
 *
 * <p>One key in {@value #SAMPLE_SHARE} is sampled, chosen by a mix of its hash, so a sampled key is
 * sampled at each of its rows, and the set of sampled keys stays small (a stretch of a million rows
 * notes some 16,000). A stretch ends after {@link #stretch} sampled rows; its keys come back when
 * more than a quarter of its sampled rows had a key sampled before in it.
 *
 * <pre>{@code
 * KeyRecurrence recurrence = new KeyRecurrence(1024);
 * if (recurrence.note(key.hashCode(), key)) { ... pack again ... }
 * }</pre>
 */
final class KeyRecurrence {
  /** One key in this many is sampled. */
  static final int SAMPLE_SHARE = 64;

  private final int stretch;
  private final Set<Object> seen = new HashSet<>();
  private int sampled;
  private int repeats;

  /**
   * @param stretch how many sampled rows one judgement covers
   */
  KeyRecurrence(int stretch) {
    this.stretch = stretch;
  }

  /** Whether a key of hash {@code hash} is one of the sampled ones. */
  static boolean sampled(long hash) {
    long h = hash * 0x9E3779B97F4A7C15L;
    return ((h ^ (h >>> 32)) & (SAMPLE_SHARE - 1)) == 0;
  }

  /**
   * Notes a row of the sampled key {@code key} (one that {@link #sampled} chose); returns true when
   * this row ends a stretch whose keys came back, false otherwise. Each stretch starts afresh.
   */
  boolean note(Object key) {
    if (!seen.add(key)) {
      repeats++;
    }
    if (++sampled < stretch) {
      return false;
    }
    boolean recurring = 4L * repeats > sampled;
    seen.clear();
    sampled = 0;
    repeats = 0;
    return recurring;
  }

  /** Forgets the stretch under way. */
  void reset() {
    seen.clear();
    sampled = 0;
    repeats = 0;
  }
}
