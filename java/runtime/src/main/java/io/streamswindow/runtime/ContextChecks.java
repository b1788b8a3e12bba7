package io.streamswindow.runtime;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OperatorContext.ContextCheck;
import com.ibm.streams.operator.compile.OperatorContextChecker;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Finds and runs an operator class's {@link ContextCheck} methods: {@code public static} methods
 * taking one {@link OperatorContextChecker}, declared on the class or a superclass (superclass
 * checks first, then by name).
 *
 * <p>streams-window has no SPL compile step, so a host runs compile-time checks when the operator
 * starts, together with the runtime checks; each method runs once.
 */
final class ContextChecks {
  /** Which checks to run. */
  enum Phase {
    /** Methods with {@code compile = true}: what {@code OperatorInvocation.compileChecks} runs. */
    COMPILE,
    /** Methods with {@code runtime = true}. */
    RUNTIME,
    /** Methods with either flag: what a host runs before {@code initialize}. */
    STARTUP
  }

  private ContextChecks() {}

  /**
   * Runs the checks of {@code operatorClass} for {@code phase} against {@code context}.
   *
   * @return the checker, holding whether the context is valid and the failed checks' messages
   * @throws Exception whatever a check method throws
   */
  static HostContextChecker run(Class<?> operatorClass, OperatorContext context, Phase phase)
      throws Exception {
    HostContextChecker checker = new HostContextChecker(context);
    for (Method method : checkMethods(operatorClass)) {
      ContextCheck check = method.getAnnotation(ContextCheck.class);
      boolean selected =
          switch (phase) {
            case COMPILE -> check.compile();
            case RUNTIME -> check.runtime();
            case STARTUP -> check.compile() || check.runtime();
          };
      if (!selected) {
        continue;
      }
      try {
        // The class may be a test's nested class that reflection cannot reach otherwise.
        method.trySetAccessible();
        method.invoke(null, checker);
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Exception exception) {
          throw exception;
        }
        throw (Error) cause;
      }
    }
    return checker;
  }

  /**
   * The check methods of each operator class, found once per class (on Spark an operator is
   * initialized once per key and micro-batch). A class with a badly declared check is not cached:
   * it fails the same way every time.
   */
  private static final ClassValue<List<Method>> CHECKS =
      new ClassValue<>() {
        @Override
        protected List<Method> computeValue(Class<?> type) {
          return List.copyOf(findCheckMethods(type));
        }
      };

  private static List<Method> checkMethods(Class<?> operatorClass) {
    return CHECKS.get(operatorClass);
  }

  private static List<Method> findCheckMethods(Class<?> operatorClass) {
    Deque<Class<?>> hierarchy = new ArrayDeque<>();
    for (Class<?> c = operatorClass; c != null && c != Object.class; c = c.getSuperclass()) {
      hierarchy.push(c);
    }
    List<Method> methods = new ArrayList<>();
    for (Class<?> c : hierarchy) {
      List<Method> declared = new ArrayList<>();
      for (Method method : c.getDeclaredMethods()) {
        if (method.isAnnotationPresent(ContextCheck.class)) {
          requireCheckSignature(method);
          declared.add(method);
        }
      }
      declared.sort(Comparator.comparing(Method::getName));
      methods.addAll(declared);
    }
    return methods;
  }

  private static void requireCheckSignature(Method method) {
    int modifiers = method.getModifiers();
    if (!Modifier.isStatic(modifiers)
        || !Modifier.isPublic(modifiers)
        || method.getParameterCount() != 1
        || method.getParameterTypes()[0] != OperatorContextChecker.class) {
      throw new IllegalStateException(
          "@ContextCheck method "
              + method.getDeclaringClass().getName()
              + "."
              + method.getName()
              + " must be declared 'public static void "
              + method.getName()
              + "(OperatorContextChecker checker)'");
    }
  }
}
