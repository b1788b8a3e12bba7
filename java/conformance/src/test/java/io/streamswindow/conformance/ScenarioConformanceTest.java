package io.streamswindow.conformance;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The data-driven conformance suite: every scenario file under {@code tests/scenarios} is one test,
 * run through IBM's harness by {@link ScenarioRunner}. A failure prints the scenario, the rule it
 * proves and a diff of the step's trace.
 */
class ScenarioConformanceTest {

  static Stream<Named<Path>> scenarios() {
    return ScenarioLibrary.files().stream().map(file -> Named.of(ScenarioLibrary.idOf(file), file));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void conforms(Path file) throws Exception {
    ScenarioRunner.run(ScenarioLibrary.load(file));
  }
}
