package io.streamswindow.spark.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.RowArrival;
import io.streamswindow.spark.plan.TestPlans;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** What a restart is checked against, for operators with several input ports. */
class PlanFingerprintTest {
  private static final StructType PRICES = StructType.fromDDL("sym string, seq long, price double");
  private static final StructType ORDERS = StructType.fromDDL("sym string, seq long, qty long");

  private static OperatorPlan plan(List<InputPortPlan> morePorts) {
    List<InputPortPlan> inputs =
        new ArrayList<>(
            List.of(new InputPortPlan("partitioned, sliding, count(1)", PRICES, PRICES, Map.of())));
    inputs.addAll(morePorts);
    return TestPlans.plan(
        "io.streamswindow.examples.LatestValueEnricher",
        inputs,
        List.of(StructType.fromDDL("price double")),
        List.of("sym"),
        List.of("seq"),
        null,
        RowArrival.MICRO_BATCHES);
  }

  private static PlanFingerprint of(OperatorPlan plan) {
    return PlanFingerprint.of(plan);
  }

  @Test
  void onePortsFingerprintIsAsBeforeAndAnotherPortsWindowOrSchemaIsAChange() throws Exception {
    OperatorPlan one = plan(List.of());
    // One port's parts name port 0's window and schema alone, as saved before there were ports.
    assertEquals(
        Map.of(
            "operator class", "io.streamswindow.examples.LatestValueEnricher",
            "window clause", "partitioned, sliding, count(1), count(1)",
            "partition_by", "[sym]",
            "order_by", "[seq]",
            "input schema", "tuple<rstring sym,int64 seq,float64 price>"),
        of(one).parts());

    OperatorPlan two = plan(List.of(new InputPortPlan("not windowed", ORDERS, ORDERS, Map.of())));
    assertTrue(of(two).changesFrom(of(two).digest()).isEmpty());
    List<DefinitionChange> windowChanged =
        of(plan(List.of(new InputPortPlan("sliding, count(2)", ORDERS, ORDERS, Map.of()))))
            .changesFrom(of(two).toBytes());
    assertEquals(1, windowChanged.size());
    assertTrue(windowChanged.get(0).toString().contains("port 1: sliding, count(2)"));
    StructType wider = ORDERS.add("note", "string");
    assertEquals(
        1,
        of(plan(List.of(new InputPortPlan("not windowed", wider, wider, Map.of()))))
            .changesFrom(of(two).digest())
            .size());
    // Adding a port is a change too.
    assertEquals(2, of(two).changesFrom(of(one).toBytes()).size());
  }

  /**
   * The bytes a query's definition record saves and the digest each key's state carries, for a plan
   * of two ports with a marker column, keys-only tuples and stated SPL types: a restarted query
   * compares them with those it saved, so they must not change.
   */
  @Test
  void savedBytesAndDigestStayTheSame() {
    StructType marked = StructType.fromDDL("sym string, seq long, price double, mark boolean");
    StructType keysOnly = StructType.fromDDL("seq long, price double");
    OperatorPlan plan =
        TestPlans.plan(
            "io.streamswindow.examples.LatestValueEnricher",
            List.of(
                new InputPortPlan(
                    "partitioned, sliding, count(1)", marked, keysOnly, Map.of("seq", "uint32")),
                new InputPortPlan("sliding, count(2)", ORDERS, ORDERS, Map.of("qty", "uint32"))),
            List.of(StructType.fromDDL("price double")),
            List.of("sym"),
            List.of("seq"),
            "mark",
            RowArrival.MICRO_BATCHES);
    PlanFingerprint fingerprint = PlanFingerprint.of(plan);
    assertEquals(
        "0005000e6f70657261746f7220636c617373002d696f2e73747265616d7377696e646f772e6578616d706c"
            + "65732e4c617465737456616c7565456e726963686572000d77696e646f7720636c61757365004d7061"
            + "72746974696f6e65642c20736c6964696e672c20636f756e742831292c20636f756e742831293b2070"
            + "6f727420313a20736c6964696e672c20636f756e742832292c20636f756e74283129000c7061727469"
            + "74696f6e5f627900055b73796d5d00086f726465725f627900055b7365715d000c696e707574207363"
            + "68656d6100507475706c653c75696e743332207365712c666c6f617436342070726963653e3b20706f"
            + "727420313a207475706c653c72737472696e672073796d2c696e743634207365712c75696e74333220"
            + "7174793e",
        HexFormat.of().formatHex(fingerprint.toBytes()));
    assertEquals(
        "ff059f4f8b866bb22d5ee2ae96acd8d8221c1cd107aa",
        HexFormat.of().formatHex(fingerprint.digest()));
  }
}
