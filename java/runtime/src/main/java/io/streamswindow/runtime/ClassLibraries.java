package io.streamswindow.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * Turns the names {@code OperatorContext.addClassLibraries} takes into URLs: a URL as it is, or a
 * file path (relative to the toolkit directory), where {@code dir/*} stands for the jars of {@code
 * dir}. A local path that does not exist is a warning in {@link #LOG}, not an error, as on IBM's
 * runtime: the path is still added (a {@code dir/*} of a missing directory adds nothing, having no
 * jars), and the call goes on (docs/decisions.md, "IBM's compiled operators").
 */
final class ClassLibraries {
  private ClassLibraries() {}

  /**
   * The logger IBM's Java runtime writes an operator's runtime messages to ({@code
   * com.ibm.streams.operator}), so that a logging setup made for Streams finds these warnings where
   * it looked for them (docs/porting.md, "Class libraries and directories").
   */
  static final Logger LOG = Logger.getLogger("com.ibm.streams.operator");

  /**
   * The operators and paths already warned about in this JVM: Spark builds an operator instance per
   * key, and each would otherwise repeat the warning. Bounded (the least recently warned go first):
   * an executor outlives the queries it serves.
   */
  private static final Set<String> WARNED =
      Collections.newSetFromMap(
          Collections.synchronizedMap(
              new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                  return size() > WARNED_LIMIT;
                }
              }));

  /** How many operators and paths {@link #WARNED} remembers. */
  static final int WARNED_LIMIT = 1024;

  static List<URL> resolve(String library, Path toolkitDirectory, String operatorName)
      throws MalformedURLException {
    if (library.isEmpty()) {
      throw new IllegalArgumentException(
          "addClassLibraries (operator '" + operatorName + "'): a library name is empty");
    }
    URL url = asUrl(library);
    if (url != null && !"file".equals(url.getProtocol())) {
      return List.of(url);
    }
    Path path;
    if (url != null) {
      try {
        path = Path.of(url.toURI());
      } catch (URISyntaxException | IllegalArgumentException e) {
        throw new MalformedURLException(
            "addClassLibraries (operator '" + operatorName + "'): " + library + ": " + e);
      }
    } else {
      path = toolkitDirectory.resolve(library);
    }
    if (path.getFileName() != null && path.getFileName().toString().equals("*")) {
      Path directory = path.getParent();
      return exists(directory, library, operatorName) ? jarsOf(directory, operatorName) : List.of();
    }
    exists(path, library, operatorName);
    return List.of(path.toUri().toURL());
  }

  /** The library as a URL, or null when it is not one (then it is a path). */
  private static URL asUrl(String library) {
    try {
      URI uri = new URI(library);
      // A one-letter scheme is a Windows drive, not a URL.
      if (uri.getScheme() == null || uri.getScheme().length() < 2) {
        return null;
      }
      return uri.toURL();
    } catch (URISyntaxException | MalformedURLException | IllegalArgumentException e) {
      return null;
    }
  }

  private static List<URL> jarsOf(Path directory, String operatorName) {
    try (Stream<Path> files = Files.list(directory)) {
      return files
          .filter(file -> file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar"))
          .filter(file -> file.getFileName().toString().matches(".*\\.(jar|JAR)"))
          .sorted()
          .map(ClassLibraries::toUrl)
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "addClassLibraries (operator '" + operatorName + "'): cannot list " + directory, e);
    }
  }

  private static URL toUrl(Path file) {
    try {
      return file.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(file.toString(), e);
    }
  }

  /**
   * Whether {@code path} exists; when it does not, warns once per operator and path in this JVM,
   * naming both and where relative paths start.
   */
  private static boolean exists(Path path, String library, String operatorName) {
    if (Files.exists(path)) {
      return true;
    }
    if (WARNED.add(operatorName + '\u0000' + path)) {
      LOG.warning(
          "addClassLibraries (operator '"
              + operatorName
              + "'): library "
              + library
              + " does not exist (looked for "
              + path
              + "; relative paths are relative to the toolkit directory, HostDirectories);"
              + " the call goes on without it");
    }
    return false;
  }
}
