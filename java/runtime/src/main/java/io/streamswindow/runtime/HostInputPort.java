package io.streamswindow.runtime;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics.InputPortMetric;
import com.ibm.streams.operator.window.StreamWindow;

/**
 * An input port of a hosted operator as the operator sees it. The host delivers tuples to the
 * operator; this object only describes the port and leads to its window.
 */
final class HostInputPort extends HostPort implements StreamingInput<Tuple> {
  // Set once, right after construction: the window needs this port, and this port its window.
  private StreamWindow<Tuple> window;

  // The ones the host counts, at hand for the per-tuple path.
  private final HostMetric tuplesProcessed;
  private final HostMetric windowPunctsProcessed;
  private final HostMetric finalPunctsProcessed;

  /**
   * All the port's system metrics, by {@link InputPortMetric} ordinal, made when one the host does
   * not count (the queue metrics, always 0) is first asked for: a host is built per key and call on
   * Spark (docs/performance.md, "Operator metrics, and what else a call costs now").
   */
  private HostMetric[] metrics;

  HostInputPort(int portNumber, String name, StreamSchema schema) {
    super(portNumber, name, schema);
    tuplesProcessed = newMetric(InputPortMetric.nTuplesProcessed);
    windowPunctsProcessed = newMetric(InputPortMetric.nWindowPunctsProcessed);
    finalPunctsProcessed = newMetric(InputPortMetric.nFinalPunctsProcessed);
  }

  private HostMetric newMetric(InputPortMetric metric) {
    return HostMetric.system(PortMetricNames.OPERATOR_INPUT, portNumber, metric, kindOf(metric));
  }

  /** IBM's kind of each input port metric: queue sizes are gauges, the interval a time. */
  private static Metric.Kind kindOf(InputPortMetric metric) {
    switch (metric) {
      case nTuplesProcessed:
      case nTuplesDropped:
      case nWindowPunctsProcessed:
      case nFinalPunctsProcessed:
      case nEnqueueWaits:
        return Metric.Kind.COUNTER;
      case recentMaxItemsQueuedInterval:
        return Metric.Kind.TIME;
      default:
        return Metric.Kind.GAUGE;
    }
  }

  /** One of the port's system metrics. Ports here have no queue: those metrics stay 0. */
  Metric metric(InputPortMetric metric) {
    switch (metric) {
      case nTuplesProcessed:
        return tuplesProcessed;
      case nWindowPunctsProcessed:
        return windowPunctsProcessed;
      case nFinalPunctsProcessed:
        return finalPunctsProcessed;
      default:
        return allMetrics()[metric.ordinal()];
    }
  }

  private synchronized HostMetric[] allMetrics() {
    if (metrics == null) {
      HostMetric[] all = new HostMetric[InputPortMetric.values().length];
      for (InputPortMetric metric : InputPortMetric.values()) {
        all[metric.ordinal()] = newMetric(metric);
      }
      all[InputPortMetric.nTuplesProcessed.ordinal()] = tuplesProcessed;
      all[InputPortMetric.nWindowPunctsProcessed.ordinal()] = windowPunctsProcessed;
      all[InputPortMetric.nFinalPunctsProcessed.ordinal()] = finalPunctsProcessed;
      metrics = all;
    }
    return metrics;
  }

  /** Counts a tuple the operator is given. Called under the host's lock. */
  void countTuple() {
    tuplesProcessed.value++;
  }

  /** Counts a punctuation mark the operator is given. Called under the host's lock. */
  void countMark(Punctuation mark) {
    if (mark == Punctuation.WINDOW_MARKER) {
      windowPunctsProcessed.value++;
    } else if (mark == Punctuation.FINAL_MARKER) {
      finalPunctsProcessed.value++;
    }
  }

  void attachWindow(StreamWindow<Tuple> window) {
    this.window = window;
  }

  @Override
  public ImportType getImportType() {
    return ImportType.NOT_IMPORTED;
  }

  @Override
  public boolean isImported() {
    return false;
  }

  @Override
  public StreamWindow<Tuple> getStreamWindow() {
    return window;
  }

  @Override
  public boolean isControl() {
    return false;
  }

  @Override
  public String toString() {
    return "input port " + portNumber + " '" + name + "'";
  }
}
