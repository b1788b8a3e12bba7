/**
 * Operator and processing element metrics: custom metrics an operator creates, and the system
 * metrics the runtime keeps per port. streams-window keeps them in memory (docs/porting.md,
 * "Metrics").
 */
package com.ibm.streams.operator.metrics;
