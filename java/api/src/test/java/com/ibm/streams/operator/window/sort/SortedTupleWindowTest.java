package com.ibm.streams.operator.window.sort;

import static com.ibm.streams.operator.window.StreamWindowEvent.Type.EVICTION;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.INSERTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.fakes.FakeSchema;
import com.ibm.streams.operator.fakes.FakeWindow;
import com.ibm.streams.operator.window.StreamWindow;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class SortedTupleWindowTest {

  private final FakeSchema schema =
      FakeSchema.of("rstring id", "int32 n", "list<int32> l", "float64 v");

  /** Exposes the sorted lists. */
  static class Sorted extends SortedTupleWindow {
    Sorted(StreamWindow<Tuple> window, boolean ascending, String... attributes) {
      super(window, ascending, attributes);
    }

    Sorted(StreamWindow<Tuple> window, boolean ascending, List<String> attributes) {
      super(window, ascending, attributes);
    }

    Sorted(StreamWindow<Tuple> window, Comparator<Tuple> comparator) {
      super(window, comparator);
    }

    List<Tuple> sorted(Object partition) {
      return getPartitionState(partition);
    }
  }

  private Tuple t(String id, int n, double v) {
    return schema.tuple(id, n, List.of(), v);
  }

  @Test
  void keepsEachPartitionSortedOnInsertion() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Sorted sorted = new Sorted(window, true, "n");
    Tuple three = t("a", 3, 0);
    Tuple one = t("b", 1, 0);
    Tuple two = t("c", 2, 0);
    Tuple other = t("d", 0, 0);
    window.fire(INSERTION, "p", three);
    window.fire(INSERTION, "p", one);
    window.fire(INSERTION, "q", other);
    window.fire(INSERTION, "p", two);
    assertEquals(List.of(one, two, three), sorted.sorted("p"));
    assertEquals(List.of(other), sorted.sorted("q"));
  }

  @Test
  void descendingOrderAndEqualTuplesStayInArrivalOrder() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Sorted sorted = new Sorted(window, false, List.of("n"));
    Tuple firstTwo = t("a", 2, 0);
    Tuple five = t("b", 5, 0);
    Tuple secondTwo = t("c", 2, 0);
    Tuple thirdTwo = t("d", 2, 0);
    for (Tuple tuple : List.of(firstTwo, five, secondTwo, thirdTwo)) {
      window.fire(INSERTION, 0, tuple);
    }
    assertEquals(List.of(five, firstTwo, secondTwo, thirdTwo), sorted.sorted(0));
  }

  @Test
  void slidingEvictionRemovesExactlyTheEvictedTuples() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Sorted sorted = new Sorted(window, true, "n");
    Tuple a = t("a", 1, 0);
    Tuple b = t("b", 1, 0);
    Tuple c = t("c", 0, 0);
    Tuple d = t("d", 1, 0);
    for (Tuple tuple : List.of(a, b, c, d)) {
      window.fire(INSERTION, 0, tuple);
    }
    window.fire(EVICTION, 0, b);
    assertEquals(List.of(c, a, d), sorted.sorted(0));
    window.fire(EVICTION, 0, a, c);
    assertEquals(List.of(d), sorted.sorted(0));
  }

  @Test
  void tumblingEvictionEmptiesTheList() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    Sorted sorted = new Sorted(window, true, "n");
    Tuple a = t("a", 2, 0);
    Tuple b = t("b", 1, 0);
    window.fire(INSERTION, 0, a);
    window.fire(INSERTION, 0, b);
    List<Tuple> before = sorted.sorted(0);
    window.fire(EVICTION, 0, a, b);
    assertTrue(sorted.sorted(0).isEmpty());
    assertSame(before, sorted.sorted(0), "the list is reused, emptied");
  }

  @Test
  void noAttributesMeansEverySortableAttributeInIndexOrder() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    new Sorted(window, false);
    assertEquals(List.of("id", "n", "v"), schema.lastComparatorAttributes);
    assertEquals(false, schema.lastComparatorAscending);
  }

  @Test
  void namedAttributesArePassedInOrder() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    new Sorted(window, true, List.of("v", "id"));
    assertEquals(List.of("v", "id"), schema.lastComparatorAttributes);
    assertEquals(true, schema.lastComparatorAscending);
  }

  @Test
  void aSchemaWithNothingSortableIsRefused() {
    FakeSchema listsOnly = FakeSchema.of("list<int32> l");
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, listsOnly.schema());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new Sorted(window, true));
    assertTrue(e.getMessage().contains("No attribute to sort on"), e.getMessage());
  }

  @Test
  void sortsWithAGivenComparator() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Sorted sorted =
        new Sorted(window, Comparator.comparing((Tuple tuple) -> tuple.getString("id")).reversed());
    Tuple a = t("a", 0, 0);
    Tuple b = t("b", 0, 0);
    window.fire(INSERTION, 0, a);
    window.fire(INSERTION, 0, b);
    assertEquals(List.of(b, a), sorted.sorted(0));
  }

  @Test
  void initializedStateIsANewListThenTheSameListCleared() {
    Sorted sorted = new Sorted(new FakeWindow(StreamWindow.Type.SLIDING, schema.schema()), true);
    List<Tuple> fresh = sorted.getInitializedState("p", null);
    assertTrue(fresh.isEmpty());
    fresh.add(t("a", 0, 0));
    assertSame(fresh, sorted.getInitializedState("p", fresh));
    assertTrue(fresh.isEmpty());
  }
}
