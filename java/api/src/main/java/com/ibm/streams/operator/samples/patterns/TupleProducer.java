package com.ibm.streams.operator.samples.patterns;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.model.Parameter;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The base of a source operator: {@link #startProcessing()} is called once the ports are ready,
 * after an optional initial delay (the {@code initDelay} parameter, in seconds). {@code
 * startProcessing} must return at once; the source produces its tuples on a thread of its own or on
 * the context's scheduler.
 *
 * <pre>{@code
 * public class Ticker extends TupleProducer {
 *   protected void startProcessing() {
 *     getOperatorContext().getScheduledExecutorService().scheduleAtFixedRate(
 *         this::tick, 0, 1, TimeUnit.SECONDS);
 *   }
 *   private void tick() { ... getOutput(0).submit(tuple) ... }
 * }
 * }</pre>
 */
public abstract class TupleProducer extends AbstractOperator {
  private long initialDelay = 0;
  private TimeUnit initialDelayUnit = TimeUnit.SECONDS;

  /** The delayed call of startProcessing, cancelled at shutdown when it has not run yet. */
  private ScheduledFuture<?> delayedStart;

  /** Makes the operator; the initial delay is 0. */
  public TupleProducer() {}

  /** Initializes the operator, then calls the deprecated {@link #producerInitialize()}. */
  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    producerInitialize();
  }

  /**
   * Sets the initial delay from the {@code initDelay} parameter.
   *
   * @param delaySeconds the delay in whole seconds
   */
  @Parameter(
      optional = true,
      description = "Delay in seconds before the operator starts producing tuples.")
  public void setInitDelay(long delaySeconds) {
    setInitialDelay(delaySeconds, TimeUnit.SECONDS);
  }

  /**
   * Sets the initial delay in fractional seconds, kept to the millisecond. A subclass that wants a
   * {@code float64} {@code initDelay} parameter overrides {@link #setInitDelay(long)} without the
   * annotation and makes this one public with it.
   *
   * @param delaySeconds the delay in seconds
   */
  protected void setInitDelay(double delaySeconds) {
    setInitialDelay((long) (delaySeconds * 1000.0), TimeUnit.MILLISECONDS);
  }

  /**
   * Calls {@link #startProcessing()} now when there is no initial delay, otherwise schedules it on
   * the context's scheduler after the delay.
   */
  @Override
  public synchronized void allPortsReady() throws Exception {
    if (getInitialDelay() == 0) {
      startProcessing();
      return;
    }
    delayedStart =
        getOperatorContext()
            .getScheduledExecutorService()
            .schedule(
                () -> {
                  startProcessing();
                  return null;
                },
                getInitialDelay(),
                getInitialDelayUnit());
  }

  /**
   * Called from {@link #initialize(OperatorContext)}.
   *
   * @throws Exception what the subclass throws
   * @deprecated override {@link #initialize(OperatorContext)} instead.
   */
  @Deprecated
  protected void producerInitialize() throws Exception {}

  /** Cancels a delayed start that has not run. A subclass that overrides it calls it. */
  @Override
  public synchronized void shutdown() throws Exception {
    if (delayedStart != null && !delayedStart.isDone()) {
      delayedStart.cancel(true);
    }
    super.shutdown();
  }

  /**
   * Returns the initial delay, 0 by default.
   *
   * @return the delay, in {@link #getInitialDelayUnit()}
   */
  public final synchronized long getInitialDelay() {
    return initialDelay;
  }

  /**
   * Returns the unit of the initial delay, seconds by default.
   *
   * @return the unit
   */
  public final synchronized TimeUnit getInitialDelayUnit() {
    return initialDelayUnit;
  }

  /**
   * Sets the initial delay; call it before the ports are ready (in {@code initialize}).
   *
   * @param initialDelay the delay
   * @param unit its unit
   */
  public final synchronized void setInitialDelay(long initialDelay, TimeUnit unit) {
    this.initialDelay = initialDelay;
    this.initialDelayUnit = unit;
  }

  /**
   * Starts producing tuples; must return at once.
   *
   * @throws Exception what the subclass throws
   */
  protected abstract void startProcessing() throws Exception;
}
