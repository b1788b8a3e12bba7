/**
 * Operator and processing element metrics. streams-window does not collect metrics; these types
 * exist so that operator source compiles.
 */
package com.ibm.streams.operator.metrics;
