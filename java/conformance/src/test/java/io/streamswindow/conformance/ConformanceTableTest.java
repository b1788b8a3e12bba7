package io.streamswindow.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keeps docs/conformance.md honest: every scenario file must have a row in its "Every scenario"
 * table, and every row there must name a scenario that exists.
 */
class ConformanceTableTest {

  @Test
  void everyScenarioHasARowAndEveryRowAScenario() throws Exception {
    Path table = ScenarioLibrary.directory().getParent().getParent().resolve("docs/conformance.md");
    String text = Files.readString(table);
    List<String> ids = ScenarioLibrary.files().stream().map(ScenarioLibrary::idOf).toList();
    assertTrue(!ids.isEmpty(), "no scenario files found under " + ScenarioLibrary.directory());
    List<String> missing = ids.stream().filter(id -> !text.contains("`" + id + "`")).toList();
    assertTrue(missing.isEmpty(), "docs/conformance.md has no row for " + missing);
    String everyScenario = text.substring(text.indexOf("## Every scenario"));
    List<String> stale =
        everyScenario
            .lines()
            .filter(line -> line.startsWith("| `"))
            .map(line -> line.substring(3, line.indexOf('`', 3)))
            .filter(id -> !ids.contains(id))
            .toList();
    assertTrue(stale.isEmpty(), "docs/conformance.md names scenarios that do not exist: " + stale);
  }

  @Test
  void everyScenarioFileIsWellFormed() {
    for (Path file : ScenarioLibrary.files()) {
      ScenarioLibrary.load(file);
    }
  }
}
