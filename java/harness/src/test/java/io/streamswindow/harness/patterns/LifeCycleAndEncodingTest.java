package io.streamswindow.harness.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.json.java.JSONArray;
import com.ibm.json.java.JSONObject;
import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.encoding.EncodingFactory;
import com.ibm.streams.operator.encoding.JSONEncoding;
import com.ibm.streams.operator.management.OperatorContextMXBean;
import com.ibm.streams.operator.management.OperatorLifeCycle;
import com.ibm.streams.operator.management.OperatorManagement;
import com.ibm.streams.operator.meta.BoundedType;
import com.ibm.streams.operator.meta.CollectionType;
import com.ibm.streams.operator.meta.MapType;
import com.ibm.streams.operator.types.Timestamp;
import java.io.Closeable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.Notification;
import org.junit.jupiter.api.Test;

/** OperatorLifeCycle's actions on the host's life cycle, and the JSON encoding of real tuples. */
class LifeCycleAndEncodingTest {
  private final JavaOperatorTester tester = new JavaOperatorTester();

  /** Registers life-cycle actions in initialize and records what runs, and when. */
  public static class Resourceful extends AbstractOperator {
    final List<String> events = new ArrayList<>();

    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      Closeable connection = () -> events.add("closed");
      OperatorLifeCycle.closeOnShutdown(context, connection);
      OperatorLifeCycle.addAllPortsReadyAction(context, (n, h) -> events.add(describe(n)));
      OperatorLifeCycle.addShutdownAction(context, (n, h) -> events.add(describe(n)));
    }

    @Override
    public synchronized void allPortsReady() throws Exception {
      events.add("allPortsReady()");
    }

    @Override
    public synchronized void shutdown() throws Exception {
      events.add("shutdown()");
      super.shutdown();
    }

    private String describe(Notification notification) {
      return notification.getType() + " from " + notification.getSource();
    }
  }

  @Test
  void lifeCycleActionsRunOnceAroundAllPortsReadyAndShutdown() throws Exception {
    OperatorInvocation<Resourceful> op = tester.singleOp(Resourceful.class);
    op.addInput("tuple<int32 n>");
    JavaTestableGraph graph = tester.tester(op);
    graph.initialize().get().allPortsReady().get();
    Resourceful operator = graph.getOperatorInstance(op);
    OperatorContext context = operator.getOperatorContext();
    String source = OperatorManagement.getName(context).toString();
    graph.shutdown().get();

    assertEquals(
        List.of(
            "allPortsReady()",
            OperatorContextMXBean.ALL_PORTS_READY + " from " + source,
            "closed", // the order of the shutdown actions is the order they were added
            OperatorContextMXBean.SHUTDOWN + " from " + source,
            "shutdown()"),
        operator.events);
    assertEquals(
        "com.ibm.streams.operator:name=" + context.getName() + ",type=operatorcontext",
        OperatorManagement.getName(context).getCanonicalName());

    // After shutdown: a closeable closes at once; a shutdown action runs at once, then refuses.
    List<String> late = new ArrayList<>();
    OperatorLifeCycle.closeOnShutdown(context, () -> late.add("closed late"));
    IllegalStateException refused =
        assertThrows(
            IllegalStateException.class,
            () -> OperatorLifeCycle.addShutdownAction(context, (n, h) -> late.add(n.getType())));
    assertTrue(refused.getMessage().contains("has already shut down"), refused.getMessage());
    assertEquals(List.of("closed late", OperatorContextMXBean.SHUTDOWN), late);
  }

  /** Encodes each tuple it is given as JSON, with the generic and the JSON4J encodings. */
  public static class JsonRecorder extends AbstractOperator {
    final List<Map<?, ?>> objects = new ArrayList<>();
    final List<String> texts = new ArrayList<>();
    final List<JSONObject> json4j = new ArrayList<>();
    final List<String> json4jTexts = new ArrayList<>();

    @Override
    public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
      @SuppressWarnings("rawtypes")
      JSONEncoding<? extends Map, ? extends List> json = EncodingFactory.getGenericJSONEncoding();
      objects.add(json.encodeTuple(tuple));
      texts.add(json.encodeAsString(tuple));
      json4j.add(EncodingFactory.getJSONEncoding().encodeTuple(tuple));
      json4jTexts.add(EncodingFactory.getJSONEncoding().encodeAsString(tuple));
    }
  }

  @Test
  void aTupleEncodesAsJsonWithUnsignedValuesTimestampsAndCollections() throws Exception {
    String schema =
        "tuple<rstring id, uint8 level, uint64 big, timestamp at, list<int32> codes,"
            + " map<rstring, float64> weights, optional<int32> maybe, rstring[3] tag>";
    OperatorInvocation<JsonRecorder> op = tester.singleOp(JsonRecorder.class);
    InputPortDeclaration in = op.addInput(schema);
    JavaTestableGraph graph = tester.tester(op);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    OutputTuple tuple = input.newTuple();
    tuple.setString("id", "a\"1");
    tuple.setByte("level", (byte) 0xFF); // uint8 255
    tuple.setLong("big", -1L); // uint64 2^64 - 1
    tuple.setTimestamp("at", new Timestamp(1700000000L, 500_000_000));
    tuple.setList("codes", List.of(7, 8));
    tuple.setMap("weights", Map.of("w", 0.5));
    tuple.setString("tag", "abcdef");
    input.submit(tuple);

    JsonRecorder recorder = graph.getOperatorInstance(op);
    Map<?, ?> object = recorder.objects.get(0);
    assertEquals("a\"1", object.get("id"));
    assertEquals(255, object.get("level"));
    assertEquals(BigInteger.TWO.pow(64).subtract(BigInteger.ONE), object.get("big"));
    assertEquals(new BigDecimal("1700000000.500000000"), object.get("at"));
    assertEquals(List.of(7, 8), object.get("codes"));
    assertEquals(Map.of("w", 0.5), object.get("weights"));
    assertEquals(null, object.get("maybe"));
    assertEquals("abc", object.get("tag"));
    assertEquals(
        "{\"id\":\"a\\\"1\",\"level\":255,\"big\":18446744073709551615,"
            + "\"at\":1700000000.500000000,\"codes\":[7,8],\"weights\":{\"w\":0.5},"
            + "\"maybe\":null,\"tag\":\"abc\"}",
        recorder.texts.get(0));
    // JSON4J's objects hold the same values, uint64 and all, in its own types.
    JSONObject json4j = recorder.json4j.get(0);
    assertEquals(object, json4j);
    assertEquals("[7,8]", ((JSONArray) json4j.get("codes")).serialize());
    assertEquals(JSONObject.class, json4j.get("weights").getClass());
    JSONObject parsed = JSONObject.parse(recorder.json4jTexts.get(0));
    assertEquals(BigInteger.TWO.pow(64).subtract(BigInteger.ONE), parsed.get("big"));
    assertEquals(1.7000000005E9, parsed.get("at"));

    // Bounded types report their bound; a map is a collection of its values.
    var attributes = graph.getOperatorInstance(op).getInput(0).getStreamSchema();
    assertEquals(3, ((BoundedType) attributes.getAttribute("tag").getType()).getBoundedSize());
    assertEquals(-1, ((BoundedType) attributes.getAttribute("codes").getType()).getBoundedSize());
    MapType weights = (MapType) attributes.getAttribute("weights").getType();
    assertEquals(weights.getValueType(), ((CollectionType) weights).getElementType());
    graph.shutdown().get();
  }
}
