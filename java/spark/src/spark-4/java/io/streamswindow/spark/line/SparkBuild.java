package io.streamswindow.spark.line;

/**
 * The Spark lines this build of the jar runs on: Spark 4.0 to 4.3, built against 4.2 (README,
 * "Supported Spark lines"; the Spark 3.5 builds have a class of the same name).
 *
 * <pre>{@code
 * SparkBuild.MAJOR;  // 4: the build for Spark 4.0 to 4.3
 * }</pre>
 */
public final class SparkBuild {
  /**
   * The major version of the Spark lines this build runs on: every supported line of it ({@link
   * SupportedSpark#buildLines()}).
   */
  static final int MAJOR = 4;

  /**
   * Whether this line has {@code transformWithState}, which the chunked state layout runs on
   * (docs/decisions.md, "Spark 3.5").
   */
  public static final boolean TRANSFORM_WITH_STATE = true;

  private SparkBuild() {}
}
