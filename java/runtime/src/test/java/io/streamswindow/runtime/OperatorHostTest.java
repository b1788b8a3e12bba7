package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.PERuntime;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.state.CheckpointContext;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import io.streamswindow.api.spi.CurrentOperator;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.SystemClock;
import io.streamswindow.engine.WindowSpec;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class OperatorHostTest {
  private static final StreamSchema SCHEMA =
      Type.Factory.getStreamSchema("tuple<rstring id, int32 n>");

  private static Tuple tuple(String id) {
    return SCHEMA.getTuple(new Object[] {id, 1});
  }

  private static OperatorHost running(OperatorHost host) throws Exception {
    host.initialize();
    host.allPortsReady();
    return host;
  }

  private static RecordingOperator recorder(OperatorHost host) {
    return (RecordingOperator) host.operator();
  }

  /** Collects what an output port delivers, as "tuple(x)" and "mark(M)". */
  private static final class Collected implements OutputSink {
    final List<String> seen = new ArrayList<>();
    final List<Tuple> tuples = new ArrayList<>();

    @Override
    public void tuple(int port, Tuple tuple) {
      tuples.add(tuple);
      seen.add("tuple(" + RecordingOperator.show(tuple) + ")");
    }

    @Override
    public void mark(int port, Punctuation mark) {
      seen.add("mark(" + mark + ")");
    }
  }

  // ------------------------------------------------------------------ event order

  @Test
  void windowEventsComeBeforeProcess() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(2)))
                .clock(ManualClock.create())
                .build());
    host.submit(0, tuple("a"));
    host.submit(0, tuple("b"));
    assertEquals(
        List.of("INSERTION[a]", "process0(a)", "INSERTION[b]", "EVICTION[a, b]", "process0(b)"),
        recorder(host).events());
  }

  @Test
  void theWatermarkMovesOnlyForwardAndOnlyWhenTold() throws Exception {
    ManualClock clock = ManualClock.create();
    OperatorHost host =
        OperatorHost.builder(RecordingOperator.class)
            .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.time(1.0)))
            .clock(clock)
            .build();
    host.initialize();
    host.advanceWatermark(5);
    assertEquals(Long.MIN_VALUE, host.watermarkNanos()); // not running yet: nothing moves

    host.allPortsReady();
    clock.advance(10); // processing time moves; event time does not follow it
    assertEquals(Long.MIN_VALUE, host.watermarkNanos());
    host.advanceWatermark(20);
    host.advanceWatermark(15);
    assertEquals(20, host.watermarkNanos());
    // The processing-time window tumbled with the clock only: ten one-second tumbles, empty.
    assertEquals(
        10, recorder(host).events().stream().filter(e -> e.startsWith("EVICTION")).count());
  }

  @Test
  void aResumedHostFiresEachTumbleAtItsOwnInstantAsAContinuedOneDoes() throws Exception {
    // A Spark key's live host between micro-batches of one run: every tumble that fell due while
    // it was not called happens, in order, as on a host that was called all along; a host rebuilt
    // from the same run's checkpoint with continueFrom gives the same events.
    SettableClock liveClock = new SettableClock();
    SettableClock rebuiltClock = new SettableClock();
    OperatorHost live = running(timedHost(liveClock));
    OperatorHost before = running(timedHost(rebuiltClock));
    live.submit(0, tuple("a"));
    before.submit(0, tuple("a"));
    byte[] saved = before.checkpoint(1);

    liveClock.advanceSeconds(3.5);
    rebuiltClock.advanceSeconds(3.5);
    live.resume();
    OperatorHost continued = running(timedHost(rebuiltClock));
    continued.continueFrom(saved, null);

    assertEquals(List.of("EVICTION[a]", "EVICTION[]", "EVICTION[]"), evictions(live));
    assertEquals(evictions(live), evictions(continued));
    liveClock.advanceSeconds(1);
    live.advanceTime(liveClock.nanos());
    assertEquals(4, evictions(live).size()); // the grid carries on
  }

  @Test
  void aResetHostCatchesUpAtOnceAsAfterARestart() throws Exception {
    // A restart (a new query run, a host rebuilt after a failure): one overdue tumble, however
    // many periods passed, and the tumble grid continues from the last recorded tumble.
    SettableClock clock = new SettableClock();
    OperatorHost before = running(timedHost(clock));
    before.submit(0, tuple("a"));
    byte[] saved = before.checkpoint(1);

    clock.advanceSeconds(3.5);
    OperatorHost restored = running(timedHost(clock));
    restored.reset(saved);

    assertEquals(List.of("EVICTION[a]"), evictions(restored));
  }

  private static OperatorHost timedHost(Clock clock) {
    return OperatorHost.builder(RecordingOperator.class)
        .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.time(1.0)))
        .clock(clock)
        .build();
  }

  private static List<String> evictions(OperatorHost host) {
    return recorder(host).events().stream().filter(e -> e.startsWith("EVICTION")).toList();
  }

  @Test
  void windowHandlesAMarkBeforeProcessPunctuation() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.punct()))
                .clock(ManualClock.create())
                .build());
    host.submit(0, tuple("a"));
    host.punctuate(0, Punctuation.WINDOW_MARKER);
    host.submit(0, tuple("b"));
    host.punctuate(0, Punctuation.FINAL_MARKER);
    assertEquals(
        List.of(
            "INSERTION[a]",
            "process0(a)",
            "EVICTION[a]",
            "punct0(WINDOW_MARKER)",
            "INSERTION[b]",
            "process0(b)",
            "FINAL[b]",
            "punct0(FINAL_MARKER)"),
        recorder(host).events());
  }

  @Test
  void finalGoesToEveryOutputOnceAllInputsAreFinal() throws Exception {
    Collected first = new Collected();
    Collected second = new Collected();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("a", SCHEMA, WindowSpec.notWindowed())
                .input("b", SCHEMA, WindowSpec.notWindowed())
                .output("x", SCHEMA, first)
                .output("y", SCHEMA, second)
                .clock(ManualClock.create())
                .build());
    host.punctuate(0, Punctuation.FINAL_MARKER);
    assertEquals(List.of(), first.seen);
    assertFalse(host.isComplete());
    host.punctuate(1, Punctuation.FINAL_MARKER);
    assertEquals(List.of("mark(FINAL_MARKER)"), first.seen);
    assertEquals(List.of("mark(FINAL_MARKER)"), second.seen);
    assertTrue(host.isComplete());
    assertTrue(host.isInputFinal(0) && host.isInputFinal(1));
  }

  @Test
  void nothingReachesAPortAfterItsFinalMark() throws Exception {
    Collected out = new Collected();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.notWindowed())
                .output("out", SCHEMA, out)
                .clock(ManualClock.create())
                .build());
    host.punctuate(0, Punctuation.FINAL_MARKER);
    host.submit(0, tuple("late")); // dropped on the input side
    host.punctuate(0, Punctuation.FINAL_MARKER); // and a second final mark too
    assertEquals(List.of("punct0(FINAL_MARKER)"), recorder(host).events());
    assertFalse(host.outputs().get(0).submitAsTuple("x", 2));
    assertFalse(host.outputs().get(0).punctuate(Punctuation.WINDOW_MARKER));
    assertEquals(List.of("mark(FINAL_MARKER)"), out.seen);
  }

  @Test
  void tuplesNeedPortsToBeReady() throws Exception {
    OperatorHost host =
        OperatorHost.builder(RecordingOperator.class)
            .input("in", SCHEMA, WindowSpec.notWindowed())
            .clock(ManualClock.create())
            .build();
    IllegalStateException before =
        assertThrows(IllegalStateException.class, () -> host.submit(0, tuple("a")));
    assertTrue(before.getMessage().contains("before allPortsReady()"), before.getMessage());
    host.initialize();
    assertThrows(IllegalStateException.class, () -> host.submit(0, tuple("a")));
    assertThrows(IllegalStateException.class, host::initialize);
    host.allPortsReady();
    host.submit(0, tuple("a"));
    assertThrows(IndexOutOfBoundsException.class, () -> host.submit(1, tuple("a")));
  }

  // ------------------------------------------------------------------ time

  @Test
  void advancingAManualClockFiresDueTimersBeforeItReturns() throws Exception {
    ManualClock clock = ManualClock.create();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.time(10)))
                .clock(clock)
                .build());
    host.submit(0, tuple("a"));
    clock.advance(9.5);
    assertEquals(List.of("INSERTION[a]", "process0(a)"), recorder(host).events());
    clock.advance(0.5);
    assertEquals(List.of("INSERTION[a]", "process0(a)", "EVICTION[a]"), recorder(host).events());
  }

  @Test
  void timersOfSeveralWindowsFireInTimeOrder() throws Exception {
    ManualClock clock = ManualClock.create();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("slow", SCHEMA, WindowSpec.tumbling(PolicySpec.time(3)))
                .input("fast", SCHEMA, WindowSpec.tumbling(PolicySpec.time(2)))
                .clock(clock)
                .build());
    host.submit(0, tuple("s"));
    host.submit(1, tuple("f"));
    recorder(host).log.clear();
    clock.advance(4.5); // fast tumbles at 2 and 4, slow at 3
    assertEquals(List.of("EVICTION[f]", "EVICTION[s]", "EVICTION[]"), recorder(host).log);
  }

  @Test
  void aListenerFailingOnATimeEventFailsTheClockAdvance() throws Exception {
    ManualClock clock = ManualClock.create();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.time(1)))
                .clock(clock)
                .build());
    host.engineWindow(0)
        .registerListener(
            event -> {
              if (event.getType() == StreamWindowEvent.Type.EVICTION) {
                throw new IllegalStateException("listener broke");
              }
            },
            false);
    host.submit(0, tuple("a"));
    OperatorFailedException failure =
        assertThrows(OperatorFailedException.class, () -> clock.advance(1));
    assertEquals("listener broke", failure.getCause().getMessage());
  }

  @Test
  void theWallClockTimerFiresWithoutAnyCall() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.time(0.05)))
                .clock(SystemClock.INSTANCE)
                .build());
    CountDownLatch tumbled = new CountDownLatch(2);
    AtomicReference<OperatorContext> current = new AtomicReference<>();
    host.engineWindow(0)
        .registerListener(
            event -> {
              if (event.getType() == StreamWindowEvent.Type.EVICTION) {
                current.set(CurrentOperator.get());
                tumbled.countDown();
              }
            },
            false);
    host.submit(0, tuple("a"));
    assertTrue(tumbled.await(10, TimeUnit.SECONDS), "two tumbles within 10 s");
    assertSame(host.context(), current.get());
    host.shutdown();
  }

  // ------------------------------------------------------------------ context

  @PrimitiveOperator(namespace = "com.acme", name = "Recorder")
  public static class KindedOperator extends RecordingOperator {}

  @Test
  void theContextDescribesTheInvocation() throws Exception {
    OperatorHost host =
        OperatorHost.builder(KindedOperator.class)
            .name("rec")
            .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(3)))
            .input("plain", SCHEMA, WindowSpec.notWindowed())
            .output("out", SCHEMA, OutputSink.discard())
            .parameter("size", "3", "4")
            .processingElement(7, 42)
            .clock(ManualClock.create())
            .build();
    OperatorContext context = host.context();
    assertEquals("rec", context.getName());
    assertEquals("com.acme::Recorder", context.getKind());
    assertEquals(2, context.getNumberOfStreamingInputs());
    assertEquals("plain", context.getStreamingInputs().get(1).getName());
    assertEquals(1, context.getNumberOfStreamingOutputs());
    assertEquals(List.of("3", "4"), context.getParameterValues("size"));
    assertEquals(List.of(), context.getParameterValues("unknown"));
    assertEquals(java.util.Set.of("size"), context.getParameterNames());
    assertEquals(BigInteger.valueOf(7), context.getPE().getPEId());
    assertEquals(BigInteger.valueOf(42), context.getPE().getJobId());
    assertNull(context.getOptionalContext(CheckpointContext.class));
    assertEquals(-1, context.getChannel());
    assertEquals(Map.of(), context.getMetrics().getCustomMetrics());

    StreamWindow<Tuple> window = context.getStreamingInputs().get(0).getStreamWindow();
    assertEquals(StreamWindow.Type.TUMBLING, window.getType());
    assertSame(context.getStreamingInputs().get(0), window.getInputPort());
    StreamWindow<Tuple> plain = context.getStreamingInputs().get(1).getStreamWindow();
    assertEquals(StreamWindow.Type.NOT_WINDOWED, plain.getType());
    assertEquals(StreamWindow.Policy.NONE, plain.getEvictionPolicy());
    assertEquals(StreamWindow.Policy.NONE, plain.getTriggerPolicy());
    assertThrows(IllegalStateException.class, () -> plain.registerPartitioner(t -> 1));
  }

  @Test
  void theOperatorIsCurrentWhileTheHostCallsIt() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.notWindowed())
                .clock(ManualClock.create())
                .build());
    host.submit(0, tuple("a"));
    assertSame(host.context(), recorder(host).currentDuringProcess);
    assertNull(CurrentOperator.get());
    assertThrows(IllegalStateException.class, PERuntime::getCurrentContext);
  }

  @Test
  void scheduledTasksRunWithTheOperatorCurrent() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.notWindowed())
                .clock(ManualClock.create())
                .build());
    OperatorContext seen =
        host.context().getScheduledExecutorService().submit(PERuntime::getCurrentContext).get();
    assertSame(host.context(), seen);
    host.shutdown();
  }

  @Test
  void optionalContextsGivenToTheBuilderAreFound() {
    CheckpointContext checkpointing =
        (CheckpointContext)
            java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {CheckpointContext.class},
                (proxy, method, args) -> null);
    OperatorHost host =
        OperatorHost.builder(RecordingOperator.class)
            .optionalContext(CheckpointContext.class, checkpointing)
            .clock(ManualClock.create())
            .build();
    assertSame(checkpointing, host.context().getOptionalContext(CheckpointContext.class));
  }

  // ------------------------------------------------------------------ state handlers

  @Test
  void stateHandlersAreCalledInRegistrationOrderAndOnlyOnce() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(5)))
                .clock(ManualClock.create())
                .build());
    List<String> log = recorder(host).log;
    RecordingStateHandler first = new RecordingStateHandler("h1", log);
    RecordingStateHandler second = new RecordingStateHandler("h2", log);
    host.context().registerStateHandler(first);
    host.context().registerStateHandler(second);
    host.context().registerStateHandler(first);
    log.clear();
    host.drain();
    host.retireCheckpoint(3);
    host.regionCheckpointed(4);
    assertEquals(
        List.of(
            "h1.drain",
            "h2.drain",
            "h1.retire(3)",
            "h2.retire(3)",
            "h1.regionCheckpointed(4)",
            "h2.regionCheckpointed(4)"),
        log);
  }

  @Test
  void drainDeliversDueEvictionsBeforeTheHandlersDrain() throws Exception {
    SettableClock clock = new SettableClock(); // the host never advances this clock by itself
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.sliding(PolicySpec.time(1), PolicySpec.count(100)))
                .clock(clock)
                .build());
    host.submit(0, tuple("a"));
    host.context().registerStateHandler(new RecordingStateHandler("h", recorder(host).log));
    recorder(host).log.clear();
    clock.advanceSeconds(2);
    host.drain();
    assertEquals(List.of("EVICTION[a]", "h.drain"), recorder(host).log);
  }

  @Test
  void aRestoreNamesTheStepThatFailedAndResetThrowsTheStepsOwnException() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(3)))
                .clock(ManualClock.create())
                .build());
    java.io.IOException unreadable = new java.io.IOException("the handler's data do not read");
    host.context()
        .registerStateHandler(
            new RecordingStateHandler("h", recorder(host).log) {
              @Override
              public void reset(com.ibm.streams.operator.state.Checkpoint checkpoint)
                  throws Exception {
                throw unreadable;
              }
            });
    host.submit(0, tuple("a"));
    byte[] saved = host.checkpoint(1);

    RestoreFailedException handlers =
        assertThrows(RestoreFailedException.class, () -> host.restore(saved, null));
    assertEquals(RestoreFailedException.Step.STATE_HANDLERS, handlers.step());
    assertSame(unreadable, handlers.getCause());
    assertSame(unreadable, assertThrows(java.io.IOException.class, () -> host.reset(saved)));

    RestoreFailedException checkpoint =
        assertThrows(RestoreFailedException.class, () -> host.restore(new byte[] {1, 2}, null));
    assertEquals(RestoreFailedException.Step.CHECKPOINT, checkpoint.step());

    OperatorHost otherWindow =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(4)))
                .clock(ManualClock.create())
                .build());
    RestoreFailedException clause =
        assertThrows(RestoreFailedException.class, () -> otherWindow.restore(saved, null));
    assertEquals(
        RestoreFailedException.Step.CHECKPOINT,
        clause.step(),
        "a checkpoint of another window clause is refused before any window is touched");
  }

  @Test
  void aCheckpointRestoresWindowsAndHandlerState() throws Exception {
    ManualClock clock = ManualClock.create();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(3)))
                .clock(clock)
                .build());
    RecordingOperator operator = recorder(host);
    RecordingStateHandler handler = new RecordingStateHandler("h", operator.log);
    host.context().registerStateHandler(handler);
    host.submit(0, tuple("a"));
    host.submit(0, tuple("b"));
    handler.value = 7;
    long takenAtMillis = clock.nanos() / 1_000_000;
    byte[] saved = host.checkpoint(5);

    handler.value = 99;
    host.submit(0, tuple("c"));
    clock.advance(3);
    operator.log.clear();
    host.reset(saved);
    assertEquals(List.of("h.reset(5)"), operator.log, "a reset fires no window event");
    assertEquals(7, handler.value);
    assertEquals(takenAtMillis, handler.lastCheckpoint.getTimestamp());

    host.submit(0, tuple("d"));
    assertEquals(
        List.of("h.reset(5)", "INSERTION[d]", "EVICTION[a, b, d]", "process0(d)"), operator.log);
  }

  @Test
  void handlersShareOneStreamPerCheckpointAndEachPhaseRefusesTheOther() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.notWindowed())
                .clock(ManualClock.create())
                .build());
    List<String> log = recorder(host).log;
    RecordingStateHandler first = new RecordingStateHandler("h1", log);
    RecordingStateHandler second = new RecordingStateHandler("h2", log);
    host.context().registerStateHandler(first);
    host.context().registerStateHandler(second);
    first.value = 1;
    second.value = 2;
    byte[] saved = host.checkpoint(9);
    assertSame(first.lastCheckpoint, second.lastCheckpoint);
    assertSame(first.lastCheckpoint.getOutputStream(), second.lastCheckpoint.getOutputStream());
    assertEquals(9, first.lastCheckpoint.getSequenceId());
    assertThrows(IllegalStateException.class, () -> first.lastCheckpoint.getInputStream());
    assertThrows(IllegalStateException.class, () -> first.lastCheckpoint.getTimestamp());

    first.value = 0;
    second.value = 0;
    host.reset(saved);
    assertEquals(1, first.value);
    assertEquals(2, second.value);
    assertSame(first.lastCheckpoint.getInputStream(), second.lastCheckpoint.getInputStream());
    assertThrows(IllegalStateException.class, () -> first.lastCheckpoint.getOutputStream());
  }

  @Test
  void anOverdueTumbleHappensAsSoonAsAResetResumes() throws Exception {
    ManualClock clock = ManualClock.create();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.time(30)))
                .clock(clock)
                .build());
    RecordingOperator operator = recorder(host);
    clock.advance(10);
    host.submit(0, tuple("a"));
    byte[] saved = host.checkpoint(1);
    clock.advance(45); // the live window tumbles at 30 s
    assertEquals(List.of("INSERTION[a]", "process0(a)", "EVICTION[a]"), operator.events());
    operator.log.clear();
    host.reset(saved); // at 55 s the restored tumble (due at 30 s) is overdue
    assertEquals(List.of("EVICTION[a]"), operator.log);
  }

  @Test
  void resetToInitialStateEmptiesWindowsWithoutEvents() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(3)))
                .clock(ManualClock.create())
                .build());
    RecordingOperator operator = recorder(host);
    RecordingStateHandler handler = new RecordingStateHandler("h", operator.log);
    host.context().registerStateHandler(handler);
    host.submit(0, tuple("a"));
    host.submit(0, tuple("b"));
    handler.value = 5;
    operator.log.clear();
    host.resetToInitialState();
    assertEquals(List.of("h.resetToInitialState"), operator.log);
    assertEquals(0, handler.value);
    host.submit(0, tuple("c"));
    host.submit(0, tuple("d"));
    host.submit(0, tuple("e"));
    assertTrue(operator.log.contains("EVICTION[c, d, e]"), operator.log.toString());
  }

  @Test
  void aCheckpointOfAnotherWindowIsRefused() throws Exception {
    OperatorHost three =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(3)))
                .clock(ManualClock.create())
                .build());
    OperatorHost four =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(4)))
                .clock(ManualClock.create())
                .build());
    byte[] saved = three.checkpoint(1);
    IllegalArgumentException mismatch =
        assertThrows(IllegalArgumentException.class, () -> four.reset(saved));
    assertTrue(mismatch.getMessage().contains("count(3)"), mismatch.getMessage());
    assertTrue(mismatch.getMessage().contains("count(4)"), mismatch.getMessage());
    IllegalArgumentException garbage =
        assertThrows(IllegalArgumentException.class, () -> four.reset(new byte[] {1, 2, 3, 4, 5}));
    assertTrue(garbage.getMessage().contains("checkpoint"), garbage.getMessage());
  }

  @Test
  void anOperatorThatIsAStateHandlerIsRegisteredFirst() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(StatefulOperator.class)
                .input("in", SCHEMA, WindowSpec.notWindowed())
                .clock(ManualClock.create())
                .build());
    StatefulOperator operator = (StatefulOperator) host.operator();
    host.drain();
    assertEquals(List.of("operator.drain", "late.drain"), operator.log);
  }

  /** An operator that is its own state handler and registers another one in initialize. */
  public static class StatefulOperator extends RecordingOperator
      implements com.ibm.streams.operator.state.StateHandler {
    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      log.clear();
      context.registerStateHandler(new RecordingStateHandler("late", log));
      context.registerStateHandler(this);
    }

    @Override
    public void allPortsReady() {}

    @Override
    public void drain() {
      log.add("operator.drain");
    }

    @Override
    public void reset(com.ibm.streams.operator.state.Checkpoint checkpoint) {}

    @Override
    public void checkpoint(com.ibm.streams.operator.state.Checkpoint checkpoint) {}

    @Override
    public void retireCheckpoint(long id) {}

    @Override
    public void resetToInitialState() {}

    @Override
    public void close() {}
  }

  // ------------------------------------------------------------------ shutdown

  @Test
  void shutdownStopsTimeClosesHandlersAndIsIdempotent() throws Exception {
    ManualClock clock = ManualClock.create();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.time(1)))
                .clock(clock)
                .build());
    RecordingOperator operator = recorder(host);
    host.context().registerStateHandler(new RecordingStateHandler("h", operator.log));
    host.submit(0, tuple("a"));
    operator.log.clear();
    host.shutdown();
    host.shutdown();
    assertEquals(List.of("shutdown", "h.close"), operator.log);
    clock.advance(5);
    assertEquals(List.of("shutdown", "h.close"), operator.log, "no time events after shutdown");
    assertEquals(OperatorHost.State.SHUT_DOWN, host.state());
    assertThrows(IllegalStateException.class, () -> host.submit(0, tuple("b")));
  }

  @Test
  void anOperatorThatNeverInitializedIsNotShutDown() throws Exception {
    OperatorHost host =
        OperatorHost.builder(RecordingOperator.class).clock(ManualClock.create()).build();
    host.shutdown();
    assertEquals(List.of(), recorder(host).log);
  }

  // ------------------------------------------------------------------ output ports

  @Test
  void outputPortsCopyIntoTheirSchema() throws Exception {
    StreamSchema wide = Type.Factory.getStreamSchema("tuple<rstring id, int32 n, float64 extra>");
    Collected out = new Collected();
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .output("out", SCHEMA, out)
                .clock(ManualClock.create())
                .build());
    var port = host.outputs().get(0);
    assertTrue(port.submitAsTuple("a", 1));
    assertTrue(port.submitListAsTuple(List.of("b", 2)));
    assertTrue(port.submitMapAsTuple(java.util.Map.of("id", "c")));
    var fresh = port.newTuple();
    fresh.setString("id", "d");
    assertTrue(port.submit(fresh));
    fresh.setString("id", "changed after submit");
    assertTrue(port.submit(wide.getTuple(new Object[] {"e", 5, 2.5})));
    assertTrue(port.deferredSubmit(fresh).call());
    assertFalse(port.punctuate(Punctuation.NON_EXISTENT));
    assertEquals(
        List.of(
            "tuple(a)",
            "tuple(b)",
            "tuple(c)",
            "tuple(d)",
            "tuple(e)",
            "tuple(changed after submit)"),
        out.seen);
    assertEquals(0, out.tuples.get(2).getInt("n"), "missing map entries take defaults");
    assertEquals(5, out.tuples.get(4).getInt("n"));
    for (Tuple t : out.tuples) {
      assertEquals(SCHEMA, t.getStreamSchema());
    }
    assertEquals("d", out.tuples.get(3).getString("id"), "the submitted copy does not change");
  }

  // ------------------------------------------------------------------ events seen through the API

  @Test
  void eventsCarryTheWindowAsSource() throws Exception {
    OperatorHost host =
        running(
            OperatorHost.builder(RecordingOperator.class)
                .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(1)))
                .clock(ManualClock.create())
                .build());
    List<StreamWindowEvent<Tuple>> events = new ArrayList<>();
    host.engineWindow(0).registerListener(events::add, false);
    host.submit(0, tuple("a"));
    assertEquals(2, events.size());
    assertSame(host.engineWindow(0), events.get(0).getSource());
  }
}
