package com.ibm.streams.flow.handlers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamingData.Punctuation;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The small stream handlers of IBM's harness. */
class HandlersTest {
  @Test
  void aCounterCountsAndWaits() throws Exception {
    StreamCounter<String> counter = new StreamCounter<>();
    counter.tuple("a");
    counter.mark(Punctuation.WINDOW_MARKER);
    counter.mark(Punctuation.WINDOW_MARKER);
    assertEquals(1, counter.getTupleCount());
    assertEquals(2, counter.getMarkCount(Punctuation.WINDOW_MARKER));
    assertEquals(0, counter.getMarkCount(Punctuation.FINAL_MARKER));
    assertTrue(counter.waitForTuples(1, 0, TimeUnit.SECONDS));
    assertFalse(counter.waitForTuples(2, 10, TimeUnit.MILLISECONDS));
    Thread later =
        new Thread(
            () -> {
              try {
                counter.tuple("b");
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    later.start();
    assertTrue(counter.waitForTuples(2, 10, TimeUnit.SECONDS));
    counter.reset();
    assertEquals(0, counter.getTupleCount());
  }

  @Test
  void aCollectorKeepsTuplesInOrder() throws Exception {
    StreamCollector<List<String>, String> collector = new StreamCollector<>(new ArrayList<>());
    collector.tuple("a");
    collector.mark(Punctuation.FINAL_MARKER);
    collector.tuple("b");
    assertEquals(List.of("a", "b"), collector.getTuples());
    assertEquals(2, collector.getTupleCount());
    assertEquals(0, StreamCollector.newLinkedListCollector().getTupleCount());
  }

  @Test
  void mostRecentRemembersTheLatest() throws Exception {
    MostRecent<String> recent = new MostRecent<>();
    recent.tuple("a");
    recent.tuple("b");
    recent.mark(Punctuation.WINDOW_MARKER);
    assertEquals("b", recent.getMostRecentTuple());
    assertEquals(Punctuation.WINDOW_MARKER, recent.getMostRecentMark());
    recent.clearMostRecentTuple();
    assertNull(recent.getMostRecentTuple());
    recent.clear();
    assertNull(recent.getMostRecentMark());
  }

  @Test
  void forwardersPassEverythingOn() throws Exception {
    StreamCounter<String> first = new StreamCounter<>();
    StreamCounter<String> second = new StreamCounter<>();
    new StreamForwarder<>(first).tuple("a");
    DynamicForwarder<String> dynamic = new DynamicForwarder<>();
    dynamic.tuple("dropped: no destination");
    dynamic.setDestination(second);
    assertSame(second, dynamic.getDestination());
    dynamic.tuple("b");
    dynamic.mark(Punctuation.FINAL_MARKER);
    HandlerCollection<StreamCounter<String>, String> both =
        new HandlerCollection<>(List.of(first, second));
    both.tuple("c");
    new StreamDiscarder<String>().tuple("gone");
    assertEquals(2, first.getTupleCount());
    assertEquals(2, second.getTupleCount());
    assertEquals(1, second.getMarkCount(Punctuation.FINAL_MARKER));
  }
}
