package io.streamswindow.runtime;

import com.ibm.streams.operator.ProcessingElement;
import com.ibm.streams.operator.metrics.PEMetrics;
import java.io.File;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The processing element a hosted operator reports through {@code OperatorContext.getPE()}: a
 * standalone process with configurable PE and job ids, the directories of {@link HostDirectories},
 * and the operator's ports as its own ports, with their tuple and punctuation counts as its port
 * metrics. Named toolkit directories are not available and say so.
 */
final class HostProcessingElement implements ProcessingElement {
  private final BigInteger peId;
  private final BigInteger jobId;
  private final String jobName;
  private final int inputPorts;
  private final int outputPorts;
  private final HostDirectories directories;
  private List<HostInputPort> inputs = List.of();
  private List<HostOutputPort> outputs = List.of();

  /**
   * Made when first asked for: few operators read their PE's metrics, and a host is built per key
   * and call on Spark (docs/performance.md, "Operator metrics, and what else a call costs now").
   */
  private PEMetrics metrics;

  HostProcessingElement(
      BigInteger peId,
      BigInteger jobId,
      String jobName,
      int inputPorts,
      int outputPorts,
      HostDirectories directories) {
    this.peId = peId;
    this.jobId = jobId;
    this.jobName = jobName;
    this.inputPorts = inputPorts;
    this.outputPorts = outputPorts;
    this.directories = directories;
  }

  /** Sets the ports once they exist: the processing element's ports are the operator's. */
  synchronized void attachPorts(List<HostInputPort> inputs, List<HostOutputPort> outputs) {
    this.inputs = inputs;
    this.outputs = outputs;
    this.metrics = null;
  }

  HostDirectories directories() {
    return directories;
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
    return directories.data() != null;
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
    return directories.output().toFile();
  }

  @Override
  public File getDataDirectory() {
    if (directories.data() == null) {
      throw new IllegalStateException(
          "getDataDirectory: the processing element has no data directory"
              + " (hasDataDirectory() is false; HostDirectories.withData sets one)");
    }
    return directories.data().toFile();
  }

  @Override
  public File getApplicationDirectory() {
    return directories.applicationFile();
  }

  @Override
  public File getToolkitDirectory(String toolkitName) {
    Path directory = directories.toolkits().get(toolkitName);
    return directory == null ? null : directory.toFile();
  }

  @Override
  public synchronized PEMetrics getMetrics() {
    if (metrics == null) {
      metrics = new HostPEMetrics(inputs, outputs);
    }
    return metrics;
  }

  @Override
  public String toString() {
    return "PE " + peId + " of job " + jobId;
  }
}
