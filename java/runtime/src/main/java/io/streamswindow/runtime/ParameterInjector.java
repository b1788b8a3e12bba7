package io.streamswindow.runtime;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.TupleAttribute;
import com.ibm.streams.operator.model.Parameter;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Calls an operator's {@link Parameter}-annotated setters with the invocation's parameter values,
 * before {@code initialize}, as IBM's runtime does.
 *
 * <p>The parameter name is the annotation's {@code name}, or else the bean property of the setter
 * ({@code setWindowSize} is {@code windowSize}). Supported setter types: {@code String}, {@code
 * boolean}, {@code byte}, {@code short}, {@code int}, {@code long}, {@code float}, {@code double}
 * (and their boxes), {@code BigDecimal}, enums (by constant name), {@code TupleAttribute<Tuple, A>}
 * (value {@code attribute} or {@code port.attribute}), and arrays or {@code List}s of these. A
 * parameter that is not optional and has no value, or a value that does not convert, fails with an
 * {@link IllegalArgumentException} naming the operator, the parameter and the setter.
 */
final class ParameterInjector {
  private final String operatorName;
  private final HostOperatorContext context;
  private final List<StreamingInput<Tuple>> inputs;

  /** Injects the parameters of {@code context}, reading each one a setter names from it. */
  ParameterInjector(HostOperatorContext context) {
    this.operatorName = context.getName();
    this.context = context;
    this.inputs = context.getStreamingInputs();
  }

  /**
   * The {@link Parameter} setters of each operator class, found once per class: on Spark an
   * operator is initialized once per key and micro-batch, and the reflective scan was the largest
   * part of that.
   */
  private static final ClassValue<List<Setter>> SETTERS =
      new ClassValue<>() {
        @Override
        protected List<Setter> computeValue(Class<?> type) {
          List<Setter> setters = new ArrayList<>();
          for (Method method : type.getMethods()) {
            if (method.isAnnotationPresent(Parameter.class)) {
              setters.add(Setter.of(method));
            }
          }
          // Reflection order is unspecified; a stable order makes failures reproducible.
          setters.sort(Comparator.comparing(setter -> setter.method().getName()));
          return List.copyOf(setters);
        }
      };

  /**
   * What injecting through one setter needs, read from reflection once per class (annotation,
   * parameter types and access) instead of once per operator instance.
   *
   * @param type the setter's one parameter type, or null when it takes another number of them
   */
  private record Setter(Method method, String name, boolean optional, Class<?> type, Type generic) {
    static Setter of(Method method) {
      // The class may be a test's nested class that reflection cannot reach otherwise.
      method.trySetAccessible();
      boolean oneArgument = method.getParameterCount() == 1;
      return new Setter(
          method,
          parameterName(method),
          method.getAnnotation(Parameter.class).optional(),
          oneArgument ? method.getParameterTypes()[0] : null,
          oneArgument ? method.getGenericParameterTypes()[0] : null);
    }
  }

  /** The names of the parameters the {@link Parameter} setters of {@code type} declare, sorted. */
  static java.util.SortedSet<String> parameterNames(Class<?> type) {
    java.util.SortedSet<String> names = new java.util.TreeSet<>();
    for (Setter setter : SETTERS.get(type)) {
      names.add(setter.name());
    }
    return names;
  }

  /** Sets every annotated parameter of {@code operator} that has values. */
  void inject(Operator operator) throws Exception {
    for (Setter setter : SETTERS.get(operator.getClass())) {
      inject(operator, setter);
    }
  }

  /** The parameter name a setter stands for. */
  static String parameterName(Method setter) {
    String declared = setter.getAnnotation(Parameter.class).name();
    if (!declared.isEmpty()) {
      return declared;
    }
    String method = setter.getName();
    if (method.startsWith("set") && method.length() > 3) {
      String property = method.substring(3);
      return property.substring(0, 1).toLowerCase(Locale.ROOT) + property.substring(1);
    }
    return method;
  }

  private void inject(Operator operator, Setter found) throws Exception {
    Method setter = found.method();
    String name = found.name();
    if (found.type() == null) {
      throw new IllegalStateException(
          "@Parameter method " + describe(setter) + " must take exactly one argument");
    }
    List<String> values = context.readParameter(name);
    if (values == null) {
      if (!found.optional()) {
        throw new IllegalArgumentException(
            "Operator '"
                + operatorName
                + "' requires parameter '"
                + name
                + "' (setter "
                + describe(setter)
                + "), but it was not set");
      }
      return;
    }
    Object argument = convert(found, values);
    try {
      setter.invoke(operator, argument);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception exception) {
        throw exception;
      }
      throw (Error) cause;
    }
  }

  private Object convert(Setter found, List<String> values) {
    Method setter = found.method();
    String name = found.name();
    Class<?> type = found.type();
    Type generic = found.generic();
    if (type.isArray()) {
      Class<?> element = type.getComponentType();
      Object array = Array.newInstance(element, values.size());
      for (int i = 0; i < values.size(); i++) {
        Array.set(array, i, convertOne(setter, name, element, null, values.get(i)));
      }
      return array;
    }
    if (type == List.class || type == java.util.Collection.class || type == Iterable.class) {
      Type elementType = elementTypeOf(generic);
      Class<?> element = rawClass(elementType);
      List<Object> list = new ArrayList<>(values.size());
      for (String value : values) {
        list.add(convertOne(setter, name, element, elementType, value));
      }
      return List.copyOf(list);
    }
    if (values.size() != 1) {
      throw new IllegalArgumentException(
          "Parameter '"
              + name
              + "' of operator '"
              + operatorName
              + "' takes one value (setter "
              + describe(setter)
              + "), but got "
              + values.size()
              + ": "
              + values);
    }
    return convertOne(setter, name, type, generic, values.get(0));
  }

  private Object convertOne(Method setter, String name, Class<?> type, Type generic, String value) {
    try {
      if (type == String.class || type == Object.class || type == CharSequence.class) {
        return value;
      }
      if (type == boolean.class || type == Boolean.class) {
        if (value.equalsIgnoreCase("true")) {
          return Boolean.TRUE;
        }
        if (value.equalsIgnoreCase("false")) {
          return Boolean.FALSE;
        }
        throw new IllegalArgumentException("not a boolean");
      }
      if (type == int.class || type == Integer.class) {
        return Integer.valueOf(value.trim());
      }
      if (type == long.class || type == Long.class) {
        return Long.valueOf(value.trim());
      }
      if (type == double.class || type == Double.class) {
        return Double.valueOf(value.trim());
      }
      if (type == float.class || type == Float.class) {
        return Float.valueOf(value.trim());
      }
      if (type == short.class || type == Short.class) {
        return Short.valueOf(value.trim());
      }
      if (type == byte.class || type == Byte.class) {
        return Byte.valueOf(value.trim());
      }
      if (type == BigDecimal.class) {
        return new BigDecimal(value.trim());
      }
      if (type.isEnum()) {
        return enumConstant(type, value.trim());
      }
      if (type == TupleAttribute.class) {
        return tupleAttribute(name, generic, value.trim());
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Parameter '"
              + name
              + "' of operator '"
              + operatorName
              + "': value '"
              + value
              + "' cannot be converted to "
              + type.getSimpleName()
              + " for setter "
              + describe(setter)
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
    throw new IllegalStateException(
        "@Parameter setter "
            + describe(setter)
            + " takes "
            + type.getName()
            + ", a type streams-window cannot set parameters of");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object enumConstant(Class<?> type, String value) {
    return Enum.valueOf((Class) type, value);
  }

  private TupleAttribute<Tuple, ?> tupleAttribute(String name, Type generic, String value) {
    String portName = null;
    String attributeName = value;
    int dot = value.lastIndexOf('.');
    if (dot > 0) {
      portName = value.substring(0, dot);
      attributeName = value.substring(dot + 1);
    }
    for (StreamingInput<Tuple> port : inputs) {
      if (portName != null && !portName.equals(port.getName())) {
        continue;
      }
      Attribute attribute = port.getStreamSchema().getAttribute(attributeName);
      if (attribute != null) {
        return new HostTupleAttribute<>(port, attribute, valueClass(generic));
      }
    }
    throw new IllegalArgumentException(
        "no input port "
            + (portName == null ? "" : "named '" + portName + "' ")
            + "has an attribute '"
            + attributeName
            + "'");
  }

  /** The {@code A} of {@code TupleAttribute<Tuple, A>}, boxed; Object when not declared. */
  private static Class<?> valueClass(Type generic) {
    if (generic instanceof ParameterizedType parameterized
        && parameterized.getActualTypeArguments().length == 2) {
      return boxed(rawClass(parameterized.getActualTypeArguments()[1]));
    }
    return Object.class;
  }

  private static Type elementTypeOf(Type listType) {
    if (listType instanceof ParameterizedType parameterized) {
      return parameterized.getActualTypeArguments()[0];
    }
    return String.class; // a raw List holds strings, as parameter values are strings
  }

  private static Class<?> rawClass(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType parameterized) {
      return (Class<?>) parameterized.getRawType();
    }
    if (type instanceof WildcardType wildcard && wildcard.getUpperBounds().length > 0) {
      return rawClass(wildcard.getUpperBounds()[0]);
    }
    return Object.class;
  }

  private static Class<?> boxed(Class<?> type) {
    if (!type.isPrimitive()) {
      return type;
    }
    return Array.get(Array.newInstance(type, 1), 0).getClass();
  }

  private static String describe(Method setter) {
    StringBuilder text = new StringBuilder(setter.getDeclaringClass().getSimpleName()).append('.');
    text.append(setter.getName()).append('(');
    Class<?>[] types = setter.getParameterTypes();
    for (int i = 0; i < types.length; i++) {
      text.append(i == 0 ? "" : ", ").append(types[i].getSimpleName());
    }
    return text.append(')').toString();
  }
}
