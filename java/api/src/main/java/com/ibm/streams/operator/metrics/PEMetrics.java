package com.ibm.streams.operator.metrics;

/**
 * The metrics of a processing element. streams-window does not collect metrics; {@link
 * com.ibm.streams.operator.ProcessingElement#getMetrics()} may throw {@link
 * UnsupportedOperationException}.
 */
public interface PEMetrics {}
