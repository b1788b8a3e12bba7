package com.ibm.streams.operator.window.sort;

import static com.ibm.streams.operator.window.StreamWindowEvent.Type.EVICTION;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.INSERTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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
  void anEqualTupleGoesInAtTheIndexTheBinarySearchFinds() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Sorted sorted = new Sorted(window, true, "n");
    Tuple w = t("w", 1, 0);
    Tuple x = t("x", 1, 0);
    Tuple y = t("y", 1, 0);
    Tuple z = t("z", 1, 0);
    for (Tuple tuple : List.of(w, x, y, z)) {
      window.fire(INSERTION, 0, tuple);
    }
    // [w]; x finds w at 0: [x, w]; y finds x at 0: [y, x, w]; z finds x at 1: [y, z, x, w].
    assertEquals(List.of(y, z, x, w), sorted.sorted(0));
  }

  @Test
  void tiesInTheIssuesExampleComeOutLaterTupleFirst() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    Sorted sorted = new Sorted(window, true, "n");
    Tuple t1 = t("t1", 3, 0);
    Tuple t2 = t("t2", 1, 0);
    Tuple t3 = t("t3", 3, 0);
    for (Tuple tuple : List.of(t1, t2, t3)) {
      window.fire(INSERTION, 0, tuple);
    }
    assertEquals(List.of(t2, t3, t1), sorted.sorted(0));
  }

  @Test
  void descendingOrderPlacesTiesByTheSameSearch() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Sorted sorted = new Sorted(window, false, List.of("n"));
    Tuple firstTwo = t("a", 2, 0);
    Tuple five = t("b", 5, 0);
    Tuple secondTwo = t("c", 2, 0);
    Tuple thirdTwo = t("d", 2, 0);
    for (Tuple tuple : List.of(firstTwo, five, secondTwo, thirdTwo)) {
      window.fire(INSERTION, 0, tuple);
    }
    assertEquals(List.of(five, thirdTwo, secondTwo, firstTwo), sorted.sorted(0));
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
    assertEquals(List.of(c, d, b, a), sorted.sorted(0));
    window.fire(EVICTION, 0, b);
    assertEquals(List.of(c, d, a), sorted.sorted(0));
    window.fire(EVICTION, 0, a, c);
    assertEquals(List.of(d), sorted.sorted(0));
  }

  @Test
  void slidingEvictionOfACopyRemovesTheEqualTuple() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Sorted sorted = new Sorted(window, true, "n");
    Tuple a = t("a", 1, 0);
    Tuple b = t("b", 1, 0);
    window.fire(INSERTION, 0, a);
    window.fire(INSERTION, 0, b);
    // After a restore the window and the listener hold different copies of the same tuple.
    window.fire(EVICTION, 0, t("a", 1, 0));
    assertEquals(List.of(b), sorted.sorted(0));
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
  void noAttributesLeavesTheChoiceToTheSchema() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    new Sorted(window, false);
    assertEquals(List.of(), schema.lastComparatorAttributes);
    assertEquals(false, schema.lastComparatorAscending);
    new Sorted(window, true, List.of());
    assertEquals(List.of(), schema.lastComparatorAttributes);
    assertEquals(true, schema.lastComparatorAscending);
  }

  @Test
  void namedAttributesArePassedInOrder() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    new Sorted(window, true, List.of("v", "id"));
    assertEquals(List.of("v", "id"), schema.lastComparatorAttributes);
    assertEquals(true, schema.lastComparatorAscending);
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
