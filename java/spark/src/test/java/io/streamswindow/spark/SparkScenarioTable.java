package io.streamswindow.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.conformance.Scenario;
import io.streamswindow.conformance.ScenarioCommand;
import io.streamswindow.conformance.ScenarioStep;
import io.streamswindow.engine.PartitionEvictionSpec;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which conformance scenarios run through the Spark path, in one table: every scenario under {@code
 * tests/scenarios} is either {@link Kind#RUN run} by {@link SparkScenarioRunner} (and must hold),
 * {@link Kind#NOT_APPLICABLE not applicable} for one of a few {@link Reason reasons} that Spark's
 * design gives (docs/architecture.md), or a {@link Kind#KNOWN_DIFFERENCE known difference}: a
 * scenario that should hold on Spark and does not, with the step where it parts.
 *
 * <p>{@link SparkScenarioConformanceTest} keeps it honest: a new scenario must be added here; a
 * scenario marked not applicable must show its reason (each reason is checked against the file); a
 * scenario to run must show none; a known difference must still differ at its step.
 */
final class SparkScenarioTable {
  private SparkScenarioTable() {}

  enum Kind {
    RUN,
    NOT_APPLICABLE,
    KNOWN_DIFFERENCE
  }

  /** Why a scenario cannot hold on the Spark path by design. Each checks that it applies. */
  enum Reason {
    HARNESS_DECLARATION(
        "declared through IBM's harness (builder calls in \"declare\", or the harness's delta eviction mode);"
            + " run_operator takes an SPL clause and offers neither",
        s -> !s.declare().isEmpty() || s.deltaMode() != null),
    HARNESS_COMMAND(
        "uses a command that looks into or changes a live window between micro-batches (evictPartition,"
            + " partitions, partitionOrder, needsPartitionEviction, describe, flags, resetToInitialState, dropped, nonFinite);"
            + " on Spark a key's operator instance lives only during its calls",
        s -> s.steps().stream().anyMatch(step -> HARNESS_COMMANDS.contains(verb(step)))),
    PARTITIONS_ACROSS_KEYS(
        "partitionCount or tupleCount, or a listener that evicts other partitions: they count or choose among"
            + " all of the window's partitions, while each Spark key's instance holds its own partition only",
        s ->
            s.listener().evictPartitionsDuringInsertion()
                || clause(s) != null
                    && clause(s).partitionEviction() != null
                    && clause(s).partitionEviction().kind()
                        != PartitionEvictionSpec.Kind.PARTITION_AGE),
    PER_KEY_OPERATOR(
        "expects operator calls that belong to no partition: a StateHandler's (every key's instance drains and"
            + " checkpoints at the end of each micro-batch on Spark), or a mark before any partition exists (no key"
            + " has an instance to receive it)",
        s -> s.listener().traceStateHandler() || markBeforeFirstTuple(s)),
    TIME_PRECISION(
        "needs time finer than Spark's: batch times and watermarks are milliseconds (an advance of 1e-9, a"
            + " watermark of 9.999999999), timestamps microseconds",
        SparkScenarioTable::finerThanSpark),
    FINAL_IN_STREAM(
        "a final marker after time passes, a checkpoint or a reset: only a batch DataFrame ends with a final"
            + " marker, and a batch DataFrame is one micro-batch at one instant",
        SparkScenarioTable::finalMarkerInStream),
    PANES_ACROSS_KEYS(
        "a partition's first tuple for an event-time pane that another partition's tuples made complete: on"
            + " IBM's runtime a pane completes once for all the window's partitions, so the newcomer gets no"
            + " INITIAL_FULL and a late trigger; each Spark key's instance holds its own panes, where the pane is"
            + " new and completes at the next watermark",
        SparkScenarioTable::paneCompletedByAnotherPartition),
    PANE_INDEX_ACROSS_KEYS(
        "a trigger index that counts a pane's triggers of other partitions: on IBM's runtime the index is the"
            + " pane's, shared by all its partitions; each Spark key's instance holds its own panes, whose index"
            + " counts that key's triggers only",
        SparkScenarioTable::paneIndexCountsOtherPartitions),
    WINDOW_STARTS_WITH_KEY(
        "time acts on a window that is not partitioned before its first tuple: on Spark a key's window starts in"
            + " the key's first micro-batch, which its first row makes",
        SparkScenarioTable::timeBeforeFirstTuple),
    MARKS_BEYOND_PORT_0(
        "a window marker on an input port beyond 0: run_operator's marker_column is port 0's, and the rows of"
            + " the other ports are tuples only",
        SparkScenarioTable::windowMarkerBeyondPortZero),
    FINAL_PER_PORT(
        "a final marker on one input port while the others go on, or the ports' final markers in another"
            + " order: a batch DataFrame's call ends with a final marker on every port at once, port 0's first",
        s ->
            s.inputPorts() > 1
                && hasFinalMarker(s)
                && !SparkScenarioRunner.endsWithFinalOnEveryPort(s)),
    ORDER_ACROSS_PORTS(
        "a key's tuples of several input ports submitted in another order than a batch DataFrame's call hands"
            + " them on: by order_by across the ports, ties to the lower port, then input order; without"
            + " order_by, port 0's tuples first, then port 1's (docs/python.md, \"Several input ports\")",
        SparkScenarioTable::submittedOutOfPortOrder);

    final String description;
    private final Predicate<Scenario> applies;

    Reason(String description, Predicate<Scenario> applies) {
      this.description = description;
      this.applies = applies;
    }

    /** The reasons that apply to {@code scenario}; empty for a scenario the Spark path can run. */
    static Set<Reason> applicableTo(Scenario scenario) {
      Set<Reason> reasons = EnumSet.noneOf(Reason.class);
      for (Reason reason : values()) {
        if (reason.applies.test(scenario)) {
          reasons.add(reason);
        }
      }
      return reasons;
    }
  }

  /**
   * A scenario's classification.
   *
   * @param reason why it is not applicable, or null
   * @param where for a known difference, the step (as the runner names it) where Spark parts
   * @param difference for a known difference, what differs and why
   */
  record Entry(Kind kind, Reason reason, String where, String difference) {}

  private static final Set<String> HARNESS_COMMANDS =
      Set.of(
          "evictPartition",
          "partitions",
          "partitionOrder",
          "needsPartitionEviction",
          "describe",
          "flags",
          "resetToInitialState",
          "dropped",
          "nonFinite");

  static final Map<String, Entry> ENTRIES = entries();

  private static Map<String, Entry> entries() {
    Map<String, Entry> t = new LinkedHashMap<>();
    // ---- checkpoint
    run(t, "checkpoint/delta-boundary-restored");
    run(t, "checkpoint/delta-nan-and-infinity-restored");
    na(t, "checkpoint/drain-delivers-nothing-new", Reason.TIME_PRECISION);
    na(t, "checkpoint/partition-order-restored", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "checkpoint/partitions-restored", Reason.HARNESS_COMMAND);
    na(t, "checkpoint/reset-to-initial-state-sliding", Reason.HARNESS_COMMAND);
    na(t, "checkpoint/reset-to-initial-state", Reason.HARNESS_COMMAND);
    run(t, "checkpoint/reset-twice-from-same-checkpoint");
    na(t, "checkpoint/seed004-sliding-time-expired-on-reset", Reason.TIME_PRECISION);
    na(t, "checkpoint/seed004-tumbling-time-overdue", Reason.WINDOW_STARTS_WITH_KEY);
    na(t, "checkpoint/sliding-time-restored-keeps-age", Reason.TIME_PRECISION);
    na(t, "checkpoint/state-handler-after-window", Reason.PER_KEY_OPERATOR);
    run(t, "checkpoint/trigger-count-restored");
    na(t, "checkpoint/tumbling-time-resumes-from-recorded-tumble", Reason.WINDOW_STARTS_WITH_KEY);
    // ---- declaration: clause errors come out of the group's first call; harness ones do not apply
    run(t, "declaration/count-zero-clause");
    na(t, "declaration/count-zero-sliding-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/count-zero-trigger-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/count-zero-tumbling-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/delta-double-on-int32-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/delta-integer-on-float64-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/delta-long-on-int64-harness", Reason.HARNESS_DECLARATION);
    run(t, "declaration/delta-on-string-attribute-clause");
    na(t, "declaration/delta-on-string-attribute-harness", Reason.HARNESS_DECLARATION);
    run(t, "declaration/delta-unknown-attribute");
    na(t, "declaration/describe-partitioned-sliding", Reason.HARNESS_COMMAND);
    na(t, "declaration/describe-tumbling-punct", Reason.HARNESS_COMMAND);
    na(t, "declaration/negative-count-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/negative-time-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/no-eviction-policy-harness", Reason.HARNESS_DECLARATION);
    run(t, "declaration/partition-eviction-unpartitioned-clause");
    na(t, "declaration/partition-eviction-unpartitioned-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/partitioned-before-window-type-harness", Reason.HARNESS_DECLARATION);
    run(t, "declaration/partitioner-on-unpartitioned-window");
    run(t, "declaration/partitioner-unknown-attribute");
    run(t, "declaration/partitioner-unsupported-type");
    na(t, "declaration/policy-before-window-type-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/restart-declaration-harness", Reason.HARNESS_DECLARATION);
    run(t, "declaration/sliding-punct-eviction-clause");
    na(t, "declaration/sliding-punct-eviction-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/sliding-without-eviction-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/sliding-without-trigger-harness", Reason.HARNESS_DECLARATION);
    na(t, "declaration/time-unit-overloads-harness", Reason.HARNESS_DECLARATION);
    run(t, "declaration/trigger-on-tumbling-clause");
    na(t, "declaration/trigger-on-tumbling-harness", Reason.HARNESS_DECLARATION);
    // ---- delta
    run(t, "delta/float32-trigger-boundary-in-float");
    run(t, "delta/float32-tumbling-rounds-in-float");
    run(t, "delta/float64-rounding-as-ibm");
    na(t, "delta/harness-timestamp-delta-as-double", Reason.HARNESS_DECLARATION);
    na(t, "delta/harness-timestamp-delta-as-timestamp", Reason.HARNESS_DECLARATION);
    na(t, "delta/non-finite-values-counted", Reason.HARNESS_COMMAND);
    run(t, "delta/sliding-infinities");
    run(t, "delta/sliding-nan-arrives-and-leaves");
    na(t, "delta/sliding-nan-oldest-first", Reason.HARNESS_DECLARATION);
    na(t, "delta/sliding-positive-infinity-oldest-first-grows", Reason.HARNESS_DECLARATION);
    run(t, "delta/sliding-timestamp-event-time");
    run(t, "delta/trigger-first-value-nan-never-triggers");
    run(t, "delta/trigger-first-value-negative-infinity");
    run(t, "delta/trigger-nan-and-infinity-later");
    run(t, "delta/trigger-timestamp-every-second");
    run(t, "delta/tumbling-infinities");
    run(t, "delta/tumbling-int32-attribute");
    run(t, "delta/tumbling-nan");
    na(t, "delta/tumbling-timestamp-seconds", Reason.TIME_PRECISION);
    // ---- listener
    na(t, "listener/events-before-process", Reason.PARTITIONS_ACROSS_KEYS);
    run(t, "listener/iterator-remove-sliding");
    run(t, "listener/iterator-remove-tumbling");
    // ---- partitions
    na(t, "partitions/evict-partition-fresh-initial-full", Reason.HARNESS_COMMAND);
    na(t, "partitions/evict-partition-not-partitioned", Reason.HARNESS_COMMAND);
    na(t, "partitions/evict-partition", Reason.HARNESS_COMMAND);
    na(t, "partitions/evicted-partition-timers-stop", Reason.HARNESS_COMMAND);
    na(t, "partitions/listener-eviction-spares-empty-partitions", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/listener-evicts-during-insertion", Reason.PARTITIONS_ACROSS_KEYS);
    run(t, "partitions/multi-attribute-partitioner");
    na(t, "partitions/partition-age", Reason.HARNESS_COMMAND);
    na(t, "partitions/partition-count-after-all-events", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/partition-count-empty-behind-non-empty-stays", Reason.PARTITIONS_ACROSS_KEYS);
    na(
        t,
        "partitions/partition-count-evicts-the-empty-partitions-at-the-old-end",
        Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/partition-count-evicts-own-emptied-partition", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/partition-count-least-recent", Reason.PARTITIONS_ACROSS_KEYS);
    na(
        t,
        "partitions/partition-count-punct-evicts-every-empty-partition",
        Reason.PARTITIONS_ACROSS_KEYS);
    na(
        t,
        "partitions/stateful-partition-count-evicts-emptied-partitions",
        Reason.PARTITIONS_ACROSS_KEYS);
    na(
        t,
        "partitions/stateful-tuple-count-punct-evicts-empty-partition",
        Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/tuple-count-empty-behind-non-empty-stays", Reason.PARTITIONS_ACROSS_KEYS);
    na(
        t,
        "partitions/tuple-count-evicts-empty-partitions-after-a-listener",
        Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/tuple-count-own-tumble-evicts-nothing", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/tuple-count-punct-empty-then-least-recent", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/tuple-count-several-partitions", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/tuple-count-tumbled-partition-evicted-empty", Reason.PARTITIONS_ACROSS_KEYS);
    na(t, "partitions/tuple-count", Reason.PARTITIONS_ACROSS_KEYS);
    // ---- ports: several input ports
    run(t, "ports/batch-port-0-first-without-order-by");
    na(t, "ports/final-marker-finalizes-its-port-only", Reason.FINAL_PER_PORT);
    run(t, "ports/interleaved-across-micro-batches");
    na(t, "ports/interleaved-in-submission-order", Reason.ORDER_ACROSS_PORTS);
    run(t, "ports/order-by-across-ports-ties-to-port-0");
    na(t, "ports/output-final-after-every-port", Reason.FINAL_PER_PORT);
    run(t, "ports/partitioned-final-on-every-port");
    run(t, "ports/partitioned-two-ports-same-key");
    run(t, "ports/time-window-on-port-1-beside-count");
    run(t, "ports/time-windows-on-two-ports-fire-in-time-order");
    run(t, "ports/unwindowed-port-beside-partitioned");
    run(t, "ports/window-marker-on-port-0-spares-port-1");
    na(t, "ports/window-marker-per-port", Reason.MARKS_BEYOND_PORT_0);
    run(t, "ports/windows-are-per-port");
    // ---- sliding
    na(t, "sliding/clause-without-trigger-means-count1", Reason.HARNESS_COMMAND);
    run(t, "sliding/count-initial-full-without-trigger");
    run(t, "sliding/count-per-partition");
    run(t, "sliding/count-trigger-every-mth");
    run(t, "sliding/count-trigger-per-partition");
    run(t, "sliding/delta-eviction-and-delta-trigger-order");
    na(t, "sliding/delta-oldest-first-agrees-in-order", Reason.HARNESS_DECLARATION);
    na(t, "sliding/delta-out-of-order-oldest-first-mode", Reason.HARNESS_DECLARATION);
    run(t, "sliding/delta-trigger-per-partition");
    run(t, "sliding/delta-trigger-window-before-t");
    na(t, "sliding/final-marker-after-time-eviction", Reason.FINAL_IN_STREAM);
    run(t, "sliding/final-marker");
    run(t, "sliding/seed001-count3-abcde");
    run(t, "sliding/seed001-delta-in-order");
    run(t, "sliding/seed001-delta-out-of-order");
    na(t, "sliding/seed001-time5-walkthrough", Reason.TIME_PRECISION);
    na(t, "sliding/time-eviction-before-trigger-same-instant", Reason.TIME_PRECISION);
    na(t, "sliding/time-eviction-initial-full-per-partition", Reason.TIME_PRECISION);
    run(t, "sliding/time-trigger-exactly-T-still-shows");
    na(t, "sliding/time-trigger-from-window-start", Reason.WINDOW_STARTS_WITH_KEY);
    run(t, "sliding/time-trigger-per-partition");
    run(t, "sliding/time-triggers-between-far-apart-calls");
    run(t, "sliding/window-marker-ignored");
    // ---- sort: a SortedTupleWindow listener
    run(t, "sort/default-attributes-skip-rstring");
    run(t, "sort/no-comparable-attribute-every-tuple-ties");
    run(t, "sort/sliding-eviction-removes-the-evicted-tuple");
    run(t, "sort/ties-at-binary-search-index");
    // ---- stateful
    na(t, "stateful/checkpoint-restores-state-and-marks", Reason.HARNESS_COMMAND);
    na(t, "stateful/partition-eviction-drops-state", Reason.HARNESS_COMMAND);
    na(t, "stateful/partition-eviction-resets-initial-full", Reason.HARNESS_COMMAND);
    na(t, "stateful/reset-to-initial-state-clears", Reason.HARNESS_COMMAND);
    na(t, "stateful/sliding-bookkeeping", Reason.HARNESS_COMMAND);
    na(t, "stateful/tumbling-bookkeeping", Reason.HARNESS_COMMAND);
    // ---- timeinterval
    run(t, "timeinterval/checkpoint-between-complete-and-late");
    run(t, "timeinterval/checkpoint-keeps-pending-late-trigger");
    run(t, "timeinterval/checkpoint-reset-mid-pane");
    run(t, "timeinterval/reset-restores-watermark");
    na(t, "timeinterval/closed-pane-drops-late-tuples", Reason.HARNESS_COMMAND);
    na(t, "timeinterval/complete-when-watermark-reaches-end", Reason.TIME_PRECISION);
    na(t, "timeinterval/defaults-tile-the-time-line", Reason.TIME_PRECISION);
    na(t, "timeinterval/describe-sliding-time", Reason.HARNESS_COMMAND);
    run(t, "timeinterval/error-discard-age-negative");
    run(t, "timeinterval/error-duration-negative");
    run(t, "timeinterval/error-duration-zero");
    run(t, "timeinterval/error-event-time-missing");
    run(t, "timeinterval/error-event-time-not-a-time");
    run(t, "timeinterval/error-missing-duration");
    run(t, "timeinterval/error-offset-equals-duration");
    run(t, "timeinterval/error-offset-negative");
    run(t, "timeinterval/error-option-on-tumbling");
    run(t, "timeinterval/error-partition-eviction-mixed-in");
    run(t, "timeinterval/error-period-zero");
    run(t, "timeinterval/error-policy-mixed-in");
    run(t, "timeinterval/error-repeated-option");
    run(t, "timeinterval/drop-before-watermark-minus-discard-age");
    na(
        t,
        "timeinterval/drop-point-keeps-tuples-at-watermark-minus-discard-age",
        Reason.HARNESS_COMMAND);
    na(t, "timeinterval/evict-partition-every-pane", Reason.HARNESS_COMMAND);
    na(t, "timeinterval/final-marker-delivers-open-panes", Reason.FINAL_IN_STREAM);
    run(t, "timeinterval/float64-event-time-seconds");
    run(t, "timeinterval/gap-empty-panes-never-trigger");
    na(t, "timeinterval/late-only-updated-partitions-retrigger", Reason.PANE_INDEX_ACROSS_KEYS);
    na(t, "timeinterval/late-partition-first-trigger-is-late", Reason.PANES_ACROSS_KEYS);
    run(t, "timeinterval/late-retrigger-skips-partitions-without-new-tuples");
    run(t, "timeinterval/late-trigger-before-close-in-one-jump");
    run(t, "timeinterval/late-tuple-retriggers-on-next-watermark");
    na(t, "timeinterval/offset-shifts-panes", Reason.TIME_PRECISION);
    run(t, "timeinterval/offset-with-creation-period");
    run(t, "timeinterval/pane-created-after-its-end");
    na(t, "timeinterval/reset-to-initial-state", Reason.HARNESS_COMMAND);
    na(t, "timeinterval/seed003-discard-age-late-then-closed", Reason.HARNESS_COMMAND);
    run(t, "timeinterval/seed003-partitioned-panes");
    na(t, "timeinterval/seed003-t0-closed-left", Reason.TIME_PRECISION);
    run(t, "timeinterval/seed003-t10-not-in-first-pane");
    na(t, "timeinterval/seed003-t7-in-two-panes", Reason.TIME_PRECISION);
    na(t, "timeinterval/seed003-walkthrough", Reason.HARNESS_COMMAND);
    run(t, "timeinterval/watermark-backwards-does-nothing");
    run(t, "timeinterval/window-marker-ignored");
    // ---- tumbling
    run(t, "tumbling/delta-exactly-d-does-not-tumble");
    run(t, "tumbling/delta-falling-values-never-tumble");
    run(t, "tumbling/delta-per-partition");
    run(t, "tumbling/final-marker-count");
    run(t, "tumbling/final-marker-partitioned");
    na(t, "tumbling/punct-partitioned-every-partition", Reason.PER_KEY_OPERATOR);
    run(t, "tumbling/punct-tumbles-on-window-marker");
    run(t, "tumbling/seed000-count4-abcd");
    run(t, "tumbling/seed000-delta-oldest-only");
    run(t, "tumbling/seed000-delta-tumbles");
    na(t, "tumbling/seed004-partitioned-count3-customers", Reason.HARNESS_COMMAND);
    na(t, "tumbling/time-partitioned-from-creation", Reason.HARNESS_COMMAND);
    na(t, "tumbling/time-tumbles-every-period", Reason.WINDOW_STARTS_WITH_KEY);
    run(t, "tumbling/time-tumbles-between-far-apart-calls");
    run(t, "tumbling/window-marker-ignored-by-count");
    run(t, "tumbling/window-marker-ignored-by-time");
    return t;
  }

  private static void run(Map<String, Entry> table, String id) {
    put(table, id, new Entry(Kind.RUN, null, null, null));
  }

  private static void na(Map<String, Entry> table, String id, Reason reason) {
    put(table, id, new Entry(Kind.NOT_APPLICABLE, reason, null, null));
  }

  private static void known(Map<String, Entry> table, String id, String where, String difference) {
    put(table, id, new Entry(Kind.KNOWN_DIFFERENCE, null, where, difference));
  }

  private static void put(Map<String, Entry> table, String id, Entry entry) {
    if (table.put(id, entry) != null) {
      throw new IllegalStateException(id + " is classified twice");
    }
  }

  // ---------------------------------------------------------------- what the reasons check

  /** A step's command verb; the empty string for a tuple. */
  private static String verb(ScenarioStep step) {
    return step.command() == null ? "" : ScenarioCommand.parse(step.command()).verb();
  }

  private static WindowSpec clause(Scenario scenario) {
    return scenario.window() == null || scenario.error() != null
        ? null
        : WindowClauseParser.parse(scenario.window());
  }

  /** A partitioned window that gets a punctuation mark before its first tuple. */
  private static boolean markBeforeFirstTuple(Scenario scenario) {
    WindowSpec spec = clause(scenario);
    if (spec == null || !spec.isPartitioned()) {
      return false;
    }
    for (ScenarioStep step : scenario.steps()) {
      if (step.tuple() != null) {
        return false;
      }
      if ("punct".equals(verb(step))) {
        return true;
      }
    }
    return false;
  }

  /**
   * An advance that is not a whole number of milliseconds, or a timestamp finer than a microsecond.
   */
  private static boolean finerThanSpark(Scenario scenario) {
    List<String> timestamps = timestampAttributes(scenario);
    for (ScenarioStep step : scenario.steps()) {
      try {
        if ("advance".equals(verb(step))) {
          SparkScenarioRunner.millis(ScenarioCommand.parse(step.command()).argument());
        }
        if ("watermark".equals(verb(step))
            && !watermarkInMillis(ScenarioCommand.parse(step.command()).argument())) {
          return true;
        }
        if (step.tuple() != null) {
          for (String name : timestamps) {
            JsonNode value = step.tuple().get(name);
            if (value != null) {
              SparkScenarioRunner.timestamp(name, value.asText());
            }
          }
        }
      } catch (SparkScenarioRunner.NotRunnable e) {
        return true;
      }
    }
    return false;
  }

  /**
   * A partitioned timeInterval window where a partition's tuple goes into a pane that is complete
   * (the watermark has passed its end) and held another partition's tuples before: the pane's
   * completion belongs to all partitions of IBM's window, and to none of the new key's instance.
   */
  private static final java.util.regex.Pattern PANE_TRIGGER =
      java.util.regex.Pattern.compile("TRIGGER (\\S+) .* pane (\\[[^)]*\\)) index (\\d+) .*");

  /**
   * Whether an expected trigger's index differs from the number of triggers its partition had of
   * that pane before: the index then counts other partitions' triggers too.
   */
  private static boolean paneIndexCountsOtherPartitions(Scenario scenario) {
    WindowSpec spec = clause(scenario);
    if (spec == null || !spec.isTimeInterval() || !spec.isPartitioned()) {
      return false;
    }
    Map<String, Long> triggersByPartitionAndPane = new java.util.HashMap<>();
    for (ScenarioStep step : scenario.steps()) {
      for (String event : step.expect().flattened()) {
        java.util.regex.Matcher m = PANE_TRIGGER.matcher(event);
        if (m.matches()) {
          long before =
              triggersByPartitionAndPane.merge(m.group(1) + " " + m.group(2), 1L, Long::sum) - 1;
          if (Long.parseLong(m.group(3)) != before) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static boolean paneCompletedByAnotherPartition(Scenario scenario) {
    WindowSpec spec = clause(scenario);
    if (spec == null || !spec.isTimeInterval() || !spec.isPartitioned()) {
      return false;
    }
    double d = spec.timeInterval().intervalDuration();
    double p = spec.timeInterval().creationPeriod();
    double o = spec.timeInterval().intervalOffset();
    double watermark = Double.NEGATIVE_INFINITY;
    Map<Long, Set<String>> keysByPane = new java.util.HashMap<>();
    for (ScenarioStep step : scenario.steps()) {
      if ("watermark".equals(verb(step))) {
        watermark =
            Math.max(
                watermark, Double.parseDouble(ScenarioCommand.parse(step.command()).argument()));
      }
      if (step.tuple() == null) {
        continue;
      }
      double time = Double.parseDouble(step.tuple().get(scenario.eventTime()).asText());
      String key =
          scenario.partitionBy().stream()
              .map(a -> step.tuple().get(a).asText())
              .toList()
              .toString();
      for (long k = (long) Math.floor((time - o - d) / p) + 1;
          k <= (long) Math.floor((time - o) / p);
          k++) {
        Set<String> keys = keysByPane.computeIfAbsent(k, x -> new java.util.HashSet<>());
        if (watermark >= k * p + o + d && !keys.isEmpty() && !keys.contains(key)) {
          return true;
        }
        keys.add(key);
      }
    }
    return false;
  }

  private static List<String> timestampAttributes(Scenario scenario) {
    List<String> names = new ArrayList<>();
    for (Attribute attribute : SplSchema.parse(scenario.schema())) {
      if (attribute.getType().getMetaType() == MetaType.TIMESTAMP) {
        names.add(attribute.getName());
      }
    }
    return names;
  }

  private static boolean isFinalMarker(ScenarioStep step) {
    return "punct".equals(verb(step))
        && ScenarioCommand.parse(step.command()).argument().equals("FINAL_MARKER");
  }

  private static boolean hasFinalMarker(Scenario scenario) {
    return scenario.steps().stream().anyMatch(SparkScenarioTable::isFinalMarker);
  }

  /**
   * A final marker that is not the end of steps made only of tuples and window markers. The end is
   * the last step, or with several input ports a final marker on every port, port 0's first (a
   * final marker elsewhere there is {@link Reason#FINAL_PER_PORT}'s).
   */
  private static boolean finalMarkerInStream(Scenario scenario) {
    if (!hasFinalMarker(scenario)) {
      return false;
    }
    if (!SparkScenarioRunner.endsWithFinalOnEveryPort(scenario)) {
      return scenario.inputPorts() == 1;
    }
    List<ScenarioStep> steps = scenario.steps();
    for (ScenarioStep before : steps.subList(0, steps.size() - scenario.inputPorts())) {
      if (before.tuple() == null && !"punct".equals(verb(before))) {
        return true;
      }
    }
    return false;
  }

  /** A window marker submitted to an input port beyond 0. */
  private static boolean windowMarkerBeyondPortZero(Scenario scenario) {
    return scenario.steps().stream()
        .anyMatch(step -> step.port() > 0 && "punct".equals(verb(step)) && !isFinalMarker(step));
  }

  /**
   * A scenario of several input ports run as a batch DataFrame in which some key's tuples are
   * submitted in another order than the call hands them on: sorted (stably) by the {@code orderBy}
   * values, then by port, so that input order breaks the remaining ties; without {@code orderBy} by
   * port only.
   */
  private static boolean submittedOutOfPortOrder(Scenario scenario) {
    if (scenario.inputPorts() == 1 || !SparkScenarioRunner.endsWithFinalOnEveryPort(scenario)) {
      return false;
    }
    WindowSpec spec = clause(scenario);
    Map<String, List<ScenarioStep>> byKey = new LinkedHashMap<>();
    for (ScenarioStep step : scenario.steps()) {
      if (step.tuple() == null) {
        continue;
      }
      String key =
          spec != null && spec.isPartitioned()
              ? scenario.partitionBy().stream()
                  .map(a -> String.valueOf(step.tuple().get(a)))
                  .toList()
                  .toString()
              : "0";
      byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(step);
    }
    java.util.Comparator<ScenarioStep> callOrder = (a, b) -> 0;
    for (String attribute : scenario.orderBy()) {
      callOrder =
          callOrder.thenComparing(
              step -> step.tuple().get(attribute), SparkScenarioTable::compareValues);
    }
    callOrder = callOrder.thenComparingInt(ScenarioStep::port);
    for (List<ScenarioStep> submitted : byKey.values()) {
      List<ScenarioStep> handedOn = new ArrayList<>(submitted);
      handedOn.sort(callOrder); // stable: input order breaks the remaining ties
      for (int i = 0; i < submitted.size(); i++) {
        if (handedOn.get(i) != submitted.get(i)) {
          return true;
        }
      }
    }
    return false;
  }

  /** Compares two attribute values of a scenario tuple: numbers by value, others as text. */
  private static int compareValues(JsonNode a, JsonNode b) {
    if (a == null || b == null) {
      throw new IllegalArgumentException(
          "every tuple of an orderBy scenario names its orderBy values");
    }
    if (a.isNumber() && b.isNumber()) {
      return Double.compare(a.doubleValue(), b.doubleValue());
    }
    return a.asText().compareTo(b.asText());
  }

  /** A watermark of whole milliseconds (its sign is the runner's concern, not precision's). */
  private static boolean watermarkInMillis(String seconds) {
    return new java.math.BigDecimal(seconds).movePointRight(3).stripTrailingZeros().scale() <= 0;
  }

  /**
   * A window that is not partitioned, with time policies, and an advance before its first tuple.
   */
  private static boolean timeBeforeFirstTuple(Scenario scenario) {
    WindowSpec spec = clause(scenario);
    if (spec == null || spec.isPartitioned() || !spec.usesTime()) {
      return false;
    }
    for (ScenarioStep step : scenario.steps()) {
      if (step.tuple() != null) {
        return false;
      }
      if ("advance".equals(verb(step))) {
        return true;
      }
    }
    return false;
  }
}
