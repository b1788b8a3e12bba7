package io.streamswindow.spark.errors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.streamswindow.clause.WindowClauseException;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.spark.WindowedOperators;
import io.streamswindow.spark.plan.InputPortPlan;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.RowArrival;
import io.streamswindow.spark.plan.TestPlans;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * Each kind of streams-window failure carries its condition and parameters, which the Python facade
 * reads on both session kinds instead of the message text (docs/architecture.md, "Errors").
 */
class StreamsWindowThrowableTest {
  private static final OperatorPlan PLAN =
      TestPlans.plan(
          "com.acme.Sum",
          List.of(
              new InputPortPlan(
                  "tumbling, count(4)", new StructType(), new StructType(), Map.of())),
          List.of(new StructType()),
          List.of("key"),
          List.of(),
          null,
          RowArrival.MICRO_BATCHES);

  @Test
  void anOperatorFailureNamesOperatorWindowKeyAndTheInnermostCause() {
    WindowedOperatorException failed =
        PLAN.failure(
            "[acme]", new RuntimeException("wrapped", new ArithmeticException("/ by zero")));
    assertEquals(WindowedOperatorException.CONDITION, failed.getCondition());
    assertEquals(
        Map.of(
            "operator", "com.acme.Sum",
            "window", "tumbling, count(4)",
            "key", "[acme]",
            "causeClass", "java.lang.ArithmeticException",
            "causeMessage", "/ by zero"),
        failed.getMessageParameters());

    WindowedOperatorException noKey = PLAN.failure(null, new IllegalStateException());
    assertEquals(
        Map.of(
            "operator", "com.acme.Sum",
            "window", "tumbling, count(4)",
            "causeClass", "java.lang.IllegalStateException"),
        noKey.getMessageParameters(),
        "no key and no cause message: the parameters are absent, not null");
  }

  @Test
  void anOperatorFailureCarriesTheConditionAndParametersOfOursInItsChain() {
    CorruptStateException damaged = new CorruptStateException("key [acme]", "a chunk is missing");
    assertEquals(CorruptStateException.CONDITION, damaged.getCondition());
    WindowedOperatorException failed = PLAN.failure("[acme]", damaged);
    assertEquals(
        CorruptStateException.CONDITION, failed.getMessageParameters().get("causeCondition"));
    assertEquals("a chunk is missing", failed.getMessageParameters().get("damage"));
    assertEquals("key [acme]", failed.getMessageParameters().get("owner"));
    assertEquals(
        CorruptStateException.class.getName(), failed.getMessageParameters().get("causeClass"));

    IncompatibleRestartException unreadable =
        IncompatibleRestartException.unreadable(
            "key [acme]", "the operator's StateHandler.reset", new java.io.EOFException());
    assertEquals(IncompatibleRestartException.UNREADABLE, unreadable.getCondition());
    assertEquals(
        Map.of(
            "owner", "key [acme]",
            "step", "the operator's StateHandler.reset",
            "causeClass", "java.io.EOFException"),
        unreadable.getMessageParameters());
  }

  @Test
  void anEntryPointRefusesABadArgumentWithItsConditionAndTheClausesToken() {
    RefusedArgumentException refused =
        assertThrows(
            RefusedArgumentException.class, () -> WindowedOperators.parseWindow("sliding, cnt(3)"));
    assertEquals(RefusedArgumentException.CONDITION, refused.getCondition());
    assertEquals(
        WindowClauseException.class.getName(), refused.getMessageParameters().get("javaClass"));
    assertEquals("cnt", refused.getMessageParameters().get("token"));
    assertEquals("9", refused.getMessageParameters().get("position"));
    assertEquals(
        assertThrows(WindowClauseException.class, () -> WindowClauseParser.parse("sliding, cnt(3)"))
            .getMessage(),
        refused.getMessage(),
        "the refusal keeps the message of what refused it");

    RefusedArgumentException once = new RefusedArgumentException(new IllegalArgumentException("x"));
    assertSame(
        once,
        assertThrows(
            RefusedArgumentException.class,
            () ->
                RefusedArgumentException.refusing(
                    () -> {
                      throw once;
                    })),
        "a refusal is not wrapped twice");
  }
}
