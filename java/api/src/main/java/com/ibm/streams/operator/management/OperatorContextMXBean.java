package com.ibm.streams.operator.management;

import javax.management.ObjectName;

/**
 * The management bean of an operator, as IBM's runtime registers it in the platform MBean server,
 * with the types of the notifications it sends. streams-window registers no management beans
 * (docs/porting.md, "Management beans"). The notifications still mean something: {@link
 * OperatorLifeCycle} runs actions on {@link #ALL_PORTS_READY} and {@link #SHUTDOWN} without a bean.
 *
 * <pre>{@code
 * OperatorLifeCycle.addShutdownAction(context, (notification, handback) -> {
 *   assert notification.getType().equals(OperatorContextMXBean.SHUTDOWN);
 *   connection.close();
 * });
 * }</pre>
 */
public interface OperatorContextMXBean {

  /** The type of the notification sent once the operator's ports are ready. */
  String ALL_PORTS_READY = "com.ibm.streams.operator.lifecycle.allPortsReady";

  /** The type of the notification sent when the operator is about to shut down. */
  String SHUTDOWN = "com.ibm.streams.operator.lifecycle.shutdown.notify";

  /** The type of the notification sent when the operator's {@code shutdown()} has returned. */
  String SHUTDOWN_COMPLETE = "com.ibm.streams.operator.lifecycle.shutdown.complete";

  /** The type of the notification sent when the operator creates a custom metric. */
  String CUSTOM_METRIC_CREATED = "com.ibm.streams.operator.metric.createCustom";

  /**
   * Returns the operator's name.
   *
   * @return the name
   */
  String getName();

  /**
   * Returns the operator's logical name.
   *
   * @return the logical name
   */
  String getLogicalName();

  /**
   * Returns the operator's class name.
   *
   * @return the class name
   */
  String getImplementationClassName();

  /**
   * Returns the operator's parallel channel, -1 outside a parallel region.
   *
   * @return the channel
   */
  int getChannel();

  /**
   * Returns the operator's channel in its innermost parallel region, -1 outside one.
   *
   * @return the local channel
   */
  int getLocalChannel();

  /**
   * Returns the number of channels of the operator's parallel region, 0 outside one.
   *
   * @return the number of channels
   */
  int getMaxChannels();

  /**
   * Returns the number of channels of the innermost parallel region, 0 outside one.
   *
   * @return the number of channels
   */
  int getLocalMaxChannels();

  /**
   * Whether the operator's ports are ready.
   *
   * @return true once {@code allPortsReady} has been called
   */
  boolean isAllPortsReady();

  /**
   * Whether the operator has been shut down.
   *
   * @return true once {@code shutdown} has been called
   */
  boolean isShutdown();

  /**
   * Returns the identifiers of the threads the operator started through its context.
   *
   * @return the thread identifiers
   */
  long[] getThreadIds();

  /**
   * Registers a bean for one of the operator's custom metrics.
   *
   * @param name the metric's name
   * @return the bean's object name
   */
  ObjectName registerCustomMetric(String name);

  /**
   * Registers beans for the metrics of an input port.
   *
   * @param port the port's index
   */
  void registerInputPortMetrics(int port);

  /**
   * Registers beans for the metrics of an output port.
   *
   * @param port the port's index
   */
  void registerOutputPortMetrics(int port);
}
