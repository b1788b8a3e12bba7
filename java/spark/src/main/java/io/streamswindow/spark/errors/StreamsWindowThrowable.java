package io.streamswindow.spark.errors;

import java.util.Map;
import org.apache.spark.SparkThrowable;

/**
 * A streams-window exception as Spark carries errors: a condition of ours and named message
 * parameters, which Spark keeps across the trip from an executor to the driver and sends to a Spark
 * Connect client, so that the Python facade tells each kind of failure by its condition on both
 * session kinds, never by its message text or where it was thrown (docs/architecture.md, "Errors").
 * The conditions:
 *
 * <ul>
 *   <li>{@value RefusedArgumentException#CONDITION}: a bad argument of an entry point ({@link
 *       RefusedArgumentException});
 *   <li>{@value WindowedOperatorException#CONDITION}: an operator that failed while Spark ran it
 *       ({@link WindowedOperatorException});
 *   <li>{@value IncompatibleRestartException#CHANGED} and {@value
 *       IncompatibleRestartException#UNREADABLE}: a restart whose definition changed, or whose
 *       operator no longer reads its saved state ({@link IncompatibleRestartException});
 *   <li>{@value CorruptStateException#CONDITION}: saved state that is damaged ({@link
 *       CorruptStateException}).
 * </ul>
 *
 * <pre>{@code
 * catch (SparkException e) {
 *   if (e.getCause() instanceof StreamsWindowThrowable ours) {
 *     ours.getCondition();          // e.g. STREAMS_WINDOW_OPERATOR_FAILED
 *     ours.getMessageParameters();  // e.g. {operator=..., window=..., causeClass=...}
 *   }
 * }
 * }</pre>
 */
public interface StreamsWindowThrowable extends SparkThrowable {
  /** The prefix of every condition of ours. */
  String PREFIX = "STREAMS_WINDOW_";

  /**
   * The condition, one of ours (starting with {@value #PREFIX}). Spark 4 reads it by this name,
   * Spark 3.5 by {@link #getErrorClass()}; declared here without {@code @Override} since Spark
   * 3.5's {@code SparkThrowable} has no such method (docs/decisions.md, "Spark 3.5").
   */
  String getCondition();

  /** The condition under the name Spark 3.5 reads it by: {@link #getCondition()}. */
  @SuppressWarnings("deprecation")
  default String getErrorClass() {
    return getCondition();
  }

  @Override
  Map<String, String> getMessageParameters();

  /** None: the conditions are streams-window's, not among Spark's SQL states. */
  @Override
  default String getSqlState() {
    return null;
  }

  /** The innermost cause of {@code t} (itself when it has none). */
  public static Throwable root(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }
}
