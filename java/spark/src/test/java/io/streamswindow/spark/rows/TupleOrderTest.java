package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.schema.SplSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

class TupleOrderTest {

  @Test
  void unsignedAttributesCompareAsTheUnsignedNumbersTheyHold() {
    SplSchema schema = SplSchema.parse("tuple<uint8 a, uint16 b, uint32 c, uint64 d>");
    // 255, 65535, 4294967295 and 2^64 - 1 are all bits set: negative as signed Java numbers.
    Object[] large = {(byte) -1, (short) -1, -1, -1L};
    Object[] small = {(byte) 1, (short) 1, 1, 1L};
    for (String attribute : List.of("a", "b", "c", "d")) {
      TupleOrder order = new TupleOrder(schema, List.of(attribute));
      int index = schema.requireIndex(attribute);
      assertTrue(order.compare(schema.getTuple(small), schema.getTuple(large)) < 0, attribute);
      assertTrue(
          order.compareValues(new Object[] {small[index]}, new Object[] {large[index]}) < 0,
          attribute);
    }
  }

  @Test
  void ustringsCompareAsSparkComparesStringsByTheirUtf8Bytes() {
    TupleOrder order = new TupleOrder(SplSchema.parse("tuple<ustring s>"), List.of("s"));
    // U+FF21 comes before U+1F600 in UTF-8 (and in Spark), after it in UTF-16 (String.compareTo).
    String fullwidth = "\uFF21";
    String emoji = new String(Character.toChars(0x1F600));
    assertTrue(fullwidth.compareTo(emoji) > 0);
    assertTrue(order.compareValues(new Object[] {fullwidth}, new Object[] {emoji}) < 0);
  }

  @Test
  void anAttributeWithoutOrderIsRefusedNamingItsSplType() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new TupleOrder(SplSchema.parse("tuple<optional<int64> seq>"), List.of("seq")));
    assertEquals(
        "order_by column 'seq' has SPL type optional<int64>, which has no order", e.getMessage());
  }
}
