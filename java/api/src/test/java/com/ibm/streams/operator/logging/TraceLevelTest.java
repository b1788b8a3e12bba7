package com.ibm.streams.operator.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.logging.Level;
import org.junit.jupiter.api.Test;

class TraceLevelTest {

  @Test
  void levelsSitOnTheStandardLevelsInOrder() {
    assertEquals(Level.SEVERE.intValue(), TraceLevel.ERROR.intValue());
    assertEquals(Level.WARNING.intValue(), TraceLevel.WARN.intValue());
    assertEquals(Level.INFO.intValue(), TraceLevel.INFO.intValue());
    assertEquals(Level.FINE.intValue(), TraceLevel.DEBUG.intValue());
    assertTrue(TraceLevel.TRACE.intValue() < TraceLevel.DEBUG.intValue());
    assertEquals("DEBUG", TraceLevel.DEBUG.getName());
    assertEquals(Level.WARNING.intValue(), LogLevel.WARN.intValue());
  }
}
