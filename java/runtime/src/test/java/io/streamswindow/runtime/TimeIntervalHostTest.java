package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A timeInterval port in the operator host: declared by its clause, driven by the watermark. */
class TimeIntervalHostTest {
  private static final StreamSchema SCHEMA =
      Type.Factory.getStreamSchema("tuple<rstring id, timestamp ts, int32 n>");
  private static final WindowSpec SPEC =
      WindowClauseParser.parse("timeInterval, intervalDuration(10.0), creationPeriod(5.0)")
          .withEventTime("ts");
  private static final long SECOND = 1_000_000_000L;

  private static Tuple tuple(String id, long seconds) {
    return SCHEMA.getTuple(new Object[] {id, new Timestamp(seconds, 0), 1});
  }

  private static OperatorHost host(WindowSpec spec) throws Exception {
    OperatorHost host =
        OperatorHost.builder(RecordingOperator.class)
            .input("in", SCHEMA, spec)
            .clock(ManualClock.create())
            .build();
    host.initialize();
    host.allPortsReady();
    return host;
  }

  @Test
  void theWatermarkTriggersAndClosesPanes() throws Exception {
    OperatorHost host = host(SPEC);
    RecordingOperator operator = (RecordingOperator) host.operator();
    assertTrue(
        host.context().getStreamingInputs().get(0).getStreamWindow()
            instanceof TimeIntervalStreamWindow<?>);
    host.submit(0, tuple("a", 7)); // panes [0,10) and [5,15)
    host.advanceWatermark(10 * SECOND); // [0,10) completes and, with discardAge 0, closes
    host.submit(0, tuple("b", 10)); // not earlier than the watermark: [5,15) and [10,20)
    host.advanceWatermark(15 * SECOND);
    assertEquals(
        List.of(
            "INSERTION[a]",
            "INSERTION[a]",
            "process0(a)",
            "INITIAL_FULL[a]",
            "TRIGGER[a]",
            "EVICTION[a]",
            "INSERTION[b]",
            "INSERTION[b]",
            "process0(b)",
            "INITIAL_FULL[a, b]",
            "TRIGGER[a, b]",
            "EVICTION[a, b]"),
        operator.events());
  }

  @Test
  void aCheckpointCarriesThePanesAcrossAReset() throws Exception {
    OperatorHost host = host(SPEC);
    RecordingOperator operator = (RecordingOperator) host.operator();
    host.submit(0, tuple("a", 7));
    byte[] saved = host.checkpoint(1);
    host.submit(0, tuple("b", 8));
    operator.log.clear();
    host.reset(saved);
    assertEquals(List.of(), operator.events(), "a reset fires no window event");
    host.advanceWatermark(10 * SECOND);
    assertEquals(List.of("INITIAL_FULL[a]", "TRIGGER[a]", "EVICTION[a]"), operator.events());
  }

  @Test
  void theEventTimeAttributeIsCheckedAgainstTheSchema() {
    IllegalArgumentException wrongType =
        assertThrows(IllegalArgumentException.class, () -> host(SPEC.withEventTime("n")));
    assertTrue(
        wrongType.getMessage().contains("attribute n has SPL type int32"), wrongType.getMessage());
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> host(SPEC.withEventTime("when")));
    assertTrue(unknown.getMessage().startsWith("event time when"), unknown.getMessage());
  }
}
