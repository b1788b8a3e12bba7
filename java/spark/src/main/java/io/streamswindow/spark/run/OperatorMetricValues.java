package io.streamswindow.spark.run;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.metrics.OperatorMetrics.InputPortMetric;
import com.ibm.streams.operator.metrics.OperatorMetrics.OutputPortMetric;
import io.streamswindow.runtime.OperatorHost;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

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

  /** How many custom metrics the operator had then: they are only ever added. */
  private final int customCount;

  private OperatorMetricValues(List<Metric> metrics, int customCount) {
    this.metrics = metrics;
    this.customCount = customCount;
    this.values = new long[metrics.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = metrics.get(i).getValue();
    }
  }

  /** The current values of {@code host}'s operator's metrics. */
  static OperatorMetricValues of(OperatorHost host) {
    OperatorContext context = host.context();
    int customCount = context.getMetrics().getCustomMetrics().size();
    return new OperatorMetricValues(metricsOf(context), customCount);
  }

  /**
   * The metrics a host reports, in order: for each input port, then each output port, the system
   * metrics the host counts; then the custom metrics in creation order. A custom metric named as a
   * system one is left out (the system one is the runtime's).
   */
  static List<Metric> metricsOf(OperatorContext context) {
    OperatorMetrics all = context.getMetrics();
    int inputs = context.getNumberOfStreamingInputs();
    int outputs = context.getNumberOfStreamingOutputs();
    List<Metric> metrics =
        new ArrayList<>((inputs * COUNTED_INPUT.size() + outputs * COUNTED_OUTPUT.size()) + 4);
    for (int port = 0; port < inputs; port++) {
      for (InputPortMetric name : COUNTED_INPUT) {
        metrics.add(all.getInputPortMetric(port, name));
      }
    }
    for (int port = 0; port < outputs; port++) {
      for (OutputPortMetric name : COUNTED_OUTPUT) {
        metrics.add(all.getOutputPortMetric(port, name));
      }
    }
    Map<String, Metric> custom = all.getCustomMetrics();
    if (custom.isEmpty()) {
      // No name to compare: this runs twice per key and call (docs/performance.md, "Operator
      // metrics, and what else a call costs now").
      return metrics;
    }
    Set<String> systemNames = new HashSet<>();
    for (Metric metric : metrics) {
      systemNames.add(metric.getName());
    }
    for (Metric metric : new ArrayList<>(custom.values())) {
      if (systemNames.add(metric.getName())) {
        metrics.add(metric);
      }
    }
    return metrics;
  }

  /**
   * What changed in {@code host}'s metrics since these values were taken, by metric name: a
   * counter's increase, a gauge's or a time's value when it differs from before; a custom metric
   * created since counts from 0. Empty when nothing changed.
   */
  Map<String, Long> changesIn(OperatorHost host) {
    OperatorContext context = host.context();
    // The same metric objects as before unless the operator created custom metrics since: the
    // host's port metrics are fixed when it is built.
    boolean same = context.getMetrics().getCustomMetrics().size() == customCount;
    List<Metric> now = same ? metrics : metricsOf(context);
    Map<String, Long> changed = null;
    for (int i = 0; i < now.size(); i++) {
      Metric metric = now.get(i);
      int at = same ? i : metrics.indexOf(metric);
      long before = at >= 0 ? values[at] : 0L;
      long value = metric.getValue();
      if (value == before) {
        continue;
      }
      if (changed == null) {
        changed = new LinkedHashMap<>();
      }
      changed.put(
          metric.getName(), metric.getKind() == Metric.Kind.COUNTER ? value - before : value);
    }
    return changed == null ? Map.of() : changed;
  }
}
