package io.streamswindow.spark.line;

/**
 * The Spark lines streams-window runs on (README, "Supported Spark lines"; docs/decisions.md):
 * Spark 3.5 with Scala 2.12 or 2.13, and Spark 4.0 to 4.3 with Scala 2.13, each with its own build
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

  /** Every supported line, as users read them. */
  public static final String RANGE = "Spark 3.5 (Scala 2.12 or 2.13) and 4.0 to 4.3 (Scala 2.13)";

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
    if (line != null
        && within(line, SparkBuild.OLDEST, SparkBuild.NEWEST)
        && ScalaBuild.BINARY.equals(scalaBinary)) {
      return "";
    }
    String running = "this JVM runs Spark " + version + " on Scala " + scala;
    boolean supported =
        line != null
            && (within(line, new int[] {3, 5}, new int[] {3, 5})
                    && ("2.12".equals(scalaBinary) || "2.13".equals(scalaBinary))
                || within(line, new int[] {4, 0}, new int[] {4, 3}) && "2.13".equals(scalaBinary));
    if (supported) {
      return "This streams-window jar is built for "
          + SparkBuild.LINES
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

  private static boolean within(int[] line, int[] oldest, int[] newest) {
    return compare(line, oldest) >= 0 && compare(line, newest) <= 0;
  }

  private static int compare(int[] a, int[] b) {
    return a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]);
  }
}
