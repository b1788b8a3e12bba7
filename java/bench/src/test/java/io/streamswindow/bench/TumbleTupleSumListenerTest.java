package io.streamswindow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.Window;
import io.streamswindow.engine.WindowSpec;
import org.junit.jupiter.api.Test;

/** Checks that the partitioned benchmark's listener sums each partition's tumble on its own. */
class TumbleTupleSumListenerTest {

  @Test
  void eachPartitionTumblesOnItsOwnFourthTuple() throws Exception {
    TumbleTupleSumListener listener = new TumbleTupleSumListener();
    Window<Sample> window =
        EngineWindows.started(WindowSpec.tumbling(PolicySpec.count(4)).partitioned(), listener);
    SampleSource source = new SampleSource(2); // (0,0) (1,1) (0,2) (1,3) (0,4) (1,5) (0,6) (1,7)
    for (int i = 0; i < 7; i++) {
      window.insert(source.next());
    }
    assertEquals(1, listener.tumbles());
    assertEquals(0, listener.lastPartition());
    assertEquals(0 + 2 + 4 + 6, listener.lastEmitted());
    window.insert(source.next());
    assertEquals(2, listener.tumbles());
    assertEquals(1, listener.lastPartition());
    assertEquals(1 + 3 + 5 + 7, listener.lastEmitted());
  }
}
