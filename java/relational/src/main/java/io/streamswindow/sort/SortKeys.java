package io.streamswindow.sort;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplValueOrder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The {@link Sort} operator's keys: its {@code sortBy} SPL expressions, compiled against the input
 * schema, each with its {@link SortOrder}, compared one after the other as SPL's Sort does (the
 * first that differs decides).
 *
 * <p>Values compare as SPL's {@code <} does ({@link SplValueOrder}), but for floats, where a
 * negative and a positive zero tie, as they do under {@code <}, and NaN, which SPL leaves
 * unordered, sorts after every number in ascending order (docs/decisions.md, "SPL Sort").
 *
 * <pre>{@code
 * SortKeys keys = SortKeys.compile(schema, List.of("(float64)salary / (float64)age"), List.of());
 * Object[] k = keys.keysOf(tuple);   // evaluated once per tuple
 * keys.compare(k, other);            // < 0: k's tuple comes first
 * }</pre>
 */
final class SortKeys {
  private final SplExpression[] expressions;
  private final Comparator<Object>[] orders;

  private SortKeys(SplExpression[] expressions, Comparator<Object>[] orders) {
    this.expressions = expressions;
    this.orders = orders;
  }

  /**
   * Compiles {@code sortBy} against {@code input}.
   *
   * @param order one order for every expression, or one per expression; empty: ascending
   * @throws IllegalArgumentException for an expression SPL refuses, one whose type has no order, or
   *     an order list of another length
   */
  @SuppressWarnings("unchecked")
  static SortKeys compile(StreamSchema input, List<String> sortBy, List<String> order) {
    if (sortBy.isEmpty()) {
      throw new IllegalArgumentException(
          "sortBy is missing: give at least one SPL expression to sort by, e.g. sortBy: price");
    }
    if (order.size() > 1 && order.size() != sortBy.size()) {
      throw new IllegalArgumentException(
          "order has "
              + order.size()
              + " values for "
              + sortBy.size()
              + " sortBy expressions: give one order for all of them, or one per expression");
    }
    List<SortOrder> orders = new ArrayList<>();
    for (String literal : order) {
      orders.add(SortOrder.parse(literal));
    }
    ExpressionScope scope = ExpressionScope.of(SplSchema.from(input));
    SplExpression[] compiled = new SplExpression[sortBy.size()];
    Comparator<Object>[] comparators = new Comparator[sortBy.size()];
    for (int i = 0; i < compiled.length; i++) {
      String text = sortBy.get(i);
      compiled[i] = SplExpression.compile(text, scope);
      MetaType type = compiled[i].type().getMetaType();
      if (!SplValueOrder.isOrdered(type)) {
        throw new IllegalArgumentException(
            "sortBy \""
                + text
                + "\" is "
                + compiled[i].type().getLanguageType()
                + ", which has no order: sort by a number, string, timestamp or boolean");
      }
      SortOrder direction =
          orders.isEmpty()
              ? SortOrder.ASCENDING
              : orders.size() == 1 ? orders.get(0) : orders.get(i);
      Comparator<Object> ascending = valueOrder(type);
      comparators[i] = direction == SortOrder.ASCENDING ? ascending : ascending.reversed();
    }
    return new SortKeys(compiled, comparators);
  }

  /** The values of the keys for {@code tuple}, in {@code sortBy} order. */
  Object[] keysOf(Tuple tuple) {
    Object[] keys = new Object[expressions.length];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = expressions[i].evaluate(tuple);
    }
    return keys;
  }

  /** Negative when keys {@code a} sort before {@code b}, zero when they tie. */
  int compare(Object[] a, Object[] b) {
    for (int i = 0; i < orders.length; i++) {
      int c = orders[i].compare(a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static Comparator<Object> valueOrder(MetaType type) {
    if (type == MetaType.FLOAT64 || type == MetaType.FLOAT32) {
      return (a, b) -> compareFloats(((Number) a).doubleValue(), ((Number) b).doubleValue());
    }
    return SplValueOrder.of(type);
  }

  /** {@code <} of IEEE numbers, made total: zeros tie, NaN after every number, NaNs tie. */
  static int compareFloats(double a, double b) {
    if (a < b) {
      return -1;
    }
    if (a > b) {
      return 1;
    }
    boolean aNaN = Double.isNaN(a);
    boolean bNaN = Double.isNaN(b);
    return aNaN == bNaN ? 0 : aNaN ? 1 : -1;
  }
}
