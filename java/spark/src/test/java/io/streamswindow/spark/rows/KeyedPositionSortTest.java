package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** KeyedPositionSort against Java's stable sort of the same pairs. */
class KeyedPositionSortTest {
  /** Sorts keys with positions 0..n-1 and checks both arrays against a stable reference sort. */
  private static void sortsLikeAStableSort(long[] input) {
    int n = input.length;
    Integer[] reference = new Integer[n];
    for (int i = 0; i < n; i++) {
      reference[i] = i;
    }
    Arrays.sort(reference, Comparator.comparingLong(i -> input[i])); // stable on objects
    long[] keys = Arrays.copyOf(input, n + 3); // longer than n: the rest stays as it is
    int[] positions = new int[n + 3];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = i;
    }
    KeyedPositionSort.sort(keys, positions, n);

    int[] expected = new int[n];
    long[] expectedKeys = new long[n];
    for (int i = 0; i < n; i++) {
      expected[i] = reference[i];
      expectedKeys[i] = input[reference[i]];
    }
    assertArrayEquals(expected, Arrays.copyOf(positions, n), Arrays.toString(input));
    assertArrayEquals(expectedKeys, Arrays.copyOf(keys, n));
    assertArrayEquals(new int[] {n, n + 1, n + 2}, Arrays.copyOfRange(positions, n, n + 3));
  }

  @Test
  void randomKeysWithManyTiesKeepTheirPositionOrder() {
    Random random = new Random(5);
    for (int n = 0; n < 300; n += 7) {
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        keys[i] = random.nextInt(Math.max(1, n / 4)) - n / 8;
      }
      sortsLikeAStableSort(keys);
    }
  }

  @Test
  void inputInOrderReversedOrInStretchesIsSorted() {
    int n = 1000;
    long[] rising = new long[n];
    long[] falling = new long[n];
    long[] dealt = new long[n];
    for (int i = 0; i < n; i++) {
      rising[i] = i / 3;
      falling[i] = n - i / 3;
      dealt[i] = (i % 7) * 1000L + i / 7; // seven stretches in order, as seven files' rows
    }
    sortsLikeAStableSort(rising);
    sortsLikeAStableSort(falling);
    sortsLikeAStableSort(dealt);
  }

  @Test
  void keysJustInsideAndJustOutsideTheCountedSpanAreBothSorted() {
    // Rows of one key dealt over files: order values close together, in no order, with ties.
    Random random = new Random(13);
    int n = 500;
    int counted = KeyedPositionSort.COUNTED_SPAN_PER_KEY * n;
    for (int span : new int[] {1, counted - 1, counted, counted + 1}) {
      long[] keys = new long[n];
      for (int i = 0; i < n; i++) {
        keys[i] = 1_000_000_000_000L + (i == 0 ? 0 : i == 1 ? span : random.nextInt(span + 1));
      }
      sortsLikeAStableSort(keys);
    }
  }

  @Test
  void extremeKeysCompareSigned() {
    sortsLikeAStableSort(new long[] {Long.MAX_VALUE, 0, Long.MIN_VALUE, -1, Long.MAX_VALUE, 1});
  }

  @Test
  void keysAsWideAsAPairCanHoldAndOneWiderAreBothSorted() {
    // 100 keys: 7 bits of index, so a span below 2^56 is sorted as packed pairs, one above is not.
    Random random = new Random(8);
    for (long span : new long[] {(1L << 56) - 1, 1L << 56, Long.MAX_VALUE}) {
      long[] keys = new long[100];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = i % 10 == 0 ? (i % 20 == 0 ? -7 : span - 7) : -7 + random.nextInt(50);
      }
      sortsLikeAStableSort(keys);
    }
  }
}
