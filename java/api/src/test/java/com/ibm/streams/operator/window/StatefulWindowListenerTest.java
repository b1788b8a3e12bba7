package com.ibm.streams.operator.window;

import static com.ibm.streams.operator.window.StreamWindowEvent.Type.EVICTION;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.FINAL;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.INITIAL_FULL;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.INSERTION;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.PARTITION_EVICTION;
import static com.ibm.streams.operator.window.StreamWindowEvent.Type.TRIGGER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.fakes.FakeContext;
import com.ibm.streams.operator.fakes.FakeSchema;
import com.ibm.streams.operator.fakes.FakeWindow;
import com.ibm.streams.operator.fakes.MemoryCheckpoint;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatefulWindowListenerTest {

  private final FakeSchema schema = FakeSchema.of("rstring id", "int32 n");

  /** Counts tuples per partition and records what it sees when each event is handled. */
  static class Counting extends StatefulWindowListener<int[], Tuple> {
    final List<String> log = new ArrayList<>();
    final List<String> initializations = new ArrayList<>();

    Counting(StreamWindow<Tuple> window) {
      super(window);
    }

    @Override
    protected int[] getInitializedState(Object partition, int[] state) {
      initializations.add(partition + ":" + (state == null ? "null" : state[0]));
      return new int[1];
    }

    @Override
    public void handleEvent(StreamWindowEvent<Tuple> event) {
      Object p = event.getPartition();
      if (event.getType() == INSERTION) {
        getPartitionState(p)[0]++;
      }
      log.add(
          event.getType()
              + " "
              + p
              + " count="
              + getPartitionState(p)[0]
              + " ins="
              + insertionsOccurred(p)
              + " ev="
              + evictionsOccurred(p)
              + " full="
              + seenInitialFull(p));
    }
  }

  @Test
  void refusesAPortThatIsNotWindowed() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.NOT_WINDOWED, schema.schema());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> new Counting(window));
    assertTrue(e.getMessage().contains("not windowed"), e.getMessage());
    assertTrue(window.listeners.isEmpty());
  }

  @Test
  void refusesAWindowItDoesNotSupport() {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    class TumblingOnly extends Counting {
      TumblingOnly(StreamWindow<Tuple> window) {
        super(window);
      }

      @Override
      protected boolean supportsWindow() {
        return getWindow().getType() == StreamWindow.Type.TUMBLING;
      }
    }
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> new TumblingOnly(window));
    assertTrue(e.getMessage().contains("SLIDING"), e.getMessage());
  }

  @Test
  void registersAnInternalListenerAndItselfAsStateHandler() {
    FakeContext context = new FakeContext();
    FakeWindow window =
        new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema(), context.context(), false);
    Counting listener = new Counting(window);
    assertEquals(1, window.listeners.size());
    assertNotSame(listener, window.listeners.get(0));
    assertEquals(List.of(false), window.asynchronousFlags);
    assertEquals(List.of(listener), context.stateHandlers);
    assertSame(window, listener.getWindow());
  }

  @Test
  void worksWithoutAnOperatorContext() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    Counting listener = new Counting(window);
    window.fire(INSERTION, 0, schema.tuple("a", 1));
    assertEquals(List.of("INSERTION 0 count=1 ins=true ev=false full=false"), listener.log);
  }

  @Test
  void createsStateLazilyOncePerPartition() {
    Counting listener = new Counting(new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema()));
    assertTrue(listener.initializations.isEmpty());
    int[] first = listener.getPartitionState("p");
    assertSame(first, listener.getPartitionState("p"));
    assertEquals(List.of("p:null"), listener.initializations);
  }

  @Test
  void tumblingEvictionReinitializesStateAfterTheEventAndClearsInsertions() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema());
    Counting listener = new Counting(window);
    Tuple a = schema.tuple("a", 1);
    Tuple b = schema.tuple("b", 2);
    window.fire(INSERTION, "p", a);
    window.fire(INSERTION, "p", b);
    window.fire(EVICTION, "p", a, b);
    assertEquals(
        List.of(
            "INSERTION p count=1 ins=true ev=false full=false",
            "INSERTION p count=2 ins=true ev=false full=false",
            "EVICTION p count=2 ins=true ev=false full=false"),
        listener.log);
    assertEquals(List.of("p:null", "p:2"), listener.initializations);
    assertEquals(0, listener.getPartitionState("p")[0]);
    assertFalse(listener.insertionsOccurred("p"));
    assertFalse(listener.evictionsOccurred("p"));
  }

  @Test
  void slidingEvictionMarksEvictionsAndTriggerClearsBothFlags() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Counting listener = new Counting(window);
    Tuple a = schema.tuple("a", 1);
    window.fire(INSERTION, "p", a);
    window.fire(EVICTION, "p", a);
    assertTrue(listener.insertionsOccurred("p"));
    assertTrue(listener.evictionsOccurred("p"));
    assertEquals(1, listener.getPartitionState("p")[0], "sliding eviction keeps the state");
    window.fire(TRIGGER, "p");
    assertEquals("TRIGGER p count=1 ins=true ev=true full=false", listener.log.get(2));
    assertFalse(listener.insertionsOccurred("p"));
    assertFalse(listener.evictionsOccurred("p"));
  }

  @Test
  void initialFullIsRecordedBeforeTheEventIsHandled() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Counting listener = new Counting(window);
    assertFalse(listener.seenInitialFull("p"));
    window.fire(INITIAL_FULL, "p");
    assertEquals(List.of("INITIAL_FULL p count=0 ins=false ev=false full=true"), listener.log);
    assertTrue(listener.seenInitialFull("p"));
    assertFalse(listener.seenInitialFull("q"));
  }

  @Test
  void finalOnlyDelegates() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Counting listener = new Counting(window);
    window.fire(INSERTION, "p", schema.tuple("a", 1));
    window.fire(FINAL, "p");
    assertEquals("FINAL p count=1 ins=true ev=false full=false", listener.log.get(1));
    assertTrue(listener.insertionsOccurred("p"));
  }

  @Test
  void partitionEvictionDelegatesThenDropsStateAndFlags() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Counting listener = new Counting(window);
    Tuple a = schema.tuple("a", 1);
    window.fire(INSERTION, "p", a);
    window.fire(INITIAL_FULL, "p", a);
    window.fire(EVICTION, "p", a);
    window.fire(INSERTION, "q", schema.tuple("b", 2));
    window.fire(PARTITION_EVICTION, "p");
    assertEquals(
        "PARTITION_EVICTION p count=1 ins=true ev=true full=true",
        listener.log.get(listener.log.size() - 1),
        "the state is still there while the event is handled");
    assertFalse(listener.insertionsOccurred("p"));
    assertFalse(listener.evictionsOccurred("p"));
    assertFalse(listener.seenInitialFull("p"));
    assertEquals(0, listener.getPartitionState("p")[0], "a returning partition starts afresh");
    assertEquals(List.of("p:null", "q:null", "p:null"), listener.initializations);
    assertEquals(1, listener.getPartitionState("q")[0], "other partitions are untouched");
  }

  @Test
  void checkpointAndResetRestoreStatesAndFlags() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Counting listener = new Counting(window);
    Tuple a = schema.tuple("a", 1);
    window.fire(INSERTION, "p", a);
    window.fire(INSERTION, "p", a);
    window.fire(INITIAL_FULL, "p", a, a);
    window.fire(EVICTION, "p", a);
    window.fire(INSERTION, List.of("k", 7), a);
    window.fire(TRIGGER, List.of("k", 7), a);
    MemoryCheckpoint checkpoint = new MemoryCheckpoint(3);
    listener.checkpoint(checkpoint);

    Counting restored = new Counting(new FakeWindow(StreamWindow.Type.SLIDING, schema.schema()));
    restored.getPartitionState("stale")[0] = 99;
    restored.reset(checkpoint.forReading());

    assertEquals(2, restored.getPartitionState("p")[0]);
    assertTrue(restored.insertionsOccurred("p"));
    assertTrue(restored.evictionsOccurred("p"));
    assertTrue(restored.seenInitialFull("p"));
    assertEquals(1, restored.getPartitionState(List.of("k", 7))[0]);
    assertFalse(restored.insertionsOccurred(List.of("k", 7)));
    assertEquals(0, restored.getPartitionState("stale")[0], "reset drops partitions not saved");
  }

  @Test
  void checkpointStartsWithALayoutVersion() throws Exception {
    Counting listener = new Counting(new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema()));
    listener.getPartitionState("p");
    MemoryCheckpoint checkpoint = new MemoryCheckpoint(1);
    listener.checkpoint(checkpoint);
    ObjectInputStream in = checkpoint.forReading().getInputStream();
    assertEquals(1, in.readInt(), "layout version");
    assertEquals(1, in.readInt(), "partition count");
  }

  @Test
  void resetRefusesAnUnknownLayoutVersion() throws Exception {
    MemoryCheckpoint checkpoint = new MemoryCheckpoint(1);
    checkpoint.getOutputStream().writeInt(42);
    Counting listener = new Counting(new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema()));
    Exception e = assertThrows(Exception.class, () -> listener.reset(checkpoint.forReading()));
    assertTrue(e.getMessage().contains("42"), e.getMessage());
  }

  @Test
  void resetToInitialStateDropsEverything() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Counting listener = new Counting(window);
    window.fire(INSERTION, "p", schema.tuple("a", 1));
    window.fire(INITIAL_FULL, "p");
    listener.resetToInitialState();
    assertFalse(listener.insertionsOccurred("p"));
    assertFalse(listener.seenInitialFull("p"));
    assertEquals(0, listener.getPartitionState("p")[0]);
  }

  @Test
  void aStateThatIsNotSerializableFailsTheCheckpointWithAClearMessage() {
    class Unserializable {}
    class HoldsUnserializable extends StatefulWindowListener<Unserializable, Tuple> {
      HoldsUnserializable(StreamWindow<Tuple> window) {
        super(window);
      }

      @Override
      protected Unserializable getInitializedState(Object partition, Unserializable state) {
        return new Unserializable();
      }

      @Override
      public void handleEvent(StreamWindowEvent<Tuple> event) {}
    }
    HoldsUnserializable listener =
        new HoldsUnserializable(new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema()));
    listener.getPartitionState("p");
    NotSerializableException e =
        assertThrows(
            NotSerializableException.class, () -> listener.checkpoint(new MemoryCheckpoint(1)));
    assertTrue(e.getMessage().contains(Unserializable.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains(HoldsUnserializable.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains("implement java.io.Serializable"), e.getMessage());
  }

  @Test
  void aStateHoldingSomethingUnserializableAlsoNamesTheStateClass() {
    class Unserializable {}
    class HoldsList extends StatefulWindowListener<ArrayList<Object>, Tuple> {
      HoldsList(StreamWindow<Tuple> window) {
        super(window);
      }

      @Override
      protected ArrayList<Object> getInitializedState(Object partition, ArrayList<Object> state) {
        return new ArrayList<>(List.of(new Unserializable()));
      }

      @Override
      public void handleEvent(StreamWindowEvent<Tuple> event) {}
    }
    HoldsList listener = new HoldsList(new FakeWindow(StreamWindow.Type.TUMBLING, schema.schema()));
    listener.getPartitionState("p");
    NotSerializableException e =
        assertThrows(
            NotSerializableException.class, () -> listener.checkpoint(new MemoryCheckpoint(1)));
    assertTrue(e.getMessage().contains(ArrayList.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains(Unserializable.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains(HoldsList.class.getName()), e.getMessage());
  }

  @Test
  void otherStateHandlerCallsDoNothing() throws Exception {
    FakeWindow window = new FakeWindow(StreamWindow.Type.SLIDING, schema.schema());
    Counting listener = new Counting(window);
    window.fire(INSERTION, "p", schema.tuple("a", 1));
    listener.drain();
    listener.retireCheckpoint(1);
    listener.prepareForNonBlockingCheckpoint(2);
    listener.regionCheckpointed(2);
    listener.close();
    assertEquals(1, listener.getPartitionState("p")[0]);
    assertTrue(listener.insertionsOccurred("p"));
  }
}
