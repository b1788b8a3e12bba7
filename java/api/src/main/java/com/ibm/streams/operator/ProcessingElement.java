package com.ibm.streams.operator;

import com.ibm.streams.operator.metrics.PEMetrics;
import java.io.File;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;

/**
 * The processing element (the process of a Streams job) hosting an operator. Under streams-window
 * the host describes a standalone, single-process job; members about Streams instances, metrics and
 * application configuration may throw {@link UnsupportedOperationException}.
 */
public interface ProcessingElement {

  /**
   * Returns the directory for files the application writes.
   *
   * @return the output directory
   */
  File getOutputDirectory();

  /**
   * Returns the application's data directory.
   *
   * @return the data directory
   * @throws IllegalStateException when none is configured
   */
  File getDataDirectory();

  /**
   * Tells whether a data directory is configured.
   *
   * @return true when {@link #getDataDirectory()} has a value
   */
  boolean hasDataDirectory();

  /**
   * Returns the job group.
   *
   * @return the job group name
   */
  String getJobGroup();

  /**
   * Returns the job's identifier.
   *
   * @return the job id
   */
  BigInteger getJobId();

  /**
   * Returns the job's name.
   *
   * @return the job name
   */
  String getJobName();

  /**
   * Returns the processing element's identifier.
   *
   * @return the PE id
   */
  BigInteger getPEId();

  /**
   * Returns the processing element's metrics.
   *
   * @return the metrics
   */
  PEMetrics getMetrics();

  /**
   * Returns the number of output ports of the processing element.
   *
   * @return the output port count
   */
  int getNumberOfOutputPorts();

  /**
   * Returns the number of input ports of the processing element.
   *
   * @return the input port count
   */
  int getNumberOfInputPorts();

  /**
   * Tells whether the job runs standalone, outside a Streams instance.
   *
   * @return true when standalone
   */
  boolean isStandalone();

  /**
   * Sets the logging aspects of a named logger.
   *
   * @param loggerName the logger
   * @param aspects the aspects
   */
  void setLoggerAspects(String loggerName, String... aspects);

  /**
   * Returns the application's directory.
   *
   * @return the application directory
   */
  File getApplicationDirectory();

  /**
   * Returns the application's name.
   *
   * @return the application name
   */
  String getApplicationName();

  /**
   * Returns the application scope.
   *
   * @return the scope
   */
  String getApplicationScope();

  /**
   * Tells whether the application was compiled with optimisation.
   *
   * @return true when optimised
   */
  boolean isOptimized();

  /**
   * Returns how many times the processing element was relaunched.
   *
   * @return the relaunch count
   */
  int getRelaunchCount();

  /**
   * Returns the Streams instance identifier.
   *
   * @return the instance id
   */
  String getInstanceId();

  /**
   * Tells whether the processing element runs under a debugger.
   *
   * @return true when debugging
   */
  boolean isDebugging();

  /**
   * Tells whether profiling is on.
   *
   * @return true when profiling
   */
  boolean isProfilingOn();

  /**
   * Returns the host the processing element was configured to run on.
   *
   * @return the host
   * @throws UnknownHostException when the host cannot be resolved
   */
  InetAddress getConfiguredHost() throws UnknownHostException;

  /**
   * Returns the Streams domain identifier.
   *
   * @return the domain id
   */
  String getDomainId();

  /**
   * Attaches tag data to the processing element.
   *
   * @param tagName the tag
   * @param tagValues the values
   */
  void setTagData(String tagName, Map<String, String> tagValues);

  /**
   * Returns the properties of a named application configuration.
   *
   * @param configurationName the configuration
   * @return its properties
   */
  Map<String, String> getApplicationConfiguration(String configurationName);

  /**
   * Returns the directory of a toolkit used by the application.
   *
   * @param toolkitName the toolkit
   * @return its directory
   */
  File getToolkitDirectory(String toolkitName);
}
