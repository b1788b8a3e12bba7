package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.streamswindow.conformance.Scenario;
import io.streamswindow.conformance.ScenarioLibrary;
import io.streamswindow.spark.SparkScenarioTable.Entry;
import io.streamswindow.spark.SparkScenarioTable.Kind;
import io.streamswindow.spark.SparkScenarioTable.Reason;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The conformance scenarios on the Spark path: every file under {@code tests/scenarios} is one
 * test, classified in {@link SparkScenarioTable}. A scenario to run must hold through {@link
 * SparkScenarioRunner}; a scenario that does not apply is reported as skipped with its reason,
 * after checking that the reason is true of the file; a known difference must still differ where
 * the table says (when it holds, move it to the scenarios that run).
 */
class SparkScenarioConformanceTest {

  static Stream<Named<Path>> scenarios() {
    return ScenarioLibrary.files().stream().map(file -> Named.of(ScenarioLibrary.idOf(file), file));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void holdsOnTheSparkPath(Path file) throws Exception {
    Scenario scenario = ScenarioLibrary.load(file);
    Entry entry = SparkScenarioTable.ENTRIES.get(scenario.id());
    if (entry == null) {
      fail(
          scenario.id()
              + " is not classified: add it to SparkScenarioTable (run it, or name why Spark cannot)");
    }
    Set<Reason> reasons = Reason.applicableTo(scenario);
    switch (entry.kind()) {
      case RUN -> {
        assertTrue(reasons.isEmpty(), scenario.id() + " is to run, but these apply: " + reasons);
        SparkScenarioRunner.run(scenario);
      }
      case NOT_APPLICABLE -> {
        assertTrue(
            reasons.contains(entry.reason()),
            scenario.id()
                + " is marked "
                + entry.reason()
                + ", which does not apply to it; what applies: "
                + reasons);
        Assumptions.abort(
            "not applicable on Spark, " + entry.reason() + ": " + entry.reason().description);
      }
      case KNOWN_DIFFERENCE -> {
        assertTrue(
            reasons.isEmpty(),
            scenario.id() + " is a known difference, but these apply: " + reasons);
        AssertionError differs =
            assertThrows(
                AssertionError.class,
                () -> SparkScenarioRunner.run(scenario),
                scenario.id() + " now holds on Spark: classify it RUN in SparkScenarioTable");
        assertTrue(
            differs.getMessage().contains("\n  " + entry.where() + "\n"),
            scenario.id()
                + " differs elsewhere than at \""
                + entry.where()
                + "\":"
                + differs.getMessage());
        System.out.println(
            "KNOWN DIFFERENCE "
                + scenario.id()
                + " ("
                + entry.difference()
                + "):"
                + differs.getMessage());
      }
    }
  }

  @Test
  void everyScenarioIsClassifiedOnceAndEveryEntryNamesAScenario() {
    List<String> ids = ScenarioLibrary.files().stream().map(ScenarioLibrary::idOf).toList();
    assertTrue(!ids.isEmpty(), "no scenario files found under " + ScenarioLibrary.directory());
    Set<String> unclassified = new TreeSet<>(ids);
    unclassified.removeAll(SparkScenarioTable.ENTRIES.keySet());
    Set<String> stale = new TreeSet<>(SparkScenarioTable.ENTRIES.keySet());
    stale.removeAll(ids);
    assertEquals(Set.of(), unclassified, "scenarios SparkScenarioTable does not classify");
    assertEquals(Set.of(), stale, "SparkScenarioTable names scenarios that do not exist");
  }

  /** docs/scenario-format.md's "The Spark path" states the table's counts; they must agree. */
  @Test
  void theFormatPageStatesTheTablesCounts() throws Exception {
    Path page =
        ScenarioLibrary.directory().getParent().getParent().resolve("docs/scenario-format.md");
    String text = Files.readString(page);
    Map<Kind, Long> kinds =
        SparkScenarioTable.ENTRIES.values().stream()
            .collect(Collectors.groupingBy(Entry::kind, Collectors.counting()));
    String counts =
        "Today "
            + kinds.getOrDefault(Kind.RUN, 0L)
            + " run, "
            + kinds.getOrDefault(Kind.NOT_APPLICABLE, 0L)
            + " are not applicable and "
            + kinds.getOrDefault(Kind.KNOWN_DIFFERENCE, 0L)
            + " are known differences.";
    assertTrue(text.contains(counts), page + " should say: " + counts);
    for (Reason reason : Reason.values()) {
      long count =
          SparkScenarioTable.ENTRIES.values().stream().filter(e -> e.reason() == reason).count();
      String row =
          text.lines()
              .filter(line -> line.startsWith("| `" + reason + "` |"))
              .findFirst()
              .orElse("(no row)");
      assertTrue(
          row.endsWith("| " + count + " |"),
          page + " should count " + count + " for " + reason + ": " + row);
    }
  }
}
