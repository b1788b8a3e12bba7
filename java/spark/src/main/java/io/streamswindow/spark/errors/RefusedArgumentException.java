package io.streamswindow.spark.errors;

import io.streamswindow.clause.WindowClauseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * A bad argument of one of streams-window's entry points (an unknown operator class, a bad window
 * clause or output schema, an unknown parameter...): the {@link IllegalArgumentException} that
 * refused it (its cause) with the same message, as a {@link StreamsWindowThrowable} whose
 * parameters hold what the Python facade reads on both session kinds: {@code javaClass} (the
 * refusal's class) and, for a window clause, {@code clause}, {@code token} and {@code position}
 * (docs/architecture.md, "Errors"). Every public entry point the facade calls throws it in place of
 * a plain {@code IllegalArgumentException}, which it still is. Example:
 *
 * <pre>{@code
 * return RefusedArgumentException.refusing(() -> build(...));
 * // a WindowClauseException inside becomes condition STREAMS_WINDOW_REFUSED_ARGUMENT,
 * // parameters {javaClass=io.streamswindow.clause.WindowClauseException, token=cnt, ...}
 * }</pre>
 */
public final class RefusedArgumentException extends IllegalArgumentException
    implements StreamsWindowThrowable {
  private static final long serialVersionUID = 1L;

  /** The condition of every such exception. */
  public static final String CONDITION = "STREAMS_WINDOW_REFUSED_ARGUMENT";

  private final Map<String, String> parameters;

  /** Wraps {@code refused}, keeping its message. */
  public RefusedArgumentException(IllegalArgumentException refused) {
    super(refused.getMessage(), refused);
    Map<String, String> found = new LinkedHashMap<>();
    found.put("javaClass", refused.getClass().getName());
    if (refused instanceof WindowClauseException clause) {
      found.put("clause", clause.getClause());
      found.put("token", clause.getToken());
      found.put("position", String.valueOf(clause.getPosition()));
    } else if (refused instanceof io.streamswindow.expression.SplExpressionException expression) {
      found.put("expression", expression.expression());
      found.put("position", String.valueOf(expression.position()));
    }
    this.parameters = Map.copyOf(found);
  }

  /**
   * What {@code entry} returns, a bad argument it refuses thrown as a {@code
   * RefusedArgumentException} (one already refused passes as it is).
   */
  public static <T> T refusing(Supplier<T> entry) {
    try {
      return entry.get();
    } catch (RefusedArgumentException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new RefusedArgumentException(e);
    }
  }

  /** As {@link #refusing(Supplier)}, for an entry point that throws checked exceptions. */
  public static <T> T refusingChecked(Callable<T> entry) throws Exception {
    try {
      return entry.call();
    } catch (RefusedArgumentException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new RefusedArgumentException(e);
    }
  }

  @Override
  public String getCondition() {
    return CONDITION;
  }

  @Override
  public Map<String, String> getMessageParameters() {
    return parameters;
  }
}
