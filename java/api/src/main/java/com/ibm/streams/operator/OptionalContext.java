package com.ibm.streams.operator;

/**
 * Marker for a context that exists only in some environments, such as a checkpointing or
 * consistent-region context. Obtain one with {@link OperatorContext#getOptionalContext(Class)}.
 */
public interface OptionalContext {}
