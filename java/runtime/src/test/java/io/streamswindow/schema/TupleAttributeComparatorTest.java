package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.Timestamp;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class TupleAttributeComparatorTest {

  @Test
  void comparesUnsignedIntegersAsUnsigned() {
    SplSchema schema = SplSchema.parse("tuple<uint8 a, uint16 b, uint32 c, uint64 d>");
    Tuple small = schema.getTuple(new Object[] {(byte) 1, (short) 1, 1, 1L});
    Tuple large = schema.getTuple(new Object[] {(byte) -1, (short) -1, -1, -1L});

    for (String name : List.of("a", "b", "c", "d")) {
      Comparator<Tuple> order =
          new TupleAttributeComparator(schema, new int[] {schema.requireIndex(name)});
      assertTrue(order.compare(small, large) < 0, name);
      assertTrue(order.compare(large, small) > 0, name);
      assertEquals(0, order.compare(large, large), name);
    }
  }

  @Test
  void comparesOtherTypesNaturally() {
    SplSchema schema = SplSchema.parse("tuple<timestamp t, ustring s, decimal64 d, boolean b>");
    Tuple first =
        schema.getTuple(new Object[] {new Timestamp(1, 0), "b", new BigDecimal("2"), true});
    Tuple second =
        schema.getTuple(new Object[] {new Timestamp(1, 5), "a", new BigDecimal("1"), false});
    List<Tuple> tuples = new ArrayList<>(List.of(second, first));

    tuples.sort(new TupleAttributeComparator(schema, new int[] {0}));
    assertEquals(List.of(first, second), tuples);
    tuples.sort(new TupleAttributeComparator(schema, new int[] {1}));
    assertEquals(List.of(second, first), tuples);
    tuples.sort(new TupleAttributeComparator(schema, new int[] {3, 2}));
    assertEquals(List.of(second, first), tuples);
  }

  @Test
  void laterKeysBreakTies() {
    SplSchema schema = SplSchema.parse("tuple<int32 a, int32 b>");
    Tuple x = schema.getTuple(new Object[] {1, 2});
    Tuple y = schema.getTuple(new Object[] {1, 3});
    Comparator<Tuple> order = new TupleAttributeComparator(schema, new int[] {0, 1});

    assertTrue(order.compare(x, y) < 0);
    assertEquals(0, new TupleAttributeComparator(schema, new int[] {0}).compare(x, y));
  }
}
