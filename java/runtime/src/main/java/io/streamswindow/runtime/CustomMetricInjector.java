package io.streamswindow.runtime;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.model.CustomMetric;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Calls an operator's {@link CustomMetric}-annotated setters with their metrics, before {@code
 * initialize}, as IBM's runtime does: each public bean setter of the class or its superclasses
 * taking one {@link Metric} gets the custom metric of the annotation's {@code name}, or else of the
 * bean property ({@code setnPartitions} is {@code nPartitions}), created with the annotation's
 * description and kind. An annotated method that is not a setter is left alone; a setter of another
 * property type is an {@link IllegalStateException}, as is a metric of that name that already
 * exists with another kind.
 */
final class CustomMetricInjector {
  private CustomMetricInjector() {}

  private record Setter(Method method, String name, String description, Metric.Kind kind) {}

  /** The annotated setters of each operator class, found once per class. */
  private static final ClassValue<List<Setter>> SETTERS =
      new ClassValue<>() {
        @Override
        protected List<Setter> computeValue(Class<?> type) {
          List<Setter> setters = new ArrayList<>();
          for (Method method : type.getMethods()) {
            CustomMetric annotation = method.getAnnotation(CustomMetric.class);
            if (annotation == null || !isSetter(method)) {
              continue;
            }
            if (method.getParameterTypes()[0] != Metric.class) {
              throw new IllegalStateException(
                  "@CustomMetric setter "
                      + type.getName()
                      + "."
                      + method.getName()
                      + " must take a "
                      + Metric.class.getName()
                      + ", not a "
                      + method.getParameterTypes()[0].getName());
            }
            method.trySetAccessible();
            String name =
                annotation.name().isEmpty() ? propertyName(method.getName()) : annotation.name();
            setters.add(new Setter(method, name, annotation.description(), annotation.kind()));
          }
          setters.sort(Comparator.comparing(setter -> setter.method().getName()));
          return List.copyOf(setters);
        }
      };

  /** A bean setter: public, not static, named set..., returning void, taking one argument. */
  private static boolean isSetter(Method method) {
    return !Modifier.isStatic(method.getModifiers())
        && method.getName().startsWith("set")
        && method.getName().length() > 3
        && method.getReturnType() == void.class
        && method.getParameterCount() == 1;
  }

  /**
   * The bean property of a setter, by the JavaBeans rule: the name after {@code set}, its first
   * letter lower-cased unless the first two letters are both capitals ({@code setURL} is {@code
   * URL}).
   */
  static String propertyName(String setterName) {
    String property = setterName.substring(3);
    if (property.length() > 1
        && Character.isUpperCase(property.charAt(0))
        && Character.isUpperCase(property.charAt(1))) {
      return property;
    }
    return Character.toLowerCase(property.charAt(0)) + property.substring(1);
  }

  /** Creates each annotated setter's metric in {@code metrics} and passes it to the setter. */
  static void inject(Operator operator, OperatorMetrics metrics) throws Exception {
    for (Setter setter : SETTERS.get(operator.getClass())) {
      boolean existed = metrics.getCustomMetrics().containsKey(setter.name());
      Metric metric =
          metrics.createCustomMetric(setter.name(), setter.description(), setter.kind());
      if (existed && metric.getKind() != setter.kind()) {
        throw new IllegalStateException(
            "@CustomMetric "
                + setter.method().getName()
                + ": metric '"
                + setter.name()
                + "' is a "
                + metric.getKind()
                + ", the annotation says "
                + setter.kind());
      }
      try {
        setter.method().invoke(operator, metric);
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Exception exception) {
          throw exception;
        }
        throw (Error) cause;
      }
    }
  }
}
