package io.streamswindow.spark.line;

/**
 * The Spark line this build of the jar runs on: Spark 3.5 (README, "Supported Spark lines"; the
 * Spark 4 build has a class of the same name).
 *
 * <pre>{@code
 * SparkBuild.LINES;  // "Spark 3.5"
 * }</pre>
 */
public final class SparkBuild {
  /** The oldest line this build runs on, as major and minor. */
  static final int[] OLDEST = {3, 5};

  /** The newest line this build runs on, as major and minor. */
  static final int[] NEWEST = {3, 5};

  /** The lines as users read them. */
  static final String LINES = "Spark 3.5";

  /**
   * Whether this line has {@code transformWithState}, which the chunked state layout runs on
   * (docs/decisions.md, "Spark 3.5").
   */
  public static final boolean TRANSFORM_WITH_STATE = false;

  private SparkBuild() {}
}
