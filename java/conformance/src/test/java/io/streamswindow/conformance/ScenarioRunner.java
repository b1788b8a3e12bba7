package io.streamswindow.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorGraph;
import com.ibm.streams.flow.declare.OperatorGraphFactory;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.api.window.NonFiniteDeltaValues;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.DeltaEvictionMode;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.Harness;
import io.streamswindow.harness.HarnessControl;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Runs one {@link Scenario} through IBM's harness: declares the traced operator's input window with
 * {@code InputPortDeclaration} builder calls, runs the graph on a {@link ManualClock}, feeds the
 * steps through the port's input tester and compares the trace of every step exactly.
 *
 * <p>A scenario with several input ports ({@code "ports"}) declares each with its schema and
 * clause, feeds each step through its port's input tester, and gives the operator an output port
 * whose marks it traces ({@code output: punct FINAL_MARKER}): IBM's harness sends a final marker on
 * the outputs once every input port has received one.
 *
 * <p>Beyond IBM's API it uses the harness's streams-window conveniences ({@link Harness}): the
 * manual clock, the delta eviction mode, timeInterval windows ({@link Harness#timeInterval}, which
 * IBM's builder calls cannot declare), the watermark, and checkpoint / reset / resetToInitialState
 * / drain.
 */
final class ScenarioRunner {
  private final Scenario scenario;
  private final List<DeclarationCall> calls = new ArrayList<>();
  private final Map<String, byte[]> checkpoints = new HashMap<>();
  private final ManualClock clock = ManualClock.create();
  private JavaTestableGraph graph;
  private HarnessControl controls;
  private TracingOperator operator;
  private final List<StreamingOutput<OutputTuple>> inputs = new ArrayList<>();
  private final List<StreamSchema> schemas = new ArrayList<>();
  private boolean timeInterval;

  private ScenarioRunner(Scenario scenario) {
    this.scenario = scenario;
  }

  /** Runs {@code scenario}; fails the test with a readable report at the first mismatch. */
  static void run(Scenario scenario) throws Exception {
    new ScenarioRunner(scenario).run();
  }

  private void run() throws Exception {
    if (!declareAndStart()) {
      return; // the expected declaration error was thrown
    }
    compare("start (all ports ready)", scenario.start(), operator.trace().take());
    List<ScenarioStep> steps = scenario.steps();
    for (int i = 0; i < steps.size(); i++) {
      runStep(i, steps.get(i));
    }
  }

  // ---------------------------------------------------------------- declaring and starting

  /** Declares and starts the graph; false when the scenario's expected error was thrown. */
  private boolean declareAndStart() throws Exception {
    OperatorGraph declared = OperatorGraphFactory.newGraph();
    Class<? extends TracingOperator> operatorClass = scenario.listener().kind().operatorClass();
    OperatorInvocation<? extends TracingOperator> invocation = declared.addOperator(operatorClass);
    setParameters(invocation);
    InputPortDeclaration port = invocation.addInput(scenario.schema());
    StreamSchema schema = port.getStreamSchema();
    List<InputPortDeclaration> ports = new ArrayList<>(List.of(port));
    schemas.add(schema);

    try {
      if (scenario.window() != null
          && WindowClauseParser.parse(scenario.window()).isTimeInterval()) {
        Harness.timeInterval(port, scenario.window(), scenario.eventTime());
        timeInterval = true;
      } else if (scenario.window() != null) {
        if (scenario.eventTime() != null) {
          throw new ScenarioFormatException(
              scenario.id()
                  + ": \"eventTime\" is for timeInterval windows, not \""
                  + scenario.window()
                  + "\"");
        }
        calls.addAll(ClauseDeclaration.calls(scenario.window(), schema));
      } else {
        for (String call : scenario.declare()) {
          calls.add(DeclarationCall.parse(call));
        }
      }
    } catch (ScenarioFormatException e) {
      throw e;
    } catch (RuntimeException e) {
      return thrownAt("the clause", e);
    }
    for (DeclarationCall call : calls) {
      try {
        call.applyTo(port);
      } catch (ScenarioFormatException e) {
        throw e;
      } catch (RuntimeException e) {
        return thrownAt(call.toString(), e);
      }
    }
    if (scenario.deltaMode() != null) {
      Harness.deltaEvictionMode(port, DeltaEvictionMode.valueOf(scenario.deltaMode()));
    }
    OutputPortDeclaration output = null;
    if (!scenario.ports().isEmpty()) {
      for (ScenarioInputPort more : scenario.ports()) {
        InputPortDeclaration declaredPort = invocation.addInput(more.schema());
        ports.add(declaredPort);
        schemas.add(declaredPort.getStreamSchema());
        if (!more.windowed()) {
          continue;
        }
        List<DeclarationCall> portCalls;
        try {
          portCalls = ClauseDeclaration.calls(more.window(), declaredPort.getStreamSchema());
        } catch (RuntimeException e) {
          return thrownAt("the clause of input port " + (ports.size() - 1), e);
        }
        for (DeclarationCall call : portCalls) {
          try {
            call.applyTo(declaredPort);
          } catch (ScenarioFormatException e) {
            throw e;
          } catch (RuntimeException e) {
            return thrownAt(call.toString(), e);
          }
        }
      }
      output = invocation.addOutput("tuple<rstring line>");
    }

    try {
      graph = new JavaOperatorTester().executable(declared);
    } catch (Exception e) {
      return thrownAt("executable", e);
    }
    Harness.withClock(graph, clock);
    controls = Harness.control(graph, invocation);
    operator = graph.getOperatorInstance(invocation);
    for (InputPortDeclaration declaredPort : ports) {
      inputs.add(graph.getInputTester(declaredPort));
    }
    if (output != null) {
      graph.registerStreamHandler(output, new OutputMarks(operator.trace()));
    }
    try {
      await(graph.initialize());
    } catch (Exception e) {
      return thrownAt("initialize", e);
    }
    try {
      await(graph.allPortsReady());
    } catch (Exception e) {
      return thrownAt("allPortsReady", e);
    }
    if (scenario.error() != null) {
      fail(report("expected " + scenario.error() + ", but the window was declared and started"));
    }
    return true;
  }

  private void setParameters(OperatorInvocation<?> invocation) {
    ListenerBehaviour listener = scenario.listener();
    if (!scenario.partitionBy().isEmpty()) {
      invocation.setStringParameter("partitionBy", scenario.partitionBy().toArray(new String[0]));
    }
    if (!listener.removeOnInsertion().isEmpty()) {
      invocation.setStringParameter(
          "removeOnInsertion", listener.removeOnInsertion().toArray(new String[0]));
    }
    if (listener.evictPartitionsDuringInsertion()) {
      invocation.setBooleanParameter("evictPartitionsDuringInsertion", true);
    }
    if (listener.traceStateHandler()) {
      invocation.setBooleanParameter("traceStateHandler", true);
    }
    if (listener.evictPartitionsOnDrain()) {
      invocation.setBooleanParameter("evictPartitionsOnDrain", true);
    }
    if (!listener.sortBy().isEmpty()) {
      invocation.setStringParameter("sortBy", listener.sortBy().toArray(new String[0]));
    }
    if (!listener.ascending()) {
      invocation.setBooleanParameter("ascending", false);
    }
  }

  /**
   * Handles an exception thrown while declaring or starting at {@code where} (a builder call,
   * {@code the clause}, or a stage): it must be the scenario's expected error, thrown no later than
   * allowed.
   */
  private boolean thrownAt(String where, Exception thrown) {
    ExpectedError expected = scenario.error();
    if (expected == null) {
      throw new AssertionError(report("declaring or starting failed at " + where), thrown);
    }
    if (expected.match(thrown) == null) {
      throw new AssertionError(
          report("expected " + expected + ", but " + where + " threw " + thrown), thrown);
    }
    String call = expected.throwingCall();
    if (call != null && !DeclarationCall.parse(call).toString().equals(where)) {
      throw new AssertionError(
          report(
              "expected " + expected + " to be thrown by " + call + ", but " + where + " threw it"),
          thrown);
    }
    int stage = ExpectedError.STAGES.indexOf(where);
    String latest = expected.latestStage();
    if (call == null && stage > ExpectedError.STAGES.indexOf(latest)) {
      throw new AssertionError(
          report("expected " + expected + " no later than " + latest + ", but it came at " + where),
          thrown);
    }
    return false;
  }

  private static void await(Future<?> future) throws Exception {
    try {
      future.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  // ---------------------------------------------------------------- steps

  private void runStep(int index, ScenarioStep step) throws Exception {
    String label =
        "step " + (index + 1) + " of " + scenario.steps().size() + ": " + step.describe();
    try {
      if (step.tuple() != null) {
        StreamingOutput<OutputTuple> input = inputs.get(step.port());
        OutputTuple tuple = input.newTuple();
        TupleValues.set(tuple, schemas.get(step.port()), step.tuple());
        input.submit(tuple);
      } else {
        execute(ScenarioCommand.parse(step.command()), step.port());
      }
    } catch (ScenarioFormatException e) {
      throw new ScenarioFormatException(scenario.id() + " " + label + ": " + e.getMessage());
    } catch (Exception | AssertionError e) {
      if (step.error() != null
          && e instanceof Exception thrown
          && step.error().match(thrown) != null) {
        operator.trace().take();
        return;
      }
      throw new AssertionError(
          report(label + "\n    threw " + e + "\n    trace so far: " + operator.trace().take()), e);
    }
    if (step.error() != null) {
      fail(report(label + "\n    expected " + step.error() + ", but the step succeeded"));
    }
    compare(label, step.expect(), operator.trace().take());
  }

  /** Runs a command; a {@code punct} goes to input port {@code port}. */
  private void execute(ScenarioCommand command, int port) throws Exception {
    StreamWindow<Tuple> window = operator.window();
    String argument = command.argument();
    switch (command.verb()) {
      case "advance" -> clock.advance(Double.parseDouble(argument));
      case "watermark" -> controls.advanceWatermark(ScenarioCommand.watermarkNanos(argument));
      case "punct" -> inputs.get(port).punctuate(Punctuation.valueOf(argument));
      case "checkpoint" -> checkpoints.put(argument, controls.checkpoint());
      case "reset" -> {
        byte[] checkpoint = checkpoints.get(argument);
        if (checkpoint == null) {
          throw new ScenarioFormatException("no checkpoint named \"" + argument + "\" was taken");
        }
        controls.reset(checkpoint);
      }
      case "resetToInitialState" -> controls.resetToInitialState();
      case "drain" -> controls.drain();
      case "evictPartition" -> window.evictPartition(partitionKey(window, argument));
      case "partitions" -> {
        List<String> keys = keys(window);
        keys.sort(Comparator.naturalOrder());
        operator.trace().add("partitions " + joined(keys));
      }
      case "partitionOrder" -> operator.trace().add("partitionOrder " + joined(keys(window)));
      case "needsPartitionEviction" ->
          operator.trace().add("needsPartitionEviction " + window.needsPartitionEviction());
      case "describe" ->
          operator
              .trace()
              .add(
                  "window "
                      + window.getType()
                      + " eviction="
                      + window.getEvictionPolicy()
                      + " trigger="
                      + window.getTriggerPolicy()
                      + " partitioned="
                      + window.isPartitioned());
      case "flags" ->
          operator
              .trace()
              .add(
                  "flags " + argument + " " + operator.bookkeeping(partitionKey(window, argument)));
      case "dropped" -> {
        if (!(window instanceof TimeIntervalStreamWindow<Tuple> panes)) {
          throw new ScenarioFormatException("\"dropped\" needs a timeInterval window");
        }
        operator.trace().add("dropped " + panes.getDroppedTupleCount());
      }
      case "nonFinite" -> {
        if (!(window instanceof NonFiniteDeltaValues counted)) {
          throw new ScenarioFormatException(
              "\"nonFinite\" needs a count, time, delta or punct window");
        }
        operator.trace().add("nonFinite " + counted.getNonFiniteDeltaValueCount());
      }
      default -> throw new ScenarioFormatException("unhandled command " + command);
    }
  }

  /**
   * Traces the marks the operator's output port sends; its tuples are the trace lines the operator
   * echoes ({@link TracingOperator}), already in the trace.
   */
  private record OutputMarks(Trace trace) implements StreamHandler<Tuple> {
    @Override
    public void tuple(Tuple tuple) {}

    @Override
    public void mark(Punctuation mark) {
      trace.addObserved(Trace.outputMark(mark));
    }
  }

  /**
   * The partition key a scenario names by its printed form: the existing partition that prints as
   * {@code name}; otherwise {@code 0} for a window that is not partitioned (IBM's key there), or
   * the name itself (an unknown key).
   */
  private static Object partitionKey(StreamWindow<Tuple> window, String name) {
    for (Object key : window.getPartitions()) {
      if (String.valueOf(key).equals(name)) {
        return key;
      }
    }
    if (!window.isPartitioned() && name.equals("0")) {
      return Integer.valueOf(0);
    }
    return name;
  }

  private static List<String> keys(StreamWindow<Tuple> window) {
    List<String> keys = new ArrayList<>();
    for (Object key : window.getPartitions()) {
      keys.add(String.valueOf(key));
    }
    return keys;
  }

  private static String joined(List<String> keys) {
    StringJoiner joined = new StringJoiner(", ", "[", "]");
    keys.forEach(joined::add);
    return joined.toString();
  }

  // ---------------------------------------------------------------- reporting

  private void compare(String label, ExpectedTrace expected, List<String> actual) {
    if (!expected.matches(actual)) {
      fail(report(label + "\n" + TraceDiff.render(expected, actual)));
    }
  }

  private String report(String problem) {
    StringBuilder text = new StringBuilder();
    text.append("\nScenario ")
        .append(scenario.id())
        .append(": ")
        .append(scenario.name())
        .append('\n');
    text.append("  proves: ").append(scenario.source()).append('\n');
    text.append("  schema: ").append(scenario.schema()).append('\n');
    if (scenario.window() != null) {
      text.append("  window: ").append(scenario.window()).append('\n');
    }
    for (int i = 0; i < scenario.ports().size(); i++) {
      ScenarioInputPort more = scenario.ports().get(i);
      text.append("  port ")
          .append(i + 1)
          .append(": ")
          .append(more.schema())
          .append(", ")
          .append(more.windowed() ? more.window() : "not windowed")
          .append('\n');
    }
    text.append("  declared by: ")
        .append(
            timeInterval
                ? "Harness.timeInterval(port, window, \"" + scenario.eventTime() + "\")"
                : calls)
        .append('\n');
    text.append("  ").append(problem).append('\n');
    return text.toString();
  }
}
