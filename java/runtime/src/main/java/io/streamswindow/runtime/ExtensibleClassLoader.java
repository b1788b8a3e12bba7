package io.streamswindow.runtime;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.List;

/**
 * Adds URLs to a class loader that takes them after it is made: one whose class exposes a public
 * {@code addURL(URL)}, as the class loader Spark gives the jars of {@code spark.jars} on every
 * executor does.
 *
 * <p>Why: IBM's runtime keeps the operator's jar and the libraries of {@code addClassLibraries} in
 * one class loader, so code of the operator's jar that resolves classes through its own defining
 * loader (a plain {@code ObjectInputStream}, as IBM's functional operators deserialize their logic)
 * sees the added libraries. A child loader cannot give that; growing the defining loader does,
 * where the loader allows it (docs/decisions.md, "IBM's compiled operators").
 */
final class ExtensibleClassLoader {
  private ExtensibleClassLoader() {}

  /** Each loader class's public {@code addURL(URL)}, or null when it has none. */
  private static final ClassValue<Method> ADD_URL =
      new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
          try {
            Method method = type.getMethod("addURL", URL.class);
            return Modifier.isPublic(method.getDeclaringClass().getModifiers()) ? method : null;
          } catch (NoSuchMethodException e) {
            return null;
          }
        }
      };

  /**
   * Adds {@code urls} to {@code loader} when its class exposes a public {@code addURL(URL)}.
   *
   * @return whether they were added; false for a loader that takes no URLs (the JDK's application
   *     class loader, for one), or null
   */
  static boolean addAll(ClassLoader loader, List<URL> urls) {
    Method addUrl = loader == null ? null : ADD_URL.get(loader.getClass());
    if (addUrl == null) {
      return false;
    }
    try {
      for (URL url : urls) {
        addUrl.invoke(loader, url);
      }
      return true;
    } catch (IllegalAccessException e) {
      return false;
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "cannot add class libraries to " + loader + ": " + e.getCause(), e.getCause());
    }
  }
}
