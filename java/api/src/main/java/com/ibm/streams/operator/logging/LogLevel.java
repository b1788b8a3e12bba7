package com.ibm.streams.operator.logging;

import java.util.logging.Level;

/**
 * The levels of Streams' application log facility as {@code java.util.logging} levels: ERROR on
 * SEVERE, WARN on WARNING and INFO on INFO.
 */
public final class LogLevel extends Level {

  private static final long serialVersionUID = 1L;

  /** Errors. */
  public static final LogLevel ERROR = new LogLevel("ERROR", Level.SEVERE.intValue());

  /** Warnings. */
  public static final LogLevel WARN = new LogLevel("WARN", Level.WARNING.intValue());

  /** Information. */
  public static final LogLevel INFO = new LogLevel("INFO", Level.INFO.intValue());

  private LogLevel(String name, int value) {
    super(name, value);
  }
}
