package io.streamswindow.harness.internal;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorGraph;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OperatorHostBuilder;
import io.streamswindow.runtime.OutputSink;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.logging.Logger;

/**
 * A declared invocation of an operator class in a harness graph: its parameters (as strings, the
 * way SPL passes them) and its ports.
 *
 * @param <T> the operator type
 */
public final class DeclaredOperator<T extends Operator> implements OperatorInvocation<T> {
  private static final Logger LOG = Logger.getLogger(DeclaredOperator.class.getName());

  private final DeclaredGraph graph;
  private final String name;
  private final Class<T> operatorClass;
  private final Map<String, List<String>> parameters = new LinkedHashMap<>();
  private final List<DeclaredInputPort> inputs = new ArrayList<>();
  private final List<DeclaredOutputPort> outputs = new ArrayList<>();

  DeclaredOperator(DeclaredGraph graph, String name, Class<T> operatorClass) {
    this.graph = graph;
    this.name = name;
    this.operatorClass = operatorClass;
  }

  /** The parameters set so far, in the order first set. */
  public synchronized Map<String, List<String>> parameters() {
    return new LinkedHashMap<>(parameters);
  }

  public synchronized List<DeclaredInputPort> inputs() {
    return List.copyOf(inputs);
  }

  public synchronized List<DeclaredOutputPort> outputs() {
    return List.copyOf(outputs);
  }

  private synchronized OperatorInvocation<T> set(String parameterName, List<String> values) {
    parameters.put(Objects.requireNonNull(parameterName, "parameterName"), List.copyOf(values));
    return this;
  }

  @Override
  public OperatorInvocation<T> setStringParameter(String parameterName, String... values) {
    return set(parameterName, List.of(values));
  }

  @Override
  public OperatorInvocation<T> setIntParameter(String parameterName, int... values) {
    List<String> strings = new ArrayList<>();
    for (int value : values) {
      strings.add(Integer.toString(value));
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setBooleanParameter(String parameterName, boolean... values) {
    List<String> strings = new ArrayList<>();
    for (boolean value : values) {
      strings.add(Boolean.toString(value));
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setByteParameter(String parameterName, byte... values) {
    List<String> strings = new ArrayList<>();
    for (byte value : values) {
      strings.add(Byte.toString(value));
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setShortParameter(String parameterName, short... values) {
    List<String> strings = new ArrayList<>();
    for (short value : values) {
      strings.add(Short.toString(value));
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setLongParameter(String parameterName, long... values) {
    List<String> strings = new ArrayList<>();
    for (long value : values) {
      strings.add(Long.toString(value));
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setFloatParameter(String parameterName, float... values) {
    List<String> strings = new ArrayList<>();
    for (float value : values) {
      strings.add(Float.toString(value));
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setDoubleParameter(String parameterName, double... values) {
    List<String> strings = new ArrayList<>();
    for (double value : values) {
      strings.add(Double.toString(value));
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setBigDecimalParameter(String parameterName, BigDecimal... values) {
    List<String> strings = new ArrayList<>();
    for (BigDecimal value : values) {
      strings.add(value.toString());
    }
    return set(parameterName, strings);
  }

  @Override
  public OperatorInvocation<T> setAttributeParameter(String parameterName, String... values) {
    for (String value : values) {
      requireAttribute(parameterName, value);
    }
    return set(parameterName, List.of(values));
  }

  private void requireAttribute(String parameterName, String value) {
    int dot = value.lastIndexOf('.');
    String portName = dot > 0 ? value.substring(0, dot) : null;
    String attribute = dot > 0 ? value.substring(dot + 1) : value;
    for (DeclaredInputPort port : inputs()) {
      if ((portName == null || portName.equals(port.getName()))
          && port.getStreamSchema().getAttribute(attribute) != null) {
        return;
      }
    }
    throw new IllegalArgumentException(
        "setAttributeParameter("
            + parameterName
            + ", "
            + value
            + ") on operator '"
            + name
            + "': no input port "
            + (portName == null ? "" : "named '" + portName + "' ")
            + "has an attribute '"
            + attribute
            + "' (declare the input ports first)");
  }

  @Override
  public OperatorInvocation<T> setCustomLiteralParameter(String parameterName, Enum<?>... values) {
    List<String> strings = new ArrayList<>();
    for (Enum<?> value : values) {
      strings.add(value.name());
    }
    return set(parameterName, strings);
  }

  @Override
  public OutputPortDeclaration addOutput(String portName, String schema) {
    return addOutput(portName, Type.Factory.getStreamSchema(schema));
  }

  @Override
  public synchronized OutputPortDeclaration addOutput(String portName, StreamSchema schema) {
    DeclaredOutputPort port =
        new DeclaredOutputPort(this, outputs.size(), Objects.requireNonNull(portName), schema);
    outputs.add(port);
    return port;
  }

  @Override
  public OutputPortDeclaration addOutput(String schema) {
    return addOutput(Type.Factory.getStreamSchema(schema));
  }

  @Override
  public synchronized OutputPortDeclaration addOutput(StreamSchema schema) {
    return addOutput(name + "_out" + outputs.size(), schema);
  }

  @Override
  public synchronized InputPortDeclaration addInput(String portName, StreamSchema schema) {
    DeclaredInputPort port =
        new DeclaredInputPort(this, inputs.size(), Objects.requireNonNull(portName), schema);
    inputs.add(port);
    return port;
  }

  @Override
  public InputPortDeclaration addInput(String portName, String schema) {
    return addInput(portName, Type.Factory.getStreamSchema(schema));
  }

  @Override
  public InputPortDeclaration addInput(String schema) {
    return addInput(Type.Factory.getStreamSchema(schema));
  }

  @Override
  public synchronized InputPortDeclaration addInput(StreamSchema schema) {
    return addInput(name + "_in" + inputs.size(), schema);
  }

  @Override
  public InputPortDeclaration addInput(OutputPortDeclaration outputPort) {
    DeclaredOutputPort output = DeclaredOutputPort.of(outputPort);
    InputPortDeclaration input = addInput(output.getName(), output.getStreamSchema());
    output.connect(input);
    return input;
  }

  @Override
  public boolean compileChecks(boolean verbose) throws Exception {
    OperatorHostBuilder builder =
        OperatorHost.builder(operatorClass).name(name).clock(ManualClock.create());
    for (DeclaredInputPort port : inputs()) {
      WindowSpec window = port.windowSpec();
      builder.input(port.getName(), port.getStreamSchema(), window);
    }
    for (DeclaredOutputPort port : outputs()) {
      builder.output(port.getName(), port.getStreamSchema(), OutputSink.discard());
    }
    parameters().forEach(builder::parameter);
    List<String> problems = builder.build().runContextChecks(true);
    for (String problem : problems) {
      LOG.severe("Compile-time check of operator '" + name + "' failed: " + problem);
    }
    return problems.isEmpty();
  }

  @Override
  public boolean compileChecks() throws Exception {
    return compileChecks(false);
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public OperatorGraph graph() {
    return graph;
  }

  @Override
  public Class<T> getOperatorClass() {
    return operatorClass;
  }

  @Override
  public String toString() {
    return "operator '" + name + "' (" + operatorClass.getName() + ")";
  }
}
