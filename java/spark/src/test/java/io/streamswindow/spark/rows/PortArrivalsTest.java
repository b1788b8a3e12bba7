package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.RowArrival;
import io.streamswindow.spark.plan.TestPlans;
import io.streamswindow.spark.types.RowTupleConverter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * The arrival order across input ports (docs/python.md, "Several input ports"), on packed rows of
 * two ports made by their RowPackers, without Spark.
 */
class PortArrivalsTest {
  private static final StructType PRICES = StructType.fromDDL("sym string, seq long, price double");
  private static final StructType ORDERS = StructType.fromDDL("sym string, qty long, seq long");

  private static OperatorPlan plan(List<String> orderBy) {
    return TestPlans.plan(
        "io.streamswindow.examples.WindowSum",
        List.of(
            new InputPortPlan("partitioned, sliding, count(1)", PRICES, PRICES, Map.of()),
            new InputPortPlan("not windowed", ORDERS, ORDERS, Map.of())),
        List.of(StructType.fromDDL("price double")),
        List.of("sym"),
        orderBy,
        null,
        RowArrival.BATCH);
  }

  /** Port and seq of each arrival of one group, packed from two input partitions per port. */
  private static List<String> arrivals(List<String> orderBy) throws Exception {
    OperatorPlan plan = plan(orderBy);
    List<Row> packs = new ArrayList<>();
    RowPacker prices = new RowPacker(plan);
    RowPacker orders = RowPacker.ofPort(plan, 1);
    // Port 1's packed rows first, and input partitions out of order: the group sorts them.
    orders.pack(List.of(order(7), order(2)).iterator(), 1).forEachRemaining(packs::add);
    orders.pack(List.of(order(4)).iterator(), 0).forEachRemaining(packs::add);
    prices.pack(List.of(price(4), price(9)).iterator(), 1).forEachRemaining(packs::add);
    prices.pack(List.of(price(3)).iterator(), 0).forEachRemaining(packs::add);

    RowTupleConverter portZero = new RowTupleConverter(PRICES);
    RowTupleConverter portOne = new RowTupleConverter(ORDERS);
    List<ArrivalOrder> ports =
        List.of(
            new ArrivalOrder(
                PackedRows.schema(PRICES, List.of("sym")),
                portZero,
                List.of("sym"),
                orderBy,
                false),
            new ArrivalOrder(
                PackedRows.schema(ORDERS, List.of("sym")),
                portOne,
                List.of("sym"),
                orderBy,
                false));
    List<TupleOrder> orders2 =
        orderBy.isEmpty()
            ? null
            : List.of(
                new TupleOrder(portZero.schema(), orderBy),
                new TupleOrder(portOne.schema(), orderBy));
    List<String> seen = new ArrayList<>();
    new PortArrivals(PackedRows.schema(PRICES, List.of("sym")), ports, orders2)
        .deliver(
            packs.iterator(), (port, tuple, marker) -> seen.add(port + ":" + tuple.getLong("seq")));
    return seen;
  }

  private static Row price(long seq) {
    return new GenericRowWithSchema(new Object[] {"a", seq, 1.0}, PRICES);
  }

  private static Row order(long seq) {
    return new GenericRowWithSchema(new Object[] {"a", 5L, seq}, ORDERS);
  }

  @Test
  void withOrderByEveryPortsRowsArriveByItsValuesTiesToTheLowerPort() throws Exception {
    assertEquals(List.of("1:2", "0:3", "0:4", "1:4", "1:7", "0:9"), arrivals(List.of("seq")));
  }

  @Test
  void withoutOrderByPortZerosRowsArriveFirstEachPortInInputOrder() throws Exception {
    assertEquals(List.of("0:3", "0:4", "0:9", "1:4", "1:7", "1:2"), arrivals(List.of()));
  }
}
