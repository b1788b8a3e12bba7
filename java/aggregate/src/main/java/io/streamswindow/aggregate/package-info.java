/**
 * The SPL standard toolkit's {@code Aggregate} operator for streams-window: {@link
 * io.streamswindow.aggregate.Aggregate} (the windowed operator), its output functions ({@link
 * io.streamswindow.aggregate.AggregateFunction}), the parser of its {@code output} assignments
 * ({@link io.streamswindow.aggregate.OutputAssignmentParser}) and the derivation of an output
 * schema from them ({@link io.streamswindow.aggregate.AggregateSchema}).
 *
 * <p>A tumbling window's aggregates are computed from its tuples at each tumble. A sliding window's
 * are kept incrementally as tuples arrive and leave ({@link
 * io.streamswindow.aggregate.SlidingAggregation}; docs/architecture.md, "Incremental aggregation"),
 * a cache rebuilt from the window's tuples when needed, so the only checkpointed operator state is
 * whether each sliding partition has been full.
 */
package io.streamswindow.aggregate;
