package io.streamswindow.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.ibm.streams.flow.declare.InputPortDeclaration;
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
import io.streamswindow.aggregate.Aggregate;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.harness.Harness;
import io.streamswindow.join.Join;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.sort.Sort;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * SPL's relational operators stated as data ({@code tests/operators/<operator>.json}, docs/
 * conformance.md, "SPL operators as data"), run through IBM's harness: each case declares the
 * operator's window from its clause with IBM's builder calls, submits its steps on a manual clock,
 * and compares what the output port delivers, tuples by their {@code id} (Aggregate's by their
 * attributes' values, its {@code expected}) and marks by name, with the case's {@code output}, or
 * the refusal's first line with its {@code error}. {@code SortCasesTest}, {@code JoinCasesTest} and
 * {@code AggregateCasesTest} of the Spark adapter run the same files on Spark.
 */
class OperatorCasesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TestFactory
  Stream<DynamicTest> sortCases() throws IOException {
    return cases("sort.json").stream()
        .filter(c -> runsOn(c, "harness"))
        .map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> runSort(c)));
  }

  @TestFactory
  Stream<DynamicTest> joinCases() throws IOException {
    return cases("join.json").stream()
        .filter(c -> runsOn(c, "harness"))
        .map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> runJoin(c)));
  }

  @TestFactory
  Stream<DynamicTest> aggregateCases() throws IOException {
    return cases("aggregate.json").stream()
        .filter(c -> runsOn(c, "harness"))
        .map(c -> DynamicTest.dynamicTest(c.get("name").asText(), () -> runAggregate(c)));
  }

  /** The cases of one file under {@code tests/operators}. */
  static List<JsonNode> cases(String file) throws IOException {
    Path operators = ScenarioLibrary.directory().resolveSibling("operators").resolve(file);
    List<JsonNode> cases = new ArrayList<>();
    JSON.readTree(Files.readString(operators)).get("cases").forEach(cases::add);
    return cases;
  }

  static boolean runsOn(JsonNode c, String runtime) {
    JsonNode runtimes = c.get("runtimes");
    if (runtimes == null) {
      return true;
    }
    for (JsonNode r : runtimes) {
      if (r.asText().equals(runtime)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> strings(JsonNode c, String field) {
    List<String> values = new ArrayList<>();
    if (c.has(field)) {
      c.get(field).forEach(v -> values.add(v.asText()));
    }
    return values;
  }

  private static void runSort(JsonNode c) throws Exception {
    String schema = c.get("schema").asText();
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<Sort> op = tester.singleOp(Sort.class);
    InputPortDeclaration in = op.addInput(schema);
    for (DeclarationCall call :
        ClauseDeclaration.calls(c.get("window").asText(), SplSchema.parse(schema))) {
      call.applyTo(in);
    }
    OutputPortDeclaration out = op.addOutput(schema);
    for (String parameter : List.of("sortBy", "order", "partitionBy")) {
      setListed(op, c, parameter);
    }
    ManualClock clock = ManualClock.startingAt(1_000_000.0);
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), clock);
    if (refusedAsStated(c, graph)) {
      return;
    }
    DeliveredIds delivered = new DeliveredIds();
    graph.registerStreamHandler(out, delivered);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    StreamSchema tuples = input.getStreamSchema();
    for (JsonNode step : c.get("steps")) {
      if (step.has("tuple")) {
        OutputTuple tuple = input.newTuple();
        TupleValues.set(tuple, tuples, (ObjectNode) step.get("tuple"));
        input.submit(tuple);
      } else if (step.has("punct")) {
        input.punctuate(Punctuation.valueOf(step.get("punct").asText()));
      } else {
        clock.advance(step.get("advance").asDouble());
      }
    }
    graph.shutdown().get();
    List<String> expected = strings(c, "output");
    assertEquals(expected, delivered.items(), c.get("name").asText());
  }

  private static void runAggregate(JsonNode c) throws Exception {
    String schema = c.get("schema").asText();
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<Aggregate> op = tester.singleOp(Aggregate.class);
    InputPortDeclaration in = op.addInput(schema);
    for (DeclarationCall call :
        ClauseDeclaration.calls(c.get("window").asText(), SplSchema.parse(schema))) {
      call.applyTo(in);
    }
    OutputPortDeclaration out = op.addOutput(c.get("outputSchema").asText());
    setListed(op, c, "output");
    setListed(op, c, "groupBy");
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), ManualClock.startingAt(0.0));
    if (refusedAsStated(c, graph)) {
      return;
    }
    List<Object> delivered = Collections.synchronizedList(new ArrayList<>());
    graph.registerStreamHandler(
        out,
        new StreamHandler<Tuple>() {
          @Override
          public void tuple(Tuple tuple) {
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 0; i < tuple.getStreamSchema().getAttributeCount(); i++) {
              values.put(
                  tuple.getStreamSchema().getAttribute(i).getName(),
                  String.valueOf(tuple.getObject(i)));
            }
            delivered.add(values);
          }

          @Override
          public void mark(Punctuation mark) {
            delivered.add(mark.name());
          }
        });
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    for (JsonNode step : c.get("steps")) {
      if (step.has("tuple")) {
        OutputTuple tuple = input.newTuple();
        TupleValues.set(tuple, input.getStreamSchema(), (ObjectNode) step.get("tuple"));
        input.submit(tuple);
      } else {
        input.punctuate(Punctuation.valueOf(step.get("punct").asText()));
      }
    }
    graph.shutdown().get();
    assertEquals(expectedItems(c), List.copyOf(delivered), c.get("name").asText());
  }

  /**
   * A case's {@code expected} output: a mark by its name, a tuple as its attributes' values as text
   * (numbers as Java prints them), in attribute order.
   */
  static List<Object> expectedItems(JsonNode c) {
    List<Object> items = new ArrayList<>();
    for (JsonNode item : c.get("expected")) {
      if (item.isTextual()) {
        items.add(item.asText());
      } else {
        Map<String, String> values = new LinkedHashMap<>();
        item.fields().forEachRemaining(f -> values.put(f.getKey(), f.getValue().asText()));
        items.add(values);
      }
    }
    return items;
  }

  private static void runJoin(JsonNode c) throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation<Join> op = tester.singleOp(Join.class);
    InputPortDeclaration[] inputs = {
      joinPort(op, "L", c.get("lhs")), joinPort(op, "R", c.get("rhs"))
    };
    List<OutputPortDeclaration> outputs = new ArrayList<>();
    outputs.add(op.addOutput(c.get("output").asText()));
    if (c.has("unmatched")) {
      c.get("unmatched").forEach(schema -> outputs.add(op.addOutput(schema.asText())));
    }
    c.get("parameters")
        .fields()
        .forEachRemaining(
            p -> {
              List<String> values = new ArrayList<>();
              if (p.getValue().isArray()) {
                p.getValue().forEach(v -> values.add(v.asText()));
              } else {
                values.add(p.getValue().asText());
              }
              op.setStringParameter(p.getKey(), values.toArray(new String[0]));
            });
    ManualClock clock = ManualClock.startingAt(1_000_000.0);
    JavaTestableGraph graph = Harness.withClock(tester.tester(op), clock);
    if (refusedAsStated(c, graph)) {
      return;
    }
    List<String> delivered = Collections.synchronizedList(new ArrayList<>());
    java.util.Map<String, Tuple> byId = new java.util.concurrent.ConcurrentHashMap<>();
    for (int port = 0; port < outputs.size(); port++) {
      String prefix = port == 0 ? "" : port + ":";
      graph.registerStreamHandler(
          outputs.get(port),
          new StreamHandler<Tuple>() {
            @Override
            public void tuple(Tuple tuple) {
              delivered.add(prefix + tuple.getString("id"));
              byId.put(prefix + tuple.getString("id"), tuple);
            }

            @Override
            public void mark(Punctuation mark) {
              if (prefix.isEmpty()) {
                delivered.add(mark.name());
              }
            }
          });
    }
    List<StreamingOutput<OutputTuple>> testers = new ArrayList<>();
    for (InputPortDeclaration in : inputs) {
      testers.add(graph.getInputTester(in));
    }
    graph.initialize().get().allPortsReady().get();
    for (JsonNode step : c.get("steps")) {
      if (step.has("tuple")) {
        StreamingOutput<OutputTuple> input = testers.get(step.get("port").asInt());
        OutputTuple tuple = input.newTuple();
        TupleValues.set(tuple, input.getStreamSchema(), (ObjectNode) step.get("tuple"));
        input.submit(tuple);
      } else if (step.has("punct")) {
        testers
            .get(step.get("punct").asInt())
            .punctuate(Punctuation.valueOf(step.get("mark").asText()));
      } else {
        clock.advance(step.get("advance").asDouble());
      }
    }
    graph.shutdown().get();
    assertEquals(strings(c, "expect"), List.copyOf(delivered), c.get("name").asText());
    if (c.has("values")) {
      c.get("values")
          .fields()
          .forEachRemaining(
              expected ->
                  expected
                      .getValue()
                      .fields()
                      .forEachRemaining(
                          value ->
                              assertEquals(
                                  value.getValue().asText(),
                                  String.valueOf(
                                      byId.get(expected.getKey()).getObject(value.getKey())),
                                  expected.getKey() + "." + value.getKey())));
    }
  }

  /** Port {@code name} of a join case: its schema and window clause, none when null. */
  private static InputPortDeclaration joinPort(
      OperatorInvocation<Join> op, String name, JsonNode port) {
    String schema = port.get("schema").asText();
    InputPortDeclaration in = op.addInput(name, schema);
    if (!port.get("window").isNull()) {
      for (DeclarationCall call :
          ClauseDeclaration.calls(port.get("window").asText(), SplSchema.parse(schema))) {
        call.applyTo(in);
      }
    }
    return in;
  }

  /** Sets the operator parameter named as a field of the case, to its values, when it has one. */
  private static void setListed(OperatorInvocation<?> op, JsonNode c, String parameter) {
    if (c.has(parameter)) {
      op.setStringParameter(parameter, strings(c, parameter).toArray(new String[0]));
    }
  }

  /**
   * For a case that states an {@code error}: checks that initializing the graph refuses it with a
   * message whose first line starts so, and says true; false for the other cases.
   */
  private static boolean refusedAsStated(JsonNode c, JavaTestableGraph graph) {
    if (!c.has("error")) {
      return false;
    }
    Exception refused = assertThrows(Exception.class, () -> graph.initialize().get());
    String message = rootMessage(refused);
    assertTrue(
        message.startsWith(c.get("error").asText()),
        "refused with \"" + message + "\", expected \"" + c.get("error").asText() + "\"");
    return true;
  }

  private static String rootMessage(Throwable error) {
    Throwable cause = error;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return String.valueOf(cause.getMessage()).lines().findFirst().orElse("");
  }
}
