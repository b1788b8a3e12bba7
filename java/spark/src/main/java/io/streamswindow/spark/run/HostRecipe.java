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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import scala.Option;

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
 * HostRecipe recipe = HostRecipe.of(type, HostRecipe.portsOf(plan), plan.outputSchemas(), params, partitionBy, plan.directories());
 * OperatorHost host = recipe.initialized(clock, sink); // built, initialized, default partitioner registered
 * }</pre>
 *
 * @param operatorClass the operator class, instantiated through its no-argument constructor
 * @param inputs each input port's tuples and window, port 0's first
 * @param outputs the schema of each output port, port 0's first
 * @param parameters the operator's parameters, each a list of values as SPL passes them
 * @param partitionBy the columns a partitioned window is keyed by when the operator registers no
 *     partitioner of its own
 * @param directories the directories the processing element reports, as found on this JVM
 */
public record HostRecipe(
    Class<? extends Operator> operatorClass,
    List<Port> inputs,
    List<SplSchema> outputs,
    Map<String, List<String>> parameters,
    List<String> partitionBy,
    HostDirectories directories) {

  /** An input port as the host declares it: the schema of its tuples and its window. */
  public record Port(SplSchema input, WindowSpec window) {}

  /**
   * A recipe whose parameter values and partition_by columns are interned, as the schemas'
   * attribute names are (an operator that looks attributes up by a parameter's value, WindowSum's
   * {@code attr} per tuple, and the default partitioner of every host, then find them by
   * reference), and whose directories are found on this JVM, once per recipe rather than per host
   * (a missing one is refused here, naming its setting: {@link OperatorDirectories#resolve}).
   *
   * @param inputs each input port's tuples and window, port 0's first
   */
  public static HostRecipe of(
      Class<? extends Operator> operatorClass,
      List<Port> inputs,
      List<SplSchema> outputs,
      Map<String, List<String>> parameters,
      List<String> partitionBy,
      OperatorDirectories directories) {
    HostDirectories found = directories.resolve();
    Map<String, List<String>> interned = new LinkedHashMap<>();
    parameters.forEach(
        (name, values) -> interned.put(name, values.stream().map(String::intern).toList()));
    // The clause's delta literals take their attributes' types, as the SPL compiler types them.
    List<Port> typedPorts =
        inputs.stream()
            .map(
                port ->
                    new Port(port.input(), WindowClauseParser.typed(port.window(), port.input())))
            .toList();
    return new HostRecipe(
        operatorClass,
        typedPorts,
        List.copyOf(outputs),
        interned,
        partitionBy.stream().map(String::intern).toList(),
        found);
  }

  /** The window of input port 0, with the types of its delta literals. */
  public WindowSpec window() {
    return inputs.get(0).window();
  }

  /**
   * Whether the window of any input port has processing-time policies ({@code time(...)}, {@code
   * partitionAge}), so that its hosts need processing-time wake-ups.
   */
  boolean usesProcessingTime() {
    return inputs.stream().anyMatch(port -> port.window().usesTime());
  }

  /** Builds a host on {@code clock} whose output ports go to {@code sink}; not initialized. */
  OperatorHost build(Clock clock, OutputSink sink) {
    OperatorHostBuilder builder =
        OperatorHost.builder(operatorClass)
            .clock(clock)
            .checkpointStreams(KryoFallbackStreams.INSTANCE)
            .directories(directories);
    for (int i = 0; i < inputs.size(); i++) {
      builder.input(i == 0 ? "input" : "input" + i, inputs.get(i).input(), inputs.get(i).window());
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
   * The input ports of {@code plan} as the operator host declares them, port 0's first: each one's
   * SPL schema and window.
   */
  public static List<Port> portsOf(OperatorPlan plan) {
    List<Port> ports = new ArrayList<>();
    for (int port = 0; port < plan.inputPorts(); port++) {
      OperatorPlan portPlan = plan.ofPort(port);
      ports.add(new Port(portPlan.inputSchema(plan.tuplesOf(port)), portPlan.windowSpec()));
    }
    return ports;
  }

  /**
   * Loads an operator class from the thread's class loader (on an executor Spark's, which holds
   * spark.jars), and on the driver then from the session's spark.jars ({@link DriverSparkJars}).
   */
  public static Class<? extends Operator> loadOperatorClass(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("No operator class given");
    }
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    ClassLoader loader = context != null ? context : HostRecipe.class.getClassLoader();
    Class<?> c;
    try {
      c = Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      Option<DriverSparkJars> jars = DriverSparkJars.ofActiveSession();
      try {
        if (jars.isEmpty() || jars.get().local().isEmpty()) {
          throw e;
        }
        c = Class.forName(name, false, jars.get().loader(loader));
      } catch (ClassNotFoundException notInJars) {
        throw new IllegalArgumentException(
            "Operator class "
                + name
                + " was not found on the session's classpath"
                + (jars.isEmpty() ? "" : " (" + jars.get().checked() + ")")
                + ": add the jar holding it when the session is built, from Python with"
                + " streams_window.configure(builder, extra_jars=[\"my-operators.jar\"])"
                + " (elsewhere with spark.jars or spark-submit --jars)",
            notInJars);
      }
    }
    if (!Operator.class.isAssignableFrom(c)) {
      throw new IllegalArgumentException(
          name
              + " is not an IBM Streams operator: it does not implement com.ibm.streams.operator.Operator");
    }
    return c.asSubclass(Operator.class);
  }
}
