package io.streamswindow.api.spi;

/**
 * An operator context that keeps its own life-cycle notification state, so that sending a
 * notification for it touches nothing shared: the runtime's contexts implement it, and {@link
 * LifeCycleNotifications} falls back to a map of its own for any other context. A host starts and
 * stops an operator per key and micro-batch on Spark, so a shared structure there is paid per call
 * (docs/performance.md, "Operator metrics, and what else a call costs now").
 *
 * <pre>{@code
 * final class HostOperatorContext implements OperatorContext, LifeCycleState {
 *   private final Object lifeCycle = LifeCycleNotifications.newState();
 *   public Object lifeCycleState() { return lifeCycle; }
 * }
 * }</pre>
 */
public interface LifeCycleState {
  /** The state {@link LifeCycleNotifications#newState()} made for this context. */
  Object lifeCycleState();
}
