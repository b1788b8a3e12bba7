package com.ibm.streams.operator.logging;

import java.util.logging.Level;

/**
 * The levels of Streams' trace facility as {@code java.util.logging} levels, so that operators can
 * write {@code logger.log(TraceLevel.DEBUG, ...)}. Each level sits on a standard level: ERROR on
 * SEVERE, WARN on WARNING, INFO on INFO, DEBUG on FINE and TRACE on FINEST.
 */
public class TraceLevel extends Level {

  private static final long serialVersionUID = 1L;

  /** Errors. */
  public static final TraceLevel ERROR = new TraceLevel("ERROR", Level.SEVERE.intValue());

  /** Warnings. */
  public static final TraceLevel WARN = new TraceLevel("WARN", Level.WARNING.intValue());

  /** Information. */
  public static final TraceLevel INFO = new TraceLevel("INFO", Level.INFO.intValue());

  /** Debugging detail. */
  public static final TraceLevel DEBUG = new TraceLevel("DEBUG", Level.FINE.intValue());

  /** Fine-grained tracing. */
  public static final TraceLevel TRACE = new TraceLevel("TRACE", Level.FINEST.intValue());

  private TraceLevel(String name, int value) {
    super(name, value);
  }
}
