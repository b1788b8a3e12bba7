package io.streamswindow.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The probe's command line: defaults, the cold-start mode's options, and what it refuses. */
class ProbeSettingsTest {
  private static final String[] REQUIRED = {
    "--bootstrap", "127.0.0.1:9092", "--input", "in", "--output", "out", "--rate", "1000"
  };

  private static String[] with(String... more) {
    String[] args = new String[REQUIRED.length + more.length];
    System.arraycopy(REQUIRED, 0, args, 0, REQUIRED.length);
    System.arraycopy(more, 0, args, REQUIRED.length, more.length);
    return args;
  }

  @Test
  void fillsTheDefaults() {
    ProbeSettings s = ProbeSettings.parse(with());
    assertEquals(15, s.warmupSeconds());
    assertEquals(60, s.seconds());
    assertEquals(100, s.keys());
    assertEquals(0, s.intervalSeconds());
    assertEquals(false, s.startOnStdin());
  }

  @Test
  void takesNoWarmUpAndIntervalsForTheColdStartMode() {
    ProbeSettings s =
        ProbeSettings.parse(with("--warmup", "0", "--seconds", "90", "--interval", "10"));
    assertEquals(0, s.warmupSeconds());
    assertEquals(90, s.seconds());
    assertEquals(10, s.intervalSeconds());
    assertEquals(true, ProbeSettings.parse(with("--start-on-stdin", "1")).startOnStdin());
  }

  @Test
  void refusesNegativeWindowsAndUnknownOptions() {
    assertThrows(IllegalArgumentException.class, () -> ProbeSettings.parse(with("--warmup", "-1")));
    assertThrows(IllegalArgumentException.class, () -> ProbeSettings.parse(with("--seconds", "0")));
    assertThrows(
        IllegalArgumentException.class, () -> ProbeSettings.parse(with("--interval", "-5")));
    assertThrows(
        IllegalArgumentException.class, () -> ProbeSettings.parse(with("--colour", "red")));
  }
}
