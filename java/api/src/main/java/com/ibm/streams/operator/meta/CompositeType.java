package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;

/**
 * A type whose values are made of other values: lists, sets and maps ({@link CollectionType}) and
 * optionals ({@link OptionalType}).
 *
 * <pre>{@code
 * if (attribute.getType() instanceof CompositeType) {
 *   // read the parts through CollectionType, MapType or OptionalType
 * }
 * }</pre>
 */
public interface CompositeType extends Type {}
