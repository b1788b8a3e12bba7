package com.ibm.streams.operator.samples.patterns;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.Parameter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A sink that takes its tuples in batches: {@link #processBatch(Queue)} runs on the context's
 * scheduler, apart from the threads that deliver tuples, once {@link #getBatchSize()} tuples are
 * waiting, or when the batch timeout has passed since the first of them arrived. With {@link
 * #isPreserveOrder()} (the default) one batch runs at a time, so batches are processed in arrival
 * order. A final marker on a port waits until every tuple of that port has been processed.
 *
 * <pre>{@code
 * public class DatabaseWriter extends TupleConsumer {
 *   public void initialize(OperatorContext context) throws Exception {
 *     super.initialize(context);
 *     setBatchSize(500);
 *     setBatchTimeout(2, TimeUnit.SECONDS);
 *   }
 *   protected boolean processBatch(Queue<BatchedTuple> batch) throws Exception {
 *     for (BatchedTuple t : batch) { statement.addBatch(...t.getTuple()...); }
 *     statement.executeBatch();
 *     return false;   // nothing left over
 *   }
 * }
 * }</pre>
 */
public abstract class TupleConsumer extends AbstractOperator {

  /** A tuple waiting in a batch, with the port it came on. */
  public static class BatchedTuple {
    private final StreamingInput<Tuple> stream;
    private final Tuple tuple;

    BatchedTuple(StreamingInput<Tuple> stream, Tuple tuple) {
      this.stream = stream;
      this.tuple = tuple;
    }

    /**
     * Returns the port the tuple came on.
     *
     * @return the port
     */
    public final StreamingInput<Tuple> getStream() {
      return stream;
    }

    /**
     * Returns the tuple.
     *
     * @return the tuple
     */
    public final Tuple getTuple() {
      return tuple;
    }
  }

  /** The tuples waiting for the next batch, oldest first. Guarded by {@code this}. */
  protected Queue<BatchedTuple> batch;

  private int batchSize = 1;
  private long batchTimeout = 0;
  private TimeUnit batchTimeoutUnit;
  private boolean preserveOrder = true;

  /** The scheduled flush of a partial batch, or null. */
  private Future<?> pendingTimeout;

  /** The batches handed to the scheduler that may still run. */
  private final List<Future<?>> running = new ArrayList<>();

  /** Makes the operator: batches of one tuple, no timeout, order preserved. */
  public TupleConsumer() {}

  /** Initializes the operator and its empty batch. */
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    batch = new ArrayDeque<>();
  }

  /**
   * Adds the tuple to the batch; starts the batch when it is full, or schedules the timeout when it
   * is the first of a partial batch.
   */
  @Override
  public synchronized void process(StreamingInput<Tuple> stream, Tuple tuple) throws Exception {
    batch.add(new BatchedTuple(stream, tuple));
    if (batch.size() >= getBatchSize()) {
      submitBatch(false);
    } else if (getBatchTimeout() != 0 && (pendingTimeout == null || pendingTimeout.isDone())) {
      pendingTimeout =
          getOperatorContext()
              .getScheduledExecutorService()
              .schedule(() -> submitBatch(false), getBatchTimeout(), getBatchTimeoutUnit());
    }
  }

  /**
   * On a final marker, processes every batched tuple of that port and waits until they are done;
   * other marks are ignored (the operator has no output to forward them to).
   */
  @Override
  public void processPunctuation(StreamingInput<Tuple> port, Punctuation mark) throws Exception {
    if (mark != Punctuation.FINAL_MARKER) {
      return;
    }
    while (true) {
      submitBatch(false);
      awaitOneRunning();
      synchronized (this) {
        boolean waiting = batch.stream().anyMatch(t -> t.getStream() == port);
        if (!waiting && allDone()) {
          return;
        }
      }
    }
  }

  /** Waits for one batch that may still run; returns at once when none does. */
  private void awaitOneRunning() {
    Future<?> one;
    synchronized (this) {
      one = running.stream().filter(f -> !f.isDone()).findFirst().orElse(null);
    }
    if (one == null) {
      return;
    }
    try {
      one.get();
    } catch (ExecutionException e) {
      // the batch's failure is the scheduler's to report; the flush goes on with the rest
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whether every batch handed to the scheduler has finished; forgets the finished ones. */
  private synchronized boolean allDone() {
    running.removeIf(Future::isDone);
    return running.isEmpty();
  }

  /**
   * Hands the waiting tuples to the scheduler as one batch. With order preserved, only when no
   * batch runs (a finishing batch calls this again itself, with {@code fromBatch} true).
   */
  private synchronized void submitBatch(boolean fromBatch) {
    if (pendingTimeout != null) {
      pendingTimeout.cancel(false);
      pendingTimeout = null;
    }
    if (batch.isEmpty()) {
      return;
    }
    boolean idle = allDone();
    if (preserveOrder && !fromBatch && !idle) {
      return;
    }
    Queue<BatchedTuple> taken = batch;
    batch = new ArrayDeque<>();
    running.add(getOperatorContext().getScheduledExecutorService().submit(() -> runBatch(taken)));
  }

  private Void runBatch(Queue<BatchedTuple> taken) throws Exception {
    boolean keepLeftovers = processBatch(taken);
    synchronized (this) {
      if (keepLeftovers && !taken.isEmpty()) {
        taken.addAll(batch); // the leftovers go first, before the tuples that came since
        batch = taken;
      }
      if (batch.size() >= getBatchSize()) {
        submitBatch(true);
      }
    }
    return null;
  }

  /**
   * Returns the batch size, 1 by default.
   *
   * @return the number of tuples that starts a batch
   */
  public final synchronized int getBatchSize() {
    return batchSize;
  }

  /**
   * Sets the batch size (the {@code batchSize} parameter); a batch already that full starts now.
   *
   * @param batchSize the number of tuples that starts a batch, at least 1
   * @throws IllegalArgumentException when {@code batchSize} is less than 1
   */
  @Parameter(optional = true, description = "Set the batch size.")
  public synchronized void setBatchSize(int batchSize) {
    if (batchSize <= 0) {
      throw new IllegalArgumentException("batchSize must be at least 1, not " + batchSize);
    }
    this.batchSize = batchSize;
    if (batch != null && batch.size() >= batchSize) {
      submitBatch(false);
    }
  }

  /**
   * Returns the batch timeout, 0 (none) by default.
   *
   * @return the timeout, in {@link #getBatchTimeoutUnit()}
   */
  public final synchronized long getBatchTimeout() {
    return batchTimeout;
  }

  /**
   * Sets the longest time the first tuple of a partial batch waits before the batch starts; 0 for
   * no limit. Call it in {@code initialize}.
   *
   * @param batchTimeout the timeout
   * @param unit its unit
   */
  public final synchronized void setBatchTimeout(long batchTimeout, TimeUnit unit) {
    this.batchTimeout = batchTimeout;
    this.batchTimeoutUnit = unit;
  }

  /**
   * Returns the unit of the batch timeout; null until {@link #setBatchTimeout} is called.
   *
   * @return the unit
   */
  public synchronized TimeUnit getBatchTimeoutUnit() {
    return batchTimeoutUnit;
  }

  /**
   * Processes one batch, on a scheduler thread. Tuples that arrive meanwhile go to a later batch.
   * Without order preserved, batches may run at the same time, so this must be thread-safe.
   *
   * @param batch the batch's tuples, in arrival order; remove those processed when returning true
   * @return true to put the tuples still in {@code batch} at the head of the next batch, false when
   *     all are processed
   * @throws Exception what the subclass throws
   */
  protected abstract boolean processBatch(Queue<BatchedTuple> batch) throws Exception;

  /**
   * Chooses whether batches run one at a time, in arrival order (true, the default). Call it in
   * {@code initialize}.
   *
   * @param preserveOrder true for one batch at a time
   */
  public final synchronized void setPreserveOrder(boolean preserveOrder) {
    this.preserveOrder = preserveOrder;
  }

  /**
   * Whether batches run one at a time, in arrival order.
   *
   * @return true when order is preserved
   */
  public final synchronized boolean isPreserveOrder() {
    return preserveOrder;
  }
}
