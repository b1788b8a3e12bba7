package io.streamswindow.spark.line;

/**
 * The Spark line this build of the jar runs on: Spark 3.5 (README, "Supported Spark lines"; the
 * Spark 4 build has a class of the same name).
 *
 * <pre>{@code
 * SparkBuild.MAJOR;  // 3: the build for Spark 3.5
 * }</pre>
 */
public final class SparkBuild {
  /**
   * The major version of the Spark lines this build runs on: every supported line of it ({@link
   * SupportedSpark#buildLines()}).
   */
  static final int MAJOR = 3;

  /**
   * Whether this line has {@code transformWithState}, which the chunked state layout runs on
   * (docs/decisions.md, "Spark 3.5").
   */
  public static final boolean TRANSFORM_WITH_STATE = false;

  private SparkBuild() {}
}
