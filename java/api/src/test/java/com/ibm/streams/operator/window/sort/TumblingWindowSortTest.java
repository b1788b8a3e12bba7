package com.ibm.streams.operator.window.sort;

import static com.ibm.streams.operator.StreamingData.Punctuation.WINDOW_MARKER;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.EVICTION;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.FINAL;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.INSERTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.fakes.FakeContext;
import com.ibm.streams.operator.fakes.FakeSchema;
import com.ibm.streams.operator.fakes.FakeWindow;
import com.ibm.streams.operator.fakes.RecordingOutput;
import com.ibm.streams.operator.window.StreamWindow;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.Test;

class TumblingWindowSortTest {

  private final FakeSchema schema = FakeSchema.of("rstring id", "int32 n");
  private final RecordingOutput output = new RecordingOutput();

  private TumblingWindowSort sorter(FakeWindow window, boolean flushOnFinal) {
    return new TumblingWindowSort(window, true, List.of("n"), output.port(), flushOnFinal);
  }

  @Test
  void isFinal() {
    assertTrue(Modifier.isFinal(TumblingWindowSort.class.getModifiers()));
  }

  @Test
  void refusesASlidingWindow() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    assertThrows(IllegalStateException.class, () -> sorter(window, false));
  }

  @Test
  void registersAsStateHandler() {
    FakeContext context = new FakeContext();
    FakeWindow window =
        new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema(), context.context(), false);
    TumblingWindowSort sorter = sorter(window, false);
    assertEquals(List.of(sorter), context.stateHandlers);
  }

  @Test
  void submitsEachTumbleSortedThenAWindowMarker() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    sorter(window, false);
    Tuple c = schema.tuple("c", 3);
    Tuple a = schema.tuple("a", 1);
    Tuple b = schema.tuple("b", 2);
    window.fire(INSERTION, 0, c);
    window.fire(INSERTION, 0, a);
    window.fire(INSERTION, 0, b);
    window.fire(EVICTION, 0, c, a, b);
    assertEquals(List.of(a, b, c, WINDOW_MARKER), output.items);

    Tuple d = schema.tuple("d", 0);
    window.fire(INSERTION, 0, d);
    window.fire(EVICTION, 0, d);
    assertEquals(List.of(a, b, c, WINDOW_MARKER, d, WINDOW_MARKER), output.items);
  }

  @Test
  void anEmptyTumbleSubmitsNothing() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    sorter(window, true);
    window.fire(EVICTION, 0);
    window.fire(FINAL, 0);
    assertTrue(output.items.isEmpty());
  }

  @Test
  void finalFlushesOnlyWhenAskedTo() throws Exception {
    FakeWindow keep = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    sorter(keep, false);
    keep.fire(INSERTION, 0, schema.tuple("a", 1));
    keep.fire(FINAL, 0, schema.tuple("a", 1));
    assertTrue(output.items.isEmpty());

    FakeWindow flush = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    sorter(flush, true);
    Tuple b = schema.tuple("b", 2);
    Tuple a = schema.tuple("a", 1);
    flush.fire(INSERTION, "p", b);
    flush.fire(INSERTION, "p", a);
    flush.fire(FINAL, "p", b, a);
    assertEquals(List.of(a, b, WINDOW_MARKER), output.items);
    flush.fire(FINAL, "p", b, a);
    assertEquals(3, output.items.size(), "a second FINAL does not submit the tuples again");
  }

  @Test
  void partitionsTumbleSeparately() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    sorter(window, false);
    Tuple p2 = schema.tuple("x", 2);
    Tuple q1 = schema.tuple("y", 1);
    Tuple p1 = schema.tuple("z", 1);
    window.fire(INSERTION, "p", p2);
    window.fire(INSERTION, "q", q1);
    window.fire(INSERTION, "p", p1);
    window.fire(EVICTION, "p", p2, p1);
    assertEquals(List.of(p1, p2, WINDOW_MARKER), output.items);
  }
}
