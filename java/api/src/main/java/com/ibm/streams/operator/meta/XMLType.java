package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;

/** The type of an SPL {@code xml} attribute. XML attributes are not supported by streams-window. */
public interface XMLType extends Type {}
