package io.streamswindow.harness.internal;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.logging.TraceLevel;
import com.ibm.streams.operator.management.OperatorContextMXBean;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.SystemClock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.HostDirectories;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OperatorHostBuilder;
import io.streamswindow.runtime.OperatorInstances;
import io.streamswindow.runtime.OutputPortSpec;
import io.streamswindow.runtime.OutputPorts;
import io.streamswindow.runtime.OutputSink;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The harness's {@link JavaTestableGraph}: one {@link OperatorHost} per declared operator, with
 * connected ports wired to each other and unconnected ones to testers and stream handlers.
 *
 * <p>Everything runs on the calling thread; the lifecycle futures are returned already completed.
 * Operators are instantiated when the graph is made executable, their hosts are built when {@link
 * #initialize()} is called, on the clock chosen by then (the wall clock unless {@code
 * Harness.withClock} chose another).
 */
public final class TestableGraph implements JavaTestableGraph {
  /** Where the graph is in its lifecycle. */
  private enum Phase {
    DECLARED,
    INITIALIZED,
    RUNNING,
    SHUT_DOWN
  }

  private final List<DeclaredOperator<?>> operators;
  private final Map<DeclaredOperator<?>, Operator> instances = new IdentityHashMap<>();
  private final Map<DeclaredOperator<?>, List<WindowSpec>> windows = new IdentityHashMap<>();
  private final Map<DeclaredOutputPort, OutputRouter> routers = new IdentityHashMap<>();
  private final Map<DeclaredInputPort, StreamingOutput<OutputTuple>> testers =
      new IdentityHashMap<>();
  private final Map<DeclaredInputPort, InputFeed> feeds = new ConcurrentHashMap<>();
  private final Map<DeclaredOperator<?>, OperatorHost> hosts = new LinkedHashMap<>();
  private final Set<OperatorHost> completedHosts = ConcurrentHashMap.newKeySet();
  private final CompletableFuture<JavaTestableGraph> completion = new CompletableFuture<>();
  private final AtomicInteger completionChecks = new AtomicInteger();
  private Clock clock = SystemClock.INSTANCE;
  private HostDirectories directories = HostDirectories.DEFAULT;
  private volatile Phase phase = Phase.DECLARED;
  private TraceLevel traceLevel = TraceLevel.WARN;

  /**
   * Checks every window declaration of {@code graph} and creates its operators.
   *
   * @throws IllegalStateException when a window declaration is incomplete
   * @throws IllegalArgumentException when an operator class cannot be instantiated
   */
  public TestableGraph(DeclaredGraph graph) {
    this.operators = graph.operators();
    for (DeclaredOperator<?> operator : operators) {
      List<WindowSpec> specs = new ArrayList<>();
      for (DeclaredInputPort input : operator.inputs()) {
        specs.add(input.windowSpec());
      }
      windows.put(operator, specs);
      for (DeclaredOutputPort output : operator.outputs()) {
        routers.put(output, new OutputRouter());
      }
    }
    for (DeclaredOperator<?> operator : operators) {
      instances.put(operator, OperatorInstances.instantiate(operator.getOperatorClass()));
    }
  }

  // ---------------------------------------------------------------- streams-window extensions

  /** Chooses the clock of every window in the graph; only before {@link #initialize()}. */
  public synchronized void useClock(Clock newClock) {
    if (phase != Phase.DECLARED) {
      throw new IllegalStateException(
          "The clock must be chosen before initialize(); the graph is already " + phase);
    }
    this.clock = Objects.requireNonNull(newClock, "clock");
  }

  /** Sets the directories every operator's processing element reports; before initialize(). */
  public synchronized void useDirectories(HostDirectories newDirectories) {
    if (phase != Phase.DECLARED) {
      throw new IllegalStateException(
          "The directories must be set before initialize(); the graph is already " + phase);
    }
    this.directories = Objects.requireNonNull(newDirectories, "directories");
  }

  /** The clock of the graph's windows. */
  public synchronized Clock clock() {
    return clock;
  }

  /** The hosts of all operators, in declaration order; empty before {@link #initialize()}. */
  public synchronized Map<String, OperatorHost> hosts() {
    Map<String, OperatorHost> byName = new LinkedHashMap<>();
    hosts.forEach((operator, host) -> byName.put(operator.getName(), host));
    return byName;
  }

  /** The host of one operator. */
  public synchronized OperatorHost host(OperatorInvocation<?> invocation) {
    OperatorHost host = hosts.get(declared(invocation));
    if (host == null) {
      throw new IllegalStateException(
          "Operator '" + invocation.getName() + "' has no host yet: call initialize() first");
    }
    return host;
  }

  /** The trace level last set through {@link #setTraceLevel}. */
  public synchronized TraceLevel traceLevel() {
    return traceLevel;
  }

  // ---------------------------------------------------------------- lifecycle

  @Override
  public synchronized Future<JavaTestableGraph> initialize() {
    if (phase != Phase.DECLARED) {
      return CompletableFuture.failedFuture(
          new IllegalStateException(
              "initialize() was already called (the graph is " + phase + ")"));
    }
    try {
      buildHosts();
      phase = Phase.INITIALIZED;
      for (OperatorHost host : hosts.values()) {
        host.initialize();
      }
      return CompletableFuture.completedFuture(this);
    } catch (Exception | Error e) {
      shutdownQuietly();
      return CompletableFuture.failedFuture(e);
    }
  }

  private void buildHosts() {
    for (DeclaredOperator<?> operator : operators) {
      OperatorHostBuilder builder =
          OperatorHost.builder(instances.get(operator))
              .name(operator.getName())
              .clock(clock)
              .directories(directories);
      List<DeclaredInputPort> inputs = operator.inputs();
      List<WindowSpec> specs = windows.get(operator);
      for (int i = 0; i < inputs.size(); i++) {
        builder.input(inputs.get(i).getName(), inputs.get(i).getStreamSchema(), specs.get(i));
      }
      for (DeclaredOutputPort output : operator.outputs()) {
        builder.output(output.getName(), output.getStreamSchema(), routers.get(output));
      }
      operator.parameters().forEach(builder::parameter);
      OperatorHost host = builder.build();
      host.addActivityListener(this::checkCompletion);
      hosts.put(operator, host);
      for (DeclaredInputPort input : inputs) {
        feeds.put(input, new InputFeed(host, input.getPortNumber(), input.connections().size()));
      }
    }
    for (DeclaredOperator<?> operator : operators) {
      for (DeclaredOutputPort output : operator.outputs()) {
        for (DeclaredConnection connection : output.connections()) {
          routers.get(output).connect(feeds.get(connection.input()));
        }
      }
    }
  }

  @Override
  public synchronized Future<JavaTestableGraph> allPortsReady() {
    if (phase != Phase.INITIALIZED) {
      return CompletableFuture.failedFuture(
          new IllegalStateException(
              "allPortsReady() needs an initialized graph (the graph is " + phase + ")"));
    }
    try {
      phase = Phase.RUNNING;
      for (DeclaredOperator<?> operator : downstreamFirst()) {
        hosts.get(operator).allPortsReady();
      }
    } catch (Exception | Error e) {
      return CompletableFuture.failedFuture(e);
    }
    // Operators without inputs and without background work are complete at once.
    checkCompletion();
    return CompletableFuture.completedFuture(this);
  }

  /**
   * The operators in an order where each comes after every operator its outputs feed, so that an
   * operator submitting from {@code allPortsReady} finds its receivers ready. Operators on a cycle
   * keep their declaration order.
   */
  private List<DeclaredOperator<?>> downstreamFirst() {
    List<DeclaredOperator<?>> order = new ArrayList<>();
    Set<DeclaredOperator<?>> visiting = Collections.newSetFromMap(new IdentityHashMap<>());
    for (DeclaredOperator<?> operator : operators) {
      placeAfterReceivers(operator, order, visiting);
    }
    return order;
  }

  private void placeAfterReceivers(
      DeclaredOperator<?> operator,
      List<DeclaredOperator<?>> order,
      Set<DeclaredOperator<?>> visiting) {
    if (!visiting.add(operator)) {
      return; // placed already, or on a cycle being placed
    }
    for (DeclaredOutputPort output : operator.outputs()) {
      for (DeclaredConnection connection : output.connections()) {
        placeAfterReceivers(connection.input().operator(), order, visiting);
      }
    }
    order.add(operator);
  }

  @Override
  public Future<JavaTestableGraph> completion() {
    return completion;
  }

  @Override
  public JavaTestableGraph waitForCompletion() throws Exception {
    return unwrap(completion);
  }

  @Override
  public Future<JavaTestableGraph> shutdown() {
    List<OperatorHost> toStop;
    synchronized (this) {
      phase = Phase.SHUT_DOWN;
      toStop = new ArrayList<>(hosts.values());
    }
    Exception failure = null;
    for (OperatorHost host : toStop) {
      try {
        host.shutdown();
      } catch (Exception e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    // A graph shut down before it completed never will; do not leave waiters hanging.
    completion.completeExceptionally(
        new CancellationException("The graph was shut down before it completed"));
    return failure == null
        ? CompletableFuture.completedFuture(this)
        : CompletableFuture.failedFuture(failure);
  }

  private void shutdownQuietly() {
    try {
      shutdown();
    } catch (RuntimeException ignored) {
      // The failure that made us shut down is the one worth reporting.
    }
  }

  @Override
  public Future<JavaTestableGraph> execute() {
    Future<JavaTestableGraph> initialized = initialize();
    if (isFailed(initialized)) {
      return initialized;
    }
    Future<JavaTestableGraph> ready = allPortsReady();
    if (isFailed(ready)) {
      shutdown();
      return ready;
    }
    // Shut down on a fresh thread: completion may be detected inside an operator's call, where
    // the operator's lock is held and shutting it down would wait for itself.
    Executor separateThread =
        task -> {
          Thread thread = new Thread(task, "harness-shutdown");
          thread.setDaemon(true);
          thread.start();
        };
    return completion.thenApplyAsync(
        graph -> {
          Future<JavaTestableGraph> stopped = shutdown();
          try {
            return unwrap(stopped);
          } catch (Exception e) {
            throw new IllegalStateException("Shutting the completed graph down failed", e);
          }
        },
        separateThread);
  }

  @Override
  public JavaTestableGraph executeToCompletion() throws Exception {
    return unwrap(execute());
  }

  @Override
  public synchronized JavaTestableGraph setTraceLevel(TraceLevel level) {
    // Operators here log through java.util.logging or log4j, configured by the test itself;
    // the level is kept so that tests can read it back.
    this.traceLevel = Objects.requireNonNull(level, "level");
    return this;
  }

  // ---------------------------------------------------------------- completion

  /** Re-evaluates completion; concurrent and nested requests are folded into one loop. */
  private void checkCompletion() {
    if (completionChecks.getAndIncrement() != 0) {
      return; // whoever is evaluating will evaluate again
    }
    int requests = 1;
    do {
      evaluateCompletion();
      requests = completionChecks.addAndGet(-requests);
    } while (requests != 0);
  }

  private void evaluateCompletion() {
    if (phase != Phase.RUNNING || completion.isDone()) {
      return;
    }
    List<OperatorHost> all;
    synchronized (this) {
      all = new ArrayList<>(hosts.values());
    }
    boolean allComplete = true;
    for (OperatorHost host : all) {
      Throwable failure = host.backgroundFailure();
      if (failure != null) {
        completion.completeExceptionally(failure);
        return;
      }
      if (completedHosts.contains(host)) {
        continue;
      }
      if (!host.isComplete()) {
        allComplete = false;
        continue;
      }
      completedHosts.add(host);
      if (host.inputs().isEmpty()) {
        try {
          host.finalizeOutputs(); // a completed source ends its streams, as in IBM's runtime
        } catch (Exception e) {
          completion.completeExceptionally(e);
          return;
        }
      }
    }
    if (allComplete) {
      completion.complete(this);
    }
  }

  // ---------------------------------------------------------------- ports

  @Override
  public void registerStreamHandler(OutputPortDeclaration port, StreamHandler<Tuple> handler) {
    DeclaredOutputPort output = DeclaredOutputPort.of(port);
    if (output.isConnected()) {
      throw new IllegalStateException(
          "registerStreamHandler: "
              + output
              + " is connected to an input port; stream handlers "
              + "attach to unconnected output ports");
    }
    OutputRouter router = routers.get(output);
    if (router == null) {
      throw new IllegalArgumentException(output + " does not belong to this graph");
    }
    router.addHandler(Objects.requireNonNull(handler, "handler"));
  }

  @Override
  public synchronized StreamingOutput<OutputTuple> getInputTester(InputPortDeclaration port) {
    DeclaredInputPort input = DeclaredInputPort.of(port);
    if (input.isConnected()) {
      throw new IllegalStateException(
          "getInputTester: "
              + input
              + " is connected to an output port; testers feed unconnected "
              + "input ports");
    }
    if (!windows.containsKey(input.operator())) {
      throw new IllegalArgumentException(input + " does not belong to this graph");
    }
    return testers.computeIfAbsent(
        input,
        p ->
            OutputPorts.create(
                p.getPortNumber(),
                new OutputPortSpec(p.getName(), p.getStreamSchema(), new TesterSink(p))));
  }

  /** Feeds what a test submits on an input tester to the operator's input port. */
  private final class TesterSink implements OutputSink {
    private final DeclaredInputPort port;

    /** The port's feed once the graph is initialized (it never changes then): one map lookup. */
    private volatile InputFeed found;

    TesterSink(DeclaredInputPort port) {
      this.port = port;
    }

    @Override
    public void tuple(int portNumber, Tuple tuple) throws Exception {
      feed().tuple(tuple);
    }

    @Override
    public void mark(int portNumber, Punctuation mark) throws Exception {
      feed().mark(mark);
    }

    private InputFeed feed() {
      InputFeed feed = found;
      if (feed != null) {
        return feed;
      }
      feed = feeds.get(port);
      found = feed;
      if (feed == null) {
        throw new IllegalStateException(
            "Cannot submit to "
                + port
                + " yet: call initialize() and allPortsReady() (or "
                + "execute()) on the graph first");
      }
      return feed;
    }
  }

  @Override
  public OperatorContextMXBean getOperatorContextMBean(String name) {
    throw new UnsupportedOperationException(
        "getOperatorContextMBean: streams-window has no management beans");
  }

  @Override
  public OperatorContextMXBean getOperatorContextMBean(
      OperatorInvocation<? extends Operator> operator) {
    throw new UnsupportedOperationException(
        "getOperatorContextMBean: streams-window has no management beans");
  }

  @Override
  public <T extends Operator> T getOperatorInstance(OperatorInvocation<T> operator) {
    Operator instance = instances.get(declared(operator));
    if (instance == null) {
      throw new IllegalArgumentException(operator + " does not belong to this graph");
    }
    return operator.getOperatorClass().cast(instance);
  }

  private DeclaredOperator<?> declared(OperatorInvocation<?> invocation) {
    if (invocation instanceof DeclaredOperator<?> declared && instances.containsKey(declared)) {
      return declared;
    }
    throw new IllegalArgumentException(invocation + " does not belong to this graph");
  }

  // ---------------------------------------------------------------- helpers

  private static boolean isFailed(Future<?> future) {
    return future instanceof CompletableFuture<?> f && f.isCompletedExceptionally();
  }

  private static <V> V unwrap(Future<V> future) throws Exception {
    try {
      return future.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception exception) {
        throw exception;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  @Override
  public String toString() {
    return "JavaTestableGraph(" + operators.size() + " operators, " + phase + ")";
  }
}
