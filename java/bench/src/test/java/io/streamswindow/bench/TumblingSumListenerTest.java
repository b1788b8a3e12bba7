package io.streamswindow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.Window;
import io.streamswindow.engine.WindowSpec;
import org.junit.jupiter.api.Test;

/**
 * Checks that the tumbling benchmark's listener computes what it claims, so the benchmark measures
 * real work.
 */
class TumblingSumListenerTest {

  @Test
  void emitsTheSumOfEachTumbleAndStartsAgain() throws Exception {
    TumblingSumListener listener = new TumblingSumListener();
    Window<Sample> window =
        EngineWindows.started(WindowSpec.tumbling(PolicySpec.count(4)), listener);
    SampleSource source = new SampleSource(1); // values 0, 1, 2, ...
    for (int i = 0; i < 4; i++) {
      window.insert(source.next());
    }
    assertEquals(1, listener.tumbles());
    assertEquals(0 + 1 + 2 + 3, listener.lastEmitted());
    for (int i = 0; i < 5; i++) {
      window.insert(source.next());
    }
    assertEquals(2, listener.tumbles());
    assertEquals(4 + 5 + 6 + 7, listener.lastEmitted());
    assertEquals(8, listener.pending());
  }
}
