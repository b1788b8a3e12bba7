package io.streamswindow.runtime;

import io.streamswindow.engine.Clock;
import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.runtime.RestoreFailedException.Step;
import java.util.List;

/**
 * The checkpoint group of one {@link OperatorHost}: draining, taking a checkpoint (the windows,
 * then the state handlers, in one {@link CheckpointEnvelope}), restoring one as a restart or as a
 * continuation, resuming, resetting to the initial state, and passing checkpoint notices on to the
 * state handlers. The host's public methods of the same names delegate here; their javadoc states
 * the contract.
 *
 * <p>Every call enters the host through its {@link HostLock}, so it is serialised with tuples,
 * marks and time like any other call. What a checkpoint needs of the host's own progress (its
 * lifecycle state, the watermark it was told, its processing time) it asks through {@link Host}.
 */
final class HostCheckpointing {
  /** What checkpointing asks of the host it belongs to; called holding the host's lock. */
  interface Host {
    /**
     * Throws unless the operator is initialized or running.
     *
     * @param call the call refused, for the message
     * @throws IllegalStateException when the host is not started
     */
    void requireStarted(String call);

    /**
     * Forgets the watermark the host was last told: after a restore the input is replayed from the
     * checkpoint, watermarks included, and each event-time window holds its own.
     */
    void forgetWatermark();

    /** Fires the processing-time timers due by the clock now, when the host is running. */
    void catchUpWithClock() throws Exception;
  }

  private final HostLock lock;
  private final Host host;
  private final String operatorName;
  private final Clock clock;
  private final PortWindows windows;
  private final StateHandlers stateHandlers;
  private final CheckpointStreams checkpointStreams;

  HostCheckpointing(
      HostLock lock,
      Host host,
      String operatorName,
      Clock clock,
      PortWindows windows,
      StateHandlers stateHandlers,
      CheckpointStreams checkpointStreams) {
    this.lock = lock;
    this.host = host;
    this.operatorName = operatorName;
    this.clock = clock;
    this.windows = windows;
    this.stateHandlers = stateHandlers;
    this.checkpointStreams = checkpointStreams;
  }

  /** Delivers outstanding window evictions, then calls every state handler's {@code drain}. */
  void drain() throws Exception {
    lock.run(
        () -> {
          host.requireStarted("drain");
          windows.drain();
          stateHandlers.drain();
        });
  }

  /**
   * Saves every window (large partitions in {@code store}, when given), then lets every state
   * handler write through one shared {@code Checkpoint}; returns both in one envelope.
   */
  byte[] checkpoint(long id, TupleChunkStore store) throws Exception {
    byte[][] result = new byte[1][];
    lock.run(
        () -> {
          host.requireStarted("checkpoint");
          List<byte[]> saved = windows.checkpoint(store);
          long millis = Math.floorDiv(clock.nanos(), 1_000_000L);
          HostCheckpoint checkpoint = HostCheckpoint.forCheckpoint(id, millis, checkpointStreams);
          stateHandlers.checkpoint(checkpoint);
          result[0] =
              new CheckpointEnvelope(id, millis, windows.clauses(), saved, checkpoint.bytes())
                  .toBytes();
        });
    return result[0];
  }

  /**
   * Restores a checkpoint: the windows without events, then every state handler's {@code reset};
   * then time catches up. A step that fails throws a {@link RestoreFailedException} naming it.
   *
   * @param catchUp true for a restart (what fell due meanwhile fires at once, time catching up in
   *     one step); false for a continuation of this host's own run (each timer due since fires at
   *     its own instant)
   */
  void restore(byte[] checkpoint, TupleChunkStore store, boolean catchUp) throws Exception {
    CheckpointEnvelope envelope;
    try {
      envelope = CheckpointEnvelope.parse(checkpoint);
    } catch (Exception e) {
      throw new RestoreFailedException(Step.CHECKPOINT, e);
    }
    lock.run(
        () -> {
          host.requireStarted("reset");
          step(Step.CHECKPOINT, () -> windows.checkCompatible(envelope, operatorName));
          step(Step.WINDOWS, () -> windows.reset(envelope, store));
          windows.catchUpAtNextTimeStep(catchUp);
          host.forgetWatermark();
          step(
              Step.STATE_HANDLERS,
              () ->
                  stateHandlers.reset(
                      HostCheckpoint.forRestore(
                          envelope.sequenceId(),
                          envelope.timestampMillis(),
                          envelope.handlerData(),
                          checkpointStreams)));
          host.catchUpWithClock();
        });
  }

  /** Runs one step of a restore, its failure a {@link RestoreFailedException} naming the step. */
  private static void step(Step step, OperatorHost.Action action) throws RestoreFailedException {
    try {
      action.run();
    } catch (Exception e) {
      throw new RestoreFailedException(step, e);
    }
  }

  /**
   * Carries on with a host that was not called for a while: the timers due meanwhile fire, each at
   * its own instant, and the host forgets its watermark. Nothing is restored.
   */
  void resume() throws Exception {
    lock.run(
        () -> {
          host.requireStarted("resume");
          host.forgetWatermark();
          host.catchUpWithClock();
        });
  }

  /**
   * Discards every window's contents without events, then calls every state handler's {@code
   * resetToInitialState}; then time catches up.
   */
  void resetToInitialState() throws Exception {
    lock.run(
        () -> {
          host.requireStarted("resetToInitialState");
          windows.resetToInitialState();
          host.forgetWatermark();
          stateHandlers.resetToInitialState();
          host.catchUpWithClock();
        });
  }

  /** Passes {@code retireCheckpoint(id)} to every state handler, in registration order. */
  void retireCheckpoint(long id) throws Exception {
    lock.run(() -> stateHandlers.retireCheckpoint(id));
  }

  /** Passes {@code regionCheckpointed(id)} to every state handler, in registration order. */
  void regionCheckpointed(long id) throws Exception {
    lock.run(() -> stateHandlers.regionCheckpointed(id));
  }
}
