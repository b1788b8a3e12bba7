package com.ibm.streams.operator.encoding;

/**
 * SPL's native binary encoding of tuples, as returned by {@link
 * com.ibm.streams.operator.StreamSchema#newNativeBinaryEncoding()}. streams-window does not provide
 * it; the type exists so that operator source referring to it compiles.
 */
public interface BinaryEncoding {}
