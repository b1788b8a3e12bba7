package io.streamswindow.runtime;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.management.OperatorContextMXBean;
import com.ibm.streams.operator.state.StateHandler;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.api.spi.CurrentOperator;
import io.streamswindow.api.spi.LifeCycleNotifications;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.EngineWindow;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.SystemClock;
import io.streamswindow.engine.TimeDomain;
import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.schema.ImmutableTuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/**
 * Runs one IBM Streams Java {@link Operator} outside Streams: it builds the operator's context,
 * ports and windows, sets its parameters, runs its context checks, and delivers tuples, punctuation
 * marks, time and checkpoint requests to it. IBM's test harness and the Spark adapter both drive
 * operators through this class.
 *
 * <h2>Contract</h2>
 *
 * <ul>
 *   <li>Lifecycle: {@link #initialize()} (parameters, context checks, {@code Operator.initialize}),
 *       then {@link #allPortsReady()} (windows start, {@code Operator.allPortsReady}), then any
 *       number of {@link #submit}, {@link #punctuate}, {@link #advanceTime}, {@link
 *       #advanceWatermark} and checkpoint calls, then {@link #shutdown()}.
 *   <li>For a tuple, every window event it causes is delivered to the window's listener first, then
 *       {@code Operator.process}; likewise for a mark and {@code processPunctuation}. When every
 *       input port has received a {@code FINAL_MARKER}, one is sent on every output port.
 *   <li>Every call into the operator or its windows holds one lock, so events are serialised,
 *       whichever thread causes them, and the operator is the {@link CurrentOperator} meanwhile.
 *   <li>Time: on a {@link ManualClock}, advancing the clock fires due window timers before {@code
 *       advance} returns. On the {@link SystemClock} a timer thread fires them when due. On any
 *       other clock the caller calls {@link #advanceTime(long)}. That is processing time; event
 *       time (the watermark) moves only when the caller calls {@link #advanceWatermark(long)}.
 * </ul>
 *
 * <pre>{@code
 * ManualClock clock = ManualClock.create();
 * StreamSchema schema = Type.Factory.getStreamSchema("tuple<rstring id, float64 v>");
 * OperatorHost host =
 *     OperatorHost.builder(MyAverage.class)
 *         .input("in", schema, WindowSpec.tumbling(PolicySpec.count(3)))
 *         .output("out", schema, OutputSink.of((port, tuple) -> results.add(tuple)))
 *         .parameter("precision", "2")
 *         .clock(clock)
 *         .build();
 * host.initialize();
 * host.allPortsReady();
 * host.submit(0, schema.getTuple(new Object[] {"a", 1.0}));
 * byte[] saved = host.checkpoint(1);
 * host.reset(saved);
 * host.shutdown();
 * }</pre>
 */
public final class OperatorHost {
  /** Where a host is in its lifecycle. */
  public enum State {
    /** Built; {@link #initialize()} not yet called (or failed). */
    CREATED,
    /** The operator is initialized; tuples are refused until {@link #allPortsReady()}. */
    INITIALIZED,
    /** Ports are ready: tuples, marks and time flow. */
    RUNNING,
    /** Shut down; nothing more is delivered. */
    SHUT_DOWN
  }

  // Configuration: fixed when built.
  private final Operator operator;
  private final HostOperatorContext context;
  private final Clock clock;

  private final Map<String, List<String>> parameters;
  private final List<HostInputPort> inputs = new ArrayList<>();
  private final List<HostOutputPort> outputs = new ArrayList<>();
  private final PortWindows windows;
  private final StateHandlers stateHandlers = new StateHandlers();
  private final HostLock lock;
  private final WallClockTimer timer; // only on the SystemClock, for windows with time policies
  private final HostCheckpointing checkpointing;
  private final LongConsumer manualClockListener = this::advanceTimeFromClock;
  private final List<Runnable> activityListeners = new CopyOnWriteArrayList<>();

  // Progress: guarded by lock.
  private State state = State.CREATED;
  private final boolean[] inputFinal;
  private volatile int openInputs;
  private long lastTimeNanos = Long.MIN_VALUE;

  /** Event time: written under the lock, read by {@link #watermarkNanos()} from any thread. */
  private volatile long lastWatermarkNanos = Long.MIN_VALUE;

  private volatile Throwable backgroundFailure;

  /** Creates the host {@code builder} describes: see {@link OperatorHostBuilder#build()}. */
  OperatorHost(OperatorHostBuilder builder) {
    this.operator = builder.newOperator();
    this.clock = builder.clock;
    this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(builder.parameters));
    String name = builder.name != null ? builder.name : operator.getClass().getSimpleName();
    int inputCount = builder.inputs.size();
    int outputCount = builder.outputs.size();
    this.context =
        new HostOperatorContext(
            name,
            operator.getClass(),
            parameters,
            new HostProcessingElement(
                builder.peId,
                builder.jobId,
                builder.jobName,
                inputCount,
                outputCount,
                builder.directories),
            stateHandlers,
            Map.copyOf(builder.optionalContexts),
            this::notifyActivity);
    for (int i = 0; i < inputCount; i++) {
      InputPortSpec spec = builder.inputs.get(i);
      inputs.add(new HostInputPort(i, spec.name(), spec.schema()));
    }
    for (int i = 0; i < outputCount; i++) {
      outputs.add(new HostOutputPort(i, builder.outputs.get(i)));
    }
    context.attachPorts(List.copyOf(inputs), List.copyOf(outputs));
    this.lock = new HostLock(context, this::replanTimer);
    // Loops rather than streams here: a host is built per key and call on Spark
    // (docs/performance.md, "Operator metrics, and what else a call costs now").
    List<WindowSpec> specs = new ArrayList<>(inputCount);
    // A window without time policies never has a deadline: no thread, and no per-call replan.
    boolean onTheClock = false;
    for (InputPortSpec spec : builder.inputs) {
      specs.add(spec.window());
      onTheClock |= spec.window() != null && spec.window().usesTime();
    }
    this.windows = new PortWindows(inputs, specs, context, clock);
    this.checkpointing =
        new HostCheckpointing(
            lock,
            new CheckpointingAccess(),
            name,
            clock,
            windows,
            stateHandlers,
            builder.checkpointStreams);
    this.inputFinal = new boolean[inputCount];
    this.openInputs = inputCount;
    this.timer =
        clock instanceof SystemClock && onTheClock
            ? new WallClockTimer(
                lock.reentrantLock(),
                clock,
                this::nextDeadline,
                this::advanceTime,
                this::timerFailed)
            : null;
    // IBM registers an operator that is itself a state handler before anything else.
    if (operator instanceof StateHandler handler) {
      stateHandlers.register(handler);
    }
  }

  /**
   * Starts building a host for a new instance of {@code operatorClass}, made through its
   * no-argument constructor when the host is built.
   *
   * @param operatorClass the operator class
   * @return a builder
   */
  public static OperatorHostBuilder builder(Class<? extends Operator> operatorClass) {
    return new OperatorHostBuilder(Objects.requireNonNull(operatorClass, "operatorClass"), null);
  }

  /**
   * Returns the parameter names an operator class declares with {@code @Parameter} setters, the
   * ones the host injects before {@code initialize}, sorted.
   *
   * @param operatorClass the operator class
   * @return the declared parameter names; empty when the class declares none
   */
  public static java.util.SortedSet<String> declaredParameters(
      Class<? extends Operator> operatorClass) {
    return ParameterInjector.parameterNames(operatorClass);
  }

  /**
   * Starts building a host for an existing operator instance (not yet initialized).
   *
   * @param operator the operator
   * @return a builder
   */
  public static OperatorHostBuilder builder(Operator operator) {
    return new OperatorHostBuilder(null, Objects.requireNonNull(operator, "operator"));
  }

  // ---------------------------------------------------------------- lifecycle

  /**
   * Sets the operator's parameters, runs its context checks (compile-time and runtime ones: there
   * is no separate compile step here) and calls {@code Operator.initialize}.
   *
   * @throws IllegalArgumentException when a required parameter is missing or a value does not
   *     convert
   * @throws IllegalStateException when called twice, or when a context check fails; the message
   *     lists what the checks reported
   * @throws Exception what the operator's {@code initialize} throws
   */
  public void initialize() throws Exception {
    locked(this::initializeOperator);
  }

  private void initializeOperator() throws Exception {
    try {
      requireState(State.CREATED, "initialize()");
      new ParameterInjector(context).inject(operator);
      CustomMetricInjector.inject(operator, context.getMetrics());
      HostContextChecker checker =
          ContextChecks.run(operator.getClass(), context, ContextChecks.Phase.STARTUP);
      if (!checker.isContextValid()) {
        throw new IllegalStateException(
            "Context checks of operator '"
                + context.getName()
                + "' failed: "
                + (checker.problems().isEmpty()
                    ? "a check declared the context invalid"
                    : String.join("; ", checker.problems())));
      }
      operator.initialize(context);
      state = State.INITIALIZED;
    } catch (Exception | Error e) {
      context.threads().shutdown();
      throw e;
    }
  }

  /**
   * Runs the context checks of one kind without starting the operator (IBM's {@code
   * compileChecks}); parameters are not set on the operator.
   *
   * @param compileTime true for the compile-time checks, false for the runtime ones
   * @return the messages of the failed checks; empty when the context is valid
   * @throws Exception what a check method throws
   */
  public List<String> runContextChecks(boolean compileTime) throws Exception {
    HostContextChecker checker =
        ContextChecks.run(
            operator.getClass(),
            context,
            compileTime ? ContextChecks.Phase.COMPILE : ContextChecks.Phase.RUNTIME);
    if (checker.isContextValid()) {
      return List.of();
    }
    return checker.problems().isEmpty() ? List.of("the context is invalid") : checker.problems();
  }

  /**
   * Starts the windows' time and calls {@code Operator.allPortsReady}; tuples are accepted from now
   * on.
   *
   * @throws IllegalStateException when the host is not initialized
   * @throws Exception what the operator or its window listeners throw
   */
  public void allPortsReady() throws Exception {
    locked(
        () -> {
          requireState(State.INITIALIZED, "allPortsReady()");
          lastTimeNanos = clock.nanos();
          state = State.RUNNING;
          windows.start();
          operator.allPortsReady();
          LifeCycleNotifications.send(context, OperatorContextMXBean.ALL_PORTS_READY);
          if (clock instanceof ManualClock manual) {
            manual.addAdvanceListener(manualClockListener);
          } else if (timer != null) {
            timer.start(context.getName() + "-window-timer");
          }
        });
  }

  /**
   * Shuts the operator down: time stops, {@code Operator.shutdown} is called, the operator's
   * scheduler stops and its state handlers are closed. Calling it again does nothing.
   *
   * @throws Exception what the operator's {@code shutdown} or a handler's {@code close} throws
   */
  public void shutdown() throws Exception {
    State before =
        lock.guarded(
            () -> {
              State was = state;
              state = State.SHUT_DOWN;
              return was;
            });
    if (before == State.SHUT_DOWN) {
      return;
    }
    if (clock instanceof ManualClock manual) {
      manual.removeAdvanceListener(manualClockListener);
    }
    if (timer != null) {
      timer.stop(); // must not hold the lock: the timer thread needs it to finish
    }
    try {
      // OperatorLifeCycle's actions: before the operator's shutdown, and after it, as on Streams.
      LifeCycleNotifications.send(context, OperatorContextMXBean.SHUTDOWN);
      if (before != State.CREATED) {
        locked(operator::shutdown);
      }
      LifeCycleNotifications.send(context, OperatorContextMXBean.SHUTDOWN_COMPLETE);
    } finally {
      context.threads().shutdown();
      stateHandlers.closeAll();
      notifyActivity();
    }
  }

  // ---------------------------------------------------------------- tuples, marks and time

  /**
   * Delivers a tuple to an input port: the window's events first, then {@code Operator.process}. A
   * tuple arriving after the port's {@code FINAL_MARKER} is dropped.
   *
   * @param port the input port number
   * @param tuple a tuple of the port's schema (an {@link OutputTuple} is copied to a read-only one)
   * @throws IllegalStateException when the host is not running
   * @throws Exception what the operator or its window listener throws
   */
  public void submit(int port, Tuple tuple) throws Exception {
    Objects.requireNonNull(tuple, "tuple");
    // The class test first: an interface test that fails scans the class's interfaces, once per
    // tuple, and decoded input tuples are all ImmutableTuples.
    Tuple readOnly =
        tuple.getClass() != ImmutableTuple.class && tuple instanceof OutputTuple output
            ? output.asReadOnlyTuple()
            : tuple;
    if (lock.isEntered()) {
      // Inside batch(): the common case on Spark, once per tuple, so without a lambda.
      deliver(port, readOnly);
      return;
    }
    // From outside (a harness test, an operator's own thread): once per tuple too, so the lock is
    // taken here rather than through a lambda for locked().
    OperatorContext previous = lock.enter();
    try {
      deliver(port, readOnly);
    } finally {
      lock.exit(previous);
    }
  }

  private void deliver(int port, Tuple tuple) throws Exception {
    requireRunning("submit");
    if (!inputFinal[checkInput(port)]) {
      windows.insert(port, tuple);
      HostInputPort input = inputs.get(port);
      input.countTuple();
      operator.process(input, tuple);
    }
  }

  /**
   * Delivers a punctuation mark to an input port: the window's handling first, then {@code
   * Operator.processPunctuation}. After the last input port's {@code FINAL_MARKER} a {@code
   * FINAL_MARKER} goes out on every output port. Marks after a port's final mark, and {@code
   * NON_EXISTENT}, are ignored.
   *
   * @param port the input port number
   * @param mark the mark
   * @throws IllegalStateException when the host is not running
   * @throws Exception what the operator or its window listener throws
   */
  public void punctuate(int port, Punctuation mark) throws Exception {
    Objects.requireNonNull(mark, "mark");
    int openBefore = openInputs;
    locked(
        () -> {
          requireRunning("punctuate");
          if (mark == Punctuation.NON_EXISTENT || inputFinal[checkInput(port)]) {
            return;
          }
          boolean last = mark == Punctuation.FINAL_MARKER;
          inputFinal[port] |= last;
          windows.punctuate(port, mark);
          HostInputPort input = inputs.get(port);
          input.countMark(mark);
          operator.processPunctuation(input, mark);
          if (last && --openInputs == 0) {
            finalizeOutputs();
          }
        });
    // Outside the lock: listeners may look at other operators.
    if (openBefore > 0 && openInputs == 0) {
      notifyActivity();
    }
  }

  /**
   * Fires every window timer due at or before {@code nowNanos}, across windows in time order. Time
   * never goes back: an earlier reading than the last one is treated as the last one. Does nothing
   * unless the host is running.
   *
   * @param nowNanos the current time in nanoseconds since the epoch
   * @throws Exception what a window listener throws
   */
  public void advanceTime(long nowNanos) throws Exception {
    locked(
        () -> {
          if (state == State.RUNNING) {
            lastTimeNanos = Math.max(nowNanos, lastTimeNanos);
            windows.fireTimersUpTo(TimeDomain.PROCESSING_TIME, lastTimeNanos);
          }
        });
  }

  /**
   * Moves the watermark, the host's event time, to {@code watermarkNanos} and fires everything
   * event-time windows have due at or before it, across windows in time order. Nothing reads the
   * watermark from a clock: the harness or the Spark adapter says where it is, so event time is
   * deterministic wherever it comes from. It never goes back: an earlier watermark than the last
   * one is treated as the last one. Does nothing unless the host is running.
   *
   * @param watermarkNanos the watermark in nanoseconds since the epoch
   * @throws Exception what a window listener throws
   */
  public void advanceWatermark(long watermarkNanos) throws Exception {
    locked(
        () -> {
          if (state == State.RUNNING) {
            lastWatermarkNanos = Math.max(watermarkNanos, lastWatermarkNanos);
            windows.fireTimersUpTo(TimeDomain.EVENT_TIME, lastWatermarkNanos);
          }
        });
  }

  /**
   * The watermark the host was last moved to ({@link #advanceWatermark}), in nanoseconds since the
   * epoch, or {@code Long.MIN_VALUE} before the first.
   */
  public long watermarkNanos() {
    return lastWatermarkNanos;
  }

  private void advanceTimeFromClock(long nowNanos) {
    try {
      advanceTime(nowNanos);
    } catch (Exception e) {
      throw new OperatorFailedException(
          "Operator '" + context.getName() + "' failed while the clock advanced", e);
    }
  }

  /** The earliest deadline of any window, or {@code Long.MAX_VALUE}; the caller holds the lock. */
  private long nextDeadline() {
    return state == State.RUNNING
        ? windows.nextDeadline(TimeDomain.PROCESSING_TIME)
        : Long.MAX_VALUE;
  }

  private void timerFailed(Throwable failure) {
    backgroundFailure = failure;
    notifyActivity();
  }

  // ---------------------------------------------------------------- checkpoint and reset
  // The work is HostCheckpointing's; these are the public names of it.

  /**
   * Delivers outstanding window evictions, then calls every state handler's {@code drain}.
   *
   * @throws Exception what a listener or handler throws
   */
  public void drain() throws Exception {
    checkpointing.drain();
  }

  /**
   * Saves every window, then lets every state handler write through one shared {@code Checkpoint};
   * returns both in one versioned envelope (see {@code CheckpointEnvelope}).
   *
   * @param id the checkpoint's sequence id
   * @return the checkpoint bytes, for {@link #reset(byte[])}
   * @throws Exception what a handler throws, or an I/O failure of the codec
   */
  public byte[] checkpoint(long id) throws Exception {
    return checkpointing.checkpoint(id, null);
  }

  /**
   * Saves as {@link #checkpoint(long)} does, except that windows keep the tuples of large
   * partitions in {@code store}, writing there only what changed since the previous checkpoint with
   * the same store; the checkpoint is then valid only together with the store's contents.
   *
   * @param id the checkpoint's sequence id
   * @param store where windows may keep tuples in chunks; null to keep everything in the bytes
   * @return the checkpoint bytes, for {@link #reset(byte[], TupleChunkStore)} with the same store
   * @throws Exception what a handler throws, or an I/O failure of the codec or the store
   */
  public byte[] checkpoint(long id, TupleChunkStore store) throws Exception {
    return checkpointing.checkpoint(id, store);
  }

  /**
   * Restores a checkpoint taken by {@link #checkpoint(long)}: windows are replaced without events,
   * then every state handler's {@code reset} reads back what it wrote; then time catches up, so
   * tuples that expired and tumbles that fell due meanwhile fire now. Event time goes back with the
   * windows: each event-time window holds its watermark in its checkpoint, and the host forgets the
   * watermark it was last told, since the input is replayed from the checkpoint, watermarks
   * included.
   *
   * @param checkpoint the bytes {@link #checkpoint(long)} returned
   * @throws IllegalArgumentException when the bytes are not a checkpoint of this operator's ports
   * @throws Exception what a handler or listener throws
   */
  public void reset(byte[] checkpoint) throws Exception {
    reset(checkpoint, null);
  }

  /**
   * Restores a checkpoint taken by {@link #checkpoint(long, TupleChunkStore)}, reading the tuples
   * it keeps in {@code store}; otherwise as {@link #reset(byte[])}.
   *
   * @param checkpoint the checkpoint bytes
   * @param store the store the checkpoint was taken with; null if none
   * @throws IllegalArgumentException when the bytes are not a checkpoint of this operator's ports
   * @throws Exception what a handler or listener throws, or an I/O failure (a chunk missing)
   */
  public void reset(byte[] checkpoint, TupleChunkStore store) throws Exception {
    try {
      checkpointing.restore(checkpoint, store, true);
    } catch (RestoreFailedException e) {
      throw e.getCause(); // what IBM's harness users catch: the step's own exception
    }
  }

  /**
   * Restores a checkpoint as {@link #reset(byte[], TupleChunkStore)} does, telling a checkpoint
   * that does not restore from a failure of the operator: a step of the restore that fails (reading
   * the checkpoint, the windows, a state handler's {@code reset}) throws a {@link
   * RestoreFailedException} naming the step; what a listener throws as time catches up afterwards
   * is thrown as it is.
   *
   * @param checkpoint the checkpoint bytes
   * @param store the store the checkpoint was taken with; null if none
   * @throws RestoreFailedException when a step of the restore fails, with that step's exception
   * @throws Exception what a listener throws as time catches up
   */
  public void restore(byte[] checkpoint, TupleChunkStore store) throws Exception {
    checkpointing.restore(checkpoint, store, true);
  }

  /**
   * Restores a checkpoint this host's own run took a moment ago, as {@link #restore(byte[],
   * TupleChunkStore)} does, but as a continuation, not a restart: the timers that fell due since
   * the checkpoint fire each at its own instant, in time order, with the window as it was then, as
   * they would have in a host that lived on. For a Spark key whose host is rebuilt from its state
   * between two micro-batches of one query run (docs/semantics.md, "Time between calls").
   *
   * <pre>{@code
   * host.continueFrom(savedAMomentAgo, chunks);
   * host.advanceTime(now); // each trigger, eviction and tumble due since, at its own instant
   * }</pre>
   *
   * @param checkpoint the checkpoint bytes
   * @param store the store the checkpoint was taken with; null if none
   * @throws RestoreFailedException when a step of the restore fails, with that step's exception
   * @throws Exception what a listener throws as the timers fire
   */
  public void continueFrom(byte[] checkpoint, TupleChunkStore store) throws Exception {
    checkpointing.restore(checkpoint, store, false);
  }

  /**
   * Carries on with a host that was not called for a while (a Spark key's live host between
   * micro-batches of one query run) as {@link #continueFrom} carries on with a host rebuilt from
   * its own latest checkpoint: each timer that fell due meanwhile fires at its own instant, in time
   * order, with the window as it was then; and the host forgets the watermark it was last told.
   * Nothing is restored, since nothing was lost.
   *
   * @throws Exception what a listener throws for the events that fell due meanwhile
   */
  public void resume() throws Exception {
    checkpointing.resume();
  }

  /**
   * Discards all window contents and partitions without events, then calls every state handler's
   * {@code resetToInitialState}; then time catches up.
   *
   * @throws Exception what a handler or listener throws
   */
  public void resetToInitialState() throws Exception {
    checkpointing.resetToInitialState();
  }

  /** Passes {@code retireCheckpoint(id)} to every state handler, in registration order. */
  public void retireCheckpoint(long id) throws Exception {
    checkpointing.retireCheckpoint(id);
  }

  /** Passes {@code regionCheckpointed(id)} to every state handler, in registration order. */
  public void regionCheckpointed(long id) throws Exception {
    checkpointing.regionCheckpointed(id);
  }

  /** The tuples the host's windows hold, over all ports and partitions. */
  public long tupleCount() {
    return windows.tupleCount();
  }

  /** What {@link HostCheckpointing} asks of this host; called holding the lock. */
  private final class CheckpointingAccess implements HostCheckpointing.Host {
    @Override
    public void requireStarted(String call) {
      OperatorHost.this.requireStarted(call);
    }

    @Override
    public void forgetWatermark() {
      lastWatermarkNanos = Long.MIN_VALUE;
    }

    @Override
    public void catchUpWithClock() throws Exception {
      if (state == State.RUNNING) {
        lastTimeNanos = Math.max(lastTimeNanos, clock.nanos());
        windows.fireTimersUpTo(TimeDomain.PROCESSING_TIME, lastTimeNanos);
      }
    }
  }

  // ---------------------------------------------------------------- queries

  /** The hosted operator instance. */
  public Operator operator() {
    return operator;
  }

  /** The operator's context. */
  public OperatorContext context() {
    return context;
  }

  /**
   * Returns the parameter names the operator has asked for so far, whether or not they were set: by
   * name through {@code OperatorContext.getParameterValues}, through its {@code @Parameter} setters
   * (the host reads those for it) and in context checks that name parameters. The driver's dry run
   * refuses a parameter outside them (docs/decisions.md, "Parameters of an operator
   * without @PrimitiveOperator").
   *
   * @return a sorted snapshot of the names
   */
  public java.util.SortedSet<String> parametersRead() {
    return context.parametersRead();
  }

  /**
   * Returns whether the operator has called {@code OperatorContext.getParameterNames()}, which
   * shows it every parameter's name: such an operator may take any parameter.
   *
   * @return true once the operator listed its parameters
   */
  public boolean parameterNamesListed() {
    return context.parameterNamesListed();
  }

  /** The clock the host's windows run on. */
  public Clock clock() {
    return clock;
  }

  /** The host's lifecycle state. */
  public State state() {
    return lock.guarded(() -> state);
  }

  /**
   * The engine window of an input port, for callers that drive it beyond IBM's {@link
   * StreamWindow}: its deadlines, its watermark, the tuples it drops.
   *
   * <pre>{@code
   * EngineWindow<Tuple> window = host.engineWindow(0);
   * if (window != null) {
   *   long next = window.nextDeadline(TimeDomain.EVENT_TIME);
   * }
   * }</pre>
   *
   * @param port the input port number
   * @return the port's engine window, or null when the port is not windowed
   */
  public EngineWindow<Tuple> engineWindow(int port) {
    return windows.get(checkInput(port));
  }

  /** The input ports, in port order. */
  public List<StreamingInput<Tuple>> inputs() {
    return context.getStreamingInputs();
  }

  /** The output ports, in port order. */
  public List<StreamingOutput<OutputTuple>> outputs() {
    return context.getStreamingOutputs();
  }

  /** True when this input port has received its {@code FINAL_MARKER}. */
  public boolean isInputFinal(int port) {
    return lock.guarded(() -> inputFinal[checkInput(port)]);
  }

  /**
   * True when the operator has completed as IBM defines it: every input port received its final
   * mark (always so without inputs), and no task of its scheduler is pending and no non-daemon
   * thread of its thread factory is alive.
   */
  public boolean isComplete() {
    return openInputs == 0 && !context.threads().hasActivity();
  }

  /** A failure of the timer thread (a listener throwing on a time event), or null. */
  public Throwable backgroundFailure() {
    return backgroundFailure;
  }

  /**
   * Sends a {@code FINAL_MARKER} on every output port that has not sent one: what IBM does for a
   * source operator once it completes.
   *
   * @throws Exception what downstream processing throws
   */
  public void finalizeOutputs() throws Exception {
    for (HostOutputPort output : outputs) {
      output.punctuate(Punctuation.FINAL_MARKER);
    }
  }

  /**
   * Registers a callback run whenever the operator may have completed: after the last final mark on
   * its inputs, when one of its threads or scheduled tasks ends, when a timer failed and on
   * shutdown. It may run on any thread.
   *
   * @param listener the callback
   */
  public void addActivityListener(Runnable listener) {
    activityListeners.add(Objects.requireNonNull(listener, "listener"));
  }

  private void notifyActivity() {
    for (Runnable listener : activityListeners) {
      listener.run();
    }
  }

  // ---------------------------------------------------------------- helpers

  /** Something the host does to its operator or windows. */
  @FunctionalInterface
  public interface Action {
    /** Does it. */
    void run() throws Exception;
  }

  /**
   * Runs {@code work} with the host entered once: the {@link #submit}, {@link #punctuate} and other
   * calls it makes skip taking the lock and making the operator current again. For callers that
   * deliver many tuples at a time (the Spark adapter gives a whole group); the timer plans again
   * once, when {@code work} returns.
   *
   * @param work calls on this host
   * @throws Exception what {@code work} throws
   */
  public void batch(Action work) throws Exception {
    locked(work);
  }

  /** Runs {@code action} inside the host: see {@link HostLock#run}. */
  private void locked(Action action) throws Exception {
    lock.run(action);
  }

  /** The timer plans again each time a thread leaves the host: what it did may move a deadline. */
  private void replanTimer() {
    if (timer != null) {
      timer.replan();
    }
  }

  private int checkInput(int port) {
    if (port < 0 || port >= inputs.size()) {
      throw new IndexOutOfBoundsException(
          "Operator '"
              + context.getName()
              + "' has no input port "
              + port
              + " (it has "
              + inputs.size()
              + ")");
    }
    return port;
  }

  private void requireState(State required, String call) {
    if (state != required) {
      throw new IllegalStateException(
          call
              + " on operator '"
              + context.getName()
              + "' needs state "
              + required
              + " but the host is "
              + state);
    }
  }

  private void requireRunning(String call) {
    if (backgroundFailure != null) {
      throw new OperatorFailedException(
          "Operator '" + context.getName() + "' failed earlier on a time event", backgroundFailure);
    }
    if (state != State.RUNNING) {
      throw new IllegalStateException(
          call
              + " on operator '"
              + context.getName()
              + "' before allPortsReady() or after"
              + " shutdown() (the host is "
              + state
              + ")");
    }
  }

  private void requireStarted(String call) {
    if (state != State.RUNNING && state != State.INITIALIZED) {
      throw new IllegalStateException(
          call
              + " on operator '"
              + context.getName()
              + "' needs an initialized operator (the host"
              + " is "
              + state
              + ")");
    }
  }

  @Override
  public String toString() {
    return "OperatorHost(" + context.getName() + ", " + state() + ")";
  }
}
