package io.streamswindow.ibmcompat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.ValueFactory;
import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionAggregate;
import com.ibm.streamsx.topology.internal.functional.ops.FunctionTransform;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import com.ibm.streamsx.topology.spi.runtime.TupleSerializer;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.WindowedOperators;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * IBM's compiled functional operators (streamsx 2.1.0) on streams of Java objects of a class of the
 * application's own: IBM's port schema for them is {@code tuple<blob __spl_jo>}, each blob the
 * object as IBM's {@code TupleSerializer.JAVA_SERIALIZER} writes it. The test writes its input
 * blobs and reads the operators' output blobs with IBM's serializer, in IBM's harness API and
 * through {@link WindowedOperators#runOperator} on local Spark (a {@code binary} column named
 * {@code __spl_jo}). docs/porting.md, "IBM's functional operators".
 */
class IbmJavaObjectTuplesTest {
  /** IBM's schema for a stream of Java objects (its ObjectSchemas.JAVA_OBJECT_SCHEMA). */
  private static final String OBJECTS = "tuple<blob __spl_jo>";

  /** An application's own tuple class. */
  record Reading(String sensor, double value) implements Serializable {}

  private static final Function<Reading, Reading> DOUBLED =
      r -> new Reading(r.sensor().toUpperCase(), r.value() * 2);

  /** The sensor of the window's newest reading, with the window's total. */
  private static final Function<List<Reading>, Reading> TOTAL =
      window ->
          new Reading(
              window.get(window.size() - 1).sensor(),
              window.stream().mapToDouble(Reading::value).sum());

  private static final Function<Reading, String> SENSOR = Reading::sensor;

  private static final List<Reading> READINGS =
      List.of(
          new Reading("s1", 1.5),
          new Reading("s2", 10.0),
          new Reading("s1", 2.25),
          new Reading("s1", 4.0),
          new Reading("s2", 20.0),
          new Reading("s1", 8.0));

  private static SparkSession spark;

  @BeforeAll
  static void session() {
    spark = LocalSpark.start();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static byte[] serialize(Object object) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    TupleSerializer.JAVA_SERIALIZER.serialize(object, bytes);
    return bytes.toByteArray();
  }

  static Reading deserialize(byte[] bytes) throws Exception {
    return (Reading) TupleSerializer.JAVA_SERIALIZER.deserialize(new ByteArrayInputStream(bytes));
  }

  /** The last two readings of each sensor, totalled at each arrival (IBM's last(2), keyed). */
  private static List<Reading> totalsOfTheLastTwoPerSensor() {
    List<Reading> expected = new ArrayList<>();
    Map<String, Deque<Reading>> windows = new HashMap<>();
    for (Reading r : READINGS) {
      Deque<Reading> window = windows.computeIfAbsent(r.sensor(), k -> new ArrayDeque<>());
      if (window.size() == 2) {
        window.removeFirst();
      }
      window.addLast(r);
      expected.add(TOTAL.apply(List.copyOf(window)));
    }
    return expected;
  }

  @Test
  void transformMapsObjectsThroughIbmsBlobPortInTheHarness() throws Exception {
    List<Reading> out = harness(FunctionTransform.class, op -> {}, in -> {}, DOUBLED);
    assertEquals(READINGS.stream().map(DOUBLED::apply).toList(), out);
  }

  @Test
  void aggregateOverObjectsPartitionedByTheirKeyGetterInTheHarness() throws Exception {
    List<Reading> out =
        harness(
            FunctionAggregate.class,
            op -> op.setStringParameter("keyGetter", ObjectUtils.serializeLogic(SENSOR)),
            in -> in.sliding().evictCount(2).triggerCount(1).partitioned(),
            TOTAL);
    assertEquals(totalsOfTheLastTwoPerSensor(), out);
  }

  @Test
  void transformMapsObjectsThroughIbmsBlobPortOnSpark() throws Exception {
    Dataset<Row> out =
        WindowedOperators.runOperator(
            readings(false),
            OperatorRunRequest.builder(FunctionTransform.class.getName())
                .parameter("functionalLogic", List.of(ObjectUtils.serializeLogic(DOUBLED)))
                .outputSchema("__spl_jo binary")
                .build());
    assertEquals(sorted(READINGS.stream().map(DOUBLED::apply).toList()), objects(out));
  }

  @Test
  void aggregateOverObjectsKeyedBySensorOnSpark() throws Exception {
    Dataset<Row> out =
        WindowedOperators.runOperator(
            readings(true),
            OperatorRunRequest.builder(FunctionAggregate.class.getName())
                .window("partitioned, sliding, count(2), count(1)")
                .partitionBy(List.of("k"))
                .partitionByKeysOnly(true)
                .parameter("functionalLogic", List.of(ObjectUtils.serializeLogic(TOTAL)))
                .parameter("keyGetter", List.of(ObjectUtils.serializeLogic(SENSOR)))
                .outputSchema("__spl_jo binary")
                .build());
    assertEquals(sorted(totalsOfTheLastTwoPerSensor()), objects(out));
  }

  /** READINGS as IBM's serializer writes them, in a binary column; with the sensor as k. */
  private static Dataset<Row> readings(boolean keyed) throws Exception {
    List<Row> rows = new ArrayList<>();
    for (Reading r : READINGS) {
      rows.add(
          keyed ? RowFactory.create(serialize(r), r.sensor()) : RowFactory.create(serialize(r)));
    }
    StructType schema = new StructType().add("__spl_jo", DataTypes.BinaryType, false);
    if (keyed) {
      schema = schema.add("k", DataTypes.StringType, false);
    }
    // One input partition: its order is each key's arrival order.
    return spark.createDataFrame(rows, schema).coalesce(1);
  }

  private static List<Reading> objects(Dataset<Row> out) throws Exception {
    List<Reading> readings = new ArrayList<>();
    for (Row row : out.collectAsList()) {
      readings.add(deserialize((byte[]) row.get(0)));
    }
    return sorted(readings);
  }

  private static List<Reading> sorted(List<Reading> readings) {
    return readings.stream()
        .sorted(Comparator.comparing(Reading::sensor).thenComparing(Reading::value))
        .toList();
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static List<Reading> harness(
      Class<? extends com.ibm.streams.operator.Operator> kind,
      java.util.function.Consumer<OperatorInvocation> parameters,
      java.util.function.Consumer<InputPortDeclaration> window,
      Serializable logic)
      throws Exception {
    JavaOperatorTester tester = new JavaOperatorTester();
    OperatorInvocation op = tester.singleOp(kind);
    op.setStringParameter("functionalLogic", ObjectUtils.serializeLogic(logic));
    parameters.accept(op);
    InputPortDeclaration in = op.addInput(OBJECTS);
    window.accept(in);
    OutputPortDeclaration out = op.addOutput(OBJECTS);
    JavaTestableGraph graph = tester.tester(op);
    StreamCollector<LinkedList<Tuple>, Tuple> results = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, results);
    graph.initialize().get().allPortsReady().get();

    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    for (Reading r : READINGS) {
      input.submitAsTuple(ValueFactory.newBlob(serialize(r)));
    }
    input.punctuate(Punctuation.FINAL_MARKER);
    graph.completion().get(10, TimeUnit.SECONDS);

    List<Reading> readings = new ArrayList<>();
    for (Tuple t : results.getTuples()) {
      readings.add(deserialize(t.getBlob(0).getData()));
    }
    graph.shutdown().get();
    return readings;
  }
}
