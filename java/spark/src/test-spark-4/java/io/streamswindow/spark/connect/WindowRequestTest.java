package io.streamswindow.spark.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.connect.proto.WindowRequestProto;
import io.streamswindow.spark.connect.proto.WindowRequestProto.InputPort;
import io.streamswindow.spark.connect.proto.WindowRequestProto.Parameter;
import io.streamswindow.spark.errors.RefusedArgumentException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.connect.proto.Relation;
import org.apache.spark.connect.proto.SQL;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * {@link WindowRequest} reads the message of {@code window_request.proto}: version 2 as the classes
 * generated from it write it (as the facade's, generated from the same file, do), and version 1 as
 * older clients wrote it, encoded here field by field with protobuf's own encoder as version 1 was
 * documented, so that the test does not lean on the schema it checks.
 */
class WindowRequestTest {

  private static final Relation INPUT =
      Relation.newBuilder().setSql(SQL.newBuilder().setQuery("SELECT 1 AS seq")).build();

  private static final Relation SECOND =
      Relation.newBuilder().setSql(SQL.newBuilder().setQuery("SELECT 2 AS seq")).build();

  @Test
  void aRunOperatorRequestIsRead() throws IOException {
    WindowRequestProto.RunOperator call =
        WindowRequestProto.RunOperator.newBuilder()
            .addInputs(port(INPUT, "partitioned, tumbling, count(4)"))
            .setOperatorClass("com.acme.VSum")
            .addPartitionBy("key")
            .addAllOrderBy(List.of("seq", "ts"))
            .addParams(Parameter.newBuilder().setName("attr").addValues("cost"))
            .addParams(Parameter.newBuilder().setName("sizes").addValues("1").addValues("2"))
            .setOutputSchema("key string, total double")
            .putOptions("batch_marker", "true")
            .putOptions("spl_type.é", "decimal64")
            .build();

    WindowRequest.RunOperator run =
        assertInstanceOf(
            WindowRequest.RunOperator.class,
            WindowRequest.fromAny(any(version2().setRunOperator(call))));

    assertEquals(1, run.inputs().size());
    assertEquals(INPUT, Relation.parseFrom(run.inputs().get(0)));
    OperatorRunRequest read = run.request();
    assertEquals("com.acme.VSum", read.operatorClass());
    assertEquals("partitioned, tumbling, count(4)", read.input().window());
    assertEquals(List.of("key"), read.input().partitionBy());
    assertEquals(List.of("seq", "ts"), read.input().orderBy());
    assertEquals(Map.of("attr", List.of("cost"), "sizes", List.of("1", "2")), read.parameters());
    assertEquals(List.of("attr", "sizes"), List.copyOf(read.parameters().keySet()));
    assertEquals("key string, total double", read.output().schemaDdl());
    // The options map, read by its keys into the request's settings.
    assertTrue(read.input().batchMarker());
    assertEquals(Map.of("é", "decimal64"), read.input().splTypes());
    assertNull(read.input().markerColumn());
    assertEquals(Map.of(), read.output().splTypes());
  }

  @Test
  void everyInputPortIsReadWithItsRelationAndWindow() throws IOException {
    WindowRequestProto.RunOperator call =
        WindowRequestProto.RunOperator.newBuilder()
            .addInputs(port(INPUT, "partitioned, sliding, count(1)"))
            .addInputs(port(SECOND, "sliding, count(2)"))
            .addInputs(port(INPUT, null))
            .setOperatorClass("com.acme.Join")
            .addPartitionBy("key")
            .build();

    WindowRequest.RunOperator run =
        assertInstanceOf(
            WindowRequest.RunOperator.class,
            WindowRequest.fromAny(any(version2().setRunOperator(call))));

    assertEquals(3, run.inputs().size());
    assertEquals(SECOND, Relation.parseFrom(run.inputs().get(1)));
    assertEquals(INPUT, Relation.parseFrom(run.inputs().get(2)));
    List<OperatorRunRequest.InputPort> ports = run.request().inputs();
    assertEquals(3, ports.size());
    assertEquals("partitioned, sliding, count(1)", ports.get(0).window());
    assertEquals("sliding, count(2)", ports.get(1).window());
    assertNull(ports.get(2).window()); // absent: not windowed
    // Ports beyond 0 are keyed as port 0 is.
    assertEquals(List.of("key"), ports.get(2).partitionBy());
  }

  @Test
  void anOutputSchemaSentAsJsonIsReadAsItsDdlAndAnUnknownOptionIsRefused() {
    StructType schema = new StructType().add("key", "string").add("total", "double");
    WindowRequest.RunOperator run =
        assertInstanceOf(
            WindowRequest.RunOperator.class,
            WindowRequest.fromAny(
                any(
                    version2()
                        .setRunOperator(
                            WindowRequestProto.RunOperator.newBuilder()
                                .addInputs(port(INPUT, null))
                                .setOperatorClass("com.acme.VSum")
                                .setOutputSchemaJson(schema.json())))));
    assertEquals(schema.toDDL(), run.request().output().schemaDdl());

    WindowRequestProto.WindowRequest.Builder misspelt =
        version2()
            .setRunOperator(
                WindowRequestProto.RunOperator.newBuilder()
                    .addInputs(port(INPUT, null))
                    .putOptions("batch_markers", "true"));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(misspelt)))
            .getMessage()
            .startsWith("Unknown option 'batch_markers' (did you mean"),
        "the Map entry points' refusal");
  }

  @Test
  void anAggregateAndAParseWindowRequestAreRead() {
    WindowRequestProto.Aggregate aggregate =
        WindowRequestProto.Aggregate.newBuilder()
            .setInput(bytes(INPUT))
            .setWindow("tumbling, count(3)")
            .addOrderBy("seq")
            .addOutput("total=Sum(cost)")
            .addOutput("n=Count()")
            .addGroupBy("key")
            .build();
    WindowRequest.Aggregate read =
        assertInstanceOf(
            WindowRequest.Aggregate.class,
            WindowRequest.fromAny(any(version2().setAggregate(aggregate))));
    assertEquals("tumbling, count(3)", read.window());
    assertEquals(List.of(), read.partitionBy());
    assertEquals(List.of("seq"), read.orderBy());
    assertEquals(List.of("total=Sum(cost)", "n=Count()"), read.output());
    assertEquals(List.of("key"), read.groupBy());
    assertArrayEquals(INPUT.toByteArray(), read.input());

    assertEquals(
        new WindowRequest.ParseWindow("sliding, count(3)"),
        WindowRequest.fromAny(
            any(
                version2()
                    .setParseWindow(
                        WindowRequestProto.ParseWindow.newBuilder()
                            .setClause("sliding, count(3)")))));
  }

  @Test
  void aVersionOneRunOperatorIsReadAsItsVersionTwoTwin() throws IOException {
    // Version 1, field by field: port 0 in fields 1 and 3 of the call, under call number 2.
    byte[] call =
        message(
            out -> {
              out.writeByteArray(1, INPUT.toByteArray());
              out.writeString(2, "com.acme.VSum");
              out.writeString(3, "partitioned, tumbling, count(4)");
              out.writeString(4, "key");
              out.writeString(5, "seq");
              out.writeString(5, "ts");
              out.writeByteArray(6, message(p -> pair(p, "attr", "cost")));
              out.writeByteArray(
                  6,
                  message(
                      p -> {
                        p.writeString(1, "sizes");
                        p.writeString(2, "1");
                        p.writeString(2, "2");
                      }));
              out.writeString(7, "key string, total double");
              out.writeByteArray(8, message(e -> pair(e, "batch_marker", "true")));
              out.writeByteArray(8, message(e -> pair(e, "spl_type.é", "decimal64")));
              out.writeUInt64(99, 7); // a field this reader does not know is passed over
            });
    WindowRequestProto.RunOperator twin =
        WindowRequestProto.RunOperator.newBuilder()
            .addInputs(port(INPUT, "partitioned, tumbling, count(4)"))
            .setOperatorClass("com.acme.VSum")
            .addPartitionBy("key")
            .addAllOrderBy(List.of("seq", "ts"))
            .addParams(Parameter.newBuilder().setName("attr").addValues("cost"))
            .addParams(Parameter.newBuilder().setName("sizes").addValues("1").addValues("2"))
            .setOutputSchema("key string, total double")
            .putOptions("batch_marker", "true")
            .putOptions("spl_type.é", "decimal64")
            .build();

    WindowRequest.RunOperator old =
        assertInstanceOf(
            WindowRequest.RunOperator.class, WindowRequest.fromAny(any(version1(2, call))));
    WindowRequest.RunOperator now =
        assertInstanceOf(
            WindowRequest.RunOperator.class,
            WindowRequest.fromAny(any(version2().setRunOperator(twin))));

    // OperatorRunRequest has no equality of its own: what it holds, compared part by part.
    assertEquals(now.request().operatorClass(), old.request().operatorClass());
    assertEquals(now.request().parameters(), old.request().parameters());
    assertEquals(now.request().inputs(), old.request().inputs());
    assertEquals(now.request().outputs(), old.request().outputs());
    assertEquals(now.request().metricsRows(), old.request().metricsRows());
    assertEquals(now.request().realTime(), old.request().realTime());
    assertEquals(1, old.inputs().size());
    assertArrayEquals(now.inputs().get(0), old.inputs().get(0));
    assertEquals("partitioned, tumbling, count(4)", old.request().input().window());
    assertEquals(Map.of("é", "decimal64"), old.request().input().splTypes());
  }

  @Test
  void aVersionOneCallWithMorePortsIsReadWithAllItsPorts() throws IOException {
    // Version 1's run_operator_ports (call number 5): port 0 apart, ports 1 and 2 in field 10.
    byte[] call =
        message(
            out -> {
              out.writeByteArray(1, INPUT.toByteArray());
              out.writeString(2, "com.acme.Join");
              out.writeString(4, "key");
              out.writeByteArray(
                  10,
                  message(
                      m -> {
                        m.writeByteArray(1, SECOND.toByteArray());
                        m.writeString(2, "sliding, count(2)");
                      }));
              out.writeByteArray(10, message(m -> m.writeByteArray(1, INPUT.toByteArray())));
            });

    WindowRequest.RunOperator run =
        assertInstanceOf(
            WindowRequest.RunOperator.class, WindowRequest.fromAny(any(version1(5, call))));

    assertEquals(3, run.inputs().size());
    assertEquals(INPUT, Relation.parseFrom(run.inputs().get(0)));
    assertEquals(SECOND, Relation.parseFrom(run.inputs().get(1)));
    assertEquals(INPUT, Relation.parseFrom(run.inputs().get(2)));
    List<OperatorRunRequest.InputPort> ports = run.request().inputs();
    assertNull(ports.get(0).window()); // field 3 absent: port 0 is not windowed
    assertEquals("sliding, count(2)", ports.get(1).window());
    assertNull(ports.get(2).window());
    assertEquals(List.of("key"), ports.get(2).partitionBy());
    assertEquals("com.acme.Join", run.request().operatorClass());
  }

  @Test
  void aVersionOneAggregateAndParseWindowAreRead() throws IOException {
    byte[] aggregate =
        message(
            out -> {
              out.writeByteArray(1, INPUT.toByteArray());
              out.writeString(2, "tumbling, count(3)");
              out.writeString(4, "seq");
              out.writeString(5, "total=Sum(cost)");
              out.writeString(6, "key");
              out.writeByteArray(7, message(e -> pair(e, "partition_by_keys_only", "true")));
            });
    WindowRequest.Aggregate read =
        assertInstanceOf(
            WindowRequest.Aggregate.class, WindowRequest.fromAny(any(version1(3, aggregate))));
    assertEquals("tumbling, count(3)", read.window());
    assertEquals(List.of("seq"), read.orderBy());
    assertEquals(List.of("total=Sum(cost)"), read.output());
    assertEquals(List.of("key"), read.groupBy());
    assertEquals(Map.of("partition_by_keys_only", "true"), read.options());
    assertArrayEquals(INPUT.toByteArray(), read.input());

    byte[] parse = message(out -> out.writeString(1, "sliding, count(3)"));
    assertEquals(
        new WindowRequest.ParseWindow("sliding, count(3)"),
        WindowRequest.fromAny(any(version1(4, parse))));
  }

  @Test
  void anotherPluginsMessageIsLeftAlone() {
    byte[] other =
        Any.newBuilder()
            .setTypeUrl("type.googleapis.com/org.graphframes.connect.GraphFramesAPI")
            .setValue(version2().setParseWindow(parseWindow("x")).build().toByteString())
            .build()
            .toByteArray();
    assertNull(WindowRequest.fromAny(other));
  }

  @Test
  void aRequestOfAnotherVersionIsRefusedNamingBoth() throws IOException {
    byte[] newer =
        message(
            out -> {
              out.writeUInt32(1, 3);
              out.writeByteArray(4, message(c -> c.writeString(1, "sliding, count(3)")));
            });
    String refusal = "reads requests of version 2 (and 1), and the client sent version 3";
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(newer)));
    assertTrue(e.getMessage().contains(refusal), e.getMessage());

    // A newer message may give a field another type, or carry what this jar cannot read: the
    // version is what is reported.
    byte[] newerCall =
        message(
            out -> {
              out.writeUInt32(1, 3);
              out.writeUInt64(2, 12);
              out.writeByteArray(
                  11, message(c -> c.writeByteArray(8, message(p -> pair(p, "new_option", "x")))));
            });
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(newerCall)))
            .getMessage()
            .contains(refusal));

    // A message without a version (0) is of no version this jar reads either.
    byte[] none = message(out -> out.writeByteArray(4, message(c -> c.writeString(1, "x"))));
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(none)))
            .getMessage()
            .contains("reads requests of version 2 (and 1), and the client sent version 0"));
  }

  @Test
  void theRelationPluginRefusesAnotherVersionThroughTheRefusalPath() throws IOException {
    byte[] newer =
        message(
            out -> {
              out.writeUInt32(1, 3);
              out.writeByteArray(4, message(c -> c.writeString(1, "sliding, count(3)")));
            });

    // Refused before the planner is needed: the client reads the refusal's condition.
    RefusedArgumentException refused =
        assertThrows(
            RefusedArgumentException.class,
            () -> new WindowRelationPlugin().transform(any(newer), null));

    assertEquals("STREAMS_WINDOW_REFUSED_ARGUMENT", refused.getCondition());
    assertTrue(refused.getMessage().contains("the client sent version 3"), refused.getMessage());
  }

  @Test
  void malformedRequestsAreRefusedSayingWhatIsWrong() throws IOException {
    assertEquals(
        "Malformed streams-window Connect request: it names no call",
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(version2())))
            .getMessage());
    assertEquals(
        "Malformed streams-window Connect request: it names no call",
        assertThrows(
                IllegalArgumentException.class,
                () -> WindowRequest.fromAny(any(message(out -> out.writeUInt32(1, 1)))))
            .getMessage());

    WindowRequestProto.WindowRequest.Builder noPort =
        version2()
            .setRunOperator(WindowRequestProto.RunOperator.newBuilder().setOperatorClass("c.V"));
    WindowRequestProto.WindowRequest.Builder emptyPort =
        version2()
            .setRunOperator(
                WindowRequestProto.RunOperator.newBuilder()
                    .addInputs(port(INPUT, null))
                    .addInputs(InputPort.newBuilder().setWindow("count(2)")));
    byte[] versionOneWithoutInput = version1(2, message(out -> out.writeString(2, "c.V")));
    for (byte[] request : List.of(any(noPort), any(emptyPort), any(versionOneWithoutInput))) {
      assertEquals(
          "Malformed streams-window Connect request: it carries no input relation",
          assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(request))
              .getMessage());
    }

    byte[] full = version2().setParseWindow(parseWindow("sliding, count(3)")).build().toByteArray();
    byte[] cut = Arrays.copyOf(full, full.length - 3);
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(cut)))
            .getMessage()
            .startsWith("Malformed streams-window Connect request: "));
    byte[] notAnAny = {(byte) 0x0a, (byte) 0x7f, 1};
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(notAnAny))
            .getMessage()
            .startsWith("Malformed streams-window Connect request: "));
  }

  @Test
  void aBadArgumentCarriesWhatTheClientReads() {
    IllegalArgumentException clause =
        assertThrows(
            io.streamswindow.clause.WindowClauseException.class,
            () -> io.streamswindow.clause.WindowClauseParser.parse("sliding, cnt(3)"));
    RefusedArgumentException refused = new RefusedArgumentException(clause);
    assertEquals(clause.getMessage(), refused.getMessage());
    assertEquals(RefusedArgumentException.CONDITION, refused.getCondition());
    assertEquals(
        Map.of(
            "javaClass", "io.streamswindow.clause.WindowClauseException",
            "clause", "sliding, cnt(3)",
            "token", "cnt",
            "position", "9"),
        refused.getMessageParameters());
    assertNull(refused.getSqlState());
    assertEquals(
        Map.of("javaClass", "java.lang.IllegalArgumentException"),
        new RefusedArgumentException(new IllegalArgumentException("no")).getMessageParameters());
  }

  @Test
  void anSplColumnRequestIsReadWithItsInputSchema() {
    StructType schema = StructType.fromDDL("ticker STRING, volume INT");
    WindowRequestProto.SplColumn call =
        WindowRequestProto.SplColumn.newBuilder()
            .setExpression("(int8)volume + 100b")
            .setInputSchemaJson(schema.json())
            .putSplTypes("volume", "uint32")
            .putValues("least", "100")
            .build();

    WindowRequest.SplColumn read =
        assertInstanceOf(
            WindowRequest.SplColumn.class,
            WindowRequest.fromAny(any(version2().setSplColumn(call))));

    assertEquals("(int8)volume + 100b", read.expression());
    assertEquals(schema, read.inputSchema());
    assertEquals(Map.of("volume", "uint32"), read.splTypes());
    assertEquals(Map.of("least", "100"), read.values());
  }

  @Test
  void anSplColumnRequestWithoutASchemaIsRefusedAsMalformed() {
    WindowRequestProto.SplColumn call =
        WindowRequestProto.SplColumn.newBuilder().setExpression("volume + 1").build();

    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> WindowRequest.fromAny(any(version2().setSplColumn(call))));

    assertEquals(
        "Malformed streams-window Connect request: its input schema is not a StructType's JSON",
        refused.getMessage());
  }

  private static WindowRequestProto.WindowRequest.Builder version2() {
    return WindowRequestProto.WindowRequest.newBuilder().setVersion(2);
  }

  private static WindowRequestProto.ParseWindow parseWindow(String clause) {
    return WindowRequestProto.ParseWindow.newBuilder().setClause(clause).build();
  }

  /** An input port of {@code relation}; {@code window} null: not windowed. */
  private static InputPort port(Relation relation, String window) {
    InputPort.Builder port = InputPort.newBuilder().setRelation(bytes(relation));
    if (window != null) {
      port.setWindow(window);
    }
    return port.build();
  }

  /** A Spark Connect relation's encoding, as our message's bytes carry it. */
  private static ByteString bytes(Relation relation) {
    return ByteString.copyFrom(relation.toByteArray());
  }

  /** A {@code WindowRequest} of version 1 whose call is in field {@code callField}. */
  private static byte[] version1(int callField, byte[] call) throws IOException {
    return message(
        out -> {
          out.writeUInt32(1, 1);
          out.writeByteArray(callField, call);
        });
  }

  private static byte[] any(WindowRequestProto.WindowRequest.Builder request) {
    return any(request.build().toByteArray());
  }

  private static byte[] any(byte[] request) {
    return Any.newBuilder()
        .setTypeUrl(WindowRequest.TYPE_URL)
        .setValue(ByteString.copyFrom(request))
        .build()
        .toByteArray();
  }

  private static void pair(CodedOutputStream out, String first, String second) throws IOException {
    out.writeString(1, first);
    out.writeString(2, second);
  }

  private interface Fields {
    void write(CodedOutputStream out) throws IOException;
  }

  private static byte[] message(Fields fields) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    fields.write(out);
    out.flush();
    return bytes.toByteArray();
  }
}
