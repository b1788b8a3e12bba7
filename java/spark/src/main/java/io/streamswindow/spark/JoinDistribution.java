package io.streamswindow.spark;

import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.engine.WindowSpec;
import java.util.HashSet;
import java.util.List;

/**
 * Where a Join runs on Spark, decided from the plan (docs/semantics.md, "SPL Join", On Spark): by
 * the equality key, one operator instance per key value, when both ports' windows let each key be
 * joined alone, since tuples only match tuples of their own key; else one instance for the whole
 * stream.
 *
 * <p>A port's window lets each key be joined alone when what it holds for one key does not depend
 * on the other keys' tuples: no window (SPL's {@code count(0)}), {@code time} eviction (each tuple
 * leaves at its own age), or a window partitioned by exactly the port's equality attributes (each
 * key its own partition). A {@code count} or {@code delta} window that is not partitioned so holds
 * the last tuples of every key together, and forces one instance.
 *
 * <pre>{@code
 * JoinDistribution d = JoinDistribution.decide(trades, quotes, List.of("ticker"),
 *     List.of("ticker"), List.of("ticker"), List.of());
 * d.keyed();        // true: trades partitioned by ticker, quotes count(0)
 * }</pre>
 *
 * @param keyed whether the join runs by equality key
 * @param reason when it does not, which port's window (or which equality) forces one instance
 */
record JoinDistribution(boolean keyed, String reason) {

  /**
   * Decides the distribution.
   *
   * @param left port 0's window, null for none
   * @param right port 1's window, null for none
   * @param leftKeys port 0's equality attributes; null when an equality expression is not a plain
   *     attribute (the key cannot be a column), empty without equality
   * @param rightKeys port 1's, likewise
   */
  static JoinDistribution decide(
      WindowSpec left,
      WindowSpec right,
      List<String> leftKeys,
      List<String> rightKeys,
      List<String> partitionByLHS,
      List<String> partitionByRHS) {
    if (leftKeys == null || rightKeys == null) {
      return new JoinDistribution(
          false,
          "an equality expression is not an attribute, so the key is no column to distribute"
              + " by");
    }
    if (leftKeys.isEmpty()) {
      return new JoinDistribution(
          false, "the join has no equalityLHS / equalityRHS: every tuple may match every other");
    }
    String forcing = forcing(0, left, leftKeys, partitionByLHS);
    if (forcing == null) {
      forcing = forcing(1, right, rightKeys, partitionByRHS);
    }
    return forcing == null
        ? new JoinDistribution(true, null)
        : new JoinDistribution(false, forcing);
  }

  /** Why port {@code port}'s window cannot be joined key by key; null when it can. */
  private static String forcing(
      int port, WindowSpec window, List<String> keys, List<String> partitionBy) {
    if (window == null || window.eviction().kind() == StreamWindow.Policy.TIME) {
      return null;
    }
    if (window.isPartitioned() && new HashSet<>(partitionBy).equals(new HashSet<>(keys))) {
      return null;
    }
    return "input port "
        + port
        + "'s window \""
        + window
        + "\" holds the latest tuples of every key together"
        + (window.isPartitioned()
            ? " (partitioned by " + partitionBy + ", not by " + keys + ")"
            : "")
        + ", so which tuples it holds for one key depends on the others";
  }
}
