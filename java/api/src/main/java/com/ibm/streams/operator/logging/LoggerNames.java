package com.ibm.streams.operator.logging;

/**
 * Logger names with a meaning for Streams operators. A record logged to {@link #LOG_FACILITY} (or a
 * logger below it) belongs to Streams' application log rather than to its trace. streams-window has
 * no separate log facility: such a logger is an ordinary {@code java.util.logging} logger, and
 * Spark's logging receives its records (docs/porting.md, "Logging").
 *
 * <pre>{@code
 * Logger log = Logger.getLogger(LoggerNames.LOG_FACILITY + "." + MyOperator.class.getName());
 * log.log(LogLevel.WARN, "connection lost, retrying");
 * }</pre>
 */
public interface LoggerNames {

  /** The root name of the application log facility's loggers. */
  String LOG_FACILITY = "com.ibm.streams.operator.log";
}
