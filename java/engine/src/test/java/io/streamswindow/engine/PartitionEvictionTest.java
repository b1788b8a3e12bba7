package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PartitionEvictionTest extends WindowTestBase {

  @Test
  void partitionCountEvictsEveryEmptyPartitionNotOnlyEnough() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(2))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.partitionCount(2)));
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("b1", "b", 0));
    w.insert(Reading.of("b2", "b", 0)); // b tumbles, is now empty
    w.insert(Reading.of("a2", "a", 0)); // a tumbles, empty; a is now the most recent
    trace.take();
    w.insert(Reading.of("c1", "c", 0));
    assertEquals(
        List.of("INSERTION c [c1]", "PARTITION_EVICTION b []", "PARTITION_EVICTION a []"),
        trace.take());
    assertEquals(List.of("c"), List.copyOf(w.getPartitions()));
  }

  @Test
  void anEmptyPartitionBehindANonEmptyOneStays() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(2))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.partitionCount(2)));
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("b1", "b", 0));
    w.insert(Reading.of("b2", "b", 0)); // b tumbles, empty, more recently inserted than a
    trace.take();
    w.insert(Reading.of("c1", "c", 0));
    // The empty partitions leave only from the least recently inserted end, and a holds a tuple:
    // a goes for the limit, and b, now at that end, stays as the window is within its limit.
    assertEquals(List.of("INSERTION c [c1]", "PARTITION_EVICTION a [a1]"), trace.take());
    assertEquals(List.of("b", "c"), List.copyOf(w.getPartitions()));
  }

  @Test
  void partitionCountEvictsTheArrivingPartitionItsTumbleEmptied() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(1))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.partitionCount(1)));
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("b1", "b", 0));
    assertEquals(
        List.of(
            "INSERTION a [a1]",
            "EVICTION a [a1]",
            "INSERTION b [b1]",
            "EVICTION b [b1]",
            "PARTITION_EVICTION a []",
            "PARTITION_EVICTION b []"),
        trace.take());
    assertEquals(List.of(), List.copyOf(w.getPartitions()));
  }

  @Test
  void tupleCountIsJudgedBeforeTheTumbleTheTupleCauses() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(4))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.tupleCount(3)));
    for (String id : List.of("a1", "a2", "a3")) {
      w.insert(Reading.of(id, "a", 0));
    }
    trace.take();
    w.insert(Reading.of("a4", "a", 0));
    assertEquals(
        List.of("INSERTION a [a4]", "EVICTION a [a1,a2,a3,a4]", "PARTITION_EVICTION a []"),
        trace.take());
    assertEquals(List.of(), List.copyOf(w.getPartitions()));
    w.punctuate(com.ibm.streams.operator.StreamingData.Punctuation.FINAL_MARKER);
    assertEquals(List.of(), trace.take(), "an evicted partition gets no FINAL");
  }

  @Test
  void tupleCountEvictsEmptyPartitionsThenLeastRecentlyInsertedOnes() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(2))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.tupleCount(2)));
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("a2", "a", 0)); // a tumbles, empty
    w.insert(Reading.of("b1", "b", 0));
    w.insert(Reading.of("c1", "c", 0));
    trace.take();
    w.insert(Reading.of("d1", "d", 0));
    assertEquals(
        List.of("INSERTION d [d1]", "PARTITION_EVICTION a []", "PARTITION_EVICTION b [b1]"),
        trace.take());
    assertEquals(List.of("c", "d"), List.copyOf(w.getPartitions()));
  }

  @Test
  void tupleCountEvictsLeastRecentlyInsertedPartitions() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(10))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.tupleCount(3)));
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("b1", "b", 0));
    w.insert(Reading.of("a2", "a", 0));
    trace.take();
    w.insert(Reading.of("c1", "c", 0));
    assertEquals(List.of("INSERTION c [c1]", "PARTITION_EVICTION b [b1]"), trace.take());
  }

  @Test
  void partitionAgeEvictsIdlePartitions() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(10))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.age(5.0)));
    w.insert(Reading.of("a1", "a", 0));
    clock.advance(3);
    w.insert(Reading.of("b1", "b", 0));
    clock.advance(2);
    assertEquals(
        List.of("INSERTION a [a1]", "INSERTION b [b1]", "PARTITION_EVICTION a [a1]"), trace.take());
    clock.advance(3);
    assertEquals(List.of("PARTITION_EVICTION b [b1]"), trace.take());
    w.insert(Reading.of("a2", "a", 0));
    assertEquals(List.of("INSERTION a [a2]"), trace.take());
  }

  @Test
  void listenerEvictingDuringInsertionPreventsAutomaticEviction() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(10))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.partitionCount(1)));
    w.registerListener(
        e -> {
          trace.handleEvent(e);
          if (e.getType() == com.ibm.streams.operator.window.StreamWindowEvent.Type.INSERTION
              && e.getSource() instanceof Window<?> win) {
            while (win.needsPartitionEviction()) {
              assertTrue(win.needsPartitionEviction());
              win.evictPartition(win.getPartitions().iterator().next());
            }
          }
        },
        false);
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("b1", "b", 0));
    assertEquals(
        List.of("INSERTION a [a1]", "INSERTION b [b1]", "PARTITION_EVICTION a [a1]"), trace.take());
    assertFalse(w.needsPartitionEviction());
  }

  @Test
  void listenerEvictingDuringInsertionAlsoSparesEmptyPartitions() throws Exception {
    Window<Reading> w =
        window(
            WindowSpec.tumbling(PolicySpec.count(2))
                .partitioned()
                .withPartitionEviction(PartitionEvictionSpec.partitionCount(2)));
    w.registerListener(
        e -> {
          trace.handleEvent(e);
          if (e.getType() == com.ibm.streams.operator.window.StreamWindowEvent.Type.INSERTION
              && e.getSource() instanceof Window<?> win) {
            while (win.needsPartitionEviction()) {
              win.evictPartition("b");
            }
          }
        },
        false);
    w.insert(Reading.of("a1", "a", 0));
    w.insert(Reading.of("a2", "a", 0)); // a tumbles, empty
    w.insert(Reading.of("b1", "b", 0));
    trace.take();
    w.insert(Reading.of("c1", "c", 0));
    assertEquals(List.of("INSERTION c [c1]", "PARTITION_EVICTION b [b1]"), trace.take());
    assertEquals(
        List.of("a", "c"),
        List.copyOf(w.getPartitions()),
        "the empty partition stays: no automatic eviction followed");
  }

  @Test
  void evictPartitionOnUnpartitionedWindowIsRefused() throws Exception {
    Window<Reading> w = window(WindowSpec.tumbling(PolicySpec.count(10)));
    assertThrows(IllegalStateException.class, () -> w.evictPartition(0));
    assertThrows(IllegalStateException.class, () -> w.registerPartitioner(Reading::key));
  }

  @Test
  void evictedPartitionStartsFreshWithNewInitialFull() throws Exception {
    Window<Reading> w =
        window(WindowSpec.sliding(PolicySpec.count(1), PolicySpec.count(1)).partitioned());
    w.insert(Reading.of("a1", "a", 0));
    w.evictPartition("a");
    w.insert(Reading.of("a2", "a", 0));
    assertEquals(
        List.of(
            "INSERTION a [a1]",
            "INITIAL_FULL a [a1]",
            "TRIGGER a [a1]",
            "PARTITION_EVICTION a [a1]",
            "INSERTION a [a2]",
            "INITIAL_FULL a [a2]",
            "TRIGGER a [a2]"),
        trace.take());
  }
}
