package io.streamswindow.spark.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.RowArrival;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** What a restart is checked against, for operators with several input ports. */
class PlanFingerprintTest {
  private static final StructType PRICES = StructType.fromDDL("sym string, seq long, price double");
  private static final StructType ORDERS = StructType.fromDDL("sym string, seq long, qty long");

  private static OperatorPlan plan(List<OperatorPlan.MorePort> morePorts) {
    return new OperatorPlan(
        "io.streamswindow.examples.LatestValueEnricher",
        "partitioned, sliding, count(1)",
        PRICES,
        StructType.fromDDL("price double"),
        List.of("sym"),
        List.of("seq"),
        null,
        false,
        null,
        Map.of(),
        RowArrival.MICRO_BATCHES,
        null,
        null,
        Map.of(),
        Map.of(),
        OperatorDirectories.NONE,
        morePorts);
  }

  private static PlanFingerprint of(OperatorPlan plan) {
    return PlanFingerprint.of(plan, plan.inputSchema(PRICES).toString(), PRICES);
  }

  @Test
  void onePortsFingerprintIsAsBeforeAndAnotherPortsWindowOrSchemaIsAChange() throws Exception {
    OperatorPlan one = plan(List.of());
    assertEquals(PlanFingerprint.of(one, one.inputSchema(PRICES).toString()), of(one));

    OperatorPlan two =
        plan(List.of(new OperatorPlan.MorePort("not windowed", ORDERS, ORDERS, Map.of())));
    assertTrue(of(two).changesFrom(of(two).digest()).isEmpty());
    List<DefinitionChange> windowChanged =
        of(plan(List.of(new OperatorPlan.MorePort("sliding, count(2)", ORDERS, ORDERS, Map.of()))))
            .changesFrom(of(two).toBytes());
    assertEquals(1, windowChanged.size());
    assertTrue(windowChanged.get(0).toString().contains("port 1: sliding, count(2)"));
    StructType wider = ORDERS.add("note", "string");
    assertEquals(
        1,
        of(plan(List.of(new OperatorPlan.MorePort("not windowed", wider, wider, Map.of()))))
            .changesFrom(of(two).digest())
            .size());
    // Adding a port is a change too.
    assertEquals(2, of(two).changesFrom(of(one).toBytes()).size());
  }
}
