package io.streamswindow.spark.run;

import com.ibm.streams.operator.Operator;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.HostDirectories;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OperatorHostBuilder;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.state.KryoFallbackStreams;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the operator host of a plan is built: the one place the driver's dry run ({@link
 * WindowedOperators}), the function Spark calls per group ({@link WindowedOperatorFunction}) and
 * the single-instance reference ({@code SingleInstanceRun}) get their hosts from, so the three
 * cannot drift apart (ports, parameters, checkpoint streams, default partitioner).
 *
 * <p>A recipe holds what is parsed once (per plan on the driver, per task on an executor); each
 * host is then built on the clock and output sink of its run:
 *
 * <pre>{@code
 * HostRecipe recipe = HostRecipe.of(type, SplSparkTypes.toSpl(tuples), spec, plan.outputSchemas(), params, partitionBy, plan.directories());
 * OperatorHost host = recipe.initialized(clock, sink); // built, initialized, default partitioner registered
 * }</pre>
 *
 * @param operatorClass the operator class, instantiated through its no-argument constructor
 * @param input the schema of input port 0's tuples
 * @param window the window of input port 0
 * @param outputs the schema of each output port, port 0's first
 * @param parameters the operator's parameters, each a list of values as SPL passes them
 * @param partitionBy the columns a partitioned window is keyed by when the operator registers no
 *     partitioner of its own
 * @param directories the directories the processing element reports, as found on this JVM
 * @param morePorts input ports 1, 2...: each one's schema and window (empty for one input port)
 */
public record HostRecipe(
    Class<? extends Operator> operatorClass,
    SplSchema input,
    WindowSpec window,
    List<SplSchema> outputs,
    Map<String, List<String>> parameters,
    List<String> partitionBy,
    HostDirectories directories,
    List<Port> morePorts) {

  /** An input port beyond 0: the schema of its tuples and its window. */
  record Port(SplSchema input, WindowSpec window) {}

  /** A recipe of an operator with one input port. */
  public static HostRecipe of(
      Class<? extends Operator> operatorClass,
      SplSchema input,
      WindowSpec window,
      List<SplSchema> outputs,
      Map<String, List<String>> parameters,
      List<String> partitionBy,
      OperatorDirectories directories) {
    return of(
        operatorClass, input, window, outputs, parameters, partitionBy, directories, List.of());
  }

  /**
   * A recipe whose parameter values and partition_by columns are interned, as the schemas'
   * attribute names are (an operator that looks attributes up by a parameter's value, WindowSum's
   * {@code attr} per tuple, and the default partitioner of every host, then find them by
   * reference), and whose directories are found on this JVM, once per recipe rather than per host
   * (a missing one is refused here, naming its setting: {@link OperatorDirectories#resolve}).
   */
  public static HostRecipe of(
      Class<? extends Operator> operatorClass,
      SplSchema input,
      WindowSpec window,
      List<SplSchema> outputs,
      Map<String, List<String>> parameters,
      List<String> partitionBy,
      OperatorDirectories directories,
      List<Port> morePorts) {
    HostDirectories found = directories.resolve();
    Map<String, List<String>> interned = new LinkedHashMap<>();
    parameters.forEach(
        (name, values) -> interned.put(name, values.stream().map(String::intern).toList()));
    // The clause's delta literals take their attributes' types, as the SPL compiler types them.
    WindowSpec typed = WindowClauseParser.typed(window, input);
    List<Port> typedPorts =
        morePorts.stream()
            .map(
                port ->
                    new Port(port.input(), WindowClauseParser.typed(port.window(), port.input())))
            .toList();
    return new HostRecipe(
        operatorClass,
        input,
        typed,
        List.copyOf(outputs),
        interned,
        partitionBy.stream().map(String::intern).toList(),
        found,
        typedPorts);
  }

  /**
   * Whether the window of any input port has processing-time policies ({@code time(...)}, {@code
   * partitionAge}), so that its hosts need processing-time wake-ups.
   */
  boolean usesProcessingTime() {
    return window.usesTime() || morePorts.stream().anyMatch(port -> port.window().usesTime());
  }

  /** Builds a host on {@code clock} whose output ports go to {@code sink}; not initialized. */
  OperatorHost build(Clock clock, OutputSink sink) {
    OperatorHostBuilder builder =
        OperatorHost.builder(operatorClass)
            .clock(clock)
            .checkpointStreams(KryoFallbackStreams.INSTANCE)
            .directories(directories)
            .input("input", input, window);
    for (int i = 0; i < morePorts.size(); i++) {
      builder.input("input" + (i + 1), morePorts.get(i).input(), morePorts.get(i).window());
    }
    for (int i = 0; i < outputs.size(); i++) {
      builder.output(i == 0 ? "output" : "output" + i, outputs.get(i), sink);
    }
    parameters.forEach(builder::parameter);
    return builder.build();
  }

  /**
   * Builds a host and initializes its operator; a partitioned window whose operator registered no
   * partitioner gets the default one on the {@code partitionBy} columns. A host whose
   * initialization fails is shut down before the failure is thrown.
   */
  public OperatorHost initialized(Clock clock, OutputSink sink) throws Exception {
    OperatorHost host = build(clock, sink);
    try {
      host.initialize();
      WindowedGroupRunner.registerDefaultPartitioner(host, partitionBy);
      return host;
    } catch (Exception | LinkageError e) {
      shutDownAfter(host, e);
      throw e;
    }
  }

  /**
   * Shuts down a host whose start failed with {@code failure}, keeping a failure of the shutdown as
   * a suppressed exception of the first.
   */
  static void shutDownAfter(OperatorHost host, Throwable failure) {
    try {
      host.shutdown();
    } catch (Exception | LinkageError suppressed) {
      failure.addSuppressed(suppressed);
    }
  }

  /**
   * Input ports 1, 2... of {@code plan} as the operator host declares them: SPL schema and window.
   */
  public static List<Port> morePortsOf(OperatorPlan plan) {
    List<Port> ports = new java.util.ArrayList<>();
    for (int port = 1; port < plan.inputPorts(); port++) {
      OperatorPlan portPlan = plan.ofPort(port);
      ports.add(
          new Port(
              portPlan.inputSchema(plan.morePorts().get(port - 1).tuples()),
              portPlan.windowSpec()));
    }
    return ports;
  }

  /** Loads an operator class from the thread's class loader (Spark's, which sees spark.jars). */
  public static Class<? extends Operator> loadOperatorClass(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("No operator class given");
    }
    Class<?> c;
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      c = Class.forName(name, false, loader != null ? loader : HostRecipe.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(
          "Operator class "
              + name
              + " was not found on the session's classpath: add the jar holding it when the"
              + " session is built, from Python with streams_window.configure(builder, extra_jars=[\"my-operators.jar\"])"
              + " (elsewhere with spark.jars or spark-submit --jars)",
          e);
    }
    if (!Operator.class.isAssignableFrom(c)) {
      throw new IllegalArgumentException(
          name
              + " is not an IBM Streams operator: it does not implement com.ibm.streams.operator.Operator");
    }
    return c.asSubclass(Operator.class);
  }
}
