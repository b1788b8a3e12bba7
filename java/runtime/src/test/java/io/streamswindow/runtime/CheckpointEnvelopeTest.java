package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckpointEnvelopeTest {
  @Test
  void anEnvelopeSurvivesItsBytes() throws Exception {
    CheckpointEnvelope envelope =
        new CheckpointEnvelope(
            12,
            1_700_000_000_123L,
            List.of("tumbling, count(3)", "not windowed"),
            Arrays.asList(new byte[] {1, 2, 3}, null),
            new byte[] {9, 8});
    CheckpointEnvelope read = CheckpointEnvelope.parse(envelope.toBytes());
    assertEquals(12, read.sequenceId());
    assertEquals(1_700_000_000_123L, read.timestampMillis());
    assertEquals(envelope.windowClauses(), read.windowClauses());
    assertArrayEquals(new byte[] {1, 2, 3}, read.windows().get(0));
    assertNull(read.windows().get(1));
    assertArrayEquals(new byte[] {9, 8}, read.handlerData());
  }

  @Test
  void foreignTruncatedOrNewerBytesAreRefused() throws Exception {
    byte[] good = new CheckpointEnvelope(1, 2, List.of(), List.of(), new byte[0]).toBytes();
    IllegalArgumentException truncated =
        assertThrows(
            IllegalArgumentException.class,
            () -> CheckpointEnvelope.parse(Arrays.copyOf(good, good.length - 2)));
    assertTrue(truncated.getMessage().contains("truncated"), truncated.getMessage());
    byte[] newer = good.clone();
    newer[7] = 99; // the version's low byte
    IllegalArgumentException version =
        assertThrows(IllegalArgumentException.class, () -> CheckpointEnvelope.parse(newer));
    assertTrue(version.getMessage().contains("version 99"), version.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CheckpointEnvelope.parse(new byte[8]));
  }
}
