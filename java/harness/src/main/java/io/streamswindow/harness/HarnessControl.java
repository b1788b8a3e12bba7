package io.streamswindow.harness;

import io.streamswindow.runtime.OperatorHost;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Drives the checkpoint and reset cycle of a consistent region on the operators of a test graph, as
 * Streams would: {@link #drain()}, {@link #checkpoint()}, {@link #reset(byte[])}, {@link
 * #resetToInitialState()}. Obtain one with {@link Harness#control}; use it after {@code
 * allPortsReady()}.
 *
 * <p>For each operator the windows act first (drain delivers due evictions, checkpoint saves every
 * partition with its policy progress, reset restores them without events), then the operator's
 * state handlers, in registration order. After a reset time catches up with the clock: a sliding
 * tuple that expired meanwhile leaves through an EVICTION event, an overdue tumble happens at once.
 *
 * <pre>{@code
 * ManualClock clock = ManualClock.create();
 * JavaTestableGraph graph = Harness.withClock(new JavaOperatorTester().tester(op), clock);
 * graph.initialize().get().allPortsReady().get();
 * HarnessControl control = Harness.control(graph);
 *
 * in.submitAsTuple("a", 1.0);
 * control.drain();
 * byte[] saved = control.checkpoint();
 * in.submitAsTuple("b", 2.0);       // lost by the reset below
 * clock.advance(45);                // the operator is "down" for 45 s
 * control.reset(saved);             // window holds "a" again; an overdue tumble fires now
 * }</pre>
 *
 * <p>A control of a whole graph acts on every operator in declaration order; its checkpoint holds
 * one operator checkpoint per operator name.
 */
public final class HarnessControl {
  private static final int MAGIC = 0x53574743; // "SWGC"
  private static final int VERSION = 1;

  private final Supplier<Map<String, OperatorHost>> hosts;
  private final AtomicLong nextCheckpointId = new AtomicLong(1);

  HarnessControl(Supplier<Map<String, OperatorHost>> hosts) {
    this.hosts = hosts;
  }

  private Map<String, OperatorHost> running() {
    Map<String, OperatorHost> all = hosts.get();
    if (all.isEmpty()) {
      throw new IllegalStateException(
          "The graph has no running operators: call initialize() and allPortsReady() first");
    }
    return all;
  }

  /**
   * Moves every operator's watermark (its event time) to {@code watermarkNanos}: what its
   * event-time windows have due at or before it fires before this returns. The manual clock moves
   * processing time; this moves event time, independently, as a source's watermark would. As in
   * IBM's runtime, a window receives a watermark only when it is later than the last one: a
   * repeated or earlier one does nothing, and late triggers pending wait for a later one. Declare
   * an event-time window with {@link Harness#timeInterval}.
   *
   * <pre>{@code
   * control.advanceWatermark(TimeUnit.SECONDS.toNanos(1_704_067_210L)); // 2024-01-01T00:00:10Z
   * }</pre>
   *
   * @param watermarkNanos the watermark in nanoseconds since the epoch
   * @throws Exception what a listener throws
   */
  public void advanceWatermark(long watermarkNanos) throws Exception {
    for (OperatorHost host : running().values()) {
      host.advanceWatermark(watermarkNanos);
    }
  }

  /**
   * Drains every operator: due window evictions are delivered, then state handlers' {@code drain}
   * runs.
   *
   * @throws Exception what a listener or handler throws
   */
  public void drain() throws Exception {
    for (OperatorHost host : running().values()) {
      host.drain();
    }
  }

  /**
   * Takes a checkpoint with the next sequence id (1, 2, ...).
   *
   * @return the checkpoint, for {@link #reset(byte[])}
   * @throws Exception what a state handler throws
   */
  public byte[] checkpoint() throws Exception {
    running(); // a refused call must not use up an id
    return checkpoint(nextCheckpointId.getAndIncrement());
  }

  /**
   * Takes a checkpoint with the given sequence id: every operator's windows, then its state
   * handlers.
   *
   * @param id the sequence id handlers see through {@code Checkpoint.getSequenceId()}
   * @return the checkpoint, for {@link #reset(byte[])}
   * @throws Exception what a state handler throws
   */
  public byte[] checkpoint(long id) throws Exception {
    Map<String, byte[]> parts = new LinkedHashMap<>();
    for (Map.Entry<String, OperatorHost> entry : running().entrySet()) {
      parts.put(entry.getKey(), entry.getValue().checkpoint(id));
    }
    return pack(parts);
  }

  /**
   * Resets every operator to a checkpoint taken by this control (or another control of a graph
   * declared the same way).
   *
   * @param checkpoint the bytes {@link #checkpoint()} returned
   * @throws IllegalArgumentException when the checkpoint does not match the graph's operators
   * @throws Exception what a state handler or listener throws
   */
  public void reset(byte[] checkpoint) throws Exception {
    Map<String, byte[]> parts = unpack(checkpoint);
    Map<String, OperatorHost> all = running();
    if (!parts.keySet().equals(all.keySet())) {
      throw new IllegalArgumentException(
          "The checkpoint holds operators "
              + parts.keySet()
              + " but the graph has "
              + all.keySet());
    }
    for (Map.Entry<String, OperatorHost> entry : all.entrySet()) {
      entry.getValue().reset(parts.get(entry.getKey()));
    }
  }

  /**
   * Resets every operator to its initial state: windows and partitions are discarded without
   * events, then state handlers' {@code resetToInitialState} runs.
   *
   * @throws Exception what a state handler throws
   */
  public void resetToInitialState() throws Exception {
    for (OperatorHost host : running().values()) {
      host.resetToInitialState();
    }
  }

  /**
   * Tells every operator's state handlers that a checkpoint is no longer needed.
   *
   * @param id the checkpoint's sequence id
   * @throws Exception what a state handler throws
   */
  public void retireCheckpoint(long id) throws Exception {
    for (OperatorHost host : running().values()) {
      host.retireCheckpoint(id);
    }
  }

  /**
   * Tells every operator's state handlers that the region completed a checkpoint.
   *
   * @param id the checkpoint's sequence id
   * @throws Exception what a state handler throws
   */
  public void regionCheckpointed(long id) throws Exception {
    for (OperatorHost host : running().values()) {
      host.regionCheckpointed(id);
    }
  }

  private static byte[] pack(Map<String, byte[]> parts) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(MAGIC);
    out.writeInt(VERSION);
    out.writeInt(parts.size());
    for (Map.Entry<String, byte[]> part : parts.entrySet()) {
      out.writeUTF(part.getKey());
      out.writeInt(part.getValue().length);
      out.write(part.getValue());
    }
    out.flush();
    return bytes.toByteArray();
  }

  private static Map<String, byte[]> unpack(byte[] checkpoint) {
    try {
      DataInputStream in = new DataInputStream(new ByteArrayInputStream(checkpoint));
      if (in.readInt() != MAGIC || in.readInt() != VERSION) {
        throw new IllegalArgumentException("Not a checkpoint taken by HarnessControl");
      }
      int count = in.readInt();
      Map<String, byte[]> parts = new LinkedHashMap<>();
      for (int i = 0; i < count; i++) {
        String name = in.readUTF();
        byte[] part = new byte[in.readInt()];
        in.readFully(part);
        parts.put(name, part);
      }
      return parts;
    } catch (IOException e) {
      throw new IllegalArgumentException("The checkpoint is truncated or damaged", e);
    }
  }
}
