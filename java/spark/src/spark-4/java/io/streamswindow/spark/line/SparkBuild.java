package io.streamswindow.spark.line;

/**
 * The Spark lines this build of the jar runs on: Spark 4.0 to 4.3, built against 4.2 (README,
 * "Supported Spark lines"; the Spark 3.5 builds have a class of the same name).
 *
 * <pre>{@code
 * SparkBuild.LINES;  // "Spark 4.0 to 4.3"
 * }</pre>
 */
public final class SparkBuild {
  /** The oldest line this build runs on, as major and minor. */
  static final int[] OLDEST = {4, 0};

  /** The newest line this build runs on, as major and minor. */
  static final int[] NEWEST = {4, 3};

  /** The lines as users read them. */
  static final String LINES = "Spark 4.0 to 4.3";

  /**
   * Whether this line has {@code transformWithState}, which the chunked state layout runs on
   * (docs/decisions.md, "Spark 3.5").
   */
  public static final boolean TRANSFORM_WITH_STATE = true;

  private SparkBuild() {}
}
