package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;

/**
 * The scenario files under {@code tests/scenarios} of the repository.
 *
 * <p>The directory is found by walking up from the working directory (Maven runs tests in the
 * module's directory, an IDE often in the repository root), so the suite needs no configuration;
 * the system property {@code streamswindow.scenarios} overrides it.
 */
public final class ScenarioLibrary {
  static final String PROPERTY = "streamswindow.scenarios";
  private static final ObjectMapper JSON = new ObjectMapper();

  private ScenarioLibrary() {}

  /** The scenario directory. */
  public static Path directory() {
    String configured = System.getProperty(PROPERTY);
    if (configured != null && !configured.isBlank()) {
      return Paths.get(configured).toAbsolutePath();
    }
    Path start = Paths.get("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("tests").resolve("scenarios");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "No tests/scenarios directory above " + start + "; set -D" + PROPERTY + "=<dir>");
  }

  /** Every scenario file, sorted by path. */
  public static List<Path> files() {
    Path root = directory();
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The id of a file: its path below the scenario directory without {@code .json}. */
  public static String idOf(Path file) {
    String relative = directory().relativize(file).toString().replace('\\', '/');
    return relative.substring(0, relative.length() - ".json".length());
  }

  /** Reads and validates one scenario file. */
  public static Scenario load(Path file) {
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new ScenarioFormatException(idOf(file) + ": not valid JSON: " + e.getMessage());
    }
    return Scenario.parse(idOf(file), root);
  }
}
