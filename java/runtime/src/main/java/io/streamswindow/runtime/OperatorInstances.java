package io.streamswindow.runtime;

import com.ibm.streams.operator.Operator;
import java.lang.reflect.Constructor;

/** Creates operator instances the way IBM's runtime does: through the no-argument constructor. */
public final class OperatorInstances {
  private OperatorInstances() {}

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
      Constructor<T> constructor = operatorClass.getDeclaredConstructor();
      // Test operators are often nested classes that reflection cannot reach otherwise.
      constructor.trySetAccessible();
      return constructor.newInstance();
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
