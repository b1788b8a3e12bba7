package io.streamswindow.runtime;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.compile.OperatorContextChecker;
import com.ibm.streams.operator.window.StreamWindow;
import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The {@link OperatorContextChecker} handed to an operator's {@code @ContextCheck} methods. Each
 * failed check marks the context invalid and records a message naming what is wrong; the host
 * refuses to start the operator when any check failed, with all messages in its exception.
 */
final class HostContextChecker implements OperatorContextChecker {
  private final OperatorContext context;
  private final List<String> problems = new ArrayList<>();
  private boolean valid = true;

  HostContextChecker(OperatorContext context) {
    this.context = context;
  }

  /** The messages of the failed checks, in the order they failed. */
  synchronized List<String> problems() {
    return List.copyOf(problems);
  }

  @Override
  public OperatorContext getOperatorContext() {
    return context;
  }

  @Override
  public synchronized void setInvalidContext() {
    valid = false;
  }

  @Override
  public void setInvalidContext(String message, Object[] arguments) {
    String text = message;
    if (message != null && arguments != null && arguments.length > 0) {
      // IBM logs these as java.util.logging records, whose parameters use MessageFormat.
      text = MessageFormat.format(message, arguments);
    }
    fail(text == null ? "the context was declared invalid" : text);
  }

  @Override
  public synchronized boolean isContextValid() {
    return valid;
  }

  private synchronized boolean fail(String problem) {
    valid = false;
    problems.add(problem);
    return false;
  }

  @Override
  public boolean checkDependentParameters(String parameterName, String... dependentParameterNames) {
    if (!isSet(parameterName)) {
      return true;
    }
    boolean ok = true;
    for (String dependent : dependentParameterNames) {
      if (!isSet(dependent)) {
        ok = fail("parameter '" + parameterName + "' requires parameter '" + dependent + "'");
      }
    }
    return ok;
  }

  @Override
  public boolean checkExcludedParameters(String parameterName, String... excludedParameterNames) {
    if (!isSet(parameterName)) {
      return true;
    }
    boolean ok = true;
    for (String excluded : excludedParameterNames) {
      if (isSet(excluded)) {
        ok =
            fail(
                "parameter '"
                    + parameterName
                    + "' cannot be used with parameter '"
                    + excluded
                    + "'");
      }
    }
    return ok;
  }

  /**
   * Whether a parameter has values. On a host's context the check reads that one name, as the
   * operator would: a check naming its parameters does not list them all, so it does not make the
   * dry run take any name (docs/decisions.md, "Parameters of an operator
   * without @PrimitiveOperator").
   */
  private boolean isSet(String parameterName) {
    if (context instanceof HostOperatorContext host) {
      return host.readParameter(parameterName) != null;
    }
    return context.getParameterNames().contains(parameterName);
  }

  @Override
  public boolean checkMatchingSchemas(StreamingData port, StreamingData... otherPorts) {
    boolean ok = true;
    for (StreamingData other : otherPorts) {
      if (!port.getStreamSchema().equals(other.getStreamSchema())) {
        ok =
            fail(
                "port '"
                    + port.getName()
                    + "' has schema "
                    + port.getStreamSchema().getLanguageType()
                    + " but port '"
                    + other.getName()
                    + "' has schema "
                    + other.getStreamSchema().getLanguageType());
      }
    }
    return ok;
  }

  @Override
  public boolean checkRequiredAttributes(StreamSchema schema, String... attributeNames) {
    return requireAttributes(schema, null, attributeNames);
  }

  @Override
  public boolean checkRequiredAttributes(StreamingData port, String... attributeNames) {
    return requireAttributes(port.getStreamSchema(), port.getName(), attributeNames);
  }

  private boolean requireAttributes(StreamSchema schema, String portName, String... names) {
    boolean ok = true;
    for (String name : names) {
      if (schema.getAttribute(name) == null) {
        ok = fail(missing(schema, portName, name));
      }
    }
    return ok;
  }

  private static String missing(StreamSchema schema, String portName, String name) {
    return "attribute '"
        + name
        + "' is missing from "
        + (portName == null ? "" : "port '" + portName + "' with ")
        + "schema "
        + schema.getLanguageType();
  }

  @Override
  public boolean checkAttributes(StreamSchema schema, boolean required, StreamSchema attributes) {
    return matchAttributes(schema, null, required, attributes);
  }

  @Override
  public boolean checkAttributes(StreamSchema schema, boolean required, String attributes) {
    return matchAttributes(schema, null, required, Type.Factory.getStreamSchema(attributes));
  }

  @Override
  public boolean checkAttributes(StreamingData port, boolean required, StreamSchema attributes) {
    return matchAttributes(port.getStreamSchema(), port.getName(), required, attributes);
  }

  @Override
  public boolean checkAttributes(StreamingData port, boolean required, String attributes) {
    return matchAttributes(
        port.getStreamSchema(), port.getName(), required, Type.Factory.getStreamSchema(attributes));
  }

  /*
   * IBM documents the flag as "true if all the attributes must exist"; its implementation does the
   * opposite. We follow the documented contract, which is also our API's javadoc.
   */
  private boolean matchAttributes(
      StreamSchema schema, String portName, boolean required, StreamSchema expected) {
    boolean ok = true;
    for (Attribute wanted : expected) {
      Attribute actual = schema.getAttribute(wanted.getName());
      if (actual == null) {
        if (required) {
          ok = fail(missing(schema, portName, wanted.getName()));
        }
      } else if (!actual.getType().equals(wanted.getType())) {
        ok =
            fail(
                "attribute '"
                    + wanted.getName()
                    + "' must have type "
                    + wanted.getType().getLanguageType()
                    + " but has type "
                    + actual.getType().getLanguageType()
                    + (portName == null ? "" : " on port '" + portName + "'"));
      }
    }
    return ok;
  }

  @Override
  public boolean checkAttributeType(Attribute attribute, Type.MetaType... allowedTypes) {
    Type.MetaType type = attribute.getType().getMetaType();
    if (Arrays.asList(allowedTypes).contains(type)) {
      return true;
    }
    return fail(
        "attribute '"
            + attribute.getName()
            + "' has type "
            + attribute.getType().getLanguageType()
            + ", which is not one of "
            + Arrays.toString(allowedTypes));
  }

  @Override
  public boolean checkTumblingWindow(StreamingInput<?> port) {
    return checkWindowType(port, StreamWindow.Type.TUMBLING);
  }

  @Override
  public boolean checkSlidingWindow(StreamingInput<?> port) {
    return checkWindowType(port, StreamWindow.Type.SLIDING);
  }

  private boolean checkWindowType(StreamingInput<?> port, StreamWindow.Type expected) {
    StreamWindow.Type actual = port.getStreamWindow().getType();
    if (actual == expected) {
      return true;
    }
    return fail(
        "input port '"
            + port.getName()
            + "' must have a "
            + splName(expected)
            + " window, but its window is "
            + splName(actual));
  }

  private static String splName(StreamWindow.Type type) {
    return type == StreamWindow.Type.NOT_WINDOWED
        ? "not windowed"
        : type.name().toLowerCase(Locale.ROOT);
  }
}
