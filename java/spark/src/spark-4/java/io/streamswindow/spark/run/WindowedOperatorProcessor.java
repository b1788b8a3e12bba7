package io.streamswindow.spark.run;

import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.state.GenerationStamp;
import io.streamswindow.spark.state.KeyState;
import io.streamswindow.spark.state.WakeUpTimes;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.ExpiredTimerInfo;
import org.apache.spark.sql.streaming.MapState;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StatefulProcessor;
import org.apache.spark.sql.streaming.TTLConfig;
import org.apache.spark.sql.streaming.TimeMode;
import org.apache.spark.sql.streaming.TimerValues;
import org.apache.spark.sql.streaming.ValueState;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The operator inside Spark's {@code transformWithState}, for streams on the RocksDB state store:
 * each key keeps its operator checkpoint in a value state and the tuples of large window partitions
 * in a map state of chunks, so a micro-batch writes the chunks that changed, not the window
 * (docs/architecture.md, "State layout"). Wake-ups are timers: one per key, replaced at every call.
 */
public final class WindowedOperatorProcessor extends StatefulProcessor<Row, Row, Row> {
  private static final long serialVersionUID = 1L;

  /**
   * Entries per chunk of a key's window state when rows arrive one by one (real-time mode): each
   * row's save writes at most two chunks this size and their list, however large the window
   * (docs/architecture.md, "State layout"; docs/performance.md, "Latency through Kafka").
   */
  static final int PER_ROW_ENTRIES_PER_CHUNK = 64;

  private final WindowedGroupRunner runner;

  /** Entries per chunk of the keys' window state: small when every row saves. */
  private final int entriesPerChunk;

  /** Each key's saved state, stamped with its generation ({@link GenerationStamp}). */
  private transient ValueState<byte[]> checkpoints;

  /**
   * Where the generation was kept before the stamp: still declared, so that a query started then
   * restarts, and emptied for a key when its value is next written.
   */
  private transient ValueState<Long> generations;

  /** Whether the processor runs with timers: Spark refuses timer calls in its no-time mode. */
  private transient boolean timers;

  private transient MapState<String, byte[]> chunks;

  /** The query run's id as text, the scope of this processor's live hosts: the same every call. */
  private transient String runScope;

  private transient TupleChunkStore chunkStore;

  WindowedOperatorProcessor(OperatorPlan plan) {
    this(plan, null);
  }

  /**
   * A processor whose report rows carry {@code observedMetrics} by index ({@link
   * WindowedGroupRunner}).
   */
  WindowedOperatorProcessor(OperatorPlan plan, java.util.List<String> observedMetrics) {
    this.runner = new WindowedGroupRunner(plan, observedMetrics);
    this.entriesPerChunk =
        plan.arrival().perRow()
            ? PER_ROW_ENTRIES_PER_CHUNK
            : TupleChunkStore.DEFAULT_ENTRIES_PER_CHUNK;
  }

  @Override
  public void init(OutputMode outputMode, TimeMode timeMode) {
    checkpoints = getHandle().getValueState("checkpoint", Encoders.BINARY(), TTLConfig.NONE());
    generations = getHandle().getValueState("generation", Encoders.LONG(), TTLConfig.NONE());
    timers = !timeMode.equals(TimeMode.None());
    chunks =
        getHandle().getMapState("chunks", Encoders.STRING(), Encoders.BINARY(), TTLConfig.NONE());
    chunkStore =
        new TupleChunkStore() {
          @Override
          public byte[] read(String id) {
            return chunks.containsKey(id) ? chunks.getValue(id) : null;
          }

          @Override
          public void write(String id, byte[] chunk) {
            chunks.updateValue(id, chunk);
          }

          @Override
          public void remove(String id) {
            chunks.removeKey(id);
          }

          @Override
          public int entriesPerChunk() {
            return entriesPerChunk;
          }
        };
  }

  @Override
  public scala.collection.Iterator<Row> handleInputRows(
      Row key, scala.collection.Iterator<Row> rows, TimerValues time) {
    return results(runner.run(key, CollectionConverters.asJava(rows), new TimerKeyState(time)));
  }

  @Override
  public scala.collection.Iterator<Row> handleExpiredTimer(
      Row key, TimerValues time, ExpiredTimerInfo timer) {
    Iterator<Row> none = Collections.emptyIterator();
    return results(runner.run(key, none, new TimerKeyState(time)));
  }

  private static scala.collection.Iterator<Row> results(List<Row> rows) {
    return CollectionConverters.asScala(rows.iterator());
  }

  /** One key's state in this processor's value and map states, woken by its one timer. */
  private final class TimerKeyState implements KeyState {
    private final TimerValues time;

    /**
     * The key's stamped value, read once per call (whether its live host is current, then the
     * state).
     */
    private byte[] value;

    private boolean valueRead;

    TimerKeyState(TimerValues time) {
      this.time = time;
    }

    @Override
    public long processingTimeMs() {
      // Spark gives the batch's time only in processing-time mode; the other windows use it only
      // to stamp checkpoints and arrivals, which no policy of theirs reads.
      long ms = time.getCurrentProcessingTimeInMs();
      return ms >= 0 ? ms : System.currentTimeMillis();
    }

    @Override
    public long watermarkMs() {
      return time.getCurrentWatermarkInMs();
    }

    // A value state's get() is null for a key without a value: one store read, where exists()
    // then get() would be two for every key of every micro-batch.
    private byte[] value() {
      if (!valueRead) {
        value = checkpoints.get();
        valueRead = true;
      }
      return value;
    }

    @Override
    public byte[] checkpoint() {
      byte[] stamped = value();
      return stamped == null ? null : GenerationStamp.savedOf(stamped);
    }

    @Override
    public TupleChunkStore chunks() {
      return chunkStore;
    }

    /** Live hosts are this layout's: kept per query run, released when the run stops. */
    @Override
    public String liveHostScope() {
      if (runScope == null) {
        runScope = getHandle().getQueryInfo().getRunId().toString();
      }
      return runScope;
    }

    @Override
    public long generation() {
      byte[] stamped = value();
      return stamped == null ? 0 : GenerationStamp.generationOf(stamped);
    }

    // One write per save, as the floor's count per key: the generation travels in the value
    // (docs/performance.md, "Many keys as a standing benchmark").
    @Override
    public void save(byte[] checkpoint, long generation) {
      if (valueRead && value != null && !GenerationStamp.isStamped(value)) {
        generations.clear();
      }
      checkpoints.update(GenerationStamp.stamp(checkpoint, generation));
      // The call asks again for the wake-up it needs, as flatMapGroupsWithState's timeout works.
      if (timers) {
        for (Iterator<Object> it = CollectionConverters.asJava(getHandle().listTimers());
            it.hasNext(); ) {
          getHandle().deleteTimer((Long) it.next());
        }
      }
    }

    @Override
    public void wakeAtProcessingTime(long deadlineNanos, long nowNanos) {
      getHandle().registerTimer(WakeUpTimes.processingTimer(deadlineNanos, nowNanos));
    }

    @Override
    public void wakeAtEventTime(long deadlineNanos) {
      getHandle().registerTimer(WakeUpTimes.eventTimer(deadlineNanos, watermarkMs()));
    }
  }
}
