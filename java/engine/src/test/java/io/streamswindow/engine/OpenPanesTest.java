package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.api.window.WindowPane;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenPanesTest {
  private static Pane<String> pane(long index) {
    return new Pane<>(index, new WindowPane(index, index + 1), PaneState.INCOMPLETE);
  }

  private static List<Long> indexes(List<Pane<String>> panes) {
    return panes.stream().map(p -> p.index).toList();
  }

  @Test
  void panesStayInIndexOrderWhateverOrderTheyComeIn() {
    OpenPanes<String> panes = new OpenPanes<>();
    for (long index : new long[] {5, 7, 6, -3, 40, 8, 0}) {
      panes.add(pane(index));
    }
    assertEquals(List.of(-3L, 0L, 5L, 6L, 7L, 8L, 40L), indexes(panes.all()));
    assertEquals(7, panes.size());
    assertEquals(6, panes.get(6).index);
    assertNull(panes.get(9));
  }

  @Test
  void rangesAndNeighboursAreFoundByIndex() {
    OpenPanes<String> panes = new OpenPanes<>();
    for (long index : new long[] {1, 2, 4, 8}) {
      panes.add(pane(index));
    }
    assertEquals(List.of(1L, 2L), indexes(panes.upTo(3)));
    assertEquals(List.of(1L, 2L, 4L), indexes(panes.upTo(4)));
    assertEquals(List.of(4L, 8L), indexes(panes.between(2, 8)));
    assertEquals(List.of(), indexes(panes.between(4, 7)));
    assertEquals(4, panes.firstAfter(2).index);
    assertEquals(4, panes.firstAfter(3).index);
    assertNull(panes.firstAfter(8));
    assertEquals(1, panes.first().index);
  }

  @Test
  void removalFromTheFrontOrTheMiddleKeepsTheRest() {
    OpenPanes<String> panes = new OpenPanes<>();
    for (long index = 0; index < 100; index++) {
      panes.add(pane(index)); // past the first capacity: compaction and growth
      if (index % 3 == 0) {
        panes.remove(panes.first());
      }
    }
    Pane<String> middle = panes.get(50);
    panes.remove(middle);
    assertNull(panes.get(50));
    assertEquals(100 - 34 - 1, panes.size());
    List<Long> left = indexes(panes.all());
    for (int i = 1; i < left.size(); i++) {
      assertTrue(left.get(i - 1) < left.get(i));
    }
    assertSame(panes.get(99), panes.all().get(left.size() - 1));
    panes.clear();
    assertTrue(panes.isEmpty());
    assertNull(panes.first());
  }
}
