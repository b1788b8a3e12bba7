package io.streamswindow.runtime;

import com.ibm.streams.operator.ProcessingElement;
import com.ibm.streams.operator.metrics.PEMetrics;
import java.io.File;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;

/**
 * The processing element a hosted operator reports through {@code OperatorContext.getPE()}: a
 * standalone process with configurable PE and job ids. Streams management features (metrics,
 * directories, toolkits) are not available and say so.
 */
final class HostProcessingElement implements ProcessingElement {
  private final BigInteger peId;
  private final BigInteger jobId;
  private final String jobName;
  private final int inputPorts;
  private final int outputPorts;

  HostProcessingElement(
      BigInteger peId, BigInteger jobId, String jobName, int inputPorts, int outputPorts) {
    this.peId = peId;
    this.jobId = jobId;
    this.jobName = jobName;
    this.inputPorts = inputPorts;
    this.outputPorts = outputPorts;
  }

  @Override
  public BigInteger getPEId() {
    return peId;
  }

  @Override
  public BigInteger getJobId() {
    return jobId;
  }

  @Override
  public String getJobName() {
    return jobName;
  }

  @Override
  public String getJobGroup() {
    return "default";
  }

  @Override
  public int getNumberOfInputPorts() {
    return inputPorts;
  }

  @Override
  public int getNumberOfOutputPorts() {
    return outputPorts;
  }

  @Override
  public boolean isStandalone() {
    return true;
  }

  @Override
  public boolean isOptimized() {
    return false;
  }

  @Override
  public int getRelaunchCount() {
    return 0;
  }

  @Override
  public String getInstanceId() {
    return "streams-window";
  }

  @Override
  public String getDomainId() {
    return "streams-window";
  }

  @Override
  public boolean isDebugging() {
    return false;
  }

  @Override
  public boolean isProfilingOn() {
    return false;
  }

  @Override
  public String getApplicationName() {
    return jobName;
  }

  @Override
  public String getApplicationScope() {
    return "Default";
  }

  @Override
  public boolean hasDataDirectory() {
    return false;
  }

  @Override
  public InetAddress getConfiguredHost() throws UnknownHostException {
    return InetAddress.getLocalHost();
  }

  /** Ignored: log aspects are a Streams logging feature with no counterpart here. */
  @Override
  public void setLoggerAspects(String loggerName, String... aspects) {}

  /** Ignored: tags feed Streams management views, which do not exist here. */
  @Override
  public void setTagData(String tagName, Map<String, String> tagValues) {}

  /** No application configurations exist, so every lookup finds an empty one. */
  @Override
  public Map<String, String> getApplicationConfiguration(String configurationName) {
    return Map.of();
  }

  @Override
  public File getOutputDirectory() {
    throw unsupported("getOutputDirectory");
  }

  @Override
  public File getDataDirectory() {
    throw new IllegalStateException(
        "getDataDirectory: the streams-window processing element has no data directory"
            + " (hasDataDirectory() is false)");
  }

  @Override
  public File getApplicationDirectory() {
    throw unsupported("getApplicationDirectory");
  }

  @Override
  public File getToolkitDirectory(String toolkitName) {
    throw unsupported("getToolkitDirectory");
  }

  @Override
  public PEMetrics getMetrics() {
    throw unsupported("getMetrics");
  }

  private static UnsupportedOperationException unsupported(String what) {
    return new UnsupportedOperationException(
        "ProcessingElement." + what + " is not supported by streams-window (no Streams instance)");
  }

  @Override
  public String toString() {
    return "PE " + peId + " of job " + jobId;
  }
}
