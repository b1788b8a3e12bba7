package com.ibm.streams.operator.samples.patterns;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.logging.TraceLevel;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.state.ConsistentRegionContext;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * A source that polls: {@link #fetchTuples()} runs at a fixed rate on the context's scheduler, from
 * the initial delay on, until {@link #complete()} or shutdown. The rate is one poll a second unless
 * the {@code period} parameter (seconds) or {@link #setPollFrequency} says otherwise. In a
 * consistent region a poll runs only while it holds a submission permit.
 *
 * <pre>{@code
 * public class QueuePoller extends PollingTupleProducer {
 *   public void initialize(OperatorContext context) throws Exception {
 *     super.initialize(context);
 *     setPollFrequency(200, TimeUnit.MILLISECONDS);
 *   }
 *   protected void fetchTuples() throws Exception {
 *     for (String message : queue.drain()) { ... getOutput(0).submit(tuple) ... }
 *   }
 * }
 * }</pre>
 */
public abstract class PollingTupleProducer extends TupleProducer {
  private static final Logger TRACE = Logger.getLogger(PollingTupleProducer.class.getName());

  private long pollFrequency = 1;
  private TimeUnit pollFrequencyUnit = TimeUnit.SECONDS;
  private ScheduledFuture<?> polling;

  /** Makes the operator; it polls once a second. */
  public PollingTupleProducer() {}

  /**
   * Returns the time between two polls, 1 by default.
   *
   * @return the period, in {@link #getPollFrequencyUnit()}
   */
  public final synchronized long getPollFrequency() {
    return pollFrequency;
  }

  /**
   * Returns the unit of the time between two polls, seconds by default.
   *
   * @return the unit
   */
  public final synchronized TimeUnit getPollFrequencyUnit() {
    return pollFrequencyUnit;
  }

  /**
   * Sets the time between two polls; call it in {@code initialize}, it is read when polling starts.
   *
   * @param pollFrequency the period
   * @param unit its unit
   */
  public final synchronized void setPollFrequency(long pollFrequency, TimeUnit unit) {
    this.pollFrequency = pollFrequency;
    this.pollFrequencyUnit = unit;
  }

  /**
   * Sets the time between two polls from the {@code period} parameter, kept to the millisecond.
   *
   * @param period the period in seconds
   */
  @Parameter(
      optional = true,
      description = "Polling period in seconds. Tuples will be fetched every `period` seconds.")
  public void setPeriod(double period) {
    setPollFrequency((long) (period * 1000.0), TimeUnit.MILLISECONDS);
  }

  /** Initializes the operator. */
  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
  }

  /**
   * Starts polling: {@link #fetchTuples()} at the poll frequency, the first poll after the initial
   * delay.
   */
  @Override
  public synchronized void allPortsReady() throws Exception {
    long delay = getPollFrequencyUnit().convert(getInitialDelay(), getInitialDelayUnit());
    ConsistentRegionContext region =
        getOperatorContext().getOptionalContext(ConsistentRegionContext.class);
    Runnable poll =
        region == null
            ? this::poll
            : () -> {
              if (region.getSubmissionSemaphore().tryAcquire()) {
                try {
                  poll();
                } finally {
                  region.getSubmissionSemaphore().release();
                }
              }
            };
    polling =
        getOperatorContext()
            .getScheduledExecutorService()
            .scheduleAtFixedRate(poll, delay, getPollFrequency(), getPollFrequencyUnit());
  }

  private void poll() {
    try {
      fetchTuples();
    } catch (Exception e) {
      TRACE.log(TraceLevel.ERROR, getClass().getName() + ".fetchTuples failed: " + e, e);
      throw new RuntimeException(e); // ends the polling, as a failed periodic task does
    }
  }

  /** Does nothing: {@link #allPortsReady()} schedules the polls, the initial delay included. */
  @Override
  protected final void startProcessing() {}

  /**
   * Polls once: submits the tuples that are available now and returns without blocking.
   *
   * @throws Exception what the subclass throws; it ends the polling
   */
  protected abstract void fetchTuples() throws Exception;

  /**
   * Stops polling; a poll running now finishes.
   *
   * @throws Exception what a subclass throws
   */
  protected synchronized void complete() throws Exception {
    if (polling != null) {
      polling.cancel(false);
      polling = null;
    }
  }

  /** Stops polling. A subclass that overrides it calls it. */
  @Override
  public void shutdown() throws Exception {
    complete();
    super.shutdown();
  }
}
