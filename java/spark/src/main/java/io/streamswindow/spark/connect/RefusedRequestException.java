package io.streamswindow.spark.connect;

import io.streamswindow.clause.WindowClauseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.SparkThrowable;

/**
 * A bad argument of a Connect request, as the Connect client receives it: the entry point's {@link
 * IllegalArgumentException} (its cause) with the same message, plus what the Py4J path reads from
 * it with getters, as {@link SparkThrowable} message parameters, which Spark Connect sends to the
 * client: {@code javaClass} (the class of the cause) and, for a window clause, {@code clause},
 * {@code token} and {@code position}. The facade makes the same Python exception of it on both
 * session kinds (docs/connect.md, "Errors"). Example:
 *
 * <pre>{@code
 * throw new RefusedRequestException(clauseException);
 * // condition STREAMS_WINDOW_REFUSED_ARGUMENT, messageParameters {javaClass=..., token=cnt, ...}
 * }</pre>
 */
public final class RefusedRequestException extends IllegalArgumentException
    implements SparkThrowable {
  private static final long serialVersionUID = 1L;

  /** The condition (error class) of every such exception. */
  public static final String CONDITION = "STREAMS_WINDOW_REFUSED_ARGUMENT";

  private final Map<String, String> parameters;

  /** Wraps {@code refused}, keeping its message. */
  public RefusedRequestException(IllegalArgumentException refused) {
    super(refused.getMessage(), refused);
    Map<String, String> found = new LinkedHashMap<>();
    found.put("javaClass", refused.getClass().getName());
    if (refused instanceof WindowClauseException clause) {
      found.put("clause", clause.getClause());
      found.put("token", clause.getToken());
      found.put("position", String.valueOf(clause.getPosition()));
    }
    this.parameters = Map.copyOf(found);
  }

  @Override
  public String getCondition() {
    return CONDITION;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
  }

  /** None: the condition is streams-window's, not one of Spark's SQL states. */
  @Override
  public String getSqlState() {
    return null;
  }
}
