package com.ibm.streams.operator.fakes;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * Builds test doubles of the API's large interfaces from small classes that implement only the
 * methods a test needs: a call is forwarded to the implementation's public method with the same
 * name and parameter types, and any other call fails with {@link UnsupportedOperationException}.
 */
public final class Fakes {

  private Fakes() {}

  /**
   * Returns an instance of {@code type} backed by {@code implementation}.
   *
   * @param <T> the interface
   * @param type the interface to implement
   * @param implementation any object with public methods matching some of the interface's
   * @return the proxy
   */
  public static <T> T of(Class<T> type, Object implementation) {
    Object proxy =
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (self, method, args) -> {
              Method target = find(implementation.getClass(), method);
              if (target == null) {
                switch (method.getName()) {
                  case "equals":
                    return self == args[0];
                  case "hashCode":
                    return System.identityHashCode(self);
                  case "toString":
                    return "Fake " + type.getSimpleName() + " over " + implementation;
                  default:
                    throw new UnsupportedOperationException(
                        "Fake " + type.getSimpleName() + " does not implement " + method);
                }
              }
              try {
                target.setAccessible(true);
                return target.invoke(implementation, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
    return type.cast(proxy);
  }

  private static Method find(Class<?> implementationClass, Method method) {
    for (Class<?> c = implementationClass; c != null; c = c.getSuperclass()) {
      try {
        Method candidate = c.getDeclaredMethod(method.getName(), method.getParameterTypes());
        if (candidate.getDeclaringClass() != Object.class) {
          return candidate;
        }
      } catch (NoSuchMethodException e) {
        // look further up
      }
    }
    return null;
  }
}
