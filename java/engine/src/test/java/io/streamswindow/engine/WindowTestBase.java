package io.streamswindow.engine;

/** Builds engine windows on a manual clock for tests. */
abstract class WindowTestBase {
  final ManualClock clock = ManualClock.startingAt(1000.0);
  final Trace trace = new Trace();

  Window<Reading> window(WindowSpec spec) throws Exception {
    Window<Reading> w = new Window<>(spec, null, null, clock, Reading.DELTAS);
    w.registerListener(trace, false);
    if (spec.isPartitioned()) {
      w.registerPartitioner(Reading::key);
    }
    clock.addAdvanceListener(
        now -> {
          try {
            w.advanceTo(now);
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
    w.start();
    return w;
  }
}
