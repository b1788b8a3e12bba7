package io.streamswindow.sort;

import com.ibm.streams.operator.Tuple;

/**
 * A tuple with the values of its sort keys, evaluated once when it arrives.
 *
 * @param tuple the tuple, submitted as it is
 * @param keys its keys, in {@code sortBy} order ({@link SortKeys#keysOf})
 */
record KeyedTuple(Tuple tuple, Object[] keys) {}
