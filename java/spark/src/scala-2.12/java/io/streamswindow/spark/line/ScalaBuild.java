package io.streamswindow.spark.line;

/**
 * The Scala version this build of the jar is compiled for: 2.12 (a jar of one Scala version does
 * not run on Spark built for another; README, "Supported Spark lines").
 *
 * <pre>{@code
 * ScalaBuild.BINARY;  // "2.12"
 * }</pre>
 */
final class ScalaBuild {
  /** The Scala binary version. */
  static final String BINARY = "2.12";

  private ScalaBuild() {}
}
