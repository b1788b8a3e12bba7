package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongKeyTableTest {

  @Test
  void findsWhatItWasGivenThroughGrowthAndCollisions() {
    LongKeyTable<String> table = new LongKeyTable<>();
    Map<Long, String> reference = new HashMap<>();
    Random random = new Random(3);
    for (int i = 0; i < 5000; i++) {
      // Keys that step by a power of two, negative ones, the extremes and random ones.
      long key =
          switch (i % 4) {
            case 0 -> (long) i << 20;
            case 1 -> -i;
            case 2 -> i % 8 == 2 ? Long.MIN_VALUE : Long.MAX_VALUE - i;
            default -> random.nextLong();
          };
      table.put(key, "v" + i);
      reference.put(key, "v" + i);
    }
    assertEquals(reference.size(), table.size());
    reference.forEach((key, value) -> assertEquals(value, table.get(key)));
    assertNull(table.get(12345L));
  }

  @Test
  void aKeyGivenAgainReplacesItsValue() {
    LongKeyTable<String> table = new LongKeyTable<>();
    table.put(0L, "first");
    table.put(0L, "second");
    assertEquals(1, table.size());
    assertEquals("second", table.get(0L));
  }

  @Test
  void clearForgetsEveryKey() {
    LongKeyTable<String> table = new LongKeyTable<>();
    for (long key = 0; key < 100; key++) {
      table.put(key, "v");
    }
    table.clear();
    assertEquals(0, table.size());
    assertNull(table.get(5L));
    table.put(5L, "again");
    assertEquals("again", table.get(5L));
  }

  @Test
  void refusesANullValue() {
    assertThrows(IllegalArgumentException.class, () -> new LongKeyTable<String>().put(1L, null));
  }
}
