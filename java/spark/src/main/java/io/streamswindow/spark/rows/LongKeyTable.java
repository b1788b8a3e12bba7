package io.streamswindow.spark.rows;

import java.util.Arrays;

/**
 * Values by a primitive {@code long} key: open addressing with linear probing, no boxed key and no
 * node per entry. The packer looks up a buffer for every input row by its window partition key
 * (docs/architecture.md, step 3), and with one integer {@code partition_by} column that lookup
 * through a {@code HashMap<Long, ...>} (a hash, a node and an {@code equals} on a boxed key) was a
 * visible part of packing (docs/performance.md, "Rows in order: where the packer's time went").
 *
 * <p>Entries are never removed one by one: {@link #clear()} empties the table, and the caller puts
 * back what it keeps. Not thread-safe.
 *
 * <pre>{@code
 * LongKeyTable<String> names = new LongKeyTable<>();
 * names.put(42L, "answer");
 * names.get(42L); // "answer"
 * names.get(7L);  // null
 * }</pre>
 *
 * @param <V> the values; never null
 */
final class LongKeyTable<V> {
  private static final int INITIAL_CAPACITY = 64;

  private long[] keys = new long[INITIAL_CAPACITY];
  private Object[] values = new Object[INITIAL_CAPACITY];
  private int size;

  /** The value of {@code key}, or null when it has none. */
  @SuppressWarnings("unchecked")
  V get(long key) {
    int mask = keys.length - 1;
    for (int at = slot(key, mask); ; at = (at + 1) & mask) {
      Object value = values[at];
      if (value == null || keys[at] == key) {
        return (V) value;
      }
    }
  }

  /** Gives {@code key} the value {@code value} (non-null), replacing any it had. */
  void put(long key, V value) {
    if (value == null) {
      throw new IllegalArgumentException("a LongKeyTable holds no null values");
    }
    if (2 * (size + 1) > keys.length) {
      grow();
    }
    int mask = keys.length - 1;
    int at = slot(key, mask);
    while (values[at] != null && keys[at] != key) {
      at = (at + 1) & mask;
    }
    if (values[at] == null) {
      size++;
    }
    keys[at] = key;
    values[at] = value;
  }

  /** How many keys have a value. */
  int size() {
    return size;
  }

  /** Removes every entry, keeping the capacity. */
  void clear() {
    Arrays.fill(values, null);
    size = 0;
  }

  private void grow() {
    long[] oldKeys = keys;
    Object[] oldValues = values;
    keys = new long[oldKeys.length * 2];
    values = new Object[oldValues.length * 2];
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldValues[i] != null) {
        @SuppressWarnings("unchecked")
        V value = (V) oldValues[i];
        put(oldKeys[i], value);
      }
    }
  }

  /** Spreads keys that differ in their high bits only, or that step by a power of two. */
  private static int slot(long key, int mask) {
    long h = key * 0x9E3779B97F4A7C15L;
    return (int) (h ^ (h >>> 32)) & mask;
  }
}
