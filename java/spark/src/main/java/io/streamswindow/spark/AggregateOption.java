package io.streamswindow.spark;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The options of {@link Aggregates#aggregate} that set SPL {@code Aggregate}'s own parameters
 * rather than a {@link RunOption}, each keyed as the Python facade's keyword is spelt (one
 * spelling, whichever language calls). Example:
 *
 * <pre>{@code
 * Aggregates.aggregate(quotes, "sliding, count(3)", List.of(), List.of("seq"),
 *     List.of("total=Sum(price)"), List.of(),
 *     Map.of(AggregateOption.SLIDING_AGGREGATION.key(), "recompute"));
 * }</pre>
 */
public enum AggregateOption {
  /** "true": windows still incomplete at the final mark are aggregated too. */
  AGGREGATE_INCOMPLETE_WINDOWS("aggregate_incomplete_windows", "aggregateIncompleteWindows"),
  /** "true": a partition evicted by its partition eviction policy is aggregated first. */
  AGGREGATE_EVICTED_PARTITIONS("aggregate_evicted_partitions", "aggregateEvictedPartitions"),
  /** How a sliding window is aggregated: "incremental" or "recompute". */
  SLIDING_AGGREGATION("sliding_aggregation", "slidingAggregation", "incremental", "recompute"),
  /** How timeInterval panes are aggregated: "sliced" or "recompute". */
  PANE_AGGREGATION("pane_aggregation", "paneAggregation", "sliced", "recompute");

  private final String key;
  private final String parameter;

  /** The values the option takes; empty for a flag ("true" or "false", any case). */
  private final List<String> choices;

  AggregateOption(String key, String parameter, String... choices) {
    this.key = key;
    this.parameter = parameter;
    this.choices = List.of(choices);
  }

  /** The option's key in an options map. */
  public String key() {
    return key;
  }

  /** The {@code Aggregate} operator's parameter the option sets. */
  String parameter() {
    return parameter;
  }

  /** Every option's key, in declaration order, for messages. */
  static List<String> keys() {
    return Arrays.stream(values()).map(AggregateOption::key).toList();
  }

  /** The option {@code key} spells, or null for a key that spells none. */
  static AggregateOption find(String key) {
    for (AggregateOption option : values()) {
      if (option.key.equals(key)) {
        return option;
      }
    }
    return null;
  }

  /**
   * The parameter's value for the option's {@code value}: a flag's as "true" or "false", a choice
   * as given.
   *
   * @throws IllegalArgumentException for a value the option does not take, in the facade's words
   */
  String parameterValue(String value) {
    if (choices.isEmpty()) {
      if ("true".equalsIgnoreCase(value) || "false".equalsIgnoreCase(value)) {
        return value.toLowerCase(Locale.ROOT);
      }
      throw new IllegalArgumentException(
          "option "
              + key
              + " must be \"true\" or \"false\", not "
              + EntryPointArguments.quotedJava(value));
    }
    if (!choices.contains(value)) {
      StringJoiner listed = new StringJoiner(", ");
      choices.forEach(choice -> listed.add(EntryPointArguments.quoted(choice)));
      throw new IllegalArgumentException(
          key + " must be one of " + listed + ", not " + EntryPointArguments.quoted(value));
    }
    return value;
  }
}
