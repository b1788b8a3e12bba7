package io.streamswindow.bench;

/**
 * The tuple type of the engine benchmarks: a partition key and a value to aggregate.
 *
 * <p>The key is a boxed {@code Integer} taken from a preallocated table, so a partitioned benchmark
 * measures the engine's partition lookup rather than boxing.
 *
 * @param key the partition key (ignored by windows that are not partitioned)
 * @param value the value the listeners sum
 */
public record Sample(Integer key, double value) {}
