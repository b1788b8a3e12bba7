package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.sort.Sort;
import io.streamswindow.spark.plan.OperatorDirectories;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** {@link RunValidation}: one ordered list of named checks, which an operator's checks join. */
class RunValidationTest {
  private static final StructType ROWS = StructType.fromDDL("k string, seq long, v double");

  private static OperatorRunRequest sortRequest(String window, List<String> partitionBy) {
    return OperatorRunRequest.builder(Sort.class.getName())
        .window(window)
        .partitionBy(partitionBy)
        .parameter("sortBy", List.of("v"))
        .derivedOutputSchema(ROWS)
        .build();
  }

  private static ValidatedRun validate(RunValidation validation, OperatorRunRequest request) {
    return validation.validate(request, List.of(ROWS), false, OperatorDirectories.NONE);
  }

  @Test
  void theStandardChecksRunInOneStatedOrder() {
    assertEquals(
        List.of(
            "inputs",
            "operator",
            "window",
            "event time",
            "partitioning",
            "order_by",
            "marker column",
            "keys only",
            "output schemas",
            "input SPL types",
            "output SPL types",
            "order_by SPL types",
            "late output",
            "parameters",
            "ports beyond 0",
            "shared names"),
        RunValidation.standard().names());
  }

  @Test
  void anAddedCheckRunsRightAfterTheOneItNamesAndAfterThoseAddedThereBefore() {
    RunCheck first = new RunCheck("first", run -> {});
    RunCheck second = new RunCheck("second", run -> {});
    List<String> names =
        RunValidation.standard().adding("window", first).adding("window", second).names();
    int window = names.indexOf("window");
    assertEquals(
        List.of("window", "first", "second", "event time"), names.subList(window, window + 4));
    assertEquals(RunValidation.standard().names().size() + 2, names.size());
  }

  @Test
  void anAddedCheckAfterAnUnknownNameOrUnderATakenOneIsAMistakeOfTheCode() {
    RunCheck check = new RunCheck("sort", run -> {});
    IllegalStateException unknown =
        assertThrows(
            IllegalStateException.class, () -> RunValidation.standard().adding("clause", check));
    assertTrue(unknown.getMessage().startsWith("no check is named 'clause'"), unknown.getMessage());
    assertThrows(
        IllegalStateException.class,
        () -> RunValidation.standard().adding("window", new RunCheck("partitioning", run -> {})));
  }

  @Test
  void aReplacingCheckTakesTheNamedOnesPlaceAndItsRuleGoes() {
    List<String> names =
        RunValidation.standard()
            .replacing("partitioning", new RunCheck("own partitioning", run -> {}))
            .names();
    assertEquals(
        RunValidation.standard().names().indexOf("partitioning"),
        names.indexOf("own partitioning"));
    assertEquals(RunValidation.standard().names().size(), names.size());
    assertThrows(
        IllegalStateException.class,
        () -> RunValidation.standard().replacing("clause", new RunCheck("x", run -> {})));
    // The generic rule is gone: a partitioned window without partition_by passes (an operator
    // that partitions its window itself, as SPL Join does).
    ValidatedRun run =
        validate(
            RunValidation.standard()
                .replacing("partitioning", new RunCheck("own partitioning", draft -> {})),
            sortRequest("partitioned, tumbling, count(2)", List.of()));
    assertEquals(List.of(), run.plan().partitionBy());
  }

  @Test
  void anAddedCheckSeesWhatTheChecksBeforeItDerivedAndIsReportedBeforeTheOnesAfterIt() {
    List<String> seen = new ArrayList<>();
    RunValidation validation =
        RunValidation.standard()
            .adding(
                "window",
                new RunCheck(
                    "sort",
                    run -> {
                      assertSame(Sort.class, run.type);
                      seen.add(run.spec.toString());
                      throw new IllegalArgumentException("the operator's own refusal");
                    }));
    OperatorRunRequest unpartitioned = sortRequest("partitioned, tumbling, count(2)", List.of());
    // Without the added check, "partitioning" refuses the same request in its own words.
    IllegalArgumentException generic =
        assertThrows(
            IllegalArgumentException.class,
            () -> validate(RunValidation.standard(), unpartitioned));
    assertTrue(generic.getMessage().contains("give partition_by"), generic.getMessage());
    IllegalArgumentException own =
        assertThrows(IllegalArgumentException.class, () -> validate(validation, unpartitioned));
    assertEquals("the operator's own refusal", own.getMessage());
    assertEquals(List.of("partitioned, tumbling, count(2)"), seen);
  }

  @Test
  void aRequestEveryCheckPassesBecomesTheRunBothRuntimesRead() {
    ValidatedRun run =
        validate(
            RunValidation.standard(), sortRequest("partitioned, tumbling, count(2)", List.of("k")));
    assertSame(Sort.class, run.type());
    assertEquals(List.of("k"), run.plan().partitionBy());
    assertEquals(ROWS, run.output());
    assertEquals(List.of("v"), run.parameters().get("sortBy"));
    assertEquals(List.of(), run.warnings());
  }
}
