package io.streamswindow.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamingData.Punctuation;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.conformance.ExpectedError;
import io.streamswindow.conformance.ExpectedTrace;
import io.streamswindow.conformance.ListenerBehaviour;
import io.streamswindow.conformance.Scenario;
import io.streamswindow.conformance.ScenarioCommand;
import io.streamswindow.conformance.ScenarioInputPort;
import io.streamswindow.conformance.ScenarioStep;
import io.streamswindow.conformance.TraceDiff;
import io.streamswindow.conformance.TracingOperator;
import io.streamswindow.conformance.TupleValues;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.RowArrival;
import io.streamswindow.spark.rows.PackedRows;
import io.streamswindow.spark.rows.RowPacker;
import io.streamswindow.spark.run.WindowedGroupRunner;
import io.streamswindow.spark.run.WindowedOperatorFunction;
import io.streamswindow.spark.state.KeyState;
import io.streamswindow.spark.state.QueryRun;
import io.streamswindow.spark.state.WakeUpTimes;
import io.streamswindow.spark.types.SplSparkTypes;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.api.java.Optional;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.TestGroupState;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Runs one conformance {@link Scenario} through the Spark path: the function Spark calls per group
 * and micro-batch ({@link WindowedOperatorFunction#call}), fed with rows packed by {@link
 * RowPacker} and with state kept between calls in Spark's test {@code GroupState}, as {@code
 * flatMapGroupsWithState} would. No SparkSession, no wall clock: the batch time is the scenario's
 * manual time in milliseconds.
 *
 * <p>The traced operator is the harness runner's own ({@link TracingOperator}, or the subclass the
 * scenario's listener kind names), built by class name once per call as on Spark. Given an output
 * port, it submits every trace line as a one-string tuple, so each call's trace is the rows it
 * returns.
 *
 * <p>How a scenario maps to Spark (docs/scenario-format.md, "The Spark path"):
 *
 * <ul>
 *   <li><b>Streaming</b> (the default): every step is one micro-batch at the scenario's current
 *       time. A tuple is one row, routed to its key's group (the {@code partitionBy} values; a
 *       window that is not partitioned is one group). A window marker is a marker-column row for
 *       every key that has state (the one group of a window that is not partitioned). {@code
 *       advance} moves the batch time and runs a micro-batch without rows. In every micro-batch, a
 *       group with rows is called with them; a group without rows whose timeout lies strictly
 *       before the batch time is called with no rows and {@code hasTimedOut}, as Spark's {@code
 *       FlatMapGroupsWithStateExec} does. {@code checkpoint} keeps every group's state and timeout
 *       (a committed micro-batch); {@code reset} brings them back (a restart from that micro-batch:
 *       groups created later are gone) and runs a micro-batch without rows; {@code drain} is a
 *       boundary (every micro-batch ends with a drain).
 *   <li><b>Event time</b> (a timeInterval window): the scenario's {@code eventTime} is the plan's
 *       event-time column and the groups run under an event-time timeout. Every micro-batch carries
 *       the current watermark in milliseconds (0, Spark's value before it has one, until the first
 *       {@code watermark} step). {@code watermark} moves it and runs a micro-batch without rows, in
 *       which a group is called with {@code hasTimedOut} when its timeout lies strictly before the
 *       watermark, as Spark's {@code FlatMapGroupsWithStateExec} does; a watermark at or before the
 *       current one moves nothing and, as on Spark, runs no micro-batch. A checkpoint keeps the
 *       watermark with the states; a reset brings it back.
 *   <li><b>Batch</b>: a scenario whose last step is a final marker, with only tuples and window
 *       markers before it, is a batch DataFrame: one call per key with all its rows, which ends
 *       with the final marker. With several input ports the steps end with a final marker on every
 *       port, port 0's first, as a batch DataFrame's call ends.
 *   <li><b>Several input ports</b> ({@code "ports"}): each port's rows are a DataFrame of their own
 *       ({@code run_operator}'s {@code inputs}, each port's clause in {@code input_windows}), keyed
 *       by the same {@code partitionBy} and ordered by the scenario's {@code orderBy}; the rows of
 *       a key reach the call with the higher ports' first (Spark gives no order between
 *       DataFrames), so the order across ports is the function's own. The plan has a {@code
 *       punctuation_column}, whose rows are the output's marks, traced as {@code output: punct
 *       FINAL_MARKER}.
 *   <li><b>Declaration errors</b>: the first call of a group, with one row, must fail with the
 *       expected error (the function parses the clause, builds the host and initializes the
 *       operator, as {@code run_operator}'s dry run does on the driver).
 * </ul>
 *
 * <p>Traces are compared per key: a key's calls must produce exactly the expected lines that belong
 * to its partition, in order. A window event belongs to the partition it names, {@code process A}
 * to tuple A's partition, a {@code punct} line to every key that received the mark; the {@code
 * start} trace comes in the key's first call. Any other line belongs to no key, and the scenario
 * cannot run here.
 */
final class SparkScenarioRunner {
  /** The one column of the traced operator's output rows. */
  static final String LINE_COLUMN = "line";

  /** The string column whose rows are the output's marks, when a scenario has several ports. */
  static final String MARK_COLUMN = "output_mark";

  /** The boolean column whose true rows are window markers, when a scenario has any. */
  static final String MARKER_COLUMN = "window_marker";

  /** The scenario clock's start, {@code ManualClock.create()}, as Spark's batch time. */
  static final long START_MS = ManualClock.create().nanos() / 1_000_000L;

  /** What Spark's GroupState reports when no timeout is set. */
  private static final long NO_TIMEOUT = -1L;

  /** Spark's event-time watermark before its first one: 0 ms. */
  private static final long NO_WATERMARK_MS = 0L;

  private static final Set<String> EVENT_TYPES =
      Set.of("INSERTION", "EVICTION", "TRIGGER", "FINAL", "PARTITION_EVICTION", "INITIAL_FULL");

  /** A step or scenario that this runner cannot map to Spark; classified NOT APPLICABLE instead. */
  static final class NotRunnable extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotRunnable(String message) {
      super(message);
    }
  }

  /**
   * A key's state between micro-batches, as Spark's state store keeps it: the saved bytes and the
   * processing-time timeout (ms, or {@link #NO_TIMEOUT}).
   */
  private record Group(
      Row key,
      Object[] keyValues,
      byte[] state,
      long timeoutMs,
      long generation,
      Map<String, byte[]> chunks) {
    Group(Row key, Object[] keyValues, byte[] state, long timeoutMs) {
      this(key, keyValues, state, timeoutMs, 0, Map.of());
    }
  }

  /** Which of the two streaming state layouts a run exercises (docs/architecture.md). */
  enum Layout {
    /** {@link WindowedOperatorFunction} on Spark's test {@code GroupState}. */
    SINGLE_VALUE,
    /**
     * {@link WindowedGroupRunner} with live hosts, on a key state that keeps the checkpoint, its
     * generation and the chunks as {@code transformWithState} would, and timers that fire when the
     * batch time or watermark reaches them.
     */
    CHUNKED
  }

  /** The rows of one micro-batch in input order, and the keys that get a mark. */
  private static final class Batch {
    /** Input port 0's rows. */
    final List<Row> rows = new ArrayList<>();

    /** The rows of input ports 1, 2..., by port. */
    final Map<Integer, List<Row>> morePorts = new java.util.TreeMap<>();

    final Set<String> marked = new LinkedHashSet<>();

    /** The rows of input port {@code port}. */
    List<Row> of(int port) {
      return port == 0 ? rows : morePorts.computeIfAbsent(port, p -> new ArrayList<>());
    }

    boolean isEmpty() {
      return rows.isEmpty() && morePorts.values().stream().allMatch(List::isEmpty);
    }
  }

  private final Scenario scenario;
  private final StructType tuples;
  private final StructType input;

  /** The tuples (and rows) of input ports 1, 2...; empty for one input port. */
  private final List<StructType> moreTuples = new ArrayList<>();

  private final boolean markers;
  private final List<String> partitionBy;
  private final Map<String, Group> groups = new LinkedHashMap<>();
  private final Map<String, Map<String, Group>> checkpoints = new HashMap<>();
  private final Map<String, Long> checkpointWatermarks = new HashMap<>();
  private final Map<String, String> partitionOfId = new HashMap<>();

  /** The partition_by values of each key a row was built for. */
  private final Map<String, Object[]> keyValuesSeen = new HashMap<>();

  private final Map<String, List<Object>> pendingStart = new LinkedHashMap<>();
  private final StringBuilder log = new StringBuilder();
  private String mode;
  private final Layout layout;
  private WindowedOperatorFunction function;

  /** The chunked layout's runner, keeping live hosts between calls; null for the other layout. */
  private WindowedGroupRunner chunkedRunner;

  private RowPacker packer;

  /** The packers of input ports 1, 2.... */
  private final List<RowPacker> morePackers = new ArrayList<>();

  /** Whether the plan is a stream's, whose packed rows carry the definition column. */
  private boolean streaming;

  private GroupStateTimeout timeout;

  /** Whether result rows carry the output's marks in {@link #MARK_COLUMN} (several ports). */
  private boolean outputMarks;

  private long nowMs = START_MS;

  /** Whether the window is a timeInterval one: the groups run under an event-time timeout. */
  private boolean eventTime;

  /** The current micro-batch's event-time watermark (ms), as Spark's GroupState reports it. */
  private long watermarkMs = NO_WATERMARK_MS;

  /**
   * The run of the query, as transformWithState names it: a restart from a checkpoint is a new one.
   */
  private String runId = java.util.UUID.randomUUID().toString();

  private SparkScenarioRunner(Scenario scenario, Layout layout) {
    this.scenario = scenario;
    this.layout = layout;
    if (!scenario.declare().isEmpty() || scenario.deltaMode() != null) {
      throw new NotRunnable("declared through the IBM harness (declare / deltaMode)");
    }
    tuples = struct(SplSchema.parse(scenario.schema()));
    markers =
        scenario.steps().stream()
            .anyMatch(s -> ("punct " + Punctuation.WINDOW_MARKER).equals(trimmed(s.command())));
    if (markers && List.of(tuples.fieldNames()).contains(MARKER_COLUMN)) {
      throw new NotRunnable("the schema has an attribute named " + MARKER_COLUMN);
    }
    input = markers ? tuples.add(MARKER_COLUMN, DataTypes.BooleanType, true) : tuples;
    for (ScenarioInputPort more : scenario.ports()) {
      moreTuples.add(struct(SplSchema.parse(more.schema())));
    }
    partitionBy = new ArrayList<>();
  }

  /**
   * Runs {@code scenario}; throws an AssertionError naming the step and key at the first mismatch.
   *
   * @return the calls made and the lines each returned, for the test's log
   */
  static String run(Scenario scenario) throws Exception {
    StringBuilder logs = new StringBuilder();
    for (Layout layout : Layout.values()) {
      SparkScenarioRunner runner = new SparkScenarioRunner(scenario, layout);
      runner.run();
      logs.append("run as: ").append(runner.mode).append("\n").append(runner.log);
    }
    return logs.toString();
  }

  private void run() throws Exception {
    if (scenario.error() != null) {
      runDeclarationError();
      return;
    }
    WindowSpec spec = WindowClauseParser.parse(scenario.window());
    if (spec.isPartitioned()) {
      partitionBy.addAll(scenario.partitionBy());
    }
    eventTime = spec.isTimeInterval();
    List<ScenarioStep> steps = scenario.steps();
    if (endsWithFinalOnEveryPort(scenario)) {
      mode = "batch DataFrame";
      prepare(spec.toString(), false, GroupStateTimeout.NoTimeout());
      runBatch();
    } else {
      mode =
          "streaming, one micro-batch per step, "
              + layout.name().toLowerCase().replace('_', '-')
              + " layout";
      // The timeout StateLayout gives the plan: processing time when any port's window uses it.
      prepare(spec.toString(), true, eventTime ? GroupStateTimeout.EventTimeTimeout() : null);
      runStreaming();
    }
  }

  /**
   * Builds the plan and the function (and runner) of one way to run.
   *
   * @param timeoutConf the groups' timeout, or null for the plan's: a processing-time one when a
   *     window of any port has time policies, as {@code StateLayout} chooses
   */
  private void prepare(String window, boolean streaming, GroupStateTimeout timeoutConf) {
    ListenerBehaviour listener = scenario.listener();
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    if (!scenario.partitionBy().isEmpty()) {
      parameters.put("partitionBy", scenario.partitionBy());
    }
    if (!listener.removeOnInsertion().isEmpty()) {
      parameters.put("removeOnInsertion", listener.removeOnInsertion());
    }
    if (listener.evictPartitionsDuringInsertion()) {
      parameters.put("evictPartitionsDuringInsertion", List.of("true"));
    }
    if (listener.traceStateHandler()) {
      parameters.put("traceStateHandler", List.of("true"));
    }
    if (listener.evictPartitionsOnDrain()) {
      parameters.put("evictPartitionsOnDrain", List.of("true"));
    }
    if (!listener.sortBy().isEmpty()) {
      parameters.put("sortBy", listener.sortBy());
    }
    if (!listener.ascending()) {
      parameters.put("ascending", List.of("false"));
    }
    String operator = listener.kind().operatorClass().getName();
    List<InputPortPlan> inputs = new ArrayList<>();
    inputs.add(new InputPortPlan(window, input, tuples, Map.of()));
    for (int i = 0; i < scenario.ports().size(); i++) {
      ScenarioInputPort more = scenario.ports().get(i);
      String portWindow =
          more.windowed()
              ? WindowClauseParser.parse(more.window()).toString()
              : WindowSpec.notWindowed().toString();
      inputs.add(new InputPortPlan(portWindow, moreTuples.get(i), moreTuples.get(i), Map.of()));
    }
    OperatorPlan plan =
        new OperatorPlan(
            operator,
            inputs,
            List.of(new StructType().add(LINE_COLUMN, DataTypes.StringType, false)),
            List.copyOf(partitionBy),
            scenario.orderBy(),
            markers ? MARKER_COLUMN : null,
            false,
            inputs.size() == 1 ? null : MARK_COLUMN,
            parameters,
            RowArrival.of(streaming, false),
            scenario.eventTime(),
            null,
            Map.of(),
            OperatorDirectories.NONE);
    function = new WindowedOperatorFunction(plan);
    chunkedRunner = layout == Layout.CHUNKED && streaming ? new WindowedGroupRunner(plan) : null;
    packer = new RowPacker(plan);
    morePackers.clear();
    for (int port = 1; port < plan.inputPorts(); port++) {
      morePackers.add(RowPacker.ofPort(plan, port));
    }
    outputMarks = inputs.size() > 1;
    this.streaming = streaming;
    timeout =
        timeoutConf != null
            ? timeoutConf
            : plan.usesProcessingTime()
                ? GroupStateTimeout.ProcessingTimeTimeout()
                : GroupStateTimeout.NoTimeout();
  }

  // ---------------------------------------------------------------- the three ways to run

  /** Streaming: each step one micro-batch (or a boundary between two). */
  private void runStreaming() throws Exception {
    pendingStart.putAll(project(scenario.start(), Set.of(), "start"));
    List<ScenarioStep> steps = scenario.steps();
    for (int i = 0; i < steps.size(); i++) {
      ScenarioStep step = steps.get(i);
      String label = "step " + (i + 1) + " of " + steps.size() + ": " + step.describe();
      if (step.error() != null) {
        throw new NotRunnable(label + " expects an error");
      }
      Batch batch = streamingBatch(step, label);
      Map<String, List<String>> observed = new LinkedHashMap<>();
      Set<String> firstCalls = new LinkedHashSet<>();
      if (batch != null) {
        runMicroBatch(batch, observed, firstCalls, label);
      }
      Map<String, List<Object>> expected =
          project(step.expect(), batch == null ? Set.of() : batch.marked, label);
      for (String partition : firstCalls) {
        List<Object> start = pendingStart.remove(partition);
        if (start != null) {
          List<Object> merged = new ArrayList<>(start);
          merged.addAll(expected.getOrDefault(partition, List.of()));
          expected.put(partition, merged);
        }
      }
      compare(label, expected, observed);
    }
    if (!pendingStart.isEmpty()) {
      throw new AssertionError(
          report("the start trace " + pendingStart + " never came: those keys were never called"));
    }
  }

  /** The micro-batch a streaming step makes, or null for a step that is only a boundary. */
  private Batch streamingBatch(ScenarioStep step, String label) {
    Batch batch = new Batch();
    if (step.tuple() != null) {
      addTuple(batch, step.tuple(), step.port());
      return batch;
    }
    ScenarioCommand command = ScenarioCommand.parse(step.command());
    String argument = command.argument();
    if (step.port() != 0) {
      throw new NotRunnable(
          label + ": marker_column is port 0's; a port beyond 0 takes tuples only");
    }
    switch (command.verb()) {
      case "advance" -> {
        nowMs += millis(argument);
        return batch;
      }
      case "punct" -> {
        if (!argument.equals(Punctuation.WINDOW_MARKER.name())) {
          throw new NotRunnable(
              label + ": a streaming query never ends, so it sends no " + argument);
        }
        addWindowMarker(batch, groups.keySet());
        return batch;
      }
      case "watermark" -> {
        long ms = watermarkMillis(argument);
        if (ms <= watermarkMs) {
          log.append(label)
              .append(": Spark's watermark stays at ")
              .append(watermarkMs)
              .append(" ms (it never moves back), so no micro-batch runs\n");
          return null;
        }
        watermarkMs = ms;
        return batch;
      }
      case "checkpoint" -> {
        checkpoints.put(argument, new LinkedHashMap<>(groups));
        checkpointWatermarks.put(argument, watermarkMs);
        log.append(label).append(": the state of every key kept\n");
        return null;
      }
      case "reset" -> {
        Map<String, Group> saved = checkpoints.get(argument);
        if (saved == null) {
          throw new IllegalArgumentException(label + ": no checkpoint named " + argument);
        }
        groups.clear();
        groups.putAll(saved);
        watermarkMs = checkpointWatermarks.get(argument); // the restarted query's watermark
        runId = java.util.UUID.randomUUID().toString();
        return batch; // the first micro-batch after the restart
      }
      case "drain" -> {
        log.append(label).append(": a boundary (every micro-batch ends with a drain)\n");
        return null;
      }
      default ->
          throw new NotRunnable(
              label + ": the command " + command.verb() + " has no Spark counterpart");
    }
  }

  /** Batch: all rows in one input partition, one call per key, ending with the final marker. */
  private void runBatch() throws Exception {
    List<ScenarioStep> steps = scenario.steps();
    // The final markers that end the batch: one per input port, port 0's first.
    int finals = scenario.inputPorts();
    Batch batch = new Batch();
    List<Set<String>> marksPerStep = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < steps.size() - finals; i++) {
      ScenarioStep step = steps.get(i);
      String label = "step " + (i + 1) + " of " + steps.size() + ": " + step.describe();
      if (step.error() != null) {
        throw new NotRunnable(label + " expects an error");
      }
      if (step.tuple() != null) {
        seen.add(addTuple(batch, step.tuple(), step.port()));
        marksPerStep.add(Set.of());
      } else if (step.port() == 0
          && ("punct " + Punctuation.WINDOW_MARKER).equals(trimmed(step.command()))) {
        Batch marks = new Batch();
        addWindowMarker(marks, seen);
        batch.rows.addAll(marks.rows);
        marksPerStep.add(marks.marked);
      } else {
        throw new NotRunnable(
            label
                + ": a batch DataFrame (the only input that ends with a final marker) is one micro-batch at one"
                + " instant; it has no place for this command");
      }
    }
    Map<String, List<String>> observed = new LinkedHashMap<>();
    Set<String> called = new LinkedHashSet<>();
    runMicroBatch(batch, observed, called, "the batch");
    Map<String, List<Object>> expected = project(scenario.start(), Set.of(), "start");
    for (int i = 0; i < steps.size(); i++) {
      Set<String> marked = i < steps.size() - finals ? marksPerStep.get(i) : called;
      String label = "step " + (i + 1);
      project(steps.get(i).expect(), marked, label)
          .forEach(
              (partition, items) ->
                  expected.computeIfAbsent(partition, p -> new ArrayList<>()).addAll(items));
    }
    compare("the whole batch (steps 1 to " + steps.size() + ", in order)", expected, observed);
  }

  /** A declaration error: the first call of a group must fail with it. */
  private void runDeclarationError() throws Exception {
    mode = "first call of a group";
    // One group: the error must come from the clause, the host or the operator, not from routing.
    prepare(scenario.window(), true, GroupStateTimeout.NoTimeout());
    Batch batch = new Batch();
    batch.rows.add(row(null, 0));
    ExpectedError expected = scenario.error();
    try {
      runMicroBatch(batch, new LinkedHashMap<>(), new LinkedHashSet<>(), "the first call");
    } catch (Exception e) {
      if (expected.match(e) == null) {
        throw new AssertionError(report("expected " + expected + ", but the call threw " + e), e);
      }
      log.append("threw as expected: ").append(expected.match(e)).append('\n');
      return;
    }
    throw new AssertionError(report("expected " + expected + ", but the first call succeeded"));
  }

  // ---------------------------------------------------------------- one micro-batch

  /**
   * Packs the batch's rows as one input partition, calls each group that got rows, then each other
   * group whose timeout has passed, and collects each group's output lines.
   */
  private void runMicroBatch(
      Batch batch, Map<String, List<String>> observed, Set<String> firstCalls, String label)
      throws Exception {
    Map<String, List<Row>> packedByGroup = new LinkedHashMap<>();
    Map<String, Row> keys = new HashMap<>();
    if (!batch.isEmpty()) {
      // The key as Spark hands it over: a row of the packed rows' grouping columns.
      int keyWidth = PackedRows.keyColumns(partitionBy).size();
      StructType keySchema =
          new StructType(
              Arrays.copyOf(PackedRows.schema(input, partitionBy, streaming).fields(), keyWidth));
      // Each port's rows are a DataFrame of their own, between which Spark gives no order: the
      // higher ports' packed rows come first, so the order across ports is the function's.
      List<Row> packedRows = new ArrayList<>();
      for (int port = morePackers.size(); port >= 1; port--) {
        morePackers.get(port - 1).call(batch.of(port).iterator()).forEachRemaining(packedRows::add);
      }
      packer.call(batch.rows.iterator()).forEachRemaining(packedRows::add);
      for (Row row : packedRows) {
        if (streaming && Boolean.TRUE.equals(row.get(keyWidth))) {
          continue; // the definition record: Spark's streaming tests cover it (docs/reliability.md)
        }
        Object[] keyValues = new Object[keyWidth];
        for (int i = 0; i < keyWidth; i++) {
          keyValues[i] = row.get(i);
        }
        String partition = partitionBy.isEmpty() ? "0" : label(keyValues);
        packedByGroup.computeIfAbsent(partition, p -> new ArrayList<>()).add(row);
        keys.putIfAbsent(partition, new GenericRowWithSchema(keyValues, keySchema));
      }
    }
    log.append(label)
        .append(" at ")
        .append(nowMs - START_MS)
        .append(" ms")
        .append(eventTime ? ", watermark " + watermarkMs + " ms" : "")
        .append(":\n");
    // Spark's threshold: the batch time for processing-time timeouts, the watermark for event time.
    long threshold = eventTime ? watermarkMs : nowMs;
    for (Map.Entry<String, List<Row>> entry : packedByGroup.entrySet()) {
      String partition = entry.getKey();
      Group group = groups.get(partition);
      Row key = group != null ? group.key() : keys.get(partition);
      if (group == null) {
        firstCalls.add(partition);
      }
      observed.put(partition, call(partition, key, entry.getValue(), false));
    }
    for (Map.Entry<String, Group> entry : new ArrayList<>(groups.entrySet())) {
      Group group = entry.getValue();
      if (!packedByGroup.containsKey(entry.getKey())
          && group.timeoutMs() != NO_TIMEOUT
          && group.timeoutMs() < threshold) {
        observed.put(entry.getKey(), call(entry.getKey(), group.key(), List.of(), true));
      }
    }
  }

  /** One call of the function for a group, as Spark makes it; keeps the state Spark would keep. */
  private List<String> call(String partition, Row key, List<Row> packedRows, boolean timedOut)
      throws Exception {
    if (chunkedRunner != null) {
      return callChunked(partition, key, packedRows, timedOut);
    }
    Group group = groups.get(partition);
    TestGroupState<byte[]> state =
        TestGroupState.create(
            Optional.ofNullable(group == null ? null : group.state()),
            timeout,
            nowMs,
            eventTime ? Optional.of(watermarkMs) : Optional.empty(),
            timedOut);
    List<String> lines = new ArrayList<>();
    function
        .call(key, packedRows.iterator(), state, new QueryRun(runId, true))
        .forEachRemaining(row -> addSubmitted(row, lines));
    log.append("  key ")
        .append(partition)
        .append(timedOut ? " (timed out)" : "")
        .append(": ")
        .append(lines);
    if (state.exists()) {
      Optional<Object> timeoutMs = state.getTimeoutTimestampMs();
      Object[] keyValues =
          group != null ? group.keyValues() : keyValuesSeen.getOrDefault(partition, new Object[0]);
      Group saved =
          new Group(
              key,
              keyValues,
              state.get(),
              timeoutMs.isPresent() ? (Long) timeoutMs.get() : NO_TIMEOUT);
      groups.put(partition, saved);
      if (saved.timeoutMs() != NO_TIMEOUT) {
        // A processing-time timeout from the start; an event-time one as the watermark is given.
        log.append(", timeout at ")
            .append(saved.timeoutMs() - (eventTime ? 0 : START_MS))
            .append(" ms");
      }
    }
    log.append('\n');
    return lines;
  }

  /**
   * Adds a result row's trace line, unless the row is a call's metrics report, which the query's
   * observation consumes and drops (the metrics column, the last, is set only on those), or a
   * report of rows behind {@code order_by} (no line). With several ports a row of the output's
   * marks ({@link #MARK_COLUMN}, after the line) is the line {@code output: punct FINAL_MARKER}.
   */
  private void addSubmitted(Row row, List<String> lines) {
    if (!row.isNullAt(row.length() - 1)) {
      return;
    }
    if (outputMarks && !row.isNullAt(1)) {
      lines.add("output: punct " + row.getString(1));
    } else if (!row.isNullAt(0)) {
      lines.add(row.getString(0));
    }
  }

  /** One call on the chunked layout: what {@code WindowedOperatorProcessor} does with its state. */
  private List<String> callChunked(
      String partition, Row key, List<Row> packedRows, boolean timedOut) {
    Group group = groups.get(partition);
    MapKeyState state =
        new MapKeyState(group, nowMs, eventTime ? watermarkMs : NO_WATERMARK_MS, runId);
    List<String> lines = new ArrayList<>();
    chunkedRunner.run(key, packedRows.iterator(), state).forEach(row -> addSubmitted(row, lines));
    log.append("  key ")
        .append(partition)
        .append(timedOut ? " (timer)" : "")
        .append(": ")
        .append(lines);
    if (state.checkpoint != null) {
      Object[] keyValues =
          group != null ? group.keyValues() : keyValuesSeen.getOrDefault(partition, new Object[0]);
      // A timer fires when the threshold reaches it; the loop above calls a group whose timeout
      // lies strictly before the threshold: the timer less a millisecond.
      long timeoutMs = state.timerMs == NO_TIMEOUT ? NO_TIMEOUT : state.timerMs - 1;
      groups.put(
          partition,
          new Group(
              key,
              keyValues,
              state.checkpoint,
              timeoutMs,
              state.generation,
              Map.copyOf(state.chunks)));
      if (state.timerMs != NO_TIMEOUT) {
        log.append(", timer at ").append(state.timerMs - (eventTime ? 0 : START_MS)).append(" ms");
      }
    }
    log.append('\n');
    return lines;
  }

  /**
   * A key's {@code transformWithState} state in memory: checkpoint, generation, chunks, one timer.
   */
  private static final class MapKeyState implements KeyState {
    private final long nowMs;
    private final long watermarkMs;
    private final String runId;
    byte[] checkpoint;
    long generation;
    final Map<String, byte[]> chunks;
    long timerMs = NO_TIMEOUT;

    MapKeyState(Group group, long nowMs, long watermarkMs, String runId) {
      this.nowMs = nowMs;
      this.watermarkMs = watermarkMs;
      this.runId = runId;
      this.checkpoint = group == null ? null : group.state();
      this.generation = group == null ? 0 : group.generation();
      this.chunks = new HashMap<>(group == null ? Map.of() : group.chunks());
    }

    @Override
    public long processingTimeMs() {
      return nowMs;
    }

    @Override
    public long watermarkMs() {
      return watermarkMs;
    }

    @Override
    public byte[] checkpoint() {
      return checkpoint;
    }

    @Override
    public TupleChunkStore chunks() {
      return TupleChunkStore.of(chunks);
    }

    @Override
    public long generation() {
      return generation;
    }

    @Override
    public QueryRun run() {
      return new QueryRun(runId, true);
    }

    @Override
    public String liveHostScope() {
      return runId;
    }

    @Override
    public void save(byte[] checkpoint, long generation) {
      this.checkpoint = checkpoint;
      this.generation = generation;
      this.timerMs = NO_TIMEOUT;
    }

    @Override
    public void wakeAtProcessingTime(long deadlineNanos, long nowNanos) {
      timerMs = WakeUpTimes.processingTimer(deadlineNanos, nowNanos);
    }

    @Override
    public void wakeAtEventTime(long deadlineNanos) {
      timerMs = WakeUpTimes.eventTimer(deadlineNanos, watermarkMs);
    }
  }

  // ---------------------------------------------------------------- rows

  /** Adds a scenario tuple's row for input port {@code port} to the batch; returns its key. */
  private String addTuple(Batch batch, ObjectNode values, int port) {
    Row row = row(values, port);
    String partition = partitionOf(row);
    String id = values.has("id") ? values.get("id").asText() : null;
    if (id != null) {
      String before = partitionOfId.put(id, partition);
      if (before != null && !before.equals(partition)) {
        throw new NotRunnable(
            "tuple id " + id + " is used in partitions " + before + " and " + partition);
      }
    }
    batch.of(port).add(row);
    return partition;
  }

  /**
   * Adds a window marker: a marker row for each of {@code keys} (the keys that exist), or for the
   * one group of a window that is not partitioned.
   */
  private void addWindowMarker(Batch batch, Set<String> keys) {
    if (partitionBy.isEmpty()) {
      batch.rows.add(markerRow(new Object[0]));
      batch.marked.add("0");
      return;
    }
    for (String partition : new ArrayList<>(keys)) {
      Group group = groups.get(partition);
      Object[] keyValues = group != null ? group.keyValues() : keyValuesSeen.get(partition);
      batch.rows.add(markerRow(keyValues));
      batch.marked.add(partition);
    }
  }

  private Row markerRow(Object[] keyValues) {
    Object[] cells = new Object[input.size()];
    for (int i = 0; i < partitionBy.size(); i++) {
      cells[input.fieldIndex(partitionBy.get(i))] = keyValues[i];
    }
    cells[cells.length - 1] = true;
    return new GenericRowWithSchema(cells, input);
  }

  /**
   * A row of input port {@code port} with the scenario's tuple values; attributes not named keep
   * SPL's defaults.
   */
  private Row row(ObjectNode values, int port) {
    StructType tuples = port == 0 ? this.tuples : moreTuples.get(port - 1);
    StructType input = port == 0 ? this.input : tuples;
    Object[] cells = new Object[input.size()];
    StructField[] fields = tuples.fields();
    for (int i = 0; i < fields.length; i++) {
      JsonNode value = values == null ? null : values.get(fields[i].name());
      cells[i] = value == null ? defaultValue(fields[i].dataType()) : value(fields[i], value);
    }
    if (values != null) {
      for (Iterator<String> names = values.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!List.of(tuples.fieldNames()).contains(name)) {
          throw new IllegalArgumentException(
              "tuple attribute " + name + " is not in " + scenario.schema());
        }
      }
    }
    if (markers && port == 0) {
      cells[cells.length - 1] = false;
    }
    Row row = new GenericRowWithSchema(cells, input);
    keyValuesSeen.putIfAbsent(partitionOf(row), keyValuesOf(row));
    return row;
  }

  private Object[] keyValuesOf(Row row) {
    Object[] keyValues = new Object[partitionBy.size()];
    for (int i = 0; i < keyValues.length; i++) {
      keyValues[i] = row.get(row.fieldIndex(partitionBy.get(i)));
    }
    return keyValues;
  }

  /** The partition of a row as the traced operator prints it: its partitionBy values, or 0. */
  private String partitionOf(Row row) {
    return partitionBy.isEmpty() ? "0" : label(keyValuesOf(row));
  }

  /** A key as the engine prints it: the value, or the list of values of several attributes. */
  private static String label(Object[] keyValues) {
    return keyValues.length == 1 ? String.valueOf(keyValues[0]) : List.of(keyValues).toString();
  }

  private Object value(StructField field, JsonNode value) {
    DataType type = field.dataType();
    if (type.equals(DataTypes.StringType)) {
      return value.asText();
    } else if (type.equals(DataTypes.DoubleType)) {
      return TupleValues.floatingPoint(field.name(), value);
    } else if (type.equals(DataTypes.FloatType)) {
      return (float) TupleValues.floatingPoint(field.name(), value);
    } else if (type.equals(DataTypes.LongType)) {
      return value.asLong();
    } else if (type.equals(DataTypes.IntegerType)) {
      return value.asInt();
    } else if (type.equals(DataTypes.ShortType)) {
      return (short) value.asInt();
    } else if (type.equals(DataTypes.ByteType)) {
      return (byte) value.asInt();
    } else if (type.equals(DataTypes.BooleanType)) {
      return value.asBoolean();
    } else if (type.equals(DataTypes.TimestampType)) {
      return timestamp(field.name(), value.asText());
    }
    throw new NotRunnable(
        "attribute " + field.name() + " has a type the runner does not map: " + type);
  }

  private static Object defaultValue(DataType type) {
    if (type.equals(DataTypes.StringType)) {
      return "";
    } else if (type.equals(DataTypes.DoubleType)) {
      return 0.0;
    } else if (type.equals(DataTypes.FloatType)) {
      return 0f;
    } else if (type.equals(DataTypes.LongType)) {
      return 0L;
    } else if (type.equals(DataTypes.IntegerType)) {
      return 0;
    } else if (type.equals(DataTypes.ShortType)) {
      return (short) 0;
    } else if (type.equals(DataTypes.ByteType)) {
      return (byte) 0;
    } else if (type.equals(DataTypes.BooleanType)) {
      return false;
    } else if (type.equals(DataTypes.TimestampType)) {
      return new Timestamp(0L);
    }
    throw new NotRunnable("no default for type " + type);
  }

  /**
   * A timestamp from decimal seconds. Spark's timestamps hold microseconds: a value with more
   * cannot be a Spark row's.
   */
  static Timestamp timestamp(String name, String seconds) {
    BigDecimal value = new BigDecimal(seconds);
    BigDecimal micros = value.movePointRight(6);
    if (micros.stripTrailingZeros().scale() > 0) {
      throw new NotRunnable(
          name + " = " + seconds + " s is finer than Spark's microsecond timestamps");
    }
    long whole = value.setScale(0, java.math.RoundingMode.FLOOR).longValueExact();
    Timestamp ts = new Timestamp(whole * 1000L);
    ts.setNanos(value.subtract(BigDecimal.valueOf(whole)).movePointRight(9).intValueExact());
    return ts;
  }

  /** Seconds as whole milliseconds, Spark's batch time unit. */
  static long millis(String seconds) {
    BigDecimal ms = new BigDecimal(seconds).movePointRight(3);
    if (ms.stripTrailingZeros().scale() > 0) {
      throw new NotRunnable(
          "advance " + seconds + " is not a whole number of milliseconds, Spark's batch time unit");
    }
    return ms.longValueExact();
  }

  /**
   * A watermark step's seconds as Spark's watermark, whole milliseconds after the epoch; Spark's
   * GroupState reports 0 before a query has a watermark, so a watermark must lie after it.
   */
  static long watermarkMillis(String seconds) {
    BigDecimal ms = new BigDecimal(seconds).movePointRight(3);
    if (ms.stripTrailingZeros().scale() > 0) {
      throw new NotRunnable(
          "watermark "
              + seconds
              + " is not a whole number of milliseconds, Spark's watermark unit");
    }
    if (ms.signum() <= 0) {
      throw new NotRunnable(
          "watermark " + seconds + " is not after 0 ms, Spark's watermark before it has one");
    }
    return ms.longValueExact();
  }

  /** The Spark columns of an SPL tuple type, with the types run_operator maps them from. */
  private static StructType struct(SplSchema schema) {
    StructType struct = new StructType();
    for (Attribute attribute : schema) {
      struct =
          struct.add(
              attribute.getName(),
              SplSparkTypes.sparkType(attribute.getType().getMetaType()),
              true);
    }
    return struct;
  }

  // ---------------------------------------------------------------- traces per key

  /**
   * The expected items of each key: every line goes to the partition it belongs to, a group (lines
   * in any order) splits into one group per partition.
   */
  private Map<String, List<Object>> project(
      ExpectedTrace expected, Set<String> marked, String label) {
    Map<String, List<Object>> byPartition = new LinkedHashMap<>();
    for (Object item : expected.items()) {
      if (item instanceof String line) {
        for (String partition : partitionsOf(line, marked, label)) {
          byPartition.computeIfAbsent(partition, p -> new ArrayList<>()).add(line);
        }
      } else {
        Map<String, List<String>> split = new LinkedHashMap<>();
        for (Object line : (List<?>) item) {
          for (String partition : partitionsOf((String) line, marked, label)) {
            split.computeIfAbsent(partition, p -> new ArrayList<>()).add((String) line);
          }
        }
        split.forEach(
            (partition, lines) ->
                byPartition
                    .computeIfAbsent(partition, p -> new ArrayList<>())
                    .add(lines.size() == 1 ? lines.get(0) : List.copyOf(lines)));
      }
    }
    return byPartition;
  }

  /**
   * The keys a trace line belongs to on Spark. A line of several ports' operator names its port
   * first ({@code port 1: process A}), which does not change its key; the output's mark ({@code
   * output: punct FINAL_MARKER}) belongs, as a punct line, to every key that received the mark.
   */
  private Set<String> partitionsOf(String fullLine, Set<String> marked, String label) {
    String line = PORT_PREFIX.matcher(fullLine).replaceFirst("");
    int space = line.indexOf(' ');
    String head = space < 0 ? line : line.substring(0, space);
    String rest = space < 0 ? "" : line.substring(space + 1);
    if (head.equals("process") && partitionOfId.containsKey(rest)) {
      return Set.of(partitionOfId.get(rest));
    }
    if (head.equals("punct") && !marked.isEmpty()) {
      return marked;
    }
    if (EVENT_TYPES.contains(head) && !rest.isEmpty()) {
      if (rest.startsWith("[")) {
        return Set.of(rest.substring(0, rest.indexOf(']') + 1));
      }
      int end = rest.indexOf(' ');
      return Set.of(end < 0 ? rest : rest.substring(0, end));
    }
    throw new NotRunnable(
        label
            + ": the expected line \""
            + line
            + "\" belongs to no key on Spark (not a window event, not the"
            + " process call of a tuple, not a mark a key received)");
  }

  private void compare(
      String label, Map<String, List<Object>> expected, Map<String, List<String>> observed) {
    Set<String> partitions = new LinkedHashSet<>(expected.keySet());
    partitions.addAll(observed.keySet());
    StringBuilder problems = new StringBuilder();
    for (String partition : partitions) {
      ExpectedTrace wanted =
          new ExpectedTrace(List.copyOf(expected.getOrDefault(partition, List.of())));
      List<String> actual = observed.getOrDefault(partition, List.of());
      if (!wanted.matches(actual)) {
        problems
            .append("  key ")
            .append(partition)
            .append(observed.containsKey(partition) ? "" : " (not called)")
            .append(":\n")
            .append(TraceDiff.render(wanted, actual));
      }
    }
    if (problems.length() > 0) {
      throw new AssertionError(report(label + "\n" + problems));
    }
  }

  private String report(String problem) {
    return "\nScenario "
        + scenario.id()
        + " on the Spark path: "
        + scenario.name()
        + "\n  window: "
        + scenario.window()
        + (partitionBy.isEmpty() ? "" : ", partition_by " + partitionBy)
        + (scenario.ports().isEmpty() ? "" : "\n  inputs: " + scenario.ports())
        + (scenario.orderBy().isEmpty() ? "" : ", order_by " + scenario.orderBy())
        + "\n  run as: "
        + mode
        + "\n  "
        + problem
        + "\n  calls so far (batch time from the start):\n"
        + indent(log.toString());
  }

  private static String indent(String text) {
    StringBuilder out = new StringBuilder();
    text.lines().forEach(line -> out.append("    ").append(line).append('\n'));
    return out.toString();
  }

  /**
   * The start of a line that names its input port or the output: {@code port 1: }, {@code output:
   * }.
   */
  private static final java.util.regex.Pattern PORT_PREFIX =
      java.util.regex.Pattern.compile("^(port \\d+|output): ");

  private static boolean isFinalMarker(ScenarioStep step) {
    return ("punct " + Punctuation.FINAL_MARKER).equals(trimmed(step.command()));
  }

  /**
   * Whether the steps end as a batch DataFrame's call ends: a final marker on every input port,
   * port 0's first, and no other final marker before.
   */
  static boolean endsWithFinalOnEveryPort(Scenario scenario) {
    List<ScenarioStep> steps = scenario.steps();
    int ports = scenario.inputPorts();
    if (steps.size() < ports) {
      return false;
    }
    for (int i = 0; i < steps.size(); i++) {
      int port = i - (steps.size() - ports);
      boolean isFinal = isFinalMarker(steps.get(i));
      if (port < 0 ? isFinal : !isFinal || steps.get(i).port() != port) {
        return false;
      }
    }
    return true;
  }

  private static String trimmed(String command) {
    return command == null ? null : command.trim();
  }
}
