package io.streamswindow.runtime;

import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.metrics.PEMetrics;

/**
 * The names and descriptions of one family of port system metrics ({@code nTuplesProcessed0},
 * "input port 0: nTuplesProcessed"), made once per JVM for the first ports rather than concatenated
 * for every metric of every host: a host is built per key and call on Spark, and a host with one
 * input and one output port has 29 such metrics (docs/performance.md, "Operator metrics, and what
 * else a call costs now").
 *
 * <pre>{@code
 * String name = PortMetricNames.OPERATOR_INPUT.name(0, InputPortMetric.nTuplesProcessed);
 * // "nTuplesProcessed0", the same String instance for every host
 * }</pre>
 */
final class PortMetricNames {
  /** Ports whose names are made in advance; a port beyond them gets its names made when asked. */
  static final int PREPARED_PORTS = 8;

  /** The operator's input port metrics. */
  static final PortMetricNames OPERATOR_INPUT =
      new PortMetricNames("input port ", OperatorMetrics.InputPortMetric.values());

  /** The operator's output port metrics. */
  static final PortMetricNames OPERATOR_OUTPUT =
      new PortMetricNames("output port ", OperatorMetrics.OutputPortMetric.values());

  /** The processing element's input port metrics. */
  static final PortMetricNames PE_INPUT =
      new PortMetricNames("PE input port ", PEMetrics.InputPortMetric.values());

  /** The processing element's output port metrics. */
  static final PortMetricNames PE_OUTPUT =
      new PortMetricNames("PE output port ", PEMetrics.OutputPortMetric.values());

  private final String scope;

  /** By port, then by the metric's ordinal. */
  private final String[][] names;

  private final String[][] descriptions;

  private PortMetricNames(String scope, Enum<?>[] metrics) {
    this.scope = scope;
    names = new String[PREPARED_PORTS][metrics.length];
    descriptions = new String[PREPARED_PORTS][metrics.length];
    for (int port = 0; port < PREPARED_PORTS; port++) {
      for (Enum<?> metric : metrics) {
        names[port][metric.ordinal()] = makeName(metric, port);
        descriptions[port][metric.ordinal()] = makeDescription(metric, port);
      }
    }
  }

  /** The metric's name on {@code port}: its enum name followed by the port number. */
  String name(int port, Enum<?> metric) {
    return port < PREPARED_PORTS ? names[port][metric.ordinal()] : makeName(metric, port);
  }

  /** The metric's description on {@code port}. */
  String description(int port, Enum<?> metric) {
    return port < PREPARED_PORTS
        ? descriptions[port][metric.ordinal()]
        : makeDescription(metric, port);
  }

  private static String makeName(Enum<?> metric, int port) {
    return metric.name() + port;
  }

  private String makeDescription(Enum<?> metric, int port) {
    return scope + port + ": " + metric.name();
  }
}
