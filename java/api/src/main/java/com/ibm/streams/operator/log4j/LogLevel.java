package com.ibm.streams.operator.log4j;

import org.apache.log4j.Level;

/**
 * The levels of Streams' application log facility as log4j 1.x levels, each on the log4j level of
 * the same name. On Spark the log4j 1.x API is Spark's {@code log4j-1.2-api} bridge, so these
 * records reach Spark's log4j 2 (docs/porting.md, "Logging").
 *
 * <pre>{@code
 * Logger log = Logger.getLogger(LoggerNames.LOG_FACILITY + "." + MyOperator.class.getName());
 * log.log(LogLevel.WARN, "connection lost, retrying");
 * }</pre>
 */
public final class LogLevel extends Level {

  private static final long serialVersionUID = 1L;

  /** Errors, on log4j's ERROR. */
  public static final LogLevel ERROR = new LogLevel(Level.ERROR);

  /** Warnings, on log4j's WARN. */
  public static final LogLevel WARN = new LogLevel(Level.WARN);

  /** Information, on log4j's INFO. */
  public static final LogLevel INFO = new LogLevel(Level.INFO);

  private LogLevel(Level level) {
    super(level.toInt(), level.toString(), level.getSyslogEquivalent());
  }
}
