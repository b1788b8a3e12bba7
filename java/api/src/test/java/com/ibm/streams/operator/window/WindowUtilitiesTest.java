package com.ibm.streams.operator.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.fakes.FakeSchema;
import com.ibm.streams.operator.fakes.FakeWindow;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowUtilitiesTest {

  private final FakeSchema schema =
      FakeSchema.of(
          "rstring symbol", "ustring venue", "int32 n", "uint64 u", "boolean b", "float64 price");

  private FakeWindow partitionedWindow() {
    return new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema(), null, true);
  }

  private Object keyOf(FakeWindow window, Tuple tuple) {
    return window.partitioner.getPartition(tuple);
  }

  private final Tuple tuple = schema.tuple("IBM", "NYSE", 7, 9L, true, 1.5);

  @Test
  void oneStringAttributeGivesItsStringValue() {
    FakeWindow window = partitionedWindow();
    WindowUtilities.registerAttributePartitioner(window, "symbol");
    Object key = keyOf(window, tuple);
    assertEquals("IBM", key);
    assertEquals(String.class, key.getClass(), "a String, not IBM's RString");
  }

  @Test
  void oneIntegerOrBooleanAttributeGivesItsObjectValue() {
    FakeWindow window = partitionedWindow();
    WindowUtilities.registerAttributePartitioner(window, "n");
    assertEquals(7, keyOf(window, tuple));
    WindowUtilities.registerAttributePartitioner(window, "u");
    assertEquals(9L, keyOf(window, tuple));
    WindowUtilities.registerAttributePartitioner(window, "b");
    assertEquals(true, keyOf(window, tuple));
  }

  @Test
  void anIntegerKeyIsBoxedOnceForTuplesThatComeTogether() {
    FakeWindow window = partitionedWindow();
    WindowUtilities.registerAttributePartitioner(window, "u");
    Object first = keyOf(window, schema.tuple("IBM", "NYSE", 7, 1000L, true, 1.5));
    Object again = keyOf(window, schema.tuple("HAL", "NYSE", 8, 1000L, false, 2.5));
    assertSame(first, again, "the key object of the tuple before, not a new Long");
    Object other = keyOf(window, schema.tuple("IBM", "NYSE", 7, 1001L, true, 1.5));
    assertEquals(1001L, other);
    assertEquals(1000L, keyOf(window, schema.tuple("IBM", "NYSE", 7, 1000L, true, 1.5)));
  }

  @Test
  void severalAttributesGiveAnUnmodifiableListInTheGivenOrder() {
    FakeWindow window = partitionedWindow();
    WindowUtilities.registerAttributePartitioner(window, "n", "symbol", "venue");
    Object key = keyOf(window, tuple);
    assertEquals(List.of(7, "IBM", "NYSE"), key);
    assertEquals(key, keyOf(window, schema.tuple("IBM", "NYSE", 7, 0L, false, 0.0)));
    assertEquals(key.hashCode(), List.of(7, "IBM", "NYSE").hashCode());
    @SuppressWarnings("unchecked")
    List<Object> list = (List<Object>) key;
    assertThrows(UnsupportedOperationException.class, () -> list.set(0, 1));
  }

  @Test
  void refusesNoNames() {
    FakeWindow window = partitionedWindow();
    assertThrows(
        IllegalArgumentException.class, () -> WindowUtilities.registerAttributePartitioner(window));
    assertThrows(
        IllegalArgumentException.class,
        () -> WindowUtilities.registerAttributePartitioner(window, (String[]) null));
  }

  @Test
  void refusesAnUnknownName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> WindowUtilities.registerAttributePartitioner(partitionedWindow(), "nope"));
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
  }

  @Test
  void refusesAnUnsupportedType() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> WindowUtilities.registerAttributePartitioner(partitionedWindow(), "n", "price"));
    assertTrue(e.getMessage().contains("price"), e.getMessage());
    assertTrue(e.getMessage().contains("float64"), e.getMessage());
  }

  @Test
  void aWindowThatIsNotPartitionedRefusesThePartitioner() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    assertThrows(
        IllegalStateException.class,
        () -> WindowUtilities.registerAttributePartitioner(window, "symbol"));
  }
}
