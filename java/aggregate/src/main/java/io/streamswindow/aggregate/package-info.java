/**
 * The SPL standard toolkit's {@code Aggregate} operator for streams-window: {@link
 * io.streamswindow.aggregate.Aggregate} (the windowed operator), its output functions ({@link
 * io.streamswindow.aggregate.AggregateFunction}), the parser of its {@code output} assignments
 * ({@link io.streamswindow.aggregate.OutputAssignmentParser}) and the derivation of an output
 * schema from them ({@link io.streamswindow.aggregate.AggregateSchema}).
 *
 * <p>Aggregates are computed from the window's tuples each time the window fires (a tumble, a
 * trigger, or an evicted partition that is aggregated), so the only operator state is whether each
 * sliding partition has been full, which is checkpointed with the windows.
 */
package io.streamswindow.aggregate;
