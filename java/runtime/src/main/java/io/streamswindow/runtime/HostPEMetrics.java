package io.streamswindow.runtime;

import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.metrics.PEMetrics;
import java.util.List;
import java.util.Objects;

/**
 * The {@link PEMetrics} of a host's processing element, which holds one operator: its ports are the
 * operator's ports. Tuple and punctuation counts are the operator ports' own metrics; what a
 * processing element measures on the wire (bytes, connections, transmissions) stays 0, since
 * nothing crosses one (docs/porting.md, "Metrics").
 */
final class HostPEMetrics implements PEMetrics {
  private final HostMetric[][] inputMetrics;
  private final HostMetric[][] outputMetrics;
  private final List<HostInputPort> inputs;
  private final List<HostOutputPort> outputs;

  HostPEMetrics(List<HostInputPort> inputs, List<HostOutputPort> outputs) {
    this.inputs = List.copyOf(inputs);
    this.outputs = List.copyOf(outputs);
    inputMetrics = new HostMetric[inputs.size()][InputPortMetric.values().length];
    outputMetrics = new HostMetric[outputs.size()][OutputPortMetric.values().length];
    for (int port = 0; port < inputs.size(); port++) {
      for (InputPortMetric metric : InputPortMetric.values()) {
        inputMetrics[port][metric.ordinal()] =
            HostMetric.system(PortMetricNames.PE_INPUT, port, metric, Metric.Kind.COUNTER);
      }
    }
    for (int port = 0; port < outputs.size(); port++) {
      for (OutputPortMetric metric : OutputPortMetric.values()) {
        Metric.Kind kind =
            metric == OutputPortMetric.nRequiredConnecting
                    || metric == OutputPortMetric.nOptionalConnecting
                    || metric == OutputPortMetric.nConnections
                ? Metric.Kind.GAUGE
                : Metric.Kind.COUNTER;
        outputMetrics[port][metric.ordinal()] =
            HostMetric.system(PortMetricNames.PE_OUTPUT, port, metric, kind);
      }
    }
  }

  @Override
  public Metric getInputPortMetric(int port, InputPortMetric name) {
    Objects.requireNonNull(name, "name");
    HostInputPort input = inputs.get(Objects.checkIndex(port, inputs.size()));
    switch (name) {
      case nTuplesProcessed:
        return input.metric(OperatorMetrics.InputPortMetric.nTuplesProcessed);
      case nWindowPunctsProcessed:
        return input.metric(OperatorMetrics.InputPortMetric.nWindowPunctsProcessed);
      case nFinalPunctsProcessed:
        return input.metric(OperatorMetrics.InputPortMetric.nFinalPunctsProcessed);
      default:
        return inputMetrics[port][name.ordinal()];
    }
  }

  @Override
  public Metric getOutputPortMetric(int port, OutputPortMetric name) {
    Objects.requireNonNull(name, "name");
    HostOutputPort output = outputs.get(Objects.checkIndex(port, outputs.size()));
    switch (name) {
      case nTuplesSubmitted:
        return output.metric(OperatorMetrics.OutputPortMetric.nTuplesSubmitted);
      case nWindowPunctsSubmitted:
        return output.metric(OperatorMetrics.OutputPortMetric.nWindowPunctsSubmitted);
      case nFinalPunctsSubmitted:
        return output.metric(OperatorMetrics.OutputPortMetric.nFinalPunctsSubmitted);
      default:
        return outputMetrics[port][name.ordinal()];
    }
  }
}
