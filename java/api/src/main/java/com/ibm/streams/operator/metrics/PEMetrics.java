package com.ibm.streams.operator.metrics;

import com.ibm.streams.operator.OperatorContext;

/**
 * The system metrics of a processing element's ports, obtained through {@link
 * com.ibm.streams.operator.ProcessingElement#getMetrics()}.
 */
public interface PEMetrics {

  /**
   * Returns a system metric of one of the processing element's input ports.
   *
   * @param port the input port number
   * @param name which metric
   * @return the metric
   * @throws IndexOutOfBoundsException when the processing element has no such input port
   */
  Metric getInputPortMetric(int port, InputPortMetric name);

  /**
   * Returns a system metric of one of the processing element's output ports.
   *
   * @param port the output port number
   * @param name which metric
   * @return the metric
   * @throws IndexOutOfBoundsException when the processing element has no such output port
   */
  Metric getOutputPortMetric(int port, OutputPortMetric name);

  /** The system metrics of a processing element's input port. The constants are in IBM's order. */
  enum InputPortMetric {
    /** Tuples processed on the port. */
    nTuplesProcessed,
    /** Bytes of the tuples processed on the port. */
    nTupleBytesProcessed,
    /** Window punctuation marks processed on the port. */
    nWindowPunctsProcessed,
    /** Final punctuation marks processed on the port. */
    nFinalPunctsProcessed;

    /**
     * Returns this metric of an input port of the operator's processing element.
     *
     * @param context the context of an operator of the processing element
     * @param port the processing element's input port number
     * @return the metric
     */
    public Metric getMetric(OperatorContext context, int port) {
      return context.getPE().getMetrics().getInputPortMetric(port, this);
    }
  }

  /** The system metrics of a processing element's output port. The constants are in IBM's order. */
  enum OutputPortMetric {
    /** Tuples submitted on the port. */
    nTuplesSubmitted,
    /** Bytes of the tuples submitted on the port. */
    nTupleBytesSubmitted,
    /** Window punctuation marks submitted on the port. */
    nWindowPunctsSubmitted,
    /** Final punctuation marks submitted on the port. */
    nFinalPunctsSubmitted,
    /** Connections of the port that broke. */
    nBrokenConnections,
    /** Required connections of the port still connecting. */
    nRequiredConnecting,
    /** Optional connections of the port still connecting. */
    nOptionalConnecting,
    /** Tuples transmitted on the port's connections. */
    nTuplesTransmitted,
    /** Bytes of the tuples transmitted on the port's connections. */
    nTupleBytesTransmitted,
    /** Connections of the port. */
    nConnections;

    /**
     * Returns this metric of an output port of the operator's processing element.
     *
     * @param context the context of an operator of the processing element
     * @param port the processing element's output port number
     * @return the metric
     */
    public Metric getMetric(OperatorContext context, int port) {
      return context.getPE().getMetrics().getOutputPortMetric(port, this);
    }
  }
}
