package io.streamswindow.engine;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.window.StreamWindow;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * The window of one input port as its host drives it, whatever the window's kind: the one interface
 * the operator host, the Spark function and {@code Aggregate} use. Listeners see the same object
 * through IBM's {@link StreamWindow}.
 *
 * <p>The host serialises every call. A tuple or a mark is delivered with every window event it
 * causes before the call returns; time reaches the window only through {@link #advanceTo}, in
 * either {@link TimeDomain}, and {@link #nextDeadline} says when the window next needs it.
 *
 * <pre>{@code
 * EngineWindow<Tuple> window = EngineWindow.create(spec, port, context, clock, deltas);
 * window.registerListener(listener, false);
 * window.start();
 * window.insert(tuple);
 * window.advanceTo(TimeDomain.PROCESSING_TIME, window.nextDeadline(TimeDomain.PROCESSING_TIME));
 * }</pre>
 *
 * @param <T> the tuple type
 */
public interface EngineWindow<T> extends StreamWindow<T> {
  /**
   * Creates the window a declaration asks for.
   *
   * @param spec the declaration
   * @param port the input port the window belongs to (may be null in engine-only tests)
   * @param context the operator's context, where listeners that are state handlers register
   * @param clock the source of processing time
   * @param deltas resolves {@code delta} policies and the event-time attribute against the port's
   *     schema
   * @return a {@link TimeIntervalWindow} for a timeInterval declaration, a {@link Window} for a
   *     tumbling or sliding one
   * @throws IllegalArgumentException when the declaration does not suit the schema
   */
  static <T> EngineWindow<T> create(
      WindowSpec spec,
      StreamingInput<T> port,
      OperatorContext context,
      Clock clock,
      DeltaResolver<T> deltas) {
    if (spec.isTimeInterval()) {
      return new TimeIntervalWindow<>(spec, port, context, deltas);
    }
    return new Window<>(spec, port, context, clock, deltas);
  }

  /** The declaration this window was built from. */
  WindowSpec spec();

  /** True once a partitioner is registered (adapters register a default one otherwise). */
  boolean hasPartitioner();

  /** All ports are ready: the window's time starts. Calling it again does nothing. */
  void start() throws Exception;

  /** A tuple arrives: every event it causes is delivered, in order, before this returns. */
  void insert(T tuple) throws Exception;

  /** A punctuation mark arrives: every event it causes is delivered before this returns. */
  void punctuate(StreamingData.Punctuation mark) throws Exception;

  /**
   * Time in {@code domain} has reached {@code time} (nanoseconds since the epoch): everything due
   * at or before it fires, in time order. A window with nothing to do in that domain ignores it.
   */
  void advanceTo(TimeDomain domain, long time) throws Exception;

  /**
   * The earliest time in {@code domain} at which {@link #advanceTo} would fire something, or {@code
   * Long.MAX_VALUE}.
   */
  long nextDeadline(TimeDomain domain);

  /** Delivers what is due now (IBM's drain: outstanding events complete). */
  void drain() throws Exception;

  /** Writes the window's complete state, so that {@link #reset} carries on exactly. */
  void checkpoint(DataOutput out, TupleCodec<T> codec) throws IOException;

  /**
   * Replaces the window's state, without events, by a checkpoint's.
   *
   * @throws IOException when the data is not a checkpoint of a window declared like this one
   */
  void reset(DataInput in, TupleCodec<T> codec) throws IOException;

  /**
   * Writes the window's state, keeping the tuples it chooses to (large partitions) in {@code store}
   * and writing there only what changed since the previous checkpoint. A window that keeps all of
   * its state in the checkpoint ignores the store.
   *
   * @param store where tuples may go; null to keep everything in the checkpoint
   */
  default void checkpoint(DataOutput out, TupleCodec<T> codec, TupleChunkStore store)
      throws IOException {
    checkpoint(out, codec);
  }

  /**
   * Replaces the window's state, without events, by a checkpoint written by {@link
   * #checkpoint(DataOutput, TupleCodec, TupleChunkStore)} with the same store.
   *
   * @throws IOException when the data is not a checkpoint of a window declared like this one, or
   *     the store lacks what it lists
   */
  default void reset(DataInput in, TupleCodec<T> codec, TupleChunkStore store) throws IOException {
    reset(in, codec);
  }

  /** Discards everything without events, as if the window had just been created. */
  void resetToInitialState();

  /**
   * Says how the next processing-time step treats the timers that fell due meanwhile. {@code true}:
   * it catches up at once, as the first step after a {@link #reset} does (a restart: what expired
   * while the operator was down leaves in one EVICTION, an overdue tumble happens once). {@code
   * false}: each due timer fires at its own instant, in time order, with the window as it was then,
   * as for a window that was never stopped; for a window restored from the state its own run saved
   * a moment ago (a Spark key between two micro-batches of one query run), whose time never stopped
   * (docs/semantics.md, "Time between calls").
   *
   * <pre>{@code
   * window.reset(in, codec, store);
   * window.catchUpAtNextTimeStep(false);
   * window.advanceTo(TimeDomain.PROCESSING_TIME, now); // every trigger and tumble due, in order
   * }</pre>
   *
   * @param catchUp whether the next step catches up at once
   */
  default void catchUpAtNextTimeStep(boolean catchUp) {}

  /** The number of tuples the window holds, over all partitions. */
  default long tupleCount() {
    return 0;
  }

  /**
   * The watermark the window was last advanced to, its event time, or {@code Long.MIN_VALUE} when
   * it has none (before the first watermark, and always for windows that run on processing time).
   */
  default long watermark() {
    return Long.MIN_VALUE;
  }

  /**
   * How many tuples listeners have removed from this window through {@code Iterator.remove()} on an
   * event's tuples since the window was created. A removed tuple leaves without an EVICTION
   * (decisions.md, "Iterator.remove()"), so a listener that keeps its own copy of the window's
   * contents compares this count between events: when it has changed, the copy no longer holds.
   */
  long removedByListeners();

  /**
   * Hands every tuple the window drops from now on (one the window refuses to take, such as a tuple
   * whose event time is earlier than a timeInterval window's watermark minus its discard age) to
   * {@code sink}. Windows that drop no tuple never call it.
   *
   * @param sink receives each dropped tuple, in arrival order; null to stop
   */
  default void onDropped(java.util.function.Consumer<? super T> sink) {}
}
