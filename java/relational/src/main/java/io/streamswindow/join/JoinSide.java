package io.streamswindow.join;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.engine.Window;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.expression.TypedExpression;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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

  /** By equality expression: the attribute it reads as it is, or -1 for another expression. */
  private final int[] keyAttributes;

  /** Whether the window's partitions are the equality keys (partitioned by those attributes). */
  private final boolean partitionedByKey;

  final boolean keepsUnmatched;
  private final boolean arrivalDriven;
  private final Join.Unmatched unmatched;

  /** The tuples of {@link #window} that have matched (identity: a window holds each once). */
  final Set<Tuple> matched = Collections.newSetFromMap(new IdentityHashMap<>());

  private final List<Tuple> pending = new ArrayList<>();

  /**
   * A window that is not partitioned, with equality expressions: its tuples by equality key, oldest
   * first, kept by the window's INSERTION and EVICTION events, so that an arrival on the other port
   * looks up its key instead of going over the window (each candidate in the window's order, as the
   * scan gives them). Null elsewhere, and while stale: built from the window at the first lookup
   * after a restore, which puts tuples back without events.
   */
  private Map<List<Object>, ArrayDeque<Tuple>> byKey;

  private final boolean indexed;

  JoinSide(
      int port,
      Window<Tuple> window,
      SplExpression[] equality,
      List<String> partitionBy,
      boolean keepsUnmatched,
      Join.Unmatched unmatched) {
    this.port = port;
    this.window = window;
    this.equality = equality;
    // An equality that is an attribute is read as it is; its name, to compare with partitionBy.
    this.keyAttributes = new int[equality.length];
    List<String> names = new ArrayList<>();
    for (int i = 0; i < equality.length; i++) {
      TypedExpression tree = equality[i].tree();
      boolean attribute = tree.kind() == TypedExpression.Kind.ATTRIBUTE;
      keyAttributes[i] = attribute ? tree.attribute() : -1;
      names.add(
          attribute && window != null
              ? window.getInputPort().getStreamSchema().getAttribute(tree.attribute()).getName()
              : null);
    }
    this.partitionedByKey =
        window != null
            && window.isPartitioned()
            && !partitionBy.isEmpty()
            && names.equals(partitionBy);
    this.keepsUnmatched = keepsUnmatched;
    this.unmatched = unmatched;
    this.arrivalDriven = window != null && window.getEvictionPolicy() != StreamWindow.Policy.TIME;
    this.indexed = window != null && !window.isPartitioned() && equality.length > 0;
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
      key[i] = keyValue(tuple, i);
    }
    return key;
  }

  private Object keyValue(Tuple tuple, int i) {
    int attribute = keyAttributes[i];
    return attribute >= 0 ? tuple.getObject(attribute) : equality[i].evaluate(tuple);
  }

  /** Whether {@code tuple} of this port has the equality key {@code key} (always, without one). */
  boolean hasKey(Tuple tuple, Object[] key) {
    if (key == null) {
      return true;
    }
    for (int i = 0; i < key.length; i++) {
      if (!Objects.equals(key[i], keyValue(tuple, i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The tuples a tuple of the other port with equality key {@code key} may match: when this port's
   * window is partitioned by exactly its equality attributes, only the partition of that key; else
   * every tuple the window holds, partition by partition, oldest first within each.
   */
  List<Tuple> candidates(Object[] key) {
    if (window == null) {
      return List.of();
    }
    if (partitionedByKey && key != null) {
      // The key as the attribute partitioner makes it: strings as Java strings.
      Object[] partition = new Object[key.length];
      for (int i = 0; i < key.length; i++) {
        partition[i] = key[i] instanceof RString text ? text.getString() : key[i];
      }
      return window.partitionTuples(partition.length == 1 ? partition[0] : List.of(partition));
    }
    if (indexed && key != null) {
      ArrayDeque<Tuple> withKey = index().get(Arrays.asList(key));
      return withKey == null ? List.of() : List.copyOf(withKey);
    }
    List<Tuple> tuples = new ArrayList<>();
    for (Object partition : window.getPartitions()) {
      tuples.addAll(window.partitionTuples(partition));
    }
    return tuples;
  }

  /** The equality index, built from the window's tuples when stale. */
  private Map<List<Object>, ArrayDeque<Tuple>> index() {
    if (byKey == null) {
      byKey = new HashMap<>();
      for (Tuple tuple : candidates(null)) {
        indexed(tuple);
      }
    }
    return byKey;
  }

  private void indexed(Tuple tuple) {
    byKey.computeIfAbsent(Arrays.asList(keyOf(tuple)), k -> new ArrayDeque<>()).addLast(tuple);
  }

  /** Leaves the index to be built again from the window (its tuples were put back or dropped). */
  void forgetIndex() {
    byKey = null;
  }

  /** Every tuple the window holds, partition by partition, oldest first within each. */
  List<Tuple> tuples() {
    return candidates(null);
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    if (byKey != null) {
      followInIndex(event);
    }
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

  /** Keeps the equality index as the window changes: arrivals at the end, departures taken out. */
  private void followInIndex(StreamWindowEvent<Tuple> event) {
    switch (event.getType()) {
      case INSERTION:
        for (Tuple tuple : event.getTuples()) {
          indexed(tuple);
        }
        break;
      case EVICTION:
      case PARTITION_EVICTION:
        for (Tuple tuple : event.getTuples()) {
          List<Object> key = Arrays.asList(keyOf(tuple));
          ArrayDeque<Tuple> withKey = byKey.get(key);
          if (withKey == null || !removeSame(withKey, tuple)) {
            byKey = null; // not where it should be: build it again from the window
            return;
          }
          if (withKey.isEmpty()) {
            byKey.remove(key);
          }
        }
        break;
      default:
        break;
    }
  }

  /** Removes {@code tuple} itself (not an equal one: outer joins track tuples by identity). */
  private static boolean removeSame(ArrayDeque<Tuple> tuples, Tuple tuple) {
    if (tuples.peekFirst() == tuple) {
      tuples.pollFirst(); // a window leaves oldest first: the usual case
      return true;
    }
    for (Iterator<Tuple> it = tuples.iterator(); it.hasNext(); ) {
      if (it.next() == tuple) {
        it.remove();
        return true;
      }
    }
    return false;
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
