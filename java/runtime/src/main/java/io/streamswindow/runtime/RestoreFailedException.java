package io.streamswindow.runtime;

/**
 * A checkpoint that could not be restored into an operator host, with the step that failed: the
 * checkpoint itself (its envelope, or windows declared otherwise than when it was taken), the
 * windows' contents, or a {@code StateHandler}'s {@code reset}. Thrown by {@link
 * OperatorHost#restore}, so that a caller tells a damaged or incompatible checkpoint from the
 * operator's own failure by type, not by where in the code it was thrown (docs/reliability.md).
 *
 * <pre>{@code
 * try {
 *   host.restore(bytes, chunks);
 * } catch (RestoreFailedException e) {
 *   if (e.step() == RestoreFailedException.Step.STATE_HANDLERS) { ... }
 * }
 * }</pre>
 */
public final class RestoreFailedException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Which part of a restore failed, in the order a restore runs them. */
  public enum Step {
    /** Reading the checkpoint's envelope, or matching its windows' clauses to the ports'. */
    CHECKPOINT,
    /** Restoring the windows' contents (tuples, policy progress, partitions). */
    WINDOWS,
    /** A registered {@code StateHandler}'s {@code reset}, reading the data it saved. */
    STATE_HANDLERS
  }

  private final Step step;

  /**
   * Creates the exception.
   *
   * @param step the step that failed
   * @param cause what it failed with
   */
  public RestoreFailedException(Step step, Exception cause) {
    super("Restoring a checkpoint failed at " + step + ": " + cause, cause);
    this.step = step;
  }

  /** The step that failed. */
  public Step step() {
    return step;
  }

  /** What the step failed with. */
  @Override
  public synchronized Exception getCause() {
    return (Exception) super.getCause();
  }
}
