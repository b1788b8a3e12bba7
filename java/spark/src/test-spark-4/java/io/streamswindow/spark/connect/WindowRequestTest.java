package io.streamswindow.spark.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.errors.RefusedArgumentException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.spark.connect.proto.Relation;
import org.apache.spark.connect.proto.SQL;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.sparkproject.connect.protobuf.Any;
import org.sparkproject.connect.protobuf.ByteString;
import org.sparkproject.connect.protobuf.CodedOutputStream;

/**
 * {@link WindowRequest} reads what protobuf's own encoder writes for the message docs/connect.md
 * documents: the test encodes with Spark Connect's (shaded) protobuf runtime, field by field, and
 * packs the message in an {@code Any} as the Connect client does.
 */
class WindowRequestTest {

  private static final Relation INPUT =
      Relation.newBuilder().setSql(SQL.newBuilder().setQuery("SELECT 1 AS seq")).build();

  @Test
  void aRunOperatorRequestIsReadFieldByField() throws IOException {
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

    WindowRequest request = WindowRequest.fromAny(any(request(2, call)));

    WindowRequest.RunOperator run = assertInstanceOf(WindowRequest.RunOperator.class, request);
    assertEquals(INPUT, Relation.parseFrom(run.input()));
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
  void inputPortsBeyondZeroAreReadWithTheirRelationsAndWindows() throws IOException {
    Relation second =
        Relation.newBuilder().setSql(SQL.newBuilder().setQuery("SELECT 2 AS seq")).build();
    byte[] call =
        message(
            out -> {
              out.writeByteArray(1, INPUT.toByteArray());
              out.writeString(2, "com.acme.Join");
              out.writeString(3, "partitioned, sliding, count(1)");
              out.writeString(4, "key");
              out.writeByteArray(
                  10,
                  message(
                      m -> {
                        m.writeByteArray(1, second.toByteArray());
                        m.writeString(2, "sliding, count(2)");
                      }));
              out.writeByteArray(10, message(m -> m.writeByteArray(1, INPUT.toByteArray())));
            });

    WindowRequest.RunOperator run =
        assertInstanceOf(
            WindowRequest.RunOperator.class,
            WindowRequest.fromAny(any(request(WindowRequest.RUN_OPERATOR_PORTS, call))));

    assertEquals(2, run.moreInputs().size());
    assertEquals(second, Relation.parseFrom(run.moreInputs().get(0)));
    assertEquals(INPUT, Relation.parseFrom(run.moreInputs().get(1)));
    List<OperatorRunRequest.InputPort> ports = run.request().inputs();
    assertEquals(3, ports.size());
    assertEquals("sliding, count(2)", ports.get(1).window());
    assertNull(ports.get(2).window()); // absent: not windowed
    // Ports beyond 0 are keyed as port 0 is.
    assertEquals(List.of("key"), ports.get(2).partitionBy());
  }

  @Test
  void anOutputSchemaSentAsJsonIsReadAsItsDdlAndAnUnknownOptionIsRefused() throws IOException {
    StructType schema = new StructType().add("key", "string").add("total", "double");
    byte[] call =
        message(
            out -> {
              out.writeByteArray(1, INPUT.toByteArray());
              out.writeString(2, "com.acme.VSum");
              out.writeString(9, schema.json());
            });
    WindowRequest.RunOperator run =
        assertInstanceOf(
            WindowRequest.RunOperator.class, WindowRequest.fromAny(any(request(2, call))));
    assertEquals(schema.toDDL(), run.request().output().schemaDdl());

    byte[] misspelt =
        message(
            out -> {
              out.writeByteArray(1, INPUT.toByteArray());
              out.writeByteArray(8, message(e -> pair(e, "batch_markers", "true")));
            });
    assertTrue(
        assertThrows(
                IllegalArgumentException.class,
                () -> WindowRequest.fromAny(any(request(2, misspelt))))
            .getMessage()
            .startsWith("Unknown option 'batch_markers' (did you mean"),
        "the Map entry points' refusal");
  }

  @Test
  void anAggregateAndAParseWindowRequestAreRead() throws IOException {
    byte[] aggregate =
        message(
            out -> {
              out.writeByteArray(1, INPUT.toByteArray());
              out.writeString(2, "tumbling, count(3)");
              out.writeString(4, "seq");
              out.writeString(5, "total=Sum(cost)");
              out.writeString(5, "n=Count()");
              out.writeString(6, "key");
            });
    WindowRequest.Aggregate read =
        assertInstanceOf(
            WindowRequest.Aggregate.class, WindowRequest.fromAny(any(request(3, aggregate))));
    assertEquals("tumbling, count(3)", read.window());
    assertEquals(List.of(), read.partitionBy());
    assertEquals(List.of("total=Sum(cost)", "n=Count()"), read.output());
    assertEquals(List.of("key"), read.groupBy());
    assertArrayEquals(INPUT.toByteArray(), read.input());

    byte[] parse = message(out -> out.writeString(1, "sliding, count(3)"));
    assertEquals(
        new WindowRequest.ParseWindow("sliding, count(3)"),
        WindowRequest.fromAny(any(request(4, parse))));
  }

  @Test
  void anotherPluginsMessageIsLeftAlone() throws IOException {
    byte[] other =
        Any.newBuilder()
            .setTypeUrl("type.googleapis.com/org.graphframes.connect.GraphFramesAPI")
            .setValue(ByteString.copyFrom(request(4, message(out -> out.writeString(1, "x")))))
            .build()
            .toByteArray();
    assertNull(WindowRequest.fromAny(other));
  }

  @Test
  void aRequestOfAnotherVersionIsRefusedNamingBoth() throws IOException {
    byte[] call = message(out -> out.writeString(1, "sliding, count(3)"));
    byte[] newer =
        message(
            out -> {
              out.writeUInt32(1, 2);
              out.writeByteArray(4, call);
            });
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(newer)));
    assertTrue(
        e.getMessage().contains("reads requests of version 1, and the client sent version 2"));

    // A newer call may carry what this jar cannot read: the version is what is reported.
    byte[] newerCall =
        message(
            out -> {
              out.writeUInt32(1, 2);
              out.writeByteArray(
                  2, message(c -> c.writeByteArray(8, message(p -> pair(p, "new_option", "x")))));
            });
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(newerCall)))
            .getMessage()
            .contains("reads requests of version 1, and the client sent version 2"));
  }

  @Test
  void malformedRequestsAreRefusedSayingWhatIsWrong() throws IOException {
    byte[] noCall = message(out -> out.writeUInt32(1, 1));
    assertEquals(
        "Malformed streams-window Connect request: it names no call",
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(noCall)))
            .getMessage());

    byte[] noInput = request(2, message(out -> out.writeString(2, "com.acme.VSum")));
    assertEquals(
        "Malformed streams-window Connect request: it carries no input relation",
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(noInput)))
            .getMessage());

    byte[] full = request(4, message(out -> out.writeString(1, "sliding, count(3)")));
    byte[] cut = java.util.Arrays.copyOf(full, full.length - 3);
    assertTrue(
        assertThrows(IllegalArgumentException.class, () -> WindowRequest.fromAny(any(cut)))
            .getMessage()
            .startsWith("Malformed streams-window Connect request: field"));
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

  /** A {@code WindowRequest} of version 1 whose call is in field {@code callField}. */
  private static byte[] request(int callField, byte[] call) throws IOException {
    return message(
        out -> {
          out.writeUInt32(1, 1);
          out.writeByteArray(callField, call);
        });
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
