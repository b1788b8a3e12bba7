package io.streamswindow.spark;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.metrics.OperatorMetrics.InputPortMetric;
import com.ibm.streams.operator.metrics.OperatorMetrics.OutputPortMetric;
import io.streamswindow.runtime.OperatorHost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of a hosted operator's metrics at one moment: the port metrics the host counts, named
 * as IBM names them ({@code nTuplesProcessed0}), then the operator's custom metrics. A call of the
 * runner takes one before the call's work and reports what changed after it ({@link #changesIn}),
 * so that the metrics of each key's own operator instance can be combined across keys and tasks
 * (docs/python.md, "Monitoring").
 *
 * <pre>{@code
 * OperatorMetricValues before = OperatorMetricValues.of(host);
 * ... // the call's tuples
 * Map<String, Long> changed = before.changesIn(host); // counters as deltas, others as values
 * }</pre>
 */
final class OperatorMetricValues {
  /** The input port metrics the host counts; the queue metrics stay 0 (docs/porting.md). */
  static final List<InputPortMetric> COUNTED_INPUT =
      List.of(
          InputPortMetric.nTuplesProcessed,
          InputPortMetric.nWindowPunctsProcessed,
          InputPortMetric.nFinalPunctsProcessed);

  /** The output port metrics the host counts. */
  static final List<OutputPortMetric> COUNTED_OUTPUT =
      List.of(
          OutputPortMetric.nTuplesSubmitted,
          OutputPortMetric.nWindowPunctsSubmitted,
          OutputPortMetric.nFinalPunctsSubmitted);

  private final List<Metric> metrics;
  private final long[] values;

  private OperatorMetricValues(List<Metric> metrics) {
    this.metrics = metrics;
    this.values = new long[metrics.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = metrics.get(i).getValue();
    }
  }

  /** The current values of {@code host}'s operator's metrics. */
  static OperatorMetricValues of(OperatorHost host) {
    return new OperatorMetricValues(metricsOf(host.context()));
  }

  /**
   * The metrics a host reports, in order: for each input port, then each output port, the system
   * metrics the host counts; then the custom metrics in creation order. A custom metric named as a
   * system one is left out (the system one is the runtime's).
   */
  static List<Metric> metricsOf(OperatorContext context) {
    OperatorMetrics all = context.getMetrics();
    Map<String, Metric> byName = new LinkedHashMap<>();
    for (int port = 0; port < context.getNumberOfStreamingInputs(); port++) {
      for (InputPortMetric name : COUNTED_INPUT) {
        Metric metric = all.getInputPortMetric(port, name);
        byName.put(metric.getName(), metric);
      }
    }
    for (int port = 0; port < context.getNumberOfStreamingOutputs(); port++) {
      for (OutputPortMetric name : COUNTED_OUTPUT) {
        Metric metric = all.getOutputPortMetric(port, name);
        byName.put(metric.getName(), metric);
      }
    }
    for (Metric custom : new ArrayList<>(all.getCustomMetrics().values())) {
      byName.putIfAbsent(custom.getName(), custom);
    }
    return new ArrayList<>(byName.values());
  }

  /**
   * What changed in {@code host}'s metrics since these values were taken, by metric name: a
   * counter's increase, a gauge's or a time's value when it differs from before; a custom metric
   * created since counts from 0. Empty when nothing changed.
   */
  Map<String, Long> changesIn(OperatorHost host) {
    Map<String, Long> changed = new LinkedHashMap<>();
    List<Metric> now = metricsOf(host.context());
    for (Metric metric : now) {
      int at = metrics.indexOf(metric);
      long before = at >= 0 ? values[at] : 0L;
      long value = metric.getValue();
      if (value == before) {
        continue;
      }
      changed.put(
          metric.getName(), metric.getKind() == Metric.Kind.COUNTER ? value - before : value);
    }
    return changed;
  }
}
