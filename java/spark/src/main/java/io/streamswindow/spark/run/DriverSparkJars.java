package io.streamswindow.spark.run;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.sql.SparkSession;
import scala.Option;

/**
 * The session's {@code spark.jars} as the driver reads them: Spark adds those jars to its
 * executors' class loaders, but to the driver's only when {@code spark-submit} starts the driver,
 * so a plain {@code java} main that sets spark.jars (docs/java.md, "A session") would find its
 * operator class on the executors and not in the driver's checks before them. {@link
 * #loader(ClassLoader)} is a class loader over the jars of this file system.
 *
 * @param value spark.jars as set, or "" when it is not set
 * @param local the jars this JVM can read (paths, {@code file:} and {@code local:} URIs), in order
 * @param remote the entries it cannot (on {@code hdfs:}, {@code http:}, ... or missing here)
 */
record DriverSparkJars(String value, List<Path> local, List<String> remote) {
  /** The loader of the jar list used last and its parent: a JVM runs one SparkContext at a time. */
  private static final AtomicReference<CachedLoader> LAST = new AtomicReference<>();

  private record CachedLoader(List<Path> jars, ClassLoader parent, ClassLoader loader) {}

  /**
   * The spark.jars of the session active on this thread, or else of the default session; empty on
   * an executor, where Spark gives no session and its own class loader already holds the jars.
   */
  static Option<DriverSparkJars> ofActiveSession() {
    Option<SparkSession> session = SparkSession.getActiveSession();
    if (session.isEmpty()) {
      session = SparkSession.getDefaultSession();
    }
    if (session.isEmpty()) {
      return Option.empty();
    }
    // The context's conf: what Spark added when it started (a later builder's spark.jars is not).
    return Option.apply(of(session.get().sparkContext().getConf().get("spark.jars", "")));
  }

  /** spark.jars of {@code value}: entries separated by commas, as Spark splits them. */
  static DriverSparkJars of(String value) {
    List<Path> local = new ArrayList<>();
    List<String> remote = new ArrayList<>();
    for (String entry : value.split(",")) {
      String jar = entry.trim();
      if (jar.isEmpty()) {
        continue;
      }
      Path path = localPath(jar);
      if (path != null && Files.isRegularFile(path)) {
        local.add(path.toAbsolutePath());
      } else {
        remote.add(jar);
      }
    }
    return new DriverSparkJars(value.trim(), List.copyOf(local), List.copyOf(remote));
  }

  /** The file {@code jar} names on this JVM, or null when it names none. */
  private static Path localPath(String jar) {
    try {
      URI uri = new URI(jar);
      String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
      if (scheme == null || scheme.length() == 1) { // a path (C:\... has a one-letter scheme)
        return Path.of(jar);
      }
      return scheme.equals("file") || scheme.equals("local") ? Path.of(uri.getPath()) : null;
    } catch (URISyntaxException e) { // a path with a space, say
      return Path.of(jar);
    }
  }

  /**
   * A class loader over the local jars whose parent is {@code parent}, so the operator's class sees
   * the same streams-window and IBM API classes as the adapter's; the same loader while the jar
   * list and the parent stay the same.
   */
  ClassLoader loader(ClassLoader parent) {
    CachedLoader last = LAST.get();
    if (last != null && last.jars().equals(local) && last.parent() == parent) {
      return last.loader();
    }
    URL[] urls = new URL[local.size()];
    for (int i = 0; i < urls.length; i++) {
      try {
        urls[i] = local.get(i).toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalStateException("spark.jars entry " + local.get(i) + " has no URL", e);
      }
    }
    // Not closed when replaced: classes it loaded may still be in use by a plan.
    ClassLoader loader = new URLClassLoader("spark.jars", urls, parent);
    LAST.set(new CachedLoader(local, parent, loader));
    return loader;
  }

  /** What the driver looked in beyond its class path, for a message: spark.jars' value. */
  String checked() {
    if (value.isEmpty()) {
      return "spark.jars is not set";
    }
    return "nor in spark.jars, \""
        + value
        + "\""
        + (remote.isEmpty()
            ? ""
            : ", of which the driver could not read " + String.join(", ", remote));
  }
}
