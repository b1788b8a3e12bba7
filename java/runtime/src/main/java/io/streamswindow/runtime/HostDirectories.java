package io.streamswindow.runtime;

import java.io.File;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The directories a hosted operator's processing element reports, which a Streams instance takes
 * from the application bundle: {@code ProcessingElement.getApplicationDirectory()}, {@code
 * getOutputDirectory()}, {@code getDataDirectory()} and {@code
 * OperatorContext.getToolkitDirectory()} (the root of relative paths given to {@code
 * addClassLibraries}).
 *
 * <p>{@link #DEFAULT}: the application directory is the working directory ({@code user.dir}); the
 * toolkit and output directories are the application directory; there is no data directory. Paths
 * are made absolute when set; they need not exist.
 *
 * <pre>{@code
 * HostDirectories dirs = HostDirectories.DEFAULT.withApplication(Path.of("build/app"));
 * OperatorHost host = OperatorHost.builder(MyOp.class).directories(dirs).build();
 * }</pre>
 *
 * @param application the application directory
 * @param toolkit the toolkit directory of the operator
 * @param output the output directory
 * @param data the data directory, or null for none
 */
public record HostDirectories(
    Path application, Path toolkit, Path output, Path data, Map<String, Path> toolkits) {

  /** The defaults: every directory the working directory, and no data directory. */
  public static final HostDirectories DEFAULT = defaults();

  /**
   * Checks the directories and makes them absolute.
   *
   * @param application the application directory
   * @param toolkit the toolkit directory of the operator
   * @param output the output directory
   * @param data the data directory, or null for none
   * @param toolkits the root directories of the application's toolkits by name, which {@code
   *     ProcessingElement.getToolkitDirectory(name)} reports
   */
  public HostDirectories {
    application = absolute(application, "application");
    toolkit = absolute(toolkit, "toolkit");
    output = absolute(output, "output");
    data = data == null ? null : data.toAbsolutePath().normalize();
    Map<String, Path> named = new LinkedHashMap<>();
    toolkits.forEach((name, directory) -> named.put(name, absolute(directory, name + " toolkit")));
    toolkits = Collections.unmodifiableMap(named);
  }

  /** The directories with no named toolkit. */
  public HostDirectories(Path application, Path toolkit, Path output, Path data) {
    this(application, toolkit, output, data, Map.of());
  }

  private static HostDirectories defaults() {
    Path working = Path.of(System.getProperty("user.dir", "."));
    return new HostDirectories(working, working, working, null);
  }

  private static Path absolute(Path path, String what) {
    return Objects.requireNonNull(path, what + " directory").toAbsolutePath().normalize();
  }

  /**
   * Returns these directories with another application directory; toolkit and output directories
   * that were the application directory follow it.
   *
   * @param directory the application directory
   * @return the new directories
   */
  public HostDirectories withApplication(Path directory) {
    Path newApplication = absolute(directory, "application");
    return new HostDirectories(
        newApplication,
        toolkit.equals(application) ? newApplication : toolkit,
        output.equals(application) ? newApplication : output,
        data,
        toolkits);
  }

  /**
   * Returns these directories with another toolkit directory.
   *
   * @param directory the toolkit directory
   * @return the new directories
   */
  public HostDirectories withToolkit(Path directory) {
    return new HostDirectories(application, directory, output, data, toolkits);
  }

  /**
   * Returns these directories with the root directory of the application's toolkit {@code name}
   * (the operator's own or one it depends on), as {@code ProcessingElement.getToolkitDirectory}
   * reports it; a toolkit not named so is not in the application, and that call answers null, as
   * IBM's runtime does.
   *
   * @param name the toolkit's name
   * @param directory its root directory
   * @return the new directories
   */
  public HostDirectories withNamedToolkit(String name, Path directory) {
    Map<String, Path> named = new LinkedHashMap<>(toolkits);
    named.put(Objects.requireNonNull(name, "name"), directory);
    return new HostDirectories(application, toolkit, output, data, named);
  }

  /**
   * Returns these directories with another output directory.
   *
   * @param directory the output directory
   * @return the new directories
   */
  public HostDirectories withOutput(Path directory) {
    return new HostDirectories(application, toolkit, directory, data, toolkits);
  }

  /**
   * Returns these directories with a data directory.
   *
   * @param directory the data directory, or null for none
   * @return the new directories
   */
  public HostDirectories withData(Path directory) {
    return new HostDirectories(application, toolkit, output, directory, toolkits);
  }

  File applicationFile() {
    return application.toFile();
  }
}
