package io.streamswindow.conformance;

import java.util.Map;

/**
 * A command step of a scenario, {@code "verb [argument]"}.
 *
 * <ul>
 *   <li>{@code advance <seconds>}: moves the manual clock forward ({@code 1e-9} is one nanosecond)
 *   <li>{@code watermark <seconds>}: moves the watermark (event time) to that many seconds since
 *       the epoch, exact to the nanosecond ({@code 10.000000001})
 *   <li>{@code punct WINDOW_MARKER} / {@code punct FINAL_MARKER}: submits a punctuation mark
 *   <li>{@code checkpoint <name>}, {@code reset <name>}, {@code resetToInitialState}, {@code
 *       drain}: the harness's state controls
 *   <li>{@code evictPartition <key>}: {@code StreamWindow.evictPartition} from outside a listener
 *   <li>{@code partitions}: prints {@code partitions [keys sorted by name]}
 *   <li>{@code partitionOrder}: prints {@code partitionOrder [keys as getPartitions() orders them]}
 *   <li>{@code needsPartitionEviction}: prints {@code needsPartitionEviction true|false}
 *   <li>{@code describe}: prints {@code window TYPE eviction=POLICY trigger=POLICY partitioned=B}
 *   <li>{@code flags <key>}: prints a stateful listener's bookkeeping for a partition
 *   <li>{@code dropped}: prints {@code dropped N}, the tuples a timeInterval window dropped
 *   <li>{@code nonFinite}: prints {@code nonFinite N}, the NaN and infinite values the window's
 *       delta policies read
 * </ul>
 *
 * @param verb the command's first word
 * @param argument the rest, or the empty string
 */
public record ScenarioCommand(String verb, String argument) {
  /** Each verb and whether it takes an argument. */
  private static final Map<String, Boolean> VERBS =
      Map.ofEntries(
          Map.entry("advance", true),
          Map.entry("watermark", true),
          Map.entry("punct", true),
          Map.entry("checkpoint", true),
          Map.entry("reset", true),
          Map.entry("resetToInitialState", false),
          Map.entry("drain", false),
          Map.entry("evictPartition", true),
          Map.entry("partitions", false),
          Map.entry("partitionOrder", false),
          Map.entry("needsPartitionEviction", false),
          Map.entry("describe", false),
          Map.entry("flags", true),
          Map.entry("dropped", false),
          Map.entry("nonFinite", false));

  /**
   * The argument of {@code watermark}: seconds since the epoch, exact to the nanosecond, as
   * nanoseconds.
   *
   * @throws ScenarioFormatException when it is not a number or is finer than a nanosecond
   */
  public static long watermarkNanos(String seconds) {
    try {
      return new java.math.BigDecimal(seconds).movePointRight(9).longValueExact();
    } catch (ArithmeticException | NumberFormatException e) {
      throw new ScenarioFormatException(
          "watermark \"" + seconds + "\": seconds since the epoch, at most nine decimals");
    }
  }

  public static ScenarioCommand parse(String text) {
    String trimmed = text.trim();
    int space = trimmed.indexOf(' ');
    String verb = space < 0 ? trimmed : trimmed.substring(0, space);
    String argument = space < 0 ? "" : trimmed.substring(space + 1).trim();
    Boolean takesArgument = VERBS.get(verb);
    if (takesArgument == null) {
      throw new ScenarioFormatException(
          "unknown command \"" + text + "\"; the commands are " + VERBS.keySet());
    }
    if (takesArgument == argument.isEmpty()) {
      throw new ScenarioFormatException(
          "command \""
              + text
              + "\" "
              + (takesArgument ? "needs an argument" : "takes no argument"));
    }
    return new ScenarioCommand(verb, argument);
  }
}
