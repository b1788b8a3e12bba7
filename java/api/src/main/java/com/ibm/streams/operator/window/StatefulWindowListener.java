package com.ibm.streams.operator.window;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A window listener that keeps a state object per partition, plus flags telling what happened to
 * each partition since it was last processed. Subclasses say how to create a state ({@link
 * #getInitializedState}) and what to do with events ({@link #handleEvent}); this class does the
 * bookkeeping around each event and checkpoints the states.
 *
 * <p>Creating the listener registers it on the window (through an internal listener, so subclasses
 * do not call {@code registerListener}) and as a state handler of the window's operator. Around the
 * subclass's {@code handleEvent}, per partition:
 *
 * <ul>
 *   <li>INSERTION: {@link #insertionsOccurred} becomes true, then the event is handled.
 *   <li>EVICTION: the event is handled; then for a tumbling window the state is replaced by {@code
 *       getInitializedState(partition, previousState)} and {@code insertionsOccurred} becomes
 *       false; for a sliding window {@link #evictionsOccurred} becomes true.
 *   <li>TRIGGER: the event is handled; then both flags become false.
 *   <li>INITIAL_FULL: {@link #seenInitialFull} becomes true, then the event is handled.
 *   <li>FINAL: the event is handled.
 *   <li>PARTITION_EVICTION: the event is handled; then the partition's state and flags are dropped,
 *       so a partition that comes back starts afresh.
 * </ul>
 *
 * <p>States are checkpointed with Java serialization, so they (and the partition keys) must be
 * {@link Serializable}.
 *
 * <pre>{@code
 * class RunningSum extends StatefulWindowListener<double[], Tuple> {
 *   RunningSum(StreamWindow<Tuple> window) { super(window); }
 *
 *   protected double[] getInitializedState(Object partition, double[] state) {
 *     return new double[1];
 *   }
 *
 *   public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
 *     if (event.getType() == StreamWindowEvent.Type.INSERTION) {
 *       double[] sum = getPartitionState(event.getPartition());
 *       for (Tuple t : event.getTuples()) {
 *         sum[0] += t.getDouble("v");
 *       }
 *     }
 *   }
 * }
 * }</pre>
 *
 * @param <S> the type of the per-partition state
 * @param <T> the type of the tuples in the window
 */
public abstract class StatefulWindowListener<S, T>
    implements StreamWindowListener<T>, StateHandler {

  /** Version of the layout {@link #checkpoint} writes; {@link #reset} refuses other versions. */
  private static final int CHECKPOINT_LAYOUT_VERSION = 1;

  private static final int INSERTIONS_FLAG = 1;
  private static final int EVICTIONS_FLAG = 2;
  private static final int INITIAL_FULL_FLAG = 4;

  private final StreamWindow<T> window;

  // Per-partition bookkeeping; partition keys are arbitrary objects, so plain hash collections.
  // Window events and state handler calls never overlap, so no locking is needed.
  private final Map<Object, S> partitionStates = new HashMap<>();
  private final Set<Object> partitionsWithInsertions = new HashSet<>();
  private final Set<Object> partitionsWithEvictions = new HashSet<>();
  private final Set<Object> partitionsSeenInitialFull = new HashSet<>();

  /**
   * Creates the listener and registers it on the window and as a state handler of the window's
   * operator.
   *
   * @param window the window to listen to
   * @throws IllegalStateException when the window's type is {@link StreamWindow.Type#NOT_WINDOWED}
   *     or {@link #supportsWindow()} returns false
   */
  protected StatefulWindowListener(StreamWindow<T> window) {
    this.window = window;
    if (window.getType() == StreamWindow.Type.NOT_WINDOWED) {
      throw new IllegalStateException(
          getClass().getName() + " needs a windowed input port, but the port is not windowed");
    }
    if (!supportsWindow()) {
      throw new IllegalStateException(
          getClass().getName()
              + " does not support a "
              + window.getType()
              + " window with eviction policy "
              + window.getEvictionPolicy()
              + " and trigger policy "
              + window.getTriggerPolicy());
    }
    window.registerListener(new BookkeepingListener(), false);
    OperatorContext context = window.getOperatorContext();
    if (context != null) {
      context.registerStateHandler(this);
    }
  }

  /**
   * Returns the window this listener listens to.
   *
   * @return the window
   */
  public final StreamWindow<T> getWindow() {
    return window;
  }

  /**
   * Tells whether this listener works with its window's configuration; the constructor fails when
   * it does not. Called from the constructor, so an override may use only {@link #getWindow()}, not
   * fields of the subclass. The default accepts every windowed port.
   *
   * @return true when the window is supported
   */
  protected boolean supportsWindow() {
    return true;
  }

  /**
   * Returns the state to use for a partition: a new one when {@code state} is null (the first use
   * of the partition), or a reset one after a tumbling window's eviction, which may be {@code
   * state} itself, cleared.
   *
   * @param partition the partition's key
   * @param state the partition's previous state, or null
   * @return the state to use from now on
   */
  protected abstract S getInitializedState(Object partition, S state);

  /**
   * Returns a partition's state, creating it with {@code getInitializedState(partition, null)} on
   * first use.
   *
   * @param partition the partition's key
   * @return the state
   */
  protected final S getPartitionState(Object partition) {
    S state = partitionStates.get(partition);
    if (state == null && !partitionStates.containsKey(partition)) {
      state = getInitializedState(partition, null);
      partitionStates.put(partition, state);
    }
    return state;
  }

  /**
   * Tells whether tuples were inserted into a partition since its last trigger (sliding) or
   * eviction (tumbling).
   *
   * @param partition the partition's key
   * @return true when insertions occurred
   */
  protected final boolean insertionsOccurred(Object partition) {
    return partitionsWithInsertions.contains(partition);
  }

  /**
   * Tells whether tuples were evicted from a sliding window's partition since its last trigger.
   *
   * @param partition the partition's key
   * @return true when evictions occurred
   */
  protected final boolean evictionsOccurred(Object partition) {
    return partitionsWithEvictions.contains(partition);
  }

  /**
   * Tells whether a partition of a sliding window has been full at least once since it was created.
   *
   * @param partition the partition's key
   * @return true once the partition's INITIAL_FULL event was seen
   */
  protected boolean seenInitialFull(Object partition) {
    return partitionsSeenInitialFull.contains(partition);
  }

  /** Does nothing: the listener holds no resources. */
  @Override
  public void close() throws IOException {}

  /** Does nothing: events are handled synchronously, so nothing is outstanding. */
  @Override
  public void drain() throws Exception {}

  /**
   * Writes every partition's state and flags to the checkpoint's output stream.
   *
   * @param checkpoint the checkpoint
   * @throws NotSerializableException when a state or partition key is not serializable; the message
   *     names the class, this listener's class and how to fix it
   */
  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    Set<Object> partitions = allPartitions();
    ObjectOutputStream out = checkpoint.getOutputStream();
    out.writeInt(CHECKPOINT_LAYOUT_VERSION);
    out.writeInt(partitions.size());
    for (Object partition : partitions) {
      writeChecked(out, partition, "partition key");
      boolean hasState = partitionStates.containsKey(partition);
      out.writeBoolean(hasState);
      if (hasState) {
        writeChecked(out, partitionStates.get(partition), "state");
      }
      out.writeByte(flagsOf(partition));
    }
  }

  /** Drops every partition's state and flags. */
  @Override
  public void resetToInitialState() throws Exception {
    clearAll();
  }

  /**
   * Replaces every partition's state and flags with those saved in the checkpoint.
   *
   * @param checkpoint the checkpoint
   * @throws InvalidObjectException when the checkpoint was written in an unknown layout
   */
  @Override
  @SuppressWarnings("unchecked")
  public void reset(Checkpoint checkpoint) throws Exception {
    clearAll();
    ObjectInputStream in = checkpoint.getInputStream();
    int version = in.readInt();
    if (version != CHECKPOINT_LAYOUT_VERSION) {
      throw new InvalidObjectException(
          "Cannot restore "
              + getClass().getName()
              + ": checkpoint layout version "
              + version
              + ", expected "
              + CHECKPOINT_LAYOUT_VERSION);
    }
    int partitionCount = in.readInt();
    for (int i = 0; i < partitionCount; i++) {
      Object partition = in.readObject();
      if (in.readBoolean()) {
        partitionStates.put(partition, (S) in.readObject());
      }
      int flags = in.readByte();
      if ((flags & INSERTIONS_FLAG) != 0) {
        partitionsWithInsertions.add(partition);
      }
      if ((flags & EVICTIONS_FLAG) != 0) {
        partitionsWithEvictions.add(partition);
      }
      if ((flags & INITIAL_FULL_FLAG) != 0) {
        partitionsSeenInitialFull.add(partition);
      }
    }
  }

  /** Does nothing: checkpoints hold no resources of this listener. */
  @Override
  public void retireCheckpoint(long id) throws Exception {}

  /** Does nothing. */
  @Override
  public void prepareForNonBlockingCheckpoint(long id) throws Exception {}

  /** Does nothing. */
  @Override
  public void regionCheckpointed(long id) throws Exception {}

  private void applyBookkeeping(StreamWindowEvent<T> event) throws Exception {
    Object partition = event.getPartition();
    switch (event.getType()) {
      case INSERTION:
        partitionsWithInsertions.add(partition);
        handleEvent(event);
        break;
      case EVICTION:
        handleEvent(event);
        if (window.getType() == StreamWindow.Type.TUMBLING) {
          partitionStates.put(
              partition, getInitializedState(partition, partitionStates.get(partition)));
          partitionsWithInsertions.remove(partition);
        } else {
          partitionsWithEvictions.add(partition);
        }
        break;
      case TRIGGER:
        handleEvent(event);
        partitionsWithInsertions.remove(partition);
        partitionsWithEvictions.remove(partition);
        break;
      case INITIAL_FULL:
        partitionsSeenInitialFull.add(partition);
        handleEvent(event);
        break;
      case PARTITION_EVICTION:
        handleEvent(event);
        partitionStates.remove(partition);
        partitionsWithInsertions.remove(partition);
        partitionsWithEvictions.remove(partition);
        partitionsSeenInitialFull.remove(partition);
        break;
      case FINAL:
      default:
        handleEvent(event);
        break;
    }
  }

  private Set<Object> allPartitions() {
    Set<Object> partitions = new LinkedHashSet<>(partitionStates.keySet());
    partitions.addAll(partitionsWithInsertions);
    partitions.addAll(partitionsWithEvictions);
    partitions.addAll(partitionsSeenInitialFull);
    return partitions;
  }

  private int flagsOf(Object partition) {
    int flags = 0;
    if (partitionsWithInsertions.contains(partition)) {
      flags |= INSERTIONS_FLAG;
    }
    if (partitionsWithEvictions.contains(partition)) {
      flags |= EVICTIONS_FLAG;
    }
    if (partitionsSeenInitialFull.contains(partition)) {
      flags |= INITIAL_FULL_FLAG;
    }
    return flags;
  }

  private void writeChecked(ObjectOutputStream out, Object value, String role) throws IOException {
    // No instanceof check first: the runtime's stream may save values that are not Serializable
    // (the Spark adapter falls back to Kryo); a plain Java stream refuses them below.
    try {
      out.writeObject(value);
    } catch (NotSerializableException e) {
      // Something inside the value (an element of a state collection, say) is not serializable.
      throw notSerializable(value.getClass().getName(), role, e);
    }
  }

  private NotSerializableException notSerializable(
      String valueClass, String role, NotSerializableException cause) {
    String inner =
        cause == null || valueClass.equals(cause.getMessage())
            ? ""
            : " (it holds a " + cause.getMessage() + ", which is not)";
    NotSerializableException e =
        new NotSerializableException(
            "Cannot checkpoint "
                + getClass().getName()
                + ": its "
                + role
                + " of class "
                + valueClass
                + " is not Serializable"
                + inner
                + ". Make the "
                + role
                + " class (and everything it holds) implement java.io.Serializable.");
    if (cause != null) {
      e.initCause(cause);
    }
    return e;
  }

  private void clearAll() {
    partitionStates.clear();
    partitionsWithInsertions.clear();
    partitionsWithEvictions.clear();
    partitionsSeenInitialFull.clear();
  }

  /** The listener registered on the window: applies the bookkeeping around handleEvent. */
  private final class BookkeepingListener implements StreamWindowListener<T> {
    @Override
    public void handleEvent(StreamWindowEvent<T> event) throws Exception {
      applyBookkeeping(event);
    }
  }
}
