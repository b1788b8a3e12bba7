package com.ibm.streams.operator.log4j;

import org.apache.log4j.Level;

/**
 * The levels of Streams' trace facility as log4j 1.x levels, each on the log4j level of the same
 * name (ERROR, WARN, INFO, DEBUG, TRACE). The fields are not final, as in IBM's API.
 *
 * <pre>{@code
 * Logger trace = Logger.getLogger(MyOperator.class);
 * trace.log(TraceLevel.DEBUG, "batch of " + n + " tuples");
 * }</pre>
 */
public class TraceLevel extends Level {

  private static final long serialVersionUID = 1L;

  /** Errors, on log4j's ERROR. */
  public static TraceLevel ERROR = new TraceLevel(Level.ERROR);

  /** Warnings, on log4j's WARN. */
  public static TraceLevel WARN = new TraceLevel(Level.WARN);

  /** Information, on log4j's INFO. */
  public static TraceLevel INFO = new TraceLevel(Level.INFO);

  /** Debugging detail, on log4j's DEBUG. */
  public static TraceLevel DEBUG = new TraceLevel(Level.DEBUG);

  /** Fine-grained tracing, on log4j's TRACE. */
  public static TraceLevel TRACE = new TraceLevel(Level.TRACE);

  private TraceLevel(Level level) {
    super(level.toInt(), level.toString(), level.getSyslogEquivalent());
  }
}
