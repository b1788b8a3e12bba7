package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.spark.errors.WindowedOperatorException;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.RowArrival;
import io.streamswindow.spark.plan.TestPlans;
import io.streamswindow.spark.types.RowTupleConverter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** The map side (RowPacker) and the reduce side (ArrivalOrder) of a run, without Spark. */
class RowPackerTest {
  private static final StructType ROWS = StructType.fromDDL("sym string, seq long, price double");
  private static final StructType MARKED =
      StructType.fromDDL("sym string, seq long, price double, mark boolean");

  /** Stands for a window marker in the arrivals a test collects. */
  private static final String MARK = "WINDOW_MARKER";

  private static OperatorPlan plan(
      StructType input, List<String> partitionBy, List<String> orderBy, String marker) {
    StructType tuples =
        new StructType(
            Arrays.stream(input.fields())
                .filter(field -> !field.name().equals(marker))
                .toArray(StructField[]::new));
    return TestPlans.plan(
        "io.streamswindow.examples.WindowSum",
        List.of(new InputPortPlan("partitioned, tumbling, count(4)", input, tuples, Map.of())),
        List.of(StructType.fromDDL("price double")),
        partitionBy,
        orderBy,
        marker,
        RowArrival.BATCH);
  }

  /** {@link #plan}, of a stream whose rows arrive as {@code arrival} says. */
  private static OperatorPlan streamPlan(RowArrival arrival) {
    OperatorPlan batch = plan(ROWS, List.of("sym"), List.of(), null);
    return TestPlans.plan(
        batch.operatorClass(),
        batch.inputs(),
        batch.outputs(),
        batch.partitionBy(),
        batch.orderBy(),
        null,
        arrival);
  }

  /**
   * A real-time source: its hasNext() would wait for the next row to arrive; it counts how often it
   * was asked since it last handed a row out.
   */
  private static final class LiveSource implements java.util.Iterator<Row> {
    private final java.util.Iterator<Row> rows;
    int handedOut;
    int askedSinceLastRow;

    LiveSource(List<Row> rows) {
      this.rows = rows.iterator();
    }

    @Override
    public boolean hasNext() {
      askedSinceLastRow++;
      return rows.hasNext();
    }

    @Override
    public Row next() {
      handedOut++;
      askedSinceLastRow = 0;
      return rows.next();
    }
  }

  @Test
  void aPerRowPlanHandsEachRowOnBeforeAskingTheSourceForTheNext() throws Exception {
    List<Row> rows = List.of(row("a", 1, 1.0), row("b", 2, 2.0), row("a", 3, 3.0));
    LiveSource live = new LiveSource(rows);
    java.util.Iterator<Row> packed = new RowPacker(streamPlan(RowArrival.PER_ROW)).pack(live, 1);
    ArrivalOrder order =
        new ArrivalOrder(
            PackedRows.schema(ROWS, List.of("sym"), true),
            new RowTupleConverter(ROWS),
            List.of("sym"),
            List.of(),
            false);
    List<Object> arrivals = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      assertTrue(packed.hasNext());
      Row one = packed.next();
      // The row went on as it arrived: the source was not asked for another first.
      assertEquals(i + 1, live.handedOut);
      assertEquals(0, live.askedSinceLastRow);
      order.deliver(List.of(one).iterator(), (tuple, marker) -> arrivals.add(tuple));
    }
    assertEquals(List.of(1L, 2L, 3L), seqs(arrivals));
    assertTrue(!packed.hasNext());

    // Packed per micro-batch, the same rows wait for the partition's end.
    LiveSource batch = new LiveSource(rows);
    java.util.Iterator<Row> packs =
        new RowPacker(streamPlan(RowArrival.MICRO_BATCHES)).pack(batch, 1);
    assertTrue(packs.hasNext());
    assertEquals(rows.size(), batch.handedOut);
  }

  private static Row row(String sym, long seq, double price) {
    return new GenericRowWithSchema(new Object[] {sym, seq, price}, ROWS);
  }

  private static List<Row> packAll(RowPacker packer, List<Row> rows, int inputPartition) {
    List<Row> out = new ArrayList<>();
    packer.pack(rows.iterator(), inputPartition).forEachRemaining(out::add);
    return out;
  }

  private static List<Row> ofKey(List<Row> packed, String key) {
    return packed.stream().filter(r -> r.getString(0).equals(key)).toList();
  }

  /** The reduce side of a window partitioned by {@code key}, tuples of {@code tuples}. */
  private static ArrivalOrder arrivalOrder(
      StructType input, StructType tuples, String key, List<String> orderBy, boolean markers) {
    return new ArrivalOrder(
        PackedRows.schema(input, List.of(key)),
        new RowTupleConverter(tuples),
        List.of(key),
        orderBy,
        markers);
  }

  private static List<Object> arrange(
      StructType input, List<String> orderBy, boolean markers, List<Row> packs) throws Exception {
    StructType tuples = markers ? ROWS : input;
    ArrivalOrder order = arrivalOrder(input, tuples, "sym", orderBy, markers);
    List<Object> arrivals = new ArrayList<>();
    order.deliver(packs.iterator(), (tuple, marker) -> arrivals.add(marker ? MARK : tuple));
    return arrivals;
  }

  private static List<Long> seqs(List<Object> arrivals) {
    return arrivals.stream().map(a -> ((Tuple) a).getLong("seq")).toList();
  }

  @Test
  void tuplesOfTheKeyColumnAloneKeepTheirAttributeAndArriveEveryOne() throws Exception {
    // Left out, the key would leave entries of no bytes, which the reduce side cannot count.
    StructType keyOnly = StructType.fromDDL("sym string");
    OperatorPlan plan = plan(keyOnly, List.of("sym"), List.of(), null);
    List<Row> rows = new ArrayList<>();
    for (String sym : List.of("a", "b", "a", "a")) {
      rows.add(new GenericRowWithSchema(new Object[] {sym}, keyOnly));
    }
    List<Row> packed = packAll(new RowPacker(plan), rows, 0);

    ArrivalOrder order = arrivalOrder(keyOnly, keyOnly, "sym", List.of(), false);
    List<String> arrivals = new ArrayList<>();
    order.deliver(
        ofKey(packed, "a").iterator(), (tuple, marker) -> arrivals.add(tuple.getString("sym")));
    assertEquals(List.of("a", "a", "a"), arrivals);
  }

  @Test
  void aPartitionColumnWithAStatedTypeTravelsInEachTupleAndStatedTypesOrderTheArrivals()
      throws Exception {
    // optional<ustring>: a null key is a value; uint32: 3000000000 is the largest seq, though its
    // Java int is negative.
    OperatorPlan plan =
        TestPlans.plan(
            "io.streamswindow.examples.WindowSum",
            List.of(
                new InputPortPlan(
                    "partitioned, tumbling, count(4)",
                    ROWS,
                    ROWS,
                    Map.of("sym", "optional<ustring>", "seq", "uint32"))),
            List.of(StructType.fromDDL("price double")),
            List.of("sym"),
            List.of("seq"),
            null,
            RowArrival.BATCH);
    List<Row> rows = List.of(row(null, 3_000_000_000L, 1.0), row(null, 1, 2.0), row(null, 2, 3.0));
    List<Row> packed = packAll(new RowPacker(plan), rows, 0);

    assertEquals(1, packed.size());
    ArrivalOrder order =
        new ArrivalOrder(
            PackedRows.schema(ROWS, List.of("sym")),
            new RowTupleConverter(ROWS, ROWS, plan.inputSchema(ROWS)),
            List.of("sym"),
            List.of("seq"),
            false);
    List<Tuple> arrivals = new ArrayList<>();
    order.deliver(packed.iterator(), (tuple, marker) -> arrivals.add(tuple));
    assertEquals(
        List.of(1, 2, (int) 3_000_000_000L), arrivals.stream().map(t -> t.getInt("seq")).toList());
    assertEquals(
        Arrays.asList(null, null, null), arrivals.stream().map(t -> t.getObject("sym")).toList());
  }

  @Test
  void onePackedRowPerKeyCarriesItsRowsInInputOrder() throws Exception {
    List<Row> rows =
        List.of(row("IBM", 1, 10.0), row("HPQ", 2, 20.0), row("IBM", 3, 30.0), row("IBM", 4, 40.0));
    List<Row> packed = packAll(new RowPacker(plan(ROWS, List.of("sym"), List.of(), null)), rows, 0);

    assertEquals(2, packed.size());
    assertEquals(PackedRows.schema(ROWS, List.of("sym")).size(), packed.get(0).size());
    List<Object> ibm = arrange(ROWS, List.of(), false, ofKey(packed, "IBM"));
    assertEquals(List.of(1L, 3L, 4L), seqs(ibm));
    assertEquals(30.0, ((Tuple) ibm.get(1)).getDouble("price"));
    assertEquals("IBM", ((Tuple) ibm.get(2)).getString("sym"));
  }

  @Test
  void flushesSplitAKeyAndItsOriginsPutThePiecesBackInOrder() throws Exception {
    List<Row> first = new ArrayList<>();
    List<Row> second = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      first.add(row("IBM", i, i));
      second.add(row("IBM", 1000 + i, i));
    }
    // A flush every few tuples: many packed rows per key and input partition.
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), List.of(), null), 600);
    List<Row> packed = new ArrayList<>(packAll(packer, second, 7));
    packed.addAll(packAll(packer, first, 3));
    assertTrue(packed.size() > 10, "expected many flushes, got " + packed.size());
    Collections.shuffle(packed, new Random(42));

    List<Long> expected = new ArrayList<>();
    first.forEach(r -> expected.add(r.getLong(1)));
    second.forEach(r -> expected.add(r.getLong(1)));
    // Without order_by, input partition 3 comes before 7 and each keeps its own order.
    assertEquals(expected, seqs(arrange(ROWS, List.of(), false, packed)));
  }

  @Test
  void manyKeysAndSmallFlushesLoseNoRow() throws Exception {
    // More kept buffers than a flush holds: a flush can hand on nothing while rows remain.
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      rows.add(row("K" + (i % 37), i, i));
    }
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), List.of(), null), 600);
    List<Row> packed = packAll(packer, rows, 0);
    int total = 0;
    for (int k = 0; k < 37; k++) {
      List<Long> seqs = seqs(arrange(ROWS, List.of(), false, ofKey(packed, "K" + k)));
      List<Long> expected =
          rows.stream().filter(r -> r.getLong(1) % 37 == 0).map(r -> r.getLong(1)).toList();
      total += seqs.size();
      if (k == 0) {
        assertEquals(expected, seqs);
      }
    }
    assertEquals(rows.size(), total);
  }

  @Test
  void orderByOrdersAcrossInputPartitionsAndKeepsInputPositionForTies() throws Exception {
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), List.of("seq"), null));
    List<Row> packed =
        new ArrayList<>(
            packAll(
                packer, List.of(row("IBM", 5, 1.0), row("IBM", 2, 2.0), row("IBM", 9, 3.0)), 1));
    packed.addAll(packAll(packer, List.of(row("IBM", 2, 4.0), row("IBM", 1, 5.0)), 0));
    Collections.reverse(packed);

    List<Object> arrivals = arrange(ROWS, List.of("seq"), false, packed);
    assertEquals(List.of(1L, 2L, 2L, 5L, 9L), seqs(arrivals));
    // The two seq 2 rows: input partition 0's first, then partition 1's.
    assertEquals(4.0, ((Tuple) arrivals.get(1)).getDouble("price"));
    assertEquals(2.0, ((Tuple) arrivals.get(2)).getDouble("price"));
  }

  @Test
  void markerRowsMayHoldNullsAndArePlacedByTheirOrderValues() throws Exception {
    List<Row> rows =
        List.of(
            new GenericRowWithSchema(new Object[] {"IBM", 3L, 1.0, false}, MARKED),
            new GenericRowWithSchema(new Object[] {"IBM", 2L, null, true}, MARKED),
            new GenericRowWithSchema(new Object[] {"IBM", 1L, 2.0, null}, MARKED));
    List<Row> packed =
        packAll(new RowPacker(plan(MARKED, List.of("sym"), List.of("seq"), "mark")), rows, 0);

    List<Object> arrivals = arrange(MARKED, List.of("seq"), true, packed);
    assertEquals(3, arrivals.size());
    assertEquals(1L, ((Tuple) arrivals.get(0)).getLong("seq"));
    assertEquals(MARK, arrivals.get(1));
    assertEquals(3L, ((Tuple) arrivals.get(2)).getLong("seq"));
  }

  @Test
  void withoutOrderByMarkersKeepTheirInputPlace() throws Exception {
    List<Row> rows =
        List.of(
            new GenericRowWithSchema(new Object[] {"IBM", 3L, 1.0, false}, MARKED),
            new GenericRowWithSchema(new Object[] {"IBM", null, null, true}, MARKED),
            new GenericRowWithSchema(new Object[] {"IBM", 1L, 2.0, false}, MARKED));
    List<Row> packed =
        packAll(new RowPacker(plan(MARKED, List.of("sym"), List.of(), "mark")), rows, 0);

    List<Object> arrivals = arrange(MARKED, List.of(), true, packed);
    assertEquals(3L, ((Tuple) arrivals.get(0)).getLong("seq"));
    assertEquals(MARK, arrivals.get(1));
    assertEquals(1L, ((Tuple) arrivals.get(2)).getLong("seq"));
  }

  @Test
  void aNullInATupleColumnIsRefusedNamingTheColumnAndKey() {
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), List.of(), null));
    WindowedOperatorException e =
        assertThrows(
            WindowedOperatorException.class,
            () ->
                packAll(
                    packer,
                    List.of(
                        row("IBM", 1, 1.0),
                        new GenericRowWithSchema(new Object[] {"IBM", 2L, null}, ROWS)),
                    0));
    assertTrue(e.getMessage().contains("Column 'price' holds a null"), e.getMessage());
    assertEquals("[IBM]", e.key());
  }

  @Test
  void theFlushSizeIsAShareOfTheHeapWithinBounds() {
    long gib = 1L << 30;
    assertEquals(
        RowPacker.MAX_FLUSH_BYTES, RowPacker.flushBytes(4 * gib, 2)); // the benchmark's driver
    assertEquals(
        ((gib - (300L << 20)) * 2 / 5) / 16, RowPacker.flushBytes(gib, 2)); // 1 GiB, 2 cores
    assertEquals(RowPacker.MIN_FLUSH_BYTES, RowPacker.flushBytes(512L << 20, 8));
  }

  @Test
  void binaryKeysAreGroupedByContent() {
    StructType schema = StructType.fromDDL("id binary, v double");
    OperatorPlan plan = plan(schema, List.of("id"), List.of(), null);
    List<Row> rows =
        List.of(
            new GenericRowWithSchema(new Object[] {new byte[] {1, 2}, 1.0}, schema),
            new GenericRowWithSchema(new Object[] {new byte[] {1, 2}, 2.0}, schema),
            new GenericRowWithSchema(new Object[] {new byte[] {3}, 3.0}, schema));
    assertEquals(2, packAll(new RowPacker(plan), rows, 0).size());
  }

  @Test
  void aWindowThatIsNotPartitionedIsOneGroup() {
    OperatorPlan plan = plan(ROWS, List.of(), List.of(), null);
    List<Row> packed =
        packAll(new RowPacker(plan), List.of(row("IBM", 1, 1.0), row("HPQ", 2, 2.0)), 0);
    assertEquals(1, packed.size());
    assertEquals(0, packed.get(0).getInt(0)); // the constant group column
  }

  /**
   * An order of two columns: no primitive key, so the packer keeps the runs the rows came in and
   * the reduce side merges (or sorts) them. Within a key it is the order of seq alone.
   */
  private static final List<String> SEQ_THEN_SYM = List.of("seq", "sym");

  @Test
  void rowsOutOfOrderStartNewRunsThatTheReduceSideMerges() throws Exception {
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), SEQ_THEN_SYM, null));
    List<Row> packed =
        packAll(
            packer,
            List.of(row("IBM", 5, 1.0), row("IBM", 2, 2.0), row("IBM", 5, 3.0), row("IBM", 1, 4.0)),
            0);

    assertEquals(1, packed.size());
    // Runs [5], [2, 5], [1]: the run table counts three.
    assertEquals(3, java.nio.ByteBuffer.wrap((byte[]) packed.get(0).get(2)).getInt());
    List<Object> arrivals = arrange(ROWS, SEQ_THEN_SYM, false, packed);
    assertEquals(List.of(1L, 2L, 5L, 5L), seqs(arrivals));
    assertEquals(
        List.of(4.0, 2.0, 1.0, 3.0),
        arrivals.stream().map(a -> ((Tuple) a).getDouble("price")).toList());
  }

  @Test
  void mergingManyPackedRowsGivesTheStableOrderOfTheWholeInput() throws Exception {
    Random random = new Random(7);
    List<Row> packed = new ArrayList<>();
    // Expected: the rows in input order (input partition, then place), stably sorted by seq.
    List<double[]> inputOrder = new ArrayList<>();
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), SEQ_THEN_SYM, null), 1000);
    for (int partition = 0; partition < 5; partition++) {
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < 120; i++) {
        // Mostly rising, with stretches that overlap other partitions', ties and a few going back.
        long seq = partition * 40L + i + (random.nextInt(40) == 0 ? -random.nextInt(30) : 0);
        double price = partition * 1000 + i;
        rows.add(row("IBM", seq, price));
        inputOrder.add(new double[] {seq, price});
      }
      packed.addAll(packAll(packer, rows, partition));
    }
    assertTrue(packed.size() > 10, "expected many packed rows, got " + packed.size());
    int runs =
        packed.stream().mapToInt(p -> java.nio.ByteBuffer.wrap((byte[]) p.get(2)).getInt()).sum();
    assertTrue(
        runs > packed.size() && runs <= ArrivalOrder.MAX_MERGED_RUNS, "runs: " + runs); // merged
    Collections.shuffle(packed, new Random(3));
    inputOrder.sort((a, b) -> Double.compare(a[0], b[0])); // List.sort is stable

    List<Object> arrivals = arrange(ROWS, SEQ_THEN_SYM, false, packed);
    assertEquals(
        inputOrder.stream().map(e -> e[1]).toList(),
        arrivals.stream().map(a -> ((Tuple) a).getDouble("price")).toList());
  }

  @Test
  void stringOrderColumnsAreOrderedByUtf8BytesOnBothSides() throws Exception {
    StructType schema = StructType.fromDDL("sym string, name string");
    OperatorPlan plan = plan(schema, List.of("sym"), List.of("name"), null);
    // U+FF21 sorts before U+1F600 in UTF-8 (and in Spark) but after it in UTF-16.
    List<String> names = List.of("\uD83D\uDE00", "b", "\uFF21", "a");
    List<Row> packed = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      packed.addAll(
          packAll(
              new RowPacker(plan),
              List.of(new GenericRowWithSchema(new Object[] {"K", names.get(i)}, schema)),
              i));
    }
    packed.addAll(
        packAll(
            new RowPacker(plan),
            names.stream()
                .map(n -> (Row) new GenericRowWithSchema(new Object[] {"K", n}, schema))
                .toList(),
            9));

    List<String> got =
        arrange(schema, List.of("name"), false, packed).stream()
            .map(a -> ((Tuple) a).getString("name"))
            .toList();
    assertEquals(
        List.of("a", "a", "b", "b", "\uFF21", "\uFF21", "\uD83D\uDE00", "\uD83D\uDE00"), got);
  }

  @Test
  void partitionKeysTravelOnceInThePackedRowNotInEachEntry() throws Exception {
    List<Row> rows = List.of(row("IBM", 1, 10.0), row("IBM", 2, 20.0), row("IBM", 3, 30.0));
    List<Row> packed = packAll(new RowPacker(plan(ROWS, List.of("sym"), List.of(), null)), rows, 0);

    assertEquals(1, packed.size());
    assertEquals("IBM", packed.get(0).getString(0));
    assertEquals(3 * 16, ((byte[]) packed.get(0).get(2)).length); // seq and price: 16 bytes a tuple
    List<Object> arrivals = arrange(ROWS, List.of(), false, packed);
    assertEquals(
        List.of("IBM", "IBM", "IBM"),
        arrivals.stream().map(a -> ((Tuple) a).getString("sym")).toList());
    assertEquals(20.0, ((Tuple) arrivals.get(1)).getDouble("price"));
  }

  @Test
  void floatingPointKeysStayInEachTuple() throws Exception {
    // Spark groups 0.0 with -0.0; each tuple must keep its own value.
    StructType schema = StructType.fromDDL("k double, v long");
    OperatorPlan plan = plan(schema, List.of("k"), List.of(), null);
    List<Row> rows =
        List.of(
            new GenericRowWithSchema(new Object[] {0.0, 1L}, schema),
            new GenericRowWithSchema(new Object[] {-0.0, 2L}, schema));
    List<Row> packed = packAll(new RowPacker(plan), rows, 0);
    assertEquals(2, packed.size());

    ArrivalOrder order = arrivalOrder(schema, schema, "k", List.of(), false);
    List<Tuple> arrivals = new ArrayList<>();
    order.deliver(packed.iterator(), (tuple, marker) -> arrivals.add(tuple));
    assertEquals(List.of(1L, 2L), arrivals.stream().map(t -> t.getLong("v")).toList());
    assertEquals(0L, Double.doubleToRawLongBits(arrivals.get(0).getDouble("k")));
    assertEquals(
        Double.doubleToRawLongBits(-0.0),
        Double.doubleToRawLongBits(arrivals.get(1).getDouble("k")));
  }

  @Test
  void aMarkerRowWithANullKeyPlacesItsMarkerInTheNullKeysGroup() throws Exception {
    List<Row> rows = List.of(new GenericRowWithSchema(new Object[] {null, 1L, null, true}, MARKED));
    List<Row> packed =
        packAll(new RowPacker(plan(MARKED, List.of("sym"), List.of("seq"), "mark")), rows, 0);

    assertEquals(1, packed.size());
    assertTrue(packed.get(0).isNullAt(0));
    ArrivalOrder order = arrivalOrder(MARKED, ROWS, "sym", List.of("seq"), true);
    List<Tuple> places = new ArrayList<>();
    order.deliver(packed.iterator(), (tuple, marker) -> places.add(tuple));
    assertEquals(1, places.size());
    assertEquals("", places.get(0).getString("sym")); // the rstring default, as a null becomes
    assertEquals(1L, places.get(0).getLong("seq"));
  }

  @Test
  void aNullKeyInATupleRowIsRefusedNamingTheColumn() {
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), List.of(), null));
    WindowedOperatorException e =
        assertThrows(
            WindowedOperatorException.class,
            () ->
                packAll(
                    packer,
                    List.of(new GenericRowWithSchema(new Object[] {null, 2L, 1.0}, ROWS)),
                    0));
    assertTrue(e.getMessage().contains("Column 'sym' holds a null"), e.getMessage());
  }

  @Test
  void rowsInNoOrderAreSortedStablyWithTheirMarkers() throws Exception {
    // Random order makes runs of a row or two: far more than ArrivalOrder merges, so it sorts.
    Random random = new Random(11);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      boolean mark = i % 50 == 7;
      rows.add(
          new GenericRowWithSchema(
              new Object[] {"IBM", (long) random.nextInt(100), mark ? null : (double) i, mark},
              MARKED));
    }
    List<Row> packed =
        packAll(new RowPacker(plan(MARKED, List.of("sym"), SEQ_THEN_SYM, "mark")), rows, 0);
    int runs =
        packed.stream().mapToInt(p -> java.nio.ByteBuffer.wrap((byte[]) p.get(2)).getInt()).sum();
    assertTrue(runs > ArrivalOrder.MAX_MERGED_RUNS, "runs: " + runs);

    List<Row> expected = new ArrayList<>(rows);
    expected.sort((a, b) -> Long.compare(a.getLong(1), b.getLong(1))); // stable
    List<Object> arrivals = arrange(MARKED, SEQ_THEN_SYM, true, packed);
    assertEquals(
        expected.stream().map(r -> r.getBoolean(3) ? MARK : r.getDouble(2)).toList(),
        arrivals.stream().map(a -> a == MARK ? MARK : ((Tuple) a).getDouble("price")).toList());
  }

  /** Rows in no order with ties and markers, input partition by input partition. */
  private static List<List<Row>> rowsInNoOrder(int partitions, int rowsEach, long seed) {
    Random random = new Random(seed);
    List<List<Row>> input = new ArrayList<>();
    for (int partition = 0; partition < partitions; partition++) {
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < rowsEach; i++) {
        boolean mark = i % 37 == 5;
        double price = partition * 10_000 + i;
        rows.add(
            new GenericRowWithSchema(
                new Object[] {
                  "IBM", (long) random.nextInt(rowsEach / 3), mark ? null : price, mark
                },
                MARKED));
      }
      input.add(rows);
    }
    return input;
  }

  /** What arrives for rows in input order (partition, then place), stably sorted by seq. */
  private static List<Object> stablySorted(List<List<Row>> input) {
    List<Row> expected = new ArrayList<>();
    input.forEach(expected::addAll);
    expected.sort((a, b) -> Long.compare(a.getLong(1), b.getLong(1))); // List.sort is stable
    return expected.stream().map(r -> r.getBoolean(3) ? MARK : (Object) r.getDouble(2)).toList();
  }

  private static List<Object> prices(List<Object> arrivals) {
    return arrivals.stream()
        .map(a -> a == MARK ? MARK : (Object) ((Tuple) a).getDouble("price"))
        .toList();
  }

  private static int runCount(Row packed) {
    return java.nio.ByteBuffer.wrap((byte[]) packed.get(2)).getInt();
  }

  @Test
  void aPrimitiveOrderColumnInNoOrderIsSortedOnTheMapSideIntoOneRunStably() throws Exception {
    List<List<Row>> input = rowsInNoOrder(1, 400, 11);
    List<Row> packed =
        packAll(
            new RowPacker(plan(MARKED, List.of("sym"), List.of("seq"), "mark")), input.get(0), 0);

    assertEquals(1, packed.size());
    assertEquals(1, runCount(packed.get(0))); // sorted: one run, whatever order the rows came in
    assertEquals(stablySorted(input), prices(arrange(MARKED, List.of("seq"), true, packed)));
  }

  @Test
  void aLongStretchInOrderThenRowsInNoOrderAreSortedTogetherStably() throws Exception {
    // The packer notes order keys only once an entry comes out of order, reading back the
    // entries written before it (RowPacker.Buffer.note).
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 150; i++) {
      boolean mark = i % 41 == 9;
      rows.add(
          new GenericRowWithSchema(
              new Object[] {"IBM", i / 2L, mark ? null : (double) i, mark}, MARKED));
    }
    rows.addAll(rowsInNoOrder(1, 250, 5).get(0));
    List<List<Row>> input = List.of(rows);
    List<Row> packed =
        packAll(new RowPacker(plan(MARKED, List.of("sym"), List.of("seq"), "mark")), rows, 0);

    assertEquals(1, packed.size());
    assertEquals(1, runCount(packed.get(0)));
    assertEquals(stablySorted(input), prices(arrange(MARKED, List.of("seq"), true, packed)));
  }

  @Test
  void integerKeysKeepTheirRowsApartThroughFlushesThatDropIdleKeys() throws Exception {
    // One long partition_by column: buffers are found by a primitive key (LongKeyTable), and a
    // flush that drops the keys that got no rows rebuilds that table.
    StructType ids = StructType.fromDDL("id long, seq long, price double");
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      long id = i < 200 || i >= 400 ? i % 37 : 1000 + i % 5; // the middle third: other keys only
      rows.add(new GenericRowWithSchema(new Object[] {id, (long) i, (double) i}, ids));
    }
    RowPacker packer = new RowPacker(plan(ids, List.of("id"), List.of("seq"), null), 600);
    List<Row> packed = packAll(packer, rows, 0);
    assertTrue(packed.size() > 50, "expected many flushes, got " + packed.size());

    ArrivalOrder order = arrivalOrder(ids, ids, "id", List.of("seq"), false);
    Map<Long, List<Long>> arrived = new java.util.TreeMap<>();
    for (Row pack : packed) {
      List<Object> tuples = new ArrayList<>();
      order.deliver(List.of(pack).iterator(), (tuple, marker) -> tuples.add(tuple));
      for (Object tuple : tuples) {
        assertEquals(pack.getLong(0), ((Tuple) tuple).getLong("id"));
        arrived
            .computeIfAbsent(pack.getLong(0), k -> new ArrayList<>())
            .add(((Tuple) tuple).getLong("seq"));
      }
    }
    Map<Long, List<Long>> expected = new java.util.TreeMap<>();
    rows.forEach(
        r -> expected.computeIfAbsent(r.getLong(0), k -> new ArrayList<>()).add(r.getLong(1)));
    assertEquals(expected, arrived);
  }

  @Test
  void keysThatDoNotComeBackGoOneByOneAndPackingResumesOnceTheyDo() throws Exception {
    // 30,000 rows of a key each, then 30,000 rows over ten keys, in a task whose flush holds some
    // 7,000 new keys: the first full fill finds every row started a buffer and the packer hands
    // rows on one by one, each in a flush of its own; the ten keys, all sampled, come back within
    // a stretch of samples and packing resumes.
    StructType ids = StructType.fromDDL("id long, seq long, price double");
    int single = 30_000;
    List<Long> recurring = new ArrayList<>();
    for (long id = 1_000_000; recurring.size() < 10; id++) {
      if (KeyRecurrence.sampled(Long.hashCode(id))) {
        recurring.add(id);
      }
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < single; i++) {
      rows.add(new GenericRowWithSchema(new Object[] {(long) i, (long) i, (double) i}, ids));
    }
    for (int i = 0; i < 30_000; i++) {
      long seq = single + i;
      rows.add(
          new GenericRowWithSchema(new Object[] {recurring.get(i % 10), seq, (double) seq}, ids));
    }
    RowPacker packer = new RowPacker(plan(ids, List.of("id"), List.of(), null), 2 << 20);
    List<Row> packed = packAll(packer, rows, 0);

    int origin = PackedRows.schema(ids, List.of("id")).fieldIndex(PackedRows.ORIGIN_COLUMN);
    long singleFlushes =
        packed.stream()
            .filter(r -> r.getLong(0) < single)
            .map(r -> r.getLong(origin))
            .distinct()
            .count();
    assertTrue(singleFlushes > single / 2, "one by one: " + singleFlushes + " flushes");
    long recurringRows = packed.stream().filter(r -> r.getLong(0) >= single).count();
    assertTrue(recurringRows < 3_000, "packing again: " + recurringRows + " packed rows");

    ArrivalOrder order = arrivalOrder(ids, ids, "id", List.of(), false);
    Map<Long, List<Row>> byKey = new java.util.TreeMap<>();
    packed.forEach(r -> byKey.computeIfAbsent(r.getLong(0), k -> new ArrayList<>()).add(r));
    Map<Long, List<Long>> arrived = new java.util.TreeMap<>();
    for (Map.Entry<Long, List<Row>> key : byKey.entrySet()) {
      List<Row> shuffled = new ArrayList<>(key.getValue());
      Collections.shuffle(shuffled, new Random(key.getKey())); // Spark keeps no order in a group
      order.deliver(
          shuffled.iterator(),
          (tuple, marker) ->
              arrived
                  .computeIfAbsent(key.getKey(), k -> new ArrayList<>())
                  .add(((Tuple) tuple).getLong("seq")));
    }
    Map<Long, List<Long>> expected = new java.util.TreeMap<>();
    rows.forEach(
        r -> expected.computeIfAbsent(r.getLong(0), k -> new ArrayList<>()).add(r.getLong(1)));
    assertEquals(expected, arrived);
  }

  @Test
  void rowsGoneOnOneByOneKeepTheOrderByOrderOfTheirKeys() throws Exception {
    // 20,000 string keys once each (seq 100,000 + i), then each again with an earlier seq: the
    // first rows go on one by one, each a run of one entry, and the reduce side puts every key's
    // earlier seq first.
    int keys = 20_000;
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < keys; i++) {
      rows.add(row("K" + i, 100_000 + i, i));
    }
    for (int i = keys - 1; i >= 0; i--) {
      rows.add(row("K" + i, i, -i));
    }
    RowPacker packer = new RowPacker(plan(ROWS, List.of("sym"), List.of("seq"), null), 2 << 20);
    List<Row> packed = packAll(packer, rows, 0);
    int origin = PackedRows.schema(ROWS, List.of("sym")).fieldIndex(PackedRows.ORIGIN_COLUMN);
    assertTrue(
        packed.stream().map(r -> r.getLong(origin)).distinct().count() > keys / 2,
        "rows went on one by one");

    Map<String, List<Row>> byKey = new java.util.HashMap<>();
    packed.forEach(r -> byKey.computeIfAbsent(r.getString(0), k -> new ArrayList<>()).add(r));
    assertEquals(keys, byKey.size());
    for (int i = 0; i < keys; i++) {
      List<Row> shuffled = new ArrayList<>(byKey.get("K" + i));
      Collections.shuffle(shuffled, new Random(i));
      assertEquals(
          List.of((long) i, 100_000L + i), seqs(arrange(ROWS, List.of("seq"), false, shuffled)));
    }
  }

  @Test
  void sortedPackedRowsOfSeveralPartitionsAndFlushesMergeIntoTheStableOrder() throws Exception {
    List<List<Row>> input = rowsInNoOrder(4, 300, 5);
    // A flush every few dozen rows: many packed rows per input partition, each sorted.
    RowPacker packer = new RowPacker(plan(MARKED, List.of("sym"), List.of("seq"), "mark"), 1500);
    List<Row> packed = new ArrayList<>();
    for (int partition = input.size() - 1; partition >= 0; partition--) {
      packed.addAll(packAll(packer, input.get(partition), partition));
    }
    assertTrue(
        packed.size() > 8 && packed.size() <= ArrivalOrder.MAX_MERGED_RUNS,
        "packed rows: " + packed.size());
    packed.forEach(p -> assertEquals(1, runCount(p)));
    Collections.shuffle(packed, new Random(9));

    assertEquals(stablySorted(input), prices(arrange(MARKED, List.of("seq"), true, packed)));
  }

  @Test
  void beyondTheMergedRunsAGroupIsSortedByPrimitiveKeysStably() throws Exception {
    List<List<Row>> input = rowsInNoOrder(3, 1000, 23);
    RowPacker packer = new RowPacker(plan(MARKED, List.of("sym"), List.of("seq"), "mark"), 600);
    List<Row> packed = new ArrayList<>();
    for (int partition = 0; partition < input.size(); partition++) {
      packed.addAll(packAll(packer, input.get(partition), partition));
    }
    assertTrue(packed.size() > ArrivalOrder.MAX_MERGED_RUNS, "packed rows: " + packed.size());
    Collections.shuffle(packed, new Random(4));

    assertEquals(stablySorted(input), prices(arrange(MARKED, List.of("seq"), true, packed)));
  }

  @Test
  void aDoubleOrderColumnSortsNegativeZeroBeforeZeroAndNanLast() throws Exception {
    StructType schema = StructType.fromDDL("sym string, t double, v long");
    OperatorPlan plan = plan(schema, List.of("sym"), List.of("t"), null);
    double[] ts = {Double.NaN, 0.0, -0.0, Double.POSITIVE_INFINITY, -1.5, 0.0, -0.0, 2.0};
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ts.length; i++) {
      rows.add(new GenericRowWithSchema(new Object[] {"K", ts[i], (long) i}, schema));
    }
    List<Row> packed = packAll(new RowPacker(plan), rows, 0);
    assertEquals(1, runCount(packed.get(0)));

    ArrivalOrder order = arrivalOrder(schema, schema, "sym", List.of("t"), false);
    List<Long> got = new ArrayList<>();
    order.deliver(packed.iterator(), (tuple, marker) -> got.add(tuple.getLong("v")));
    // Double.compare's order, as Spark's: -1.5, -0.0 (2, 6), 0.0 (1, 5), 2.0, +inf, NaN.
    assertEquals(List.of(4L, 2L, 6L, 1L, 5L, 7L, 3L, 0L), got);
  }

  @Test
  void fixedWidthEntriesInNoOrderAreSortedByKeysReadFromTheirBytes() throws Exception {
    // Entries of an int, a timestamp and a double (the key left out): 28 bytes each, the order
    // key 4 bytes in. Timestamps in no order, many ties, over flushes every few dozen rows.
    StructType schema = StructType.fromDDL("sym string, n int, ts timestamp, price double");
    OperatorPlan plan = plan(schema, List.of("sym"), List.of("ts"), null);
    Random random = new Random(11);
    List<Row> packed = new ArrayList<>();
    List<long[]> inputOrder = new ArrayList<>(); // {micros, n}, in input order
    RowPacker packer = new RowPacker(plan, 1500);
    int n = 0;
    for (int partition = 0; partition < 3; partition++) {
      List<Row> rows = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        long micros = -50_000_000L + random.nextInt(40) * 2_500_000L + random.nextInt(2);
        java.sql.Timestamp ts = new java.sql.Timestamp(Math.floorDiv(micros, 1000));
        ts.setNanos((int) Math.floorMod(micros, 1_000_000L) * 1000);
        rows.add(new GenericRowWithSchema(new Object[] {"K", n, ts, n * 0.5}, schema));
        inputOrder.add(new long[] {micros, n++});
      }
      packed.addAll(packAll(packer, rows, partition));
    }
    assertTrue(packed.size() > 10, "expected many flushes, got " + packed.size());
    Collections.shuffle(packed, new Random(5));
    inputOrder.sort((a, b) -> Long.compare(a[0], b[0])); // stable: ties keep input order

    List<Object> arrivals = arrange(schema, List.of("ts"), false, packed);
    assertEquals(
        inputOrder.stream().map(e -> (int) e[1]).toList(),
        arrivals.stream().map(a -> ((Tuple) a).getInt("n")).toList());
    assertEquals(
        0.5 * ((Tuple) arrivals.get(7)).getInt("n"), ((Tuple) arrivals.get(7)).getDouble("price"));
  }
}
