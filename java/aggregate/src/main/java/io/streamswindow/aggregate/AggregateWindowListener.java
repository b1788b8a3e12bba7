package io.streamswindow.aggregate;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;

/**
 * The {@link Aggregate} operator's window listener: it turns each window firing into output tuples
 * through the {@link AggregatePlan}.
 *
 * <ul>
 *   <li>Tumbling window: every EVICTION (a tumble) is aggregated; so is a PARTITION_EVICTION when
 *       {@code aggregateEvictedPartitions} is set.
 *   <li>Sliding window: every TRIGGER is aggregated once the partition has been full
 *       (INITIAL_FULL), or always with {@code aggregateIncompleteWindows}.
 *   <li>FINAL flushes nothing, and INSERTION and INITIAL_FULL submit nothing.
 * </ul>
 *
 * <p>It is a {@link StatefulWindowListener} for its bookkeeping alone: whether each partition has
 * been full is checkpointed with the operator's state and forgotten when the partition is evicted,
 * so an evicted partition must fill again, also across a reset or a Spark micro-batch. The
 * aggregates themselves are computed from the window's tuples when it fires, so there is no
 * per-partition state to keep ({@link #getInitializedState} gives a placeholder never used).
 */
final class AggregateWindowListener extends StatefulWindowListener<Boolean, Tuple> {
  private final AggregatePlan plan;
  private final StreamingOutput<OutputTuple> out;
  private final boolean aggregateIncompleteWindows;
  private final boolean aggregateEvictedPartitions;

  AggregateWindowListener(
      StreamWindow<Tuple> window,
      AggregatePlan plan,
      StreamingOutput<OutputTuple> out,
      boolean aggregateIncompleteWindows,
      boolean aggregateEvictedPartitions) {
    super(window);
    this.plan = plan;
    this.out = out;
    this.aggregateIncompleteWindows = aggregateIncompleteWindows;
    this.aggregateEvictedPartitions = aggregateEvictedPartitions;
  }

  @Override
  protected Boolean getInitializedState(Object partition, Boolean state) {
    return Boolean.TRUE;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    boolean tumbling = getWindow().getType() == StreamWindow.Type.TUMBLING;
    switch (event.getType()) {
      case EVICTION:
        if (tumbling) {
          fire(event);
        }
        break;
      case TRIGGER:
        if (aggregateIncompleteWindows || seenInitialFull(event.getPartition())) {
          fire(event);
        }
        break;
      case PARTITION_EVICTION:
        if (tumbling && aggregateEvictedPartitions) {
          fire(event);
        }
        break;
      default:
        break; // INSERTION, INITIAL_FULL (recorded by the base class), FINAL (no flush)
    }
  }

  private void fire(StreamWindowEvent<Tuple> event) throws Exception {
    plan.submit(plan.split(event.getTuples()), out);
  }
}
