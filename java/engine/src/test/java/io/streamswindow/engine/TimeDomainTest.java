package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Processing time and the watermark are separate: a window's time policies answer only to the
 * first.
 */
class TimeDomainTest extends WindowTestBase {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  @Test
  void theWatermarkDoesNotMoveProcessingTimePolicies() throws Exception {
    EngineWindow<Reading> w = window(WindowSpec.tumbling(PolicySpec.time(5.0)));
    w.insert(Reading.of("A"));
    trace.take();
    long tumbleAt = w.nextDeadline(TimeDomain.PROCESSING_TIME);

    // Far past the tumble in event time: nothing fires, nothing is due in that domain.
    w.advanceTo(TimeDomain.EVENT_TIME, tumbleAt + 100 * SECOND);
    assertEquals(List.of(), trace.take());
    assertEquals(Long.MAX_VALUE, w.nextDeadline(TimeDomain.EVENT_TIME));

    // Processing time reaching the deadline tumbles, as advancing the clock does.
    w.advanceTo(TimeDomain.PROCESSING_TIME, tumbleAt);
    assertEquals(List.of("EVICTION 0 [A]"), trace.take());
  }

  @Test
  void theProcessingTimeDeadlineIsTheOneTheClockFires() throws Exception {
    EngineWindow<Reading> w =
        window(WindowSpec.sliding(PolicySpec.count(10), PolicySpec.time(2.0)));
    w.insert(Reading.of("A"));
    trace.take();

    assertEquals(clock.nanos() + 2 * SECOND, w.nextDeadline(TimeDomain.PROCESSING_TIME));
    clock.advance(2);
    assertEquals(List.of("TRIGGER 0 [A]"), trace.take());
  }
}
