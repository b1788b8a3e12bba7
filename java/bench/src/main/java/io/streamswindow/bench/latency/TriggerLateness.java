package io.streamswindow.bench.latency;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.WindowUtilities;
import java.io.Serializable;

/**
 * How late the time trigger of a sliding window fires, written as an IBM Streams operator (IBM's
 * API only), for the trigger part of {@code scripts/bench latency}.
 *
 * <p>A time trigger {@code time(P)} fires every P seconds from the partition's creation
 * (docs/semantics.md, "Trigger time(T)"). Per partition this operator notes the wall clock ({@link
 * #now()}) when the partition is created: at its first INSERTION, or at its INITIAL_FULL, which a
 * time-evicted window announces as the partition is created, whichever comes first, in the same
 * call. It counts the partition's TRIGGER events; at the k-th it submits {@code (key, trigger = k,
 * due_ms = origin + k * P, fired_ms = now, lateness_ms = fired_ms - due_ms)}. Where a row's
 * processing time is the wall clock of its call (Spark's real-time mode, IBM's runtime), the origin
 * is the trigger grid's origin to the millisecond, and {@code lateness_ms} is how long after its
 * deadline the trigger reached the operator.
 *
 * <p>Parameters: {@code period} (seconds, the window's trigger period P) and {@code partitionBy}
 * (the rstring attribute the window is partitioned by). Output attributes: {@code rstring key,
 * int64 trigger, int64 due_ms, int64 fired_ms, int64 lateness_ms}. The per-partition origin and
 * count are kept by a {@link StatefulWindowListener}, so they survive a checkpoint and reset as the
 * window does.
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.bench.latency.TriggerLateness",
 *     window="partitioned, sliding, time(30), time(1)", partition_by="key",
 *     params={"period": "1", "partitionBy": "key"},
 *     output_schema="key string, trigger long, due_ms long, fired_ms long, lateness_ms long",
 *     real_time=True)
 * }</pre>
 */
public class TriggerLateness extends AbstractOperator {
  private double period;
  private String partitionBy;

  /** The period P of the window's time trigger, in seconds. */
  @Parameter(name = "period", optional = false)
  public void setPeriod(double period) {
    this.period = period;
  }

  /** The attribute the window is partitioned by; its value is the output's {@code key}. */
  @Parameter(name = "partitionBy", optional = false)
  public void setPartitionBy(String partitionBy) {
    this.partitionBy = partitionBy;
  }

  /** The origin of one partition's trigger grid and the triggers it has had. */
  static final class Grid implements Serializable {
    private static final long serialVersionUID = 1L;
    long originMillis = -1;
    long triggers;
  }

  /** The wall clock in milliseconds, read at partition creation and at each trigger. */
  protected long now() {
    return System.currentTimeMillis();
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    if (!(period > 0)) {
      throw new IllegalArgumentException("period must be positive seconds, not " + period);
    }
    long periodMillis = Math.round(period * 1000);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    WindowUtilities.registerAttributePartitioner(window, partitionBy);
    StreamingOutput<OutputTuple> out = getOutput(0);
    new StatefulWindowListener<Grid, Tuple>(window) {
      @Override
      protected Grid getInitializedState(Object partition, Grid previous) {
        return new Grid();
      }

      @Override
      protected boolean supportsWindow() {
        return getWindow().getType() == StreamWindow.Type.SLIDING
            && getWindow().getTriggerPolicy() == StreamWindow.Policy.TIME;
      }

      @Override
      public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
        Grid grid = getPartitionState(event.getPartition());
        switch (event.getType()) {
          case INITIAL_FULL:
          case INSERTION:
            if (grid.originMillis < 0) {
              grid.originMillis = now();
            }
            break;
          case TRIGGER:
            long fired = now();
            grid.triggers++;
            long due = grid.originMillis + grid.triggers * periodMillis;
            OutputTuple result = out.newTuple();
            result.setString("key", String.valueOf(event.getPartition()));
            result.setLong("trigger", grid.triggers);
            result.setLong("due_ms", due);
            result.setLong("fired_ms", fired);
            result.setLong("lateness_ms", fired - due);
            out.submit(result);
            break;
          default:
            break;
        }
      }
    };
  }
}
