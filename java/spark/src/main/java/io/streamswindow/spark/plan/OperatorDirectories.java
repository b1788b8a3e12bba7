package io.streamswindow.spark.plan;

import io.streamswindow.runtime.HostDirectories;
import java.io.File;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.SparkFiles;
import org.apache.spark.sql.SparkSession;
import scala.runtime.BoxedUnit;

/**
 * The directories an operator's processing element reports on Spark, as the session's settings name
 * them (docs/porting.md, "Class libraries and directories"): read on the driver when the plan is
 * made, shipped with it, and found again on each JVM that builds an operator host ({@link
 * #resolve}), the driver's dry run and every executor.
 *
 * <p>A setting holds a path. An absolute path must be a directory on every host. A relative one is
 * looked up first among the files Spark shipped to the JVM ({@code --files}, {@code --archives},
 * {@code SparkContext.addFile} and {@code addArchive}, which unpack an archive into a directory of
 * its name), then in the working directory: so {@code --archives app.zip#app} with {@code
 * spark.streamswindow.applicationDirectory=app} gives every executor the application's files. A
 * directory that is on neither is refused, naming the setting and where it was looked for.
 *
 * <pre>{@code
 * spark.conf().set("spark.streamswindow.applicationDirectory", "app");
 * spark.sparkContext().addArchive("/builds/app.zip#app");
 * OperatorDirectories settings = OperatorDirectories.of(spark); // then, on each JVM:
 * HostDirectories directories = settings.resolve();
 * }</pre>
 *
 * @param application {@value #APPLICATION}: the application directory, or null for the working
 *     directory
 * @param toolkit {@value #TOOLKIT}: the operator's toolkit directory (the root of relative {@code
 *     addClassLibraries} paths), or null for the application directory
 * @param data {@value #DATA}: the data directory, or null for none
 * @param output {@value #OUTPUT}: the output directory, or null for the application directory
 * @param toolkits the named toolkits ({@value #NAMED_TOOLKIT}{@code <name>}) that {@code
 *     ProcessingElement.getToolkitDirectory(name)} reports
 */
public record OperatorDirectories(
    String application, String toolkit, String data, String output, Map<String, String> toolkits)
    implements Serializable {

  /** The setting of the application directory. */
  public static final String APPLICATION = "spark.streamswindow.applicationDirectory";

  /** The setting of the operator's toolkit directory. */
  public static final String TOOLKIT = "spark.streamswindow.toolkitDirectory";

  /** The setting of the data directory. */
  public static final String DATA = "spark.streamswindow.dataDirectory";

  /** The setting of the output directory. */
  public static final String OUTPUT = "spark.streamswindow.outputDirectory";

  /** The prefix of the settings of named toolkits: the toolkit's name follows. */
  public static final String NAMED_TOOLKIT = "spark.streamswindow.toolkitDirectory.";

  /** No setting: every directory the working directory, no data directory. */
  public static final OperatorDirectories NONE =
      new OperatorDirectories(null, null, null, null, Map.of());

  /** Copies the named toolkits, sorted by name. */
  public OperatorDirectories {
    toolkits = Collections.unmodifiableMap(new TreeMap<>(toolkits == null ? Map.of() : toolkits));
  }

  /** The directories {@code session}'s settings name (those of its runtime configuration). */
  public static OperatorDirectories of(SparkSession session) {
    Map<String, String> named = new TreeMap<>();
    session
        .conf()
        .getAll()
        .foreach(
            setting -> {
              if (setting._1().startsWith(NAMED_TOOLKIT)) {
                named.put(setting._1().substring(NAMED_TOOLKIT.length()), setting._2());
              }
              return BoxedUnit.UNIT;
            });
    return new OperatorDirectories(
        setting(session, APPLICATION),
        setting(session, TOOLKIT),
        setting(session, DATA),
        setting(session, OUTPUT),
        named);
  }

  private static String setting(SparkSession session, String key) {
    String value = session.conf().get(key, null);
    return value == null || value.isBlank() ? null : value.trim();
  }

  /**
   * The directories on this JVM.
   *
   * @throws IllegalArgumentException when a setting names no directory here, naming the setting and
   *     where it looked
   */
  public HostDirectories resolve() {
    if (equals(NONE)) {
      return HostDirectories.DEFAULT;
    }
    HostDirectories directories =
        application == null
            ? HostDirectories.DEFAULT
            : HostDirectories.DEFAULT.withApplication(locate(APPLICATION, application));
    if (toolkit != null) {
      directories = directories.withToolkit(locate(TOOLKIT, toolkit));
    }
    if (output != null) {
      directories = directories.withOutput(locate(OUTPUT, output));
    }
    if (data != null) {
      directories = directories.withData(locate(DATA, data));
    }
    for (Map.Entry<String, String> named : toolkits.entrySet()) {
      directories =
          directories.withNamedToolkit(
              named.getKey(), locate(NAMED_TOOLKIT + named.getKey(), named.getValue()));
    }
    return directories;
  }

  /** The directory {@code value} names on this JVM (see the class comment). */
  private static Path locate(String setting, String value) {
    Path given = Path.of(value);
    List<Path> candidates = new ArrayList<>();
    if (given.isAbsolute()) {
      candidates.add(given);
    } else {
      String shipped = shippedFilesRoot();
      if (shipped != null) {
        candidates.add(Path.of(shipped).resolve(given));
      }
      candidates.add(Path.of(System.getProperty("user.dir", ".")).resolve(given));
    }
    for (Path candidate : candidates) {
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalArgumentException(
        setting
            + " = '"
            + value
            + "' is no directory on this host (looked for "
            + String.join(" and ", candidates.stream().map(Path::toString).toList())
            + "): ship it to every executor with --archives (e.g. app.zip#"
            + (given.isAbsolute() ? "app" : value)
            + ") or SparkContext.addArchive, or give a path that exists on every host");
  }

  /** Where Spark put the files it shipped to this JVM, or null outside a Spark JVM. */
  private static String shippedFilesRoot() {
    try {
      String root = SparkFiles.getRootDirectory();
      return root == null || root.isEmpty() ? null : new File(root).getAbsolutePath();
    } catch (RuntimeException noSparkEnv) {
      return null;
    }
  }
}
