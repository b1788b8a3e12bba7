package com.ibm.streams.operator.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.streams.operator.fakes.MemoryCheckpoint;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class OrderedStateHandlersTest {

  private final List<String> log = new ArrayList<>();

  @Test
  void callsHandlersInTheOrderTheyWereAdded() throws Exception {
    RecordingHandler a = new RecordingHandler("a", log);
    RecordingHandler b = new RecordingHandler("b", log);
    RecordingHandler c = new RecordingHandler("c", log);
    OrderedStateHandlers handlers = new OrderedStateHandlers(a, b);
    handlers.addHandler(c);
    assertEquals(List.of(a, b, c), handlers.getHandlers());

    handlers.drain();
    handlers.checkpoint(new MemoryCheckpoint(1));
    handlers.reset(new MemoryCheckpoint(1));
    handlers.retireCheckpoint(1);
    handlers.resetToInitialState();
    handlers.prepareForNonBlockingCheckpoint(2);
    handlers.regionCheckpointed(2);
    handlers.close();
    List<String> expected = new ArrayList<>();
    for (String call :
        List.of(
            "drain",
            "checkpoint1",
            "reset1",
            "retire1",
            "resetToInitialState",
            "prepare2",
            "regionCheckpointed2",
            "close")) {
      for (String name : List.of("a", "b", "c")) {
        expected.add(name + "." + call);
      }
    }
    assertEquals(expected, log);
  }

  @Test
  void theHandlerListIsReadOnly() {
    OrderedStateHandlers handlers = new OrderedStateHandlers(new RecordingHandler("a", log));
    assertThrows(
        UnsupportedOperationException.class,
        () -> handlers.getHandlers().add(new RecordingHandler("b", log)));
  }

  @Test
  void aFailureStopsTheCall() {
    IllegalStateException failure = new IllegalStateException("boom");
    OrderedStateHandlers handlers =
        new OrderedStateHandlers(
            new RecordingHandler("a", log, failure), new RecordingHandler("b", log));
    assertSame(failure, assertThrows(IllegalStateException.class, handlers::drain));
    assertEquals(List.of("a.drain"), log);
  }

  @Test
  void closeClosesEveryHandlerThenThrowsTheFirstFailure() {
    IOException first = new IOException("first");
    IOException second = new IOException("second");
    OrderedStateHandlers handlers =
        new OrderedStateHandlers(
            new RecordingHandler("a", log, first),
            new RecordingHandler("b", log),
            new RecordingHandler("c", log, second));
    IOException thrown = assertThrows(IOException.class, handlers::close);
    assertSame(first, thrown);
    assertSame(second, thrown.getSuppressed()[0]);
    assertEquals(List.of("a.close", "b.close", "c.close"), log);
  }
}
