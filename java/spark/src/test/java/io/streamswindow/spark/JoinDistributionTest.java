package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.clause.WindowClauseParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link JoinDistribution}: the plan's rule for running a Join key by key or as one instance. */
class JoinDistributionTest {

  @Test
  void theBargainIndexRunsKeyByKey() {
    JoinDistribution d =
        JoinDistribution.decide(
            WindowClauseParser.parse("partitioned, sliding, count(1), count(1)"),
            null,
            List.of("ticker"),
            List.of("ticker"),
            List.of("ticker"),
            List.of());
    assertTrue(d.keyed());
    assertNull(d.reason());
  }

  @Test
  void timeEvictionOnBothSidesRunsKeyByKey() {
    assertTrue(
        JoinDistribution.decide(
                WindowClauseParser.parse("sliding, time(10), count(1)"),
                WindowClauseParser.parse("sliding, time(5), count(1)"),
                List.of("k"),
                List.of("k"),
                List.of(),
                List.of())
            .keyed());
  }

  @Test
  void anUnpartitionedCountWindowForcesOneInstanceAndIsNamed() {
    JoinDistribution d =
        JoinDistribution.decide(
            WindowClauseParser.parse("sliding, count(100), count(1)"),
            null,
            List.of("ticker"),
            List.of("ticker"),
            List.of(),
            List.of());
    assertFalse(d.keyed());
    assertTrue(d.reason().startsWith("input port 0's window \""), d.reason());
    assertTrue(d.reason().contains("holds the latest tuples of every key together"), d.reason());
  }

  @Test
  void aWindowPartitionedByOtherAttributesForcesOneInstance() {
    JoinDistribution d =
        JoinDistribution.decide(
            null,
            WindowClauseParser.parse("partitioned, sliding, delta(ts, 5), count(1)"),
            List.of("ticker"),
            List.of("ticker"),
            List.of(),
            List.of("exchange"));
    assertFalse(d.keyed());
    assertTrue(d.reason().contains("partitioned by [exchange], not by [ticker]"), d.reason());
  }

  @Test
  void noEqualityOrAnExpressionKeyForcesOneInstance() {
    assertEquals(
        "the join has no equalityLHS / equalityRHS: every tuple may match every other",
        JoinDistribution.decide(null, null, List.of(), List.of(), List.of(), List.of()).reason());
    assertFalse(
        JoinDistribution.decide(null, null, null, List.of("k"), List.of(), List.of()).keyed());
  }

  @Test
  void equalityAttributesAreReadQualifiedOrNot() {
    assertEquals(
        List.of("ticker", "day"), Joins.attributes(List.of("L.ticker", " day "), "L", "input"));
    assertNull(Joins.attributes(List.of("upper(L.ticker)"), "L"));
    assertNull(Joins.attributes(List.of("R.ticker"), "L"));
    assertNull(Joins.portWindow("sliding, count(0)"));
    assertNull(Joins.portWindow("partitioned, sliding, count( 0 ), count(1)"));
    assertEquals("sliding, count(1)", Joins.portWindow("sliding, count(1)"));
  }
}
