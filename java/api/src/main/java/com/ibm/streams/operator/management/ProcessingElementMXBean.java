package com.ibm.streams.operator.management;

import java.net.UnknownHostException;
import java.util.Map;

/**
 * The management bean of a processing element, as IBM's runtime registers it in the platform MBean
 * server. streams-window registers no management beans (docs/porting.md, "Management beans"):
 * {@code OperatorContext.getPE()} answers the same questions.
 *
 * <pre>{@code
 * ProcessingElement pe = context.getPE();
 * String job = pe.getJobName();   // what ProcessingElementMXBean.getJobName() reports on Streams
 * }</pre>
 */
public interface ProcessingElementMXBean {

  /** The type of the notification sent when the trace level changes. */
  String TRACE_LEVEL = "com.ibm.streams.operator.pe.traceLevel";

  /**
   * Returns the job group of the job.
   *
   * @return the job group
   */
  String getJobGroup();

  /**
   * Returns the job's identifier.
   *
   * @return the job identifier
   */
  String getJobId();

  /**
   * Returns the job's name.
   *
   * @return the job name
   */
  String getJobName();

  /**
   * Returns the processing element's identifier.
   *
   * @return the identifier
   */
  String getPEId();

  /**
   * Returns the application's output directory.
   *
   * @return an absolute path
   */
  String getOutputDirectory();

  /**
   * Returns the application's data directory.
   *
   * @return an absolute path
   */
  String getDataDirectory();

  /**
   * Returns the application directory.
   *
   * @return an absolute path
   */
  String getApplicationDirectory();

  /**
   * Returns the application's name.
   *
   * @return the name
   */
  String getApplicationName();

  /**
   * Returns the application scope of the job.
   *
   * @return the scope
   */
  String getApplicationScope();

  /**
   * Whether the processing element runs standalone.
   *
   * @return true in standalone mode
   */
  boolean isStandalone();

  /**
   * Returns how often the processing element was restarted.
   *
   * @return 0 for the first run
   */
  int getRelaunchCount();

  /**
   * Returns the Streams instance's identifier.
   *
   * @return the instance identifier
   */
  String getInstanceId();

  /**
   * Returns the host name the processing element runs on.
   *
   * @return the host name
   * @throws UnknownHostException when the host name cannot be found
   */
  String getConfiguredHostName() throws UnknownHostException;

  /**
   * Returns the Streams domain's identifier.
   *
   * @return the domain identifier
   */
  String getDomainId();

  /**
   * Returns the properties of an application configuration.
   *
   * @param name the configuration's name
   * @return its properties, read-only; empty when there is no such configuration
   */
  Map<String, String> getApplicationConfiguration(String name);
}
