package io.streamswindow.runtime;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;

/**
 * Creates stand-alone output ports with the same behaviour as a hosted operator's: the harness's
 * input testers are such ports, whose sink feeds an operator's input port.
 */
public final class OutputPorts {
  private OutputPorts() {}

  /**
   * Creates an output port delivering to {@code spec.sink()}: submitted tuples are copied into
   * read-only tuples of the port's schema; nothing is delivered after a {@code FINAL_MARKER}.
   *
   * <pre>{@code
   * StreamingOutput<OutputTuple> tester =
   *     OutputPorts.create(0, new OutputPortSpec("in", schema,
   *         OutputSink.of((port, tuple) -> host.submit(0, tuple))));
   * }</pre>
   *
   * @param portNumber the number the port reports and passes to its sink
   * @param spec the port's name, schema and sink
   * @return the port
   */
  public static StreamingOutput<OutputTuple> create(int portNumber, OutputPortSpec spec) {
    return new HostOutputPort(portNumber, spec);
  }
}
