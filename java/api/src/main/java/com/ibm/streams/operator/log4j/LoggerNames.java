package com.ibm.streams.operator.log4j;

/**
 * Logger names with a meaning for Streams operators, for log4j 1.x loggers: a logger named {@link
 * #LOG_FACILITY} (or below it) writes to Streams' application log rather than to its trace.
 * streams-window has no separate log facility; such a logger is an ordinary log4j logger.
 *
 * <pre>{@code
 * Logger log = Logger.getLogger(LoggerNames.LOG_FACILITY + "." + MyOperator.class.getName());
 * }</pre>
 */
public interface LoggerNames {

  /** The root name of the application log facility's loggers. */
  String LOG_FACILITY = "com.ibm.streams.operator.log";
}
