package io.streamswindow.join;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.engine.Window;
import io.streamswindow.expression.SplExpression;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * One input port of SPL's {@link Join}: its window (none for SPL's {@code count(0)}: a port
 * declared without a window keeps nothing), its equality expressions, and, for an outer side, which
 * of its window's tuples have matched.
 *
 * <p>A tuple evicted without ever matching is submitted unmatched. SPL's Join submits the matches
 * of an arriving tuple before the evictions its arrival causes in its own window, where the engine
 * delivers those evictions first: so an eviction caused by an arrival ({@code count} and {@code
 * delta} windows) waits in {@link #pending} until the arrival's matches are out; a {@code time}
 * window's evictions, which the clock causes, go out at once (docs/semantics.md, "SPL Join").
 */
final class JoinSide implements StreamWindowListener<Tuple> {
  final int port;
  final Window<Tuple> window;
  private final SplExpression[] equality;
  final boolean keepsUnmatched;
  private final boolean arrivalDriven;
  private final Join.Unmatched unmatched;

  /** The tuples of {@link #window} that have matched (identity: a window holds each once). */
  final Set<Tuple> matched = Collections.newSetFromMap(new IdentityHashMap<>());

  private final List<Tuple> pending = new ArrayList<>();

  JoinSide(
      int port,
      Window<Tuple> window,
      SplExpression[] equality,
      boolean keepsUnmatched,
      Join.Unmatched unmatched) {
    this.port = port;
    this.window = window;
    this.equality = equality;
    this.keepsUnmatched = keepsUnmatched;
    this.unmatched = unmatched;
    this.arrivalDriven = window != null && window.getEvictionPolicy() != StreamWindow.Policy.TIME;
    if (window != null) {
      window.registerListener(this, false);
    }
  }

  /** The values of the equality expressions for {@code tuple} of this port; null without any. */
  Object[] keyOf(Tuple tuple) {
    if (equality.length == 0) {
      return null;
    }
    Object[] key = new Object[equality.length];
    for (int i = 0; i < key.length; i++) {
      key[i] = equality[i].evaluate(tuple);
    }
    return key;
  }

  /** Whether {@code tuple} of this port has the equality key {@code key} (always, without one). */
  boolean hasKey(Tuple tuple, Object[] key) {
    return key == null || Arrays.equals(key, keyOf(tuple));
  }

  /** Every tuple the window holds, partition by partition, oldest first within each. */
  List<Tuple> tuples() {
    List<Tuple> tuples = new ArrayList<>();
    if (window != null) {
      for (Object partition : window.getPartitions()) {
        tuples.addAll(window.partitionTuples(partition));
      }
    }
    return tuples;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    switch (event.getType()) {
      case EVICTION:
        for (Tuple tuple : event.getTuples()) {
          if (matched.remove(tuple) || !keepsUnmatched) {
            continue;
          }
          if (arrivalDriven) {
            pending.add(tuple);
          } else {
            unmatched.submit(port, tuple);
          }
        }
        break;
      case PARTITION_EVICTION:
        // SPL's Join discards an evicted partition's tuples, matched or not.
        for (Tuple tuple : event.getTuples()) {
          matched.remove(tuple);
        }
        break;
      default:
        break; // INSERTION, TRIGGER, INITIAL_FULL, FINAL: the operator's process() matches
    }
  }

  /** Submits the evictions an arrival caused, after its matches; whether any went to port 0. */
  boolean flushPending() throws Exception {
    boolean onPortZero = false;
    for (Tuple tuple : pending) {
      onPortZero |= unmatched.submit(port, tuple);
    }
    pending.clear();
    return onPortZero;
  }
}
