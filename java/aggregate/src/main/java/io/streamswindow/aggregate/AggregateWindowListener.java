package io.streamswindow.aggregate;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import io.streamswindow.engine.EngineWindow;

/**
 * The {@link Aggregate} operator's window listener: it turns each window firing into output tuples
 * through the {@link AggregatePlan}.
 *
 * <ul>
 *   <li>Tumbling window: every EVICTION (a tumble) is aggregated, in one pass over its tuples; so
 *       is a PARTITION_EVICTION when {@code aggregateEvictedPartitions} is set.
 *   <li>Sliding window: every TRIGGER is aggregated once the partition has been full
 *       (INITIAL_FULL), or always with {@code aggregateIncompleteWindows}. Incrementally ({@link
 *       SlidingAggregates}: INSERTION and EVICTION keep each partition's aggregates), unless {@link
 *       SlidingAggregation#RECOMPUTE} asks for a pass over the window at every trigger.
 *   <li>FINAL flushes nothing, and INITIAL_FULL submits nothing.
 * </ul>
 *
 * <p>It is a {@link StatefulWindowListener} for its bookkeeping alone: whether each partition has
 * been full is checkpointed with the operator's state and forgotten when the partition is evicted,
 * so an evicted partition must fill again, also across a reset or a Spark micro-batch. The
 * incremental aggregates are not checkpointed: they are rebuilt from the window's tuples at the
 * first trigger after a reset ({@link #getInitializedState} gives a placeholder never used).
 */
final class AggregateWindowListener extends StatefulWindowListener<Boolean, Tuple> {
  private final AggregatePlan plan;
  private final StreamingOutput<OutputTuple> out;
  private final boolean aggregateIncompleteWindows;
  private final boolean aggregateEvictedPartitions;
  private final boolean tumbling;

  /** The sliding window's incremental aggregation; null for tumbling windows and RECOMPUTE. */
  private final SlidingAggregates incremental;

  AggregateWindowListener(
      StreamWindow<Tuple> window,
      AggregatePlan plan,
      StreamingOutput<OutputTuple> out,
      boolean aggregateIncompleteWindows,
      boolean aggregateEvictedPartitions,
      SlidingAggregation slidingAggregation) {
    super(window);
    this.plan = plan;
    this.out = out;
    this.aggregateIncompleteWindows = aggregateIncompleteWindows;
    this.aggregateEvictedPartitions = aggregateEvictedPartitions;
    this.tumbling = window.getType() == StreamWindow.Type.TUMBLING;
    // Only the engine's windows report listeners' removals, which the aggregates must know of.
    this.incremental =
        !tumbling
                && slidingAggregation == SlidingAggregation.INCREMENTAL
                && window instanceof EngineWindow<?> engine
            ? new SlidingAggregates(plan, engine)
            : null;
  }

  @Override
  protected Boolean getInitializedState(Object partition, Boolean state) {
    return Boolean.TRUE;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    Object partition = event.getPartition();
    if (incremental != null) {
      incremental.checkRemovals();
    }
    switch (event.getType()) {
      case INSERTION:
        if (incremental != null) {
          incremental.inserted(partition, event.getTuples());
        }
        break;
      case EVICTION:
        if (tumbling) {
          fire(event);
        } else if (incremental != null) {
          incremental.evicted(partition, event.getTuples());
        }
        break;
      case TRIGGER:
        boolean aggregate = aggregateIncompleteWindows || seenInitialFull(partition);
        if (incremental != null) {
          SlidingPartition mirror = incremental.triggered(partition, event.getTuples());
          if (aggregate) {
            plan.submit(mirror.firing(), out);
          }
        } else if (aggregate) {
          fire(event);
        }
        break;
      case PARTITION_EVICTION:
        if (tumbling && aggregateEvictedPartitions) {
          fire(event);
        }
        if (incremental != null) {
          incremental.forget(partition);
        }
        break;
      default:
        break; // INITIAL_FULL (recorded by the base class), FINAL (no flush)
    }
  }

  /** Restores the bookkeeping; the incremental aggregates are rebuilt at the next triggers. */
  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    super.reset(checkpoint);
    if (incremental != null) {
      incremental.clear();
    }
  }

  /** Forgets the bookkeeping and the incremental aggregates. */
  @Override
  public void resetToInitialState() throws Exception {
    super.resetToInitialState();
    if (incremental != null) {
      incremental.clear();
    }
  }

  private void fire(StreamWindowEvent<Tuple> event) throws Exception {
    plan.submit(plan.split(event.getTuples()), out);
  }
}
