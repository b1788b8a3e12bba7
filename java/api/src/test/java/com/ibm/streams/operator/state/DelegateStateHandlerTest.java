package com.ibm.streams.operator.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.streams.operator.fakes.MemoryCheckpoint;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DelegateStateHandlerTest {

  @Test
  void passesEveryCallOn() throws Exception {
    List<String> log = new ArrayList<>();
    RecordingHandler inner = new RecordingHandler("h", log);
    DelegateStateHandler<RecordingHandler> outer = new DelegateStateHandler<>(inner);
    assertSame(inner, outer.getDelegateHandler());
    outer.drain();
    outer.checkpoint(new MemoryCheckpoint(1));
    outer.reset(new MemoryCheckpoint(2));
    outer.retireCheckpoint(3);
    outer.resetToInitialState();
    outer.prepareForNonBlockingCheckpoint(4);
    outer.regionCheckpointed(5);
    outer.close();
    assertEquals(
        List.of(
            "h.drain",
            "h.checkpoint1",
            "h.reset2",
            "h.retire3",
            "h.resetToInitialState",
            "h.prepare4",
            "h.regionCheckpointed5",
            "h.close"),
        log);
  }

  @Test
  void needsADelegate() {
    assertThrows(NullPointerException.class, () -> new DelegateStateHandler<StateHandler>(null));
  }

  @Test
  void interfaceDefaultsDoNothing() throws Exception {
    StateHandler minimal =
        new StateHandler() {
          @Override
          public void close() {}

          @Override
          public void drain() {}

          @Override
          public void reset(Checkpoint checkpoint) {}

          @Override
          public void checkpoint(Checkpoint checkpoint) {}

          @Override
          public void retireCheckpoint(long id) {}

          @Override
          public void resetToInitialState() {}
        };
    minimal.prepareForNonBlockingCheckpoint(1);
    minimal.regionCheckpointed(1);
  }
}
