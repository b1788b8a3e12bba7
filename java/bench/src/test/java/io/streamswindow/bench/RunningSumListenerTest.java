package io.streamswindow.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.Window;
import io.streamswindow.engine.WindowSpec;
import org.junit.jupiter.api.Test;

/** Checks that the sliding benchmark's running sum follows the window's contents exactly. */
class RunningSumListenerTest {

  @Test
  void eachTriggerReadsTheSumOfTheCurrentContents() throws Exception {
    RunningSumListener listener = new RunningSumListener();
    Window<Sample> window =
        EngineWindows.started(
            WindowSpec.sliding(PolicySpec.count(3), PolicySpec.count(1)), listener);
    SampleSource source = new SampleSource(1); // values 0, 1, 2, ...
    double[] expected = {0, 0 + 1, 0 + 1 + 2, 1 + 2 + 3, 2 + 3 + 4};
    for (int i = 0; i < expected.length; i++) {
      window.insert(source.next());
      assertEquals(expected[i], listener.lastTriggered(), "after tuple " + i);
    }
    assertEquals(5, listener.triggers());
  }
}
