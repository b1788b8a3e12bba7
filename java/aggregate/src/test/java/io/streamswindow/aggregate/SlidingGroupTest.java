package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link SlidingGroup}'s Two-Stacks against a brute-force fold, with an accumulator that
 * concatenates (associative, not commutative, so any mix-up of order shows), and the amortised
 * cost: every tuple is lifted a bounded number of times, whatever the window's size.
 */
class SlidingGroupTest {
  private static final com.ibm.streams.operator.StreamSchema SCHEMA =
      Type.Factory.getStreamSchema("tuple<rstring s>");

  /** Concatenates the group's strings oldest first; counts the tuples it lifts. */
  static final class Concatenation extends TwoStacksAccumulator<String> {
    int lifted;

    @Override
    String lift(Tuple tuple) {
      lifted++;
      return tuple.getString(0);
    }

    @Override
    String combine(String older, String newer) {
      return older + newer;
    }

    @Override
    Object lower(String all, Group group) {
      return all;
    }
  }

  @Test
  void aSlidingConcatenationIsTheBruteForceOneAtEveryStep() {
    Random random = new Random(1);
    Concatenation concatenation = new Concatenation();
    SlidingGroup group = new SlidingGroup(new SlidingAccumulator[] {null, concatenation});
    Deque<Tuple> window = new ArrayDeque<>();
    int pushed = 0;
    for (int step = 0; step < 20_000; step++) {
      // Windows that grow to a few hundred tuples and shrink again.
      int target = (int) (200 + 180 * Math.sin(step / 700.0));
      if (window.size() < target || random.nextInt(3) == 0) {
        Tuple tuple = SCHEMA.getTuple(new Object[] {Integer.toString(step % 10)});
        group.push(tuple, step);
        window.addLast(tuple);
        pushed++;
      }
      while (window.size() > target) {
        assertTrue(group.popIfOldest(window.removeFirst()));
      }
      assertEquals(window.size(), group.size());
      if (!window.isEmpty()) {
        String expected = window.stream().map(t -> t.getString(0)).collect(Collectors.joining());
        assertEquals(expected, group.result(1));
        assertEquals(window.peekFirst(), group.group().first());
        assertEquals(window.peekLast(), group.group().last());
      }
    }
    // Each tuple is lifted when it arrives, when it is flipped, and at most once per doubling of
    // the ring (which rebuilds the front): far below the n per trigger of a recomputation.
    assertTrue(concatenation.lifted <= 4 * pushed, concatenation.lifted + " lifts for " + pushed);
  }

  @Test
  void aDepartureThatIsNotTheOldestChangesNothing() {
    Concatenation concatenation = new Concatenation();
    SlidingGroup group = new SlidingGroup(new SlidingAccumulator[] {concatenation});
    Tuple a = SCHEMA.getTuple(new Object[] {"a"});
    Tuple b = SCHEMA.getTuple(new Object[] {"b"});
    group.push(a, 0);
    group.push(b, 1);
    assertFalse(group.popIfOldest(b));
    assertFalse(group.popIfOldest(SCHEMA.getTuple(new Object[] {"a"})), "an equal tuple is not it");
    assertEquals("ab", group.result(0));
    assertTrue(group.popIfOldest(a));
    assertEquals("b", group.result(0));
    assertEquals(1, group.oldestArrival());
  }
}
