package io.streamswindow.runtime;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.OptionalContext;
import com.ibm.streams.operator.StreamSchema;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.SystemClock;
import io.streamswindow.engine.WindowSpec;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Collects an operator host's configuration: the operator, its ports and their windows, its
 * parameters, the clock and the processing element it reports; {@link #build()} creates the host.
 * Made by {@link OperatorHost#builder(Class)} or {@link OperatorHost#builder(Operator)}.
 *
 * <pre>{@code
 * OperatorHost host =
 *     OperatorHost.builder(MyAverage.class)
 *         .input("in", schema, WindowSpec.tumbling(PolicySpec.count(3)))
 *         .output("out", schema, OutputSink.of((port, tuple) -> results.add(tuple)))
 *         .parameter("precision", "2")
 *         .build();
 * }</pre>
 */
public final class OperatorHostBuilder {
  private final Class<? extends Operator> operatorClass;
  private final Operator instance;

  // The host's constructor reads the rest.
  String name;
  final List<InputPortSpec> inputs = new ArrayList<>();
  final List<OutputPortSpec> outputs = new ArrayList<>();
  final Map<String, List<String>> parameters = new LinkedHashMap<>();
  final Map<Class<?>, Object> optionalContexts = new LinkedHashMap<>();
  Clock clock = SystemClock.INSTANCE;
  CheckpointStreams checkpointStreams = CheckpointStreams.JAVA;
  BigInteger peId = BigInteger.ZERO;
  BigInteger jobId = BigInteger.ZERO;
  String jobName = "streams-window";
  HostDirectories directories = HostDirectories.DEFAULT;

  OperatorHostBuilder(Class<? extends Operator> operatorClass, Operator instance) {
    this.operatorClass = operatorClass;
    this.instance = instance;
  }

  /** The operator's name (default: the class's simple name). */
  public OperatorHostBuilder name(String name) {
    this.name = Objects.requireNonNull(name, "name");
    return this;
  }

  /** Adds the next input port. */
  public OperatorHostBuilder input(String name, StreamSchema schema, WindowSpec window) {
    return input(new InputPortSpec(name, schema, window));
  }

  /** Adds the next input port. */
  public OperatorHostBuilder input(InputPortSpec port) {
    inputs.add(Objects.requireNonNull(port, "port"));
    return this;
  }

  /** Adds the next output port. */
  public OperatorHostBuilder output(String name, StreamSchema schema, OutputSink sink) {
    return output(new OutputPortSpec(name, schema, sink));
  }

  /** Adds the next output port. */
  public OperatorHostBuilder output(OutputPortSpec port) {
    outputs.add(Objects.requireNonNull(port, "port"));
    return this;
  }

  /** Sets a parameter's values (replacing earlier ones), as strings as SPL passes them. */
  public OperatorHostBuilder parameter(String name, List<String> values) {
    parameters.put(Objects.requireNonNull(name, "name"), List.copyOf(values));
    return this;
  }

  /** Sets a parameter's values (replacing earlier ones). */
  public OperatorHostBuilder parameter(String name, String... values) {
    return parameter(name, List.of(values));
  }

  /** The clock of the windows' time policies (default: {@link SystemClock#INSTANCE}). */
  public OperatorHostBuilder clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /**
   * How state handlers' checkpoint data is serialized (default: {@link CheckpointStreams#JAVA}).
   */
  public OperatorHostBuilder checkpointStreams(CheckpointStreams streams) {
    this.checkpointStreams = Objects.requireNonNull(streams, "checkpointStreams");
    return this;
  }

  /** The ids {@code OperatorContext.getPE()} reports (default 0 and 0). */
  public OperatorHostBuilder processingElement(long peId, long jobId) {
    this.peId = BigInteger.valueOf(peId);
    this.jobId = BigInteger.valueOf(jobId);
    return this;
  }

  /** The job (and application) name the processing element reports. */
  public OperatorHostBuilder jobName(String jobName) {
    this.jobName = Objects.requireNonNull(jobName, "jobName");
    return this;
  }

  /**
   * The application, toolkit, output and data directories the processing element and context report
   * (default: {@link HostDirectories#DEFAULT}).
   */
  public OperatorHostBuilder directories(HostDirectories directories) {
    this.directories = Objects.requireNonNull(directories, "directories");
    return this;
  }

  /** An optional context {@code getOptionalContext(type)} returns (default: none). */
  public <O extends OptionalContext> OperatorHostBuilder optionalContext(Class<O> type, O context) {
    optionalContexts.put(Objects.requireNonNull(type, "type"), type.cast(context));
    return this;
  }

  /**
   * Creates the host: the operator instance, its context, ports and windows.
   *
   * @throws IllegalArgumentException when a window's delta policy does not fit its port's schema,
   *     or the operator class cannot be instantiated
   */
  public OperatorHost build() {
    return new OperatorHost(this);
  }

  /** The operator instance given, or a new one of the class given. */
  Operator newOperator() {
    return instance != null ? instance : OperatorInstances.instantiate(operatorClass);
  }
}
