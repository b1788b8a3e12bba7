package io.streamswindow.spark.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.spark.errors.CorruptStateException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GenerationStampTest {
  private static final byte[] SAVED =
      SavedKeyState.wrap(
          new PlanFingerprint(new LinkedHashMap<>(Map.of(PlanFingerprint.OPERATOR, "com.acme.Sum")))
              .toBytes(),
          "the host's checkpoint".getBytes(),
          null,
          "run-1");

  @Test
  void aStampedValueGivesBackItsGenerationAndItsSavedState() {
    byte[] value = GenerationStamp.stamp(SAVED, 0x1234_5678_9ABC_DEF0L);
    assertTrue(GenerationStamp.isStamped(value));
    assertEquals(0x1234_5678_9ABC_DEF0L, GenerationStamp.generationOf(value));
    assertArrayEquals(SAVED, GenerationStamp.savedOf(value));
  }

  @Test
  void aValueWrittenBeforeStampsIsGenerationZeroAndReadsWhole() {
    // Such a value starts with the saved state's own header: no live host has generation 0, so
    // its key's host is rebuilt from it.
    assertFalse(GenerationStamp.isStamped(SAVED));
    assertEquals(0, GenerationStamp.generationOf(SAVED));
    assertSame(SAVED, GenerationStamp.savedOf(SAVED));
    assertEquals("run-1", SavedKeyState.unwrap(GenerationStamp.savedOf(SAVED), "key [a]").run());
  }

  @Test
  void aDamagedStampIsRefusedAsDamagedStateNotReadAsAnotherGeneration() {
    byte[] value = GenerationStamp.stamp(SAVED, 42);
    value[1] ^= 0x10; // the stamp's magic
    assertEquals(0, GenerationStamp.generationOf(value));
    assertThrows(
        CorruptStateException.class,
        () -> SavedKeyState.unwrap(GenerationStamp.savedOf(value), "key [a]"));
  }
}
