package com.ibm.streams.operator.state;

import com.ibm.streams.operator.OptionalContext;
import com.ibm.streams.operator.StreamingInput;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.Semaphore;
import javax.management.ObjectName;

/**
 * The consistent region an operator belongs to, obtained with {@code
 * context.getOptionalContext(ConsistentRegionContext.class)}. A consistent region drains,
 * checkpoints and resets its operators together.
 */
public interface ConsistentRegionContext extends OptionalContext {

  /** The outcome of a non-blocking request to make the region consistent. */
  enum DrainResult {
    /** The region drained and its checkpoint is complete. */
    COMPLETED,
    /** The region drained; its checkpoint is still being written. */
    CHECKPOINT_PENDING,
    /** The region could not drain. */
    FAILED
  }

  /**
   * Tells whether the operator starts the region.
   *
   * @return true for a start operator
   */
  boolean isStartOfRegion();

  /**
   * Tells whether the operator ends the region.
   *
   * @return true for an end operator
   */
  boolean isEndOfRegion();

  /**
   * Tells whether the operator decides when the region becomes consistent.
   *
   * @return true for the trigger operator
   */
  boolean isTriggerOperator();

  /**
   * Returns the input ports that belong to the region.
   *
   * @return the ports
   */
  Set<StreamingInput<?>> getInputPorts();

  /**
   * Returns the region's index in the application.
   *
   * @return the index
   */
  int getIndex();

  /**
   * Returns the sequence id of the region's current checkpoint.
   *
   * @return the sequence id
   */
  long getSequenceId();

  /**
   * Returns how many times the current reset has been attempted.
   *
   * @return the attempt, or -1 when no reset is in progress
   */
  int getResetAttempt();

  /**
   * Drains and checkpoints the region, waiting until it is done (trigger operators only).
   *
   * @return true when the region became consistent
   */
  boolean makeConsistent();

  /**
   * Asks for the region to be reset to its last consistent state.
   *
   * @throws IOException when the request fails
   */
  void reset() throws IOException;

  /**
   * Returns the semaphore a start operator holds while it submits tuples.
   *
   * @return the semaphore
   */
  Semaphore getSubmissionSemaphore();

  /**
   * Acquires the submission permit.
   *
   * @throws InterruptedException when interrupted while waiting
   */
  void acquirePermit() throws InterruptedException;

  /** Releases the submission permit. */
  void releasePermit();

  /**
   * Wraps a task so that it runs while holding the submission permit.
   *
   * @param task the task
   * @return the wrapped task
   */
  Runnable getPermitRunnable(Runnable task);

  /**
   * Returns how long the region may take to drain.
   *
   * @return the timeout in seconds
   */
  double getDrainTimeout();

  /**
   * Returns how long the region may take to reset.
   *
   * @return the timeout in seconds
   */
  double getResetTimeout();

  /** Enables checkpoints taken while tuples keep flowing. */
  void enableNonBlockingCheckpoint();

  /**
   * Drains the region and returns without waiting for its checkpoint to be written.
   *
   * @return the outcome
   */
  DrainResult makeConsistentNonBlocking();

  /**
   * Returns the name of the region's {@code ConsistentRegionMXBean} in the job control plane. IBM's
   * product API declares it, its open-sourced API does not; streams-window, which has no consistent
   * regions, refuses.
   *
   * @return the bean's name
   * @throws UnsupportedOperationException always on streams-window
   */
  default ObjectName getConsistentRegionMXBeanName() {
    throw new UnsupportedOperationException(
        "ConsistentRegionContext.getConsistentRegionMXBeanName(): streams-window has no consistent"
            + " regions and no job control plane (docs/porting.md, \"Control plane\")");
  }
}
