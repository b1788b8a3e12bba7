package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.Consumer;

/**
 * The lines a traced operator records, in the order things happen: window events as {@code TYPE
 * partition [ids]}, operator calls as {@code process A} and {@code punct WINDOW_MARKER}, plus the
 * lines of listener behaviours and commands. A tuple is named by its {@code id} attribute.
 *
 * <p>Thread-safe: the harness may deliver on a thread of its own.
 */
final class Trace {
  private final List<String> lines = new ArrayList<>();
  private Consumer<String> echo;

  synchronized void add(String line) {
    lines.add(line);
    if (echo != null) {
      echo.accept(line);
    }
  }

  /** Also hands every line to {@code echo} as it is recorded (see {@link TracingOperator}). */
  synchronized void echoTo(Consumer<String> echo) {
    this.echo = echo;
  }

  /** Returns the lines recorded since the last call and forgets them. */
  synchronized List<String> take() {
    List<String> taken = List.copyOf(lines);
    lines.clear();
    return taken;
  }

  /**
   * Formats an event: {@code EVICTION 0 [A, B]}. INITIAL_FULL prints no tuples
   * ({@code INITIAL_FULL 0}): semantics.md does not say which tuples it carries, and a scenario
   * asserts only what the rules say.
   */
  static String event(StreamWindowEvent<Tuple> event) {
    String head = event.getType() + " " + event.getPartition();
    if (event.getType() == StreamWindowEvent.Type.INITIAL_FULL) {
      return head;
    }
    return head + " " + ids(event.getTuples());
  }

  /** The ids of tuples as {@code [A, B]}. */
  static String ids(Iterable<Tuple> tuples) {
    StringJoiner joined = new StringJoiner(", ", "[", "]");
    for (Tuple tuple : tuples) {
      joined.add(id(tuple));
    }
    return joined.toString();
  }

  /** A tuple's name in traces: its {@code id} attribute, or the whole tuple without one. */
  static String id(Tuple tuple) {
    if (tuple.getStreamSchema().getAttribute("id") != null) {
      return String.valueOf(tuple.getObject("id"));
    }
    return String.valueOf(tuple);
  }
}
