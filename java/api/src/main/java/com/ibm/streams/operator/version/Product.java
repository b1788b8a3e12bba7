package com.ibm.streams.operator.version;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The Streams product an operator runs on, and the versions operators test for.
 *
 * <p>streams-window is not a Streams product, so {@link #getVersion()} reports a version only where
 * a Streams installation is named, as IBM's runtime reads it: the {@code Version} property of the
 * {@code .product} file in the directory of the {@code STREAMS_INSTALL} environment variable.
 * Elsewhere, on Spark and in the harness, it returns null, which IBM's own code returns when the
 * file cannot be read; an operator that compares versions must allow for it.
 *
 * <pre>{@code
 * Version streams = Product.getVersion();
 * boolean recent = streams == null || streams.compareTo(Product.STREAMS_4_2) >= 0;
 * }</pre>
 */
public class Product {

  /** Streams 3.2.0.0. */
  public static final Version STREAMS_3_2_0 = new Version(3, 2, 0, 0);

  /** Streams 3.2.1.0. */
  public static final Version STREAMS_3_2_1 = new Version(3, 2, 1, 0);

  /** Streams 4.0.0.0. */
  public static final Version STREAMS_4_0_0 = new Version(4, 0, 0, 0);

  /** Streams 4.0.1.0. */
  public static final Version STREAMS_4_0_1 = new Version(4, 0, 1, 0);

  /** Streams 4.1.0.0. */
  public static final Version STREAMS_4_1 = new Version(4, 1, 0, 0);

  /** Streams 4.2.0.0. */
  public static final Version STREAMS_4_2 = new Version(4, 2, 0, 0);

  /** Not for instances: every member is static (the constructor is public in IBM's API). */
  public Product() {}

  /**
   * Returns the version of the Streams installation named by {@code STREAMS_INSTALL}, or null.
   *
   * @return the installation's version, or null when there is none or it cannot be read
   */
  public static Version getVersion() {
    return versionOf(System.getenv("STREAMS_INSTALL"));
  }

  /** The {@code Version} of {@code install/.product}, or null; package-visible for tests. */
  static Version versionOf(String install) {
    if (install == null || install.isEmpty()) {
      return null;
    }
    Properties product = new Properties();
    try (InputStream in = Files.newInputStream(Path.of(install, ".product"))) {
      product.load(in);
    } catch (IOException e) {
      return null; // no readable file: no installation to report, as in IBM's runtime
    }
    String version = product.getProperty("Version");
    return version == null ? null : new Version(version.trim());
  }
}
