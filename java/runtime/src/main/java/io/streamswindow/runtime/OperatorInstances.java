package io.streamswindow.runtime;

import com.ibm.streams.operator.Operator;
import java.lang.reflect.Constructor;

/** Creates operator instances the way IBM's runtime does: through the no-argument constructor. */
public final class OperatorInstances {
  private OperatorInstances() {}

  /**
   * Each class's no-argument constructor, made accessible once rather than looked up (a copy each
   * time) and checked on every instance: a host, and so an instance, is made per key and call on
   * Spark (docs/performance.md, "Operator metrics, and what else a call costs now"). Null for a
   * class without one.
   */
  private static final ClassValue<Constructor<?>> CONSTRUCTORS =
      new ClassValue<>() {
        @Override
        protected Constructor<?> computeValue(Class<?> type) {
          try {
            Constructor<?> constructor = type.getDeclaredConstructor();
            // Test operators are often nested classes that reflection cannot reach otherwise.
            constructor.trySetAccessible();
            return constructor;
          } catch (NoSuchMethodException e) {
            return null;
          }
        }
      };

  /**
   * Creates an instance of {@code operatorClass}.
   *
   * @param <T> the operator type
   * @param operatorClass the class; its no-argument constructor may be non-public
   * @return the new, uninitialized operator
   * @throws IllegalArgumentException when the class has no such constructor or it throws; the cause
   *     is what the constructor threw
   */
  public static <T extends Operator> T instantiate(Class<T> operatorClass) {
    try {
      Constructor<?> constructor = CONSTRUCTORS.get(operatorClass);
      if (constructor == null) {
        // Looked up again for the JDK's own exception, the cause of the refusal.
        operatorClass.getDeclaredConstructor();
      }
      return operatorClass.cast(constructor.newInstance());
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          "Operator class " + operatorClass.getName() + " needs a no-argument constructor", e);
    } catch (ReflectiveOperationException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      throw new IllegalArgumentException(
          "Operator class " + operatorClass.getName() + " cannot be instantiated: " + cause, cause);
    }
  }
}
