package com.ibm.streams.operator.state;

import com.ibm.streams.operator.OptionalContext;
import java.io.IOException;

/**
 * The checkpointing configuration of an operator that is checkpointed outside a consistent region,
 * obtained with {@code context.getOptionalContext(CheckpointContext.class)}.
 */
public interface CheckpointContext extends OptionalContext {

  /** When checkpoints are taken. */
  enum Kind {
    /** At a fixed interval. */
    PERIODIC,
    /** When the operator asks with {@link CheckpointContext#createCheckpoint()}. */
    OPERATOR_DRIVEN
  }

  /**
   * Returns when checkpoints are taken.
   *
   * @return the kind
   */
  Kind getKind();

  /**
   * Returns the interval between periodic checkpoints.
   *
   * @return the interval in seconds, or -1 when not periodic
   */
  double getCheckpointingInterval();

  /**
   * Takes a checkpoint now.
   *
   * @return true when the checkpoint was taken
   * @throws IOException when the checkpoint could not be written
   */
  boolean createCheckpoint() throws IOException;

  /**
   * Tells whether checkpointing is enabled.
   *
   * @return true when enabled
   */
  boolean isEnabled();
}
