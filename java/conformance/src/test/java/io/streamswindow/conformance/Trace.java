package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindowEvent;
import io.streamswindow.api.window.PaneTiming;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import io.streamswindow.api.window.WindowPane;
import java.math.BigDecimal;
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

  /**
   * Records a line seen outside the operator (a mark its output port sent) without echoing it: an
   * echo would be the operator's own output.
   */
  synchronized void addObserved(String line) {
    lines.add(line);
  }

  /**
   * The start of every event and operator-call line of an operator with several input ports: {@code
   * port 1: } (docs/scenario-format.md, "Several input ports").
   */
  static String portPrefix(int port) {
    return "port " + port + ": ";
  }

  /** The line of a mark the operator's output port 0 sent: {@code output: punct FINAL_MARKER}. */
  static String outputMark(Object mark) {
    return "output: punct " + mark;
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
   * Formats an event: {@code EVICTION 0 [A, B]}. INITIAL_FULL prints no tuples ({@code INITIAL_FULL
   * 0}): the rules do not say which tuples it carries, and a scenario asserts only what the rules
   * say. An event of a timeInterval window also names its pane, and a trigger its index and timing:
   * {@code INSERTION 0 [A] pane [5, 15)}, {@code INITIAL_FULL 0 pane [0, 10)}, {@code TRIGGER 0 [A,
   * B] pane [0, 10) index 0 onComplete}.
   */
  static String event(StreamWindowEvent<Tuple> event) {
    String head = event.getType() + " " + event.getPartition();
    if (event.getType() != StreamWindowEvent.Type.INITIAL_FULL) {
      head += " " + ids(event.getTuples());
    }
    if (event instanceof TimeIntervalWindowEvent<Tuple> paneEvent) {
      head += " pane " + interval(paneEvent.getPane());
      if (event.getType() == StreamWindowEvent.Type.TRIGGER) {
        head += " index " + paneEvent.getPaneIndex() + " " + timing(paneEvent.getPaneTiming());
      }
    }
    return head;
  }

  /**
   * A pane as {@code [0, 10)}: start and end in seconds since the epoch, as short as exact ({@code
   * 2.5}, {@code 10.000000001}).
   */
  static String interval(WindowPane pane) {
    return "[" + seconds(pane.getStartNanos()) + ", " + seconds(pane.getEndNanos()) + ")";
  }

  private static String seconds(long nanos) {
    BigDecimal value = BigDecimal.valueOf(nanos, 9).stripTrailingZeros();
    return value.scale() < 0 ? value.setScale(0).toPlainString() : value.toPlainString();
  }

  /** A trigger's timing: {@code onComplete}, {@code late} (or {@code early}). */
  static String timing(PaneTiming timing) {
    return switch (timing) {
      case PANE_EARLY -> "early";
      case PANE_ON_COMPLETE -> "onComplete";
      case PANE_LATE -> "late";
    };
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
