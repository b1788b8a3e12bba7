package io.streamswindow.runtime;

import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@link OperatorMetrics} of a hosted operator: its custom metrics, and the system metrics its
 * ports count (docs/porting.md, "Metrics"). Custom metrics follow IBM's runtime: names and
 * descriptions are trimmed, creating a name again returns the existing metric, and asking for an
 * unknown one is an {@link IllegalArgumentException}.
 */
final class HostOperatorMetrics implements OperatorMetrics {
  private final String operatorName;
  private final Map<String, Metric> custom = Collections.synchronizedMap(new LinkedHashMap<>());
  private final Map<String, Metric> customView = Collections.unmodifiableMap(custom);
  private final List<HostInputPort> inputs;
  private final List<HostOutputPort> outputs;

  HostOperatorMetrics(
      String operatorName, List<HostInputPort> inputs, List<HostOutputPort> outputs) {
    this.operatorName = operatorName;
    this.inputs = List.copyOf(inputs);
    this.outputs = List.copyOf(outputs);
  }

  @Override
  public Metric createCustomMetric(String name, String description, Metric.Kind kind) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(kind, "kind");
    String trimmed = name.trim();
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException(
          "createCustomMetric: operator '" + operatorName + "': a custom metric needs a name");
    }
    return custom.computeIfAbsent(trimmed, key -> HostMetric.custom(key, description.trim(), kind));
  }

  @Override
  public Metric getCustomMetric(String name) {
    Objects.requireNonNull(name, "name");
    Metric metric = custom.get(name);
    if (metric == null) {
      throw new IllegalArgumentException(
          "Operator '"
              + operatorName
              + "' has no custom metric '"
              + name
              + "'; it has "
              + (custom.isEmpty() ? "none" : custom.keySet()));
    }
    return metric;
  }

  @Override
  public Map<String, Metric> getCustomMetrics() {
    return customView;
  }

  @Override
  public Metric getInputPortMetric(int port, InputPortMetric name) {
    Objects.requireNonNull(name, "name");
    return inputs.get(Objects.checkIndex(port, inputs.size())).metric(name);
  }

  @Override
  public Metric getOutputPortMetric(int port, OutputPortMetric name) {
    Objects.requireNonNull(name, "name");
    return outputs.get(Objects.checkIndex(port, outputs.size())).metric(name);
  }

  /** The host does not measure costs: null, as IBM's Java runtime answers. */
  @Override
  public Metric getOperatorMetric(SystemMetric name) {
    Objects.requireNonNull(name, "name");
    return null;
  }
}
