package io.streamswindow.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Turns the names {@code OperatorContext.addClassLibraries} takes into URLs: a URL as it is, or a
 * file path (relative to the toolkit directory), where {@code dir/*} stands for the jars of {@code
 * dir}. Local files must exist, so that a mistyped path fails where it is given rather than as a
 * missing class later.
 */
final class ClassLibraries {
  private ClassLibraries() {}

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
      return jarsOf(path.getParent(), library, operatorName);
    }
    requireExists(path, library, operatorName);
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

  private static List<URL> jarsOf(Path directory, String library, String operatorName) {
    requireExists(directory, library, operatorName);
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

  private static void requireExists(Path path, String library, String operatorName) {
    if (!Files.exists(path)) {
      throw new IllegalArgumentException(
          "addClassLibraries (operator '"
              + operatorName
              + "'): library "
              + library
              + " does not exist (looked for "
              + path
              + "; relative paths are relative to the toolkit directory, HostDirectories)");
    }
  }
}
