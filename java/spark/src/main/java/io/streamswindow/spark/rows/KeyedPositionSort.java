package io.streamswindow.spark.rows;

import java.util.Arrays;

/**
 * Sorts positions by a {@code long} key each, ties keeping their position order (a stable sort), on
 * two parallel primitive arrays: no boxing and no comparator. {@link RowPacker} orders a key's
 * entries with it and {@link ArrivalOrder} a group's tuples, both by {@link PrimitiveOrderKey}.
 *
 * <p>When the keys span fewer than {@link #COUNTED_SPAN_PER_KEY} values per key (a key's rows of
 * one flush dealt over a few files: their order values lie close together), they are placed by
 * counting, in linear time; counting places equal keys in position order. When the keys span a
 * wider range narrow enough that a key's distance from the least and its index fit in one {@code
 * long} together (order values of a key's rows in one flush: a few thousand apart, against 2^63),
 * the pairs are sorted as single longs with {@link Arrays#sort(long[])}; the index makes every pair
 * distinct, so the result is the stable order. Otherwise a merge sort whose runs are found, not
 * made: input already in order costs one pass, and input in stretches (rows of several files dealt
 * together) one merge per pair of stretches.
 *
 * <pre>{@code
 * long[] keys = {30, 10, 20, 10};
 * int[] positions = {0, 1, 2, 3};
 * KeyedPositionSort.sort(keys, positions, 4);   // keys 10 10 20 30, positions 1 3 2 0
 * }</pre>
 */
final class KeyedPositionSort {
  /** Stretches shorter than this are made longer by insertion first. */
  private static final int MIN_RUN = 32;

  /**
   * Keys spanning fewer values than this many per key are sorted by counting: a count per value of
   * the span, no comparison (docs/performance.md, "Rows in order: where the packer's time went").
   */
  static final int COUNTED_SPAN_PER_KEY = 4;

  private KeyedPositionSort() {}

  /**
   * Sorts the first {@code n} elements of {@code keys} ascending, moving {@code positions} with
   * them; equal keys keep the order they have.
   */
  static void sort(long[] keys, int[] positions, int n) {
    if (n < 2 || inOrder(keys, n)) {
      return;
    }
    if (sortedAsPairs(keys, positions, n)) {
      return;
    }
    // Ascending stretches of at least MIN_RUN elements (or to the end), then merges of pairs.
    int[] runEnds = new int[n / MIN_RUN + 2];
    int runs = 0;
    int start = 0;
    while (start < n) {
      int end = start + 1;
      while (end < n && keys[end - 1] <= keys[end]) {
        end++;
      }
      if (end - start < MIN_RUN) {
        int forced = Math.min(n, start + MIN_RUN);
        insertion(keys, positions, start, end, forced);
        end = forced;
      }
      runEnds[runs++] = end;
      start = end;
    }
    long[] keyBuffer = new long[n];
    int[] positionBuffer = new int[n];
    long[] fromKeys = keys;
    int[] fromPositions = positions;
    long[] toKeys = keyBuffer;
    int[] toPositions = positionBuffer;
    while (runs > 1) {
      int merged = 0;
      int from = 0;
      for (int r = 0; r < runs; r += 2) {
        int middle = runEnds[r];
        int end = r + 1 < runs ? runEnds[r + 1] : middle;
        merge(fromKeys, fromPositions, from, middle, end, toKeys, toPositions);
        runEnds[merged++] = end;
        from = end;
      }
      runs = merged;
      long[] k = fromKeys;
      fromKeys = toKeys;
      toKeys = k;
      int[] p = fromPositions;
      fromPositions = toPositions;
      toPositions = p;
    }
    if (fromKeys != keys) {
      System.arraycopy(fromKeys, 0, keys, 0, n);
      System.arraycopy(fromPositions, 0, positions, 0, n);
    }
  }

  /**
   * Sorts by counting when the keys span a narrow range, else as (key - least, index) pairs packed
   * in one long each when they fit; false when the keys span too wide a range for either.
   */
  private static boolean sortedAsPairs(long[] keys, int[] positions, int n) {
    long least = keys[0];
    long most = keys[0];
    for (int i = 1; i < n; i++) {
      least = Math.min(least, keys[i]);
      most = Math.max(most, keys[i]);
    }
    int indexBits = 32 - Integer.numberOfLeadingZeros(n - 1);
    long span = most - least; // negative when it overflows: too wide
    if (span >= 0 && span < (long) COUNTED_SPAN_PER_KEY * n && span < Integer.MAX_VALUE - 1) {
      sortByCounting(keys, positions, n, least, (int) span);
      return true;
    }
    if (span < 0 || span >>> (63 - indexBits) != 0) {
      return false;
    }
    long[] pairs = new long[n];
    int[] before = Arrays.copyOf(positions, n);
    for (int i = 0; i < n; i++) {
      pairs[i] = (keys[i] - least) << indexBits | i;
    }
    Arrays.sort(pairs);
    long mask = (1L << indexBits) - 1;
    for (int i = 0; i < n; i++) {
      long pair = pairs[i];
      keys[i] = (pair >>> indexBits) + least;
      positions[i] = before[(int) (pair & mask)];
    }
    return true;
  }

  /**
   * Places each key after the smaller ones and the equal ones before it: a stable counting sort.
   */
  private static void sortByCounting(long[] keys, int[] positions, int n, long least, int span) {
    int[] starts = new int[span + 2];
    for (int i = 0; i < n; i++) {
      starts[(int) (keys[i] - least) + 1]++;
    }
    for (int v = 1; v <= span; v++) {
      starts[v] += starts[v - 1];
    }
    long[] sortedKeys = new long[n];
    int[] sortedPositions = new int[n];
    for (int i = 0; i < n; i++) {
      int at = starts[(int) (keys[i] - least)]++;
      sortedKeys[at] = keys[i];
      sortedPositions[at] = positions[i];
    }
    System.arraycopy(sortedKeys, 0, keys, 0, n);
    System.arraycopy(sortedPositions, 0, positions, 0, n);
  }

  private static boolean inOrder(long[] keys, int n) {
    for (int i = 1; i < n; i++) {
      if (keys[i - 1] > keys[i]) {
        return false;
      }
    }
    return true;
  }

  /** Extends the sorted stretch [start, sorted) to [start, end) by insertion, stably. */
  private static void insertion(long[] keys, int[] positions, int start, int sorted, int end) {
    for (int i = sorted; i < end; i++) {
      long key = keys[i];
      int position = positions[i];
      int j = i - 1;
      while (j >= start && keys[j] > key) {
        keys[j + 1] = keys[j];
        positions[j + 1] = positions[j];
        j--;
      }
      keys[j + 1] = key;
      positions[j + 1] = position;
    }
  }

  /** Merges [from, middle) and [middle, end) into the same places of the target, left first. */
  private static void merge(
      long[] keys, int[] positions, int from, int middle, int end, long[] toKeys, int[] toPos) {
    int i = from;
    int j = middle;
    int o = from;
    while (i < middle && j < end) {
      if (keys[j] < keys[i]) {
        toKeys[o] = keys[j];
        toPos[o++] = positions[j++];
      } else {
        toKeys[o] = keys[i];
        toPos[o++] = positions[i++];
      }
    }
    int left = middle - i;
    System.arraycopy(keys, i, toKeys, o, left);
    System.arraycopy(positions, i, toPos, o, left);
    o += left;
    int right = end - j;
    System.arraycopy(keys, j, toKeys, o, right);
    System.arraycopy(positions, j, toPos, o, right);
  }
}
