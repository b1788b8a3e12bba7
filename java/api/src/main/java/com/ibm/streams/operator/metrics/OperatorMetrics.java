package com.ibm.streams.operator.metrics;

/**
 * The metrics of an operator. streams-window does not collect metrics; {@link
 * com.ibm.streams.operator.OperatorContext#getMetrics()} may throw {@link
 * UnsupportedOperationException}.
 */
public interface OperatorMetrics {

  /**
   * Returns a custom metric of the operator.
   *
   * @param name the metric's name
   * @return the metric
   */
  Metric getCustomMetric(String name);

  /**
   * Creates a custom metric of the operator.
   *
   * @param name the metric's name
   * @param description its description
   * @param kind its kind
   * @return the new metric
   */
  Metric createCustomMetric(String name, String description, Metric.Kind kind);
}
