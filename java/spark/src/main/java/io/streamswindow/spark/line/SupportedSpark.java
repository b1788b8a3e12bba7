package io.streamswindow.spark.line;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The Spark lines streams-window runs on (README, "Supported Spark lines"; docs/decisions.md), as
 * {@value #FACTS} states them, the one statement the Python facade and the scripts read too: Spark
 * 3.5 with Scala 2.12 or 2.13, and Spark 4.0 to 4.3 with Scala 2.13, each major with its own build
 * of the jar ({@link SparkBuild}, {@link ScalaBuild}). Every entry point calls {@link #require()}
 * first; the Spark and Scala versions are read once per JVM, and where this jar does not run each
 * call is refused with one line naming what runs and what to use, an {@link
 * IllegalArgumentException} that the facade reports as {@code ArgumentError}.
 *
 * <pre>{@code
 * SupportedSpark.require(); // the Spark 4 jar: returns on Spark 4.2.0; throws on 3.5.8 or 5.0.0
 * }</pre>
 */
public final class SupportedSpark {

  /** The resource, beside this class, that states the supported lines. */
  static final String FACTS = "spark_lines.properties";

  /** Each supported line ({@code "4.1"}) and its Scala versions, oldest line first. */
  private static final Map<String, List<String>> LINES = readLines();

  /** Every supported line, as users read them: {@code Spark 3.5 (Scala 2.12 or 2.13) and ...}. */
  public static final String RANGE = describe(LINES.keySet(), true);

  /** The refusal for this JVM's Spark: empty when supported; computed at the first call. */
  private static volatile String refusal;

  private SupportedSpark() {}

  /**
   * Returns when this jar runs on the Spark of this JVM.
   *
   * @throws IllegalArgumentException naming the running versions and what to use
   */
  public static void require() {
    String known = refusal;
    if (known == null) {
      known =
          refusalFor(
              org.apache.spark.package$.MODULE$.SPARK_VERSION(),
              scala.util.Properties.versionNumberString());
      refusal = known;
    }
    if (!known.isEmpty()) {
      throw new IllegalArgumentException(known);
    }
  }

  /**
   * The refusal message for a Spark version string (such as {@code 4.1.4} or {@code
   * 4.3.0-SNAPSHOT}) running on a Scala version ({@code 2.13.16}), or the empty string when this
   * jar runs there.
   */
  static String refusalFor(String version, String scala) {
    int[] line = line(version);
    String scalaBinary = binary(scala);
    String lineName = line == null ? "" : line[0] + "." + line[1];
    if (buildLines().contains(lineName) && ScalaBuild.BINARY.equals(scalaBinary)) {
      return "";
    }
    String running = "this JVM runs Spark " + version + " on Scala " + scala;
    boolean supported = LINES.getOrDefault(lineName, List.of()).contains(scalaBinary);
    if (supported) {
      return "This streams-window jar is built for Spark "
          + describe(buildLines(), false)
          + " (Scala "
          + ScalaBuild.BINARY
          + "), and "
          + running
          + ": put the jar built for that line on the session (python -m streams_window classpath"
          + " --spark names it) (README, \"Supported Spark lines\")";
    }
    return "streams-window supports "
        + RANGE
        + "; "
        + running
        + " (README, \"Supported Spark lines\")";
  }

  /**
   * Whether the running Spark's line is {@code major.minor} or a later one: {@code atLeast("4.3.0",
   * 4, 3)}.
   */
  public static boolean atLeast(String version, int major, int minor) {
    int[] line = line(version);
    return line != null && compare(line, new int[] {major, minor}) >= 0;
  }

  private static int[] line(String version) {
    String[] parts = version == null ? new String[0] : version.split("[.\\-+]", 3);
    if (parts.length < 2) {
      return null;
    }
    try {
      return new int[] {Integer.parseInt(parts[0]), Integer.parseInt(parts[1])};
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The binary version of a Scala version: {@code 2.13} of {@code 2.13.16}. */
  private static String binary(String scala) {
    int[] parts = line(scala);
    return parts == null ? "" : parts[0] + "." + parts[1];
  }

  private static int compare(int[] a, int[] b) {
    return a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]);
  }

  /** The supported lines this build runs on: those of its major ({@link SparkBuild#MAJOR}). */
  static List<String> buildLines() {
    List<String> lines = new ArrayList<>();
    for (String line : LINES.keySet()) {
      if (line.startsWith(SparkBuild.MAJOR + ".")) {
        lines.add(line);
      }
    }
    return lines;
  }

  /**
   * Lines as users read them: consecutive lines of one major as a span ({@code 4.0 to 4.3}), with
   * each span's Scala versions when {@code withScala}: {@code 3.5 (Scala 2.12 or 2.13) and 4.0 to
   * 4.3 (Scala 2.13)}.
   */
  private static String describe(Iterable<String> lines, boolean withScala) {
    List<List<String>> spans = new ArrayList<>();
    for (String line : lines) {
      List<String> last = spans.isEmpty() ? null : spans.get(spans.size() - 1);
      if (last != null && major(last.get(0)).equals(major(line))) {
        last.add(line);
      } else {
        spans.add(new ArrayList<>(List.of(line)));
      }
    }
    List<String> shown = new ArrayList<>();
    for (List<String> span : spans) {
      String text =
          span.size() == 1 ? span.get(0) : span.get(0) + " to " + span.get(span.size() - 1);
      if (withScala) {
        text += " (Scala " + String.join(" or ", LINES.get(span.get(0))) + ")";
      }
      shown.add(text);
    }
    return (withScala ? "Spark " : "") + String.join(" and ", shown);
  }

  private static String major(String line) {
    return line.substring(0, line.indexOf('.'));
  }

  /** {@value #FACTS}: its {@code lines}, each with its {@code scala.<line>} versions. */
  private static Map<String, List<String>> readLines() {
    Properties facts = new Properties();
    try (InputStream in = SupportedSpark.class.getResourceAsStream(FACTS)) {
      if (in == null) {
        throw new IllegalStateException(FACTS + " is missing from this streams-window jar");
      }
      facts.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, List<String>> lines = new LinkedHashMap<>();
    for (String line : list(facts.getProperty("lines"))) {
      lines.put(line, list(facts.getProperty("scala." + line)));
    }
    return Collections.unmodifiableMap(lines);
  }

  private static List<String> list(String commaSeparated) {
    List<String> values = new ArrayList<>();
    for (String value : commaSeparated == null ? new String[0] : commaSeparated.split(",")) {
      if (!value.isBlank()) {
        values.add(value.strip());
      }
    }
    return values;
  }
}
