package com.ibm.streams.operator.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.fakes.FakeSchema;
import com.ibm.streams.operator.fakes.FakeWindow;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamWindowEventTest {

  @Test
  void carriesItsTypeWindowPartitionAndTuples() {
    FakeSchema schema = FakeSchema.of("int32 n");
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    List<Tuple> tuples = List.of(schema.tuple(1), schema.tuple(2));
    StreamWindowEvent<Tuple> event =
        new StreamWindowEvent<>(StreamWindowEvent.Type.TRIGGER, window, "p", tuples);
    assertEquals(StreamWindowEvent.Type.TRIGGER, event.getType());
    assertSame(window, event.getSource());
    assertEquals("p", event.getPartition());
    assertSame(tuples, event.getTuples());
    assertTrue(event.toString().contains("TRIGGER"));
  }

  @Test
  void gettersAreFinal() throws Exception {
    for (String name : List.of("getPartition", "getType", "getTuples")) {
      assertTrue(Modifier.isFinal(StreamWindowEvent.class.getMethod(name).getModifiers()), name);
    }
  }

  @Test
  void enumConstantsKeepIbmOrder() {
    assertEquals(
        List.of("INSERTION", "EVICTION", "TRIGGER", "INITIAL_FULL", "FINAL", "PARTITION_EVICTION"),
        names(StreamWindowEvent.Type.values()));
    assertEquals(List.of("NOT_WINDOWED", "TUMBLING", "SLIDING"), names(StreamWindow.Type.values()));
    assertEquals(
        List.of("NONE", "TIME", "COUNT", "PUNCTUATION", "DELTA"),
        names(StreamWindow.Policy.values()));
  }

  private static List<String> names(Enum<?>[] constants) {
    return java.util.Arrays.stream(constants).map(Enum::name).toList();
  }
}
