package com.ibm.streams.operator.metrics;

import com.ibm.streams.operator.OperatorContext;
import java.util.Map;

/**
 * The metrics of an operator: the custom metrics it creates, and the system metrics the runtime
 * keeps for each of its ports and for the operator itself. Obtained through {@link
 * OperatorContext#getMetrics()}.
 */
public interface OperatorMetrics {

  /**
   * Creates a custom metric of the operator, with the value 0. Name and description are trimmed.
   * When the operator already has a custom metric of that name, that metric is returned as it is.
   *
   * @param name the metric's name
   * @param description its description
   * @param kind its kind
   * @return the metric
   * @throws IllegalArgumentException when the name is empty
   * @throws NullPointerException when an argument is null
   */
  Metric createCustomMetric(String name, String description, Metric.Kind kind);

  /**
   * Returns a custom metric of the operator.
   *
   * @param name the metric's name
   * @return the metric
   * @throws IllegalArgumentException when the operator has no custom metric of that name
   */
  Metric getCustomMetric(String name);

  /**
   * Returns the operator's custom metrics by name.
   *
   * @return an unmodifiable map from name to metric
   */
  Map<String, Metric> getCustomMetrics();

  /**
   * Returns a system metric of one of the operator's input ports.
   *
   * @param port the input port number
   * @param name which metric
   * @return the metric
   * @throws IndexOutOfBoundsException when the operator has no such input port
   */
  Metric getInputPortMetric(int port, InputPortMetric name);

  /**
   * Returns a system metric of one of the operator's output ports.
   *
   * @param port the output port number
   * @param name which metric
   * @return the metric
   * @throws IndexOutOfBoundsException when the operator has no such output port
   */
  Metric getOutputPortMetric(int port, OutputPortMetric name);

  /**
   * Returns a system metric of the operator itself.
   *
   * @param name which metric
   * @return the metric, or null when the runtime does not keep it
   */
  Metric getOperatorMetric(SystemMetric name);

  /** The system metrics of an operator's input port. The constants are in IBM's order. */
  enum InputPortMetric {
    /** Tuples the operator processed on the port. */
    nTuplesProcessed,
    /** Tuples the port dropped. */
    nTuplesDropped,
    /** Tuples waiting in the port's queue. */
    nTuplesQueued,
    /** Window punctuation marks the operator processed on the port. */
    nWindowPunctsProcessed,
    /** Final punctuation marks the operator processed on the port. */
    nFinalPunctsProcessed,
    /** Window punctuation marks waiting in the port's queue. */
    nWindowPunctsQueued,
    /** Final punctuation marks waiting in the port's queue. */
    nFinalPunctsQueued,
    /** The capacity of the port's queue. */
    queueSize,
    /** The most items the port's queue held. */
    maxItemsQueued,
    /** The most items the port's queue held recently. */
    recentMaxItemsQueued,
    /** The interval {@link #recentMaxItemsQueued} covers, in milliseconds. */
    recentMaxItemsQueuedInterval,
    /** Times a tuple waited for room in the port's queue. */
    nEnqueueWaits;

    /**
     * Returns this metric of an input port of the operator.
     *
     * @param context the operator's context
     * @param port the input port number
     * @return the metric
     */
    public Metric getMetric(OperatorContext context, int port) {
      return context.getMetrics().getInputPortMetric(port, this);
    }
  }

  /** The system metrics of an operator's output port. The constants are in IBM's order. */
  enum OutputPortMetric {
    /** Tuples the operator submitted on the port. */
    nTuplesSubmitted,
    /** Window punctuation marks submitted on the port. */
    nWindowPunctsSubmitted,
    /** Final punctuation marks submitted on the port. */
    nFinalPunctsSubmitted;

    /**
     * Returns this metric of an output port of the operator.
     *
     * @param context the operator's context
     * @param port the output port number
     * @return the metric
     */
    public Metric getMetric(OperatorContext context, int port) {
      return context.getMetrics().getOutputPortMetric(port, this);
    }
  }

  /** The system metrics of the operator itself. */
  enum SystemMetric {
    /** The operator's share of its processing element's processing cost. */
    relativeOperatorCost;

    /**
     * Returns this metric of the operator.
     *
     * @param context the operator's context
     * @return the metric
     */
    public Metric getMetric(OperatorContext context) {
      return context.getMetrics().getOperatorMetric(this);
    }
  }
}
