package io.streamswindow.spark;

/**
 * The Spark lines this jar runs on (README, "Supported Spark lines"; docs/decisions.md): Spark 4.0
 * to 4.3 on Scala 2.13. Every entry point calls {@link #require()} first; the Spark version is read
 * once per JVM, and on another line each call is refused with one line naming the range, an {@link
 * IllegalArgumentException} that the facade reports as {@code ArgumentError}.
 *
 * <pre>{@code
 * SupportedSpark.require(); // returns on Spark 4.2.0; throws on Spark 3.5.8 or 5.0.0
 * }</pre>
 */
public final class SupportedSpark {

  /** The oldest supported line, as major and minor. */
  static final int[] OLDEST = {4, 0};

  /** The newest supported line, as major and minor. */
  static final int[] NEWEST = {4, 3};

  /** The supported range as users read it. */
  public static final String RANGE = "Spark 4.0 to 4.3 (Scala 2.13)";

  /** The refusal for this JVM's Spark: empty when supported; computed at the first call. */
  private static volatile String refusal;

  private SupportedSpark() {}

  /**
   * Returns when the Spark of this JVM is on a supported line.
   *
   * @throws IllegalArgumentException naming the running version and the supported range
   */
  public static void require() {
    String known = refusal;
    if (known == null) {
      known = refusalFor(org.apache.spark.package$.MODULE$.SPARK_VERSION());
      refusal = known;
    }
    if (!known.isEmpty()) {
      throw new IllegalArgumentException(known);
    }
  }

  /**
   * The refusal message for a Spark version string (such as {@code 4.1.4} or {@code
   * 4.3.0-SNAPSHOT}), or the empty string when its line is supported.
   */
  static String refusalFor(String version) {
    int[] line = line(version);
    boolean supported = line != null && compare(line, OLDEST) >= 0 && compare(line, NEWEST) <= 0;
    return supported
        ? ""
        : "streams-window supports "
            + RANGE
            + "; this JVM runs Spark "
            + version
            + " (README, \"Supported Spark lines\")";
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

  private static int compare(int[] a, int[] b) {
    return a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]);
  }
}
