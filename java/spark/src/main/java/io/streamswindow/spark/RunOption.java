package io.streamswindow.spark;

import io.streamswindow.schema.SimilarNames;
import io.streamswindow.spark.plan.OperatorPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The options of the entry points that take them as a map ({@link WindowedOperators#runOperator},
 * {@link Aggregates#aggregate}, {@link SingleInstanceRun#run}), each with the key it is spelled
 * with there, in the Python facade's calls and in the Spark Connect request: the one place the keys
 * are spelled on the JVM. Each option sets one setting of an {@link OperatorRunRequest} ({@link
 * #applyTo}); a key that names none is refused rather than ignored.
 *
 * <pre>{@code
 * Map<String, String> options = Map.of(RunOption.EVENT_TIME.key(), "ts",
 *     RunOption.SPL_TYPE.key() + "amount", "decimal64");   // {event_time=ts, spl_type.amount=decimal64}
 * }</pre>
 */
public enum RunOption {
  /** A boolean column whose true rows are window markers, not tuples. */
  MARKER_COLUMN("marker_column", Value.COLUMN),
  /** "true": each micro-batch (a batch: the whole input) ends with a window marker. */
  BATCH_MARKER("batch_marker", Value.FLAG),
  /** An extra string output column naming the operator's output punctuation marks. */
  PUNCTUATION_COLUMN("punctuation_column", Value.COLUMN),
  /** The event-time column of a timeInterval window. */
  EVENT_TIME("event_time", Value.COLUMN),
  /** "true": the tuples a timeInterval window drops come back in a last column. */
  LATE_OUTPUT("late_output", Value.FLAG),
  /**
   * "true": the result keeps each call's metrics report rows for the caller to observe ({@link
   * OperatorRunRequest.Builder#metricsRows}).
   */
  METRICS_ROWS("metrics_rows", Value.FLAG),
  /**
   * "true": the {@code partition_by} columns key the rows on Spark but are not attributes of the
   * tuples ({@link OperatorRunRequest.Builder#partitionByKeysOnly}).
   */
  PARTITION_BY_KEYS_ONLY(OperatorPlan.KEYS_ONLY_OPTION, Value.FLAG),
  /**
   * "true": a stream's rows reach the operator one by one as they arrive, for Spark's real-time
   * mode ({@link OperatorRunRequest.Builder#realTime}).
   */
  REAL_TIME("real_time", Value.FLAG),
  /** The prefix of a key {@code spl_type.<column>}: the SPL type of an input attribute. */
  SPL_TYPE("spl_type.", Value.PREFIXED),
  /** The prefix of a key {@code output_spl_type.<column>}: the SPL type of an output column. */
  OUTPUT_SPL_TYPE("output_spl_type.", Value.PREFIXED),
  /**
   * The prefix of a key {@code output_schema.<port>}: the schema of output port 1, 2... as a Spark
   * DDL string or a {@code StructType}'s JSON ({@link OperatorRunRequest.Builder#outputPort}).
   */
  OUTPUT_SCHEMA("output_schema.", Value.PREFIXED);

  /** What an option's value is, which says how the entry points check it. */
  enum Value {
    /** A column's name: given and not blank. */
    COLUMN,
    /** "true" or "false", any case. */
    FLAG,
    /** The key is a prefix followed by a column's name or a port number; checked where read. */
    PREFIXED
  }

  private final String key;
  private final boolean prefix;
  private final Value value;

  RunOption(String key, Value value) {
    this.key = key;
    this.prefix = value == Value.PREFIXED;
    this.value = value;
  }

  /** What the option's value is. */
  Value value() {
    return value;
  }

  /** The option's key; for the SPL types, the prefix the column's name follows. */
  public String key() {
    return key;
  }

  /** Whether {@link #key()} is a prefix, followed by a column's name. */
  public boolean isPrefix() {
    return prefix;
  }

  /** The keys of the options that are not prefixes, in declaration order, for messages. */
  private static List<String> plainKeys() {
    List<String> keys = new ArrayList<>();
    for (RunOption option : values()) {
      if (!option.prefix) {
        keys.add(option.key);
      }
    }
    return keys;
  }

  /** The option {@code key} spells, or null when it spells none. */
  static RunOption find(String key) {
    for (RunOption option : values()) {
      if (option.prefix ? key.startsWith(option.key) : key.equals(option.key)) {
        return option;
      }
    }
    return null;
  }

  /**
   * The option {@code key} spells.
   *
   * @throws IllegalArgumentException for a key that spells none: a misspelt key would otherwise be
   *     ignored without a word (a column's SPL type left at the default, a marker column unused)
   */
  static RunOption of(String key) {
    return of(key, List.of());
  }

  /**
   * The option {@code key} spells, where the caller also takes {@code otherKeys}, which a refusal
   * names beside the options.
   *
   * @throws IllegalArgumentException for a key that spells none
   */
  static RunOption of(String key, List<String> otherKeys) {
    RunOption found = find(key);
    if (found != null) {
      return found;
    }
    List<String> plain = new ArrayList<>(plainKeys());
    plain.addAll(otherKeys);
    throw new IllegalArgumentException(
        "Unknown option '"
            + key
            + "'"
            + SimilarNames.hint(key, plain)
            + "; the options are "
            + plain
            + ", and "
            + SPL_TYPE.key
            + "<column> or "
            + OUTPUT_SPL_TYPE.key
            + "<column> for the SPL type of a column, "
            + OUTPUT_SCHEMA.key
            + "<port> for the schema of an output port beyond 0");
  }

  /**
   * Sets the setting of {@code request} that the map entry {@code key = value} gives; a flag is set
   * by "true" (any case), any other value leaves it unset.
   *
   * @throws IllegalArgumentException for a key that names no option
   */
  static void applyTo(OperatorRunRequest.Builder request, String key, String value) {
    RunOption option = of(key);
    switch (option) {
      case MARKER_COLUMN -> request.markerColumn(value);
      case BATCH_MARKER -> request.batchMarker(Boolean.parseBoolean(value));
      case PUNCTUATION_COLUMN -> request.punctuationColumn(value);
      case EVENT_TIME -> request.eventTime(value);
      case LATE_OUTPUT -> request.lateOutput(Boolean.parseBoolean(value));
      case METRICS_ROWS -> request.metricsRows(Boolean.parseBoolean(value));
      case PARTITION_BY_KEYS_ONLY -> request.partitionByKeysOnly(Boolean.parseBoolean(value));
      case REAL_TIME -> request.realTime(Boolean.parseBoolean(value));
      case SPL_TYPE -> request.splType(key.substring(option.key.length()), value);
      case OUTPUT_SPL_TYPE -> request.outputSplType(key.substring(option.key.length()), value);
      case OUTPUT_SCHEMA -> request.outputPort(portNumber(key), value);
    }
  }

  /** The port number an {@code output_schema.<port>} key ends with. */
  private static int portNumber(String key) {
    String number = key.substring(OUTPUT_SCHEMA.key.length());
    try {
      return Integer.parseInt(number);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Option '" + key + "': " + OUTPUT_SCHEMA.key + " is followed by a port number, 1 or more",
          e);
    }
  }

  /** Sets every option of {@code options} (null: none) on {@code request}, in the map's order. */
  static void applyAll(OperatorRunRequest.Builder request, Map<String, String> options) {
    if (options != null) {
      options.forEach((key, value) -> applyTo(request, key, value));
    }
  }
}
