package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The facade's checks of argument form, made at the Java entry points: each message is the one the
 * Python facade gives for the same mistake (python/streams_window/_checks.py).
 */
class EntryPointArgumentsTest {

  private static void operatorCall(
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> parameters,
      String outputSchema,
      Map<String, String> options) {
    EntryPointArguments.requireOperatorCall(
        operatorClass, window, partitionBy, orderBy, parameters, outputSchema, options);
  }

  private static void refused(String message, Executable call) {
    assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
  }

  @Test
  void aWellFormedCallPasses() {
    assertDoesNotThrow(
        () ->
            operatorCall(
                "com.acme.VSum",
                "partitioned, tumbling, count(4)",
                List.of("key"),
                List.of("seq"),
                Map.of("attr", List.of("cost")),
                "key string, total double",
                Map.of("late_output", "false", "spl_type.cost", "decimal64")));
    assertDoesNotThrow(
        () ->
            EntryPointArguments.requireAggregateCall(
                "sliding, count(3)",
                null,
                null,
                List.of("total=Sum(cost)"),
                null,
                Map.of("sliding_aggregation", "recompute")));
  }

  @Test
  void aMissingWindowIsAPortWithoutOne() {
    // null is the window of a port that is not windowed (a filter, a transform): not refused here.
    operatorCall("c.Op", null, List.of("k"), null, null, "total double", null);
  }

  @Test
  void blankStringsAreRefusedNamingTheArgument() {
    refused(
        "operator_class is empty",
        () -> operatorCall(" ", "tumbling, count(4)", null, null, null, "total double", null));
    refused(
        "window is empty", () -> operatorCall("c.Op", "", null, null, null, "total double", null));
    refused(
        "output_schema is empty: give the schema of output port 0",
        () -> operatorCall("c.Op", "tumbling, count(4)", null, null, null, "  ", null));
    refused(
        "event_time is empty",
        () ->
            operatorCall(
                "c.Op",
                "tumbling, count(4)",
                null,
                null,
                null,
                "t double",
                Map.of("event_time", "")));
  }

  @Test
  void aColumnListNamesEachColumnOnce() {
    refused(
        "partition_by names a column twice: ['key', 'key']",
        () ->
            operatorCall(
                "c.Op", "tumbling, count(4)", List.of("key", "key"), null, null, "t double", null));
    refused(
        "order_by column is empty",
        () ->
            operatorCall("c.Op", "tumbling, count(4)", null, List.of(""), null, "t double", null));
    refused(
        "group_by names a column twice: ['g', 'h', 'g']",
        () ->
            EntryPointArguments.requireAggregateCall(
                "tumbling, count(4)",
                null,
                null,
                List.of("n=Count()"),
                List.of("g", "h", "g"),
                null));
  }

  @Test
  void aParameterHasAtLeastOneValue() {
    refused(
        "parameter 'attr' has no values: give at least one",
        () ->
            operatorCall(
                "c.Op",
                "tumbling, count(4)",
                null,
                null,
                Map.of("attr", List.of()),
                "t double",
                null));
    Map<String, List<String>> nullValue = new HashMap<>();
    nullValue.put("attr", Arrays.asList("cost", null));
    refused(
        "parameter 'attr' has a null value; a parameter value is a string",
        () -> operatorCall("c.Op", "tumbling, count(4)", null, null, nullValue, "t double", null));
    refused(
        "params names must be non-empty strings; got ''",
        () ->
            operatorCall(
                "c.Op",
                "tumbling, count(4)",
                null,
                null,
                Map.of("", List.of("x")),
                "t double",
                null));
  }

  @Test
  void flagsAreTrueOrFalseRatherThanAnythingElseReadAsFalse() {
    refused(
        "option late_output must be \"true\" or \"false\", not \"yes\"",
        () ->
            operatorCall(
                "c.Op",
                "tumbling, count(4)",
                null,
                null,
                null,
                "t double",
                Map.of("late_output", "yes")));
  }

  @Test
  void splTypesAreNotBlank() {
    refused(
        "spl_types['amount'] is empty: give an SPL type such as 'decimal64'",
        () ->
            operatorCall(
                "c.Op",
                "tumbling, count(4)",
                null,
                null,
                null,
                "t double",
                Map.of("spl_type.amount", " ")));
    refused(
        "output_spl_types has an empty column name",
        () ->
            operatorCall(
                "c.Op",
                "tumbling, count(4)",
                null,
                null,
                null,
                "t double",
                Map.of("output_spl_type.", "uint32")));
  }

  @Test
  void anAggregateHasOutputAndAKnownSlidingAggregation() {
    refused(
        "output is empty: give at least one column, e.g. {'total': 'Sum(cost)'}",
        () ->
            EntryPointArguments.requireAggregateCall(
                "tumbling, count(4)", null, null, List.of(), null, null));
    refused(
        "sliding_aggregation must be one of 'incremental', 'recompute', not 'fast'",
        () ->
            EntryPointArguments.requireAggregateCall(
                "sliding, count(3)",
                null,
                null,
                List.of("n=Count()"),
                null,
                Map.of("sliding_aggregation", "fast")));
  }
}
