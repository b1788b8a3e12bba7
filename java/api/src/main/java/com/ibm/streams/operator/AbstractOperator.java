package com.ibm.streams.operator;

import com.ibm.streams.operator.control.ControlPlaneContext;
import java.util.List;
import java.util.Map;

/**
 * A convenient base for operators: it keeps the context, gives access to ports by index, does
 * nothing for tuples, and forwards window punctuation marks to every output port.
 *
 * <pre>{@code
 * public class Doubler extends AbstractOperator {
 *   public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
 *     getOutput(0).submitAsTuple(tuple.getInt("n") * 2);
 *   }
 * }
 * }</pre>
 */
public abstract class AbstractOperator implements Operator {

  private OperatorContext context;

  /** Creates the operator; it does nothing until {@link #initialize(OperatorContext)}. */
  public AbstractOperator() {}

  /**
   * Stores the context. Subclasses that override this must call {@code super.initialize(context)}
   * first.
   *
   * @param context the operator's context
   * @throws Exception from subclasses
   */
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    this.context = context;
  }

  /**
   * Does nothing.
   *
   * @throws Exception from subclasses
   */
  @Override
  public void allPortsReady() throws Exception {}

  /**
   * Returns the context passed to {@link #initialize(OperatorContext)}.
   *
   * @return the context, or null before initialization
   */
  public final synchronized OperatorContext getOperatorContext() {
    return context;
  }

  /**
   * Does nothing with the tuple.
   *
   * @param port the input port
   * @param tuple the tuple
   * @throws Exception from subclasses
   */
  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {}

  /**
   * Forwards a {@link StreamingData.Punctuation#WINDOW_MARKER} to every output port; other marks
   * are left to the runtime, which forwards the final marker itself.
   *
   * @param port the input port
   * @param mark the mark
   * @throws Exception when an output port fails
   */
  @Override
  public void processPunctuation(StreamingInput<Tuple> port, StreamingData.Punctuation mark)
      throws Exception {
    if (mark == StreamingData.Punctuation.WINDOW_MARKER) {
      for (StreamingOutput<OutputTuple> output : getOperatorContext().getStreamingOutputs()) {
        output.punctuate(mark);
      }
    }
  }

  /**
   * Does nothing.
   *
   * @throws Exception from subclasses
   */
  @Override
  public void shutdown() throws Exception {}

  /**
   * Checks that the operator has exactly the given numbers of ports.
   *
   * @param inputCount the required number of input ports
   * @param outputCount the required number of output ports
   * @throws IllegalStateException when a number differs
   */
  public final void checkPorts(int inputCount, int outputCount) {
    OperatorContext current = getOperatorContext();
    int inputs = current.getNumberOfStreamingInputs();
    int outputs = current.getNumberOfStreamingOutputs();
    if (inputs != inputCount || outputs != outputCount) {
      throw new IllegalStateException(
          getClass().getName()
              + " needs "
              + inputCount
              + " input and "
              + outputCount
              + " output ports, but has "
              + inputs
              + " input and "
              + outputs
              + " output ports");
    }
  }

  /**
   * Returns an input port.
   *
   * @param port the port's index
   * @return the port
   * @throws IndexOutOfBoundsException when there is no such port
   */
  public final StreamingInput<Tuple> getInput(int port) {
    return getOperatorContext().getStreamingInputs().get(port);
  }

  /**
   * Returns an output port.
   *
   * @param port the port's index
   * @return the port
   * @throws IndexOutOfBoundsException when there is no such port
   */
  public final StreamingOutput<OutputTuple> getOutput(int port) {
    return getOperatorContext().getStreamingOutputs().get(port);
  }

  /**
   * Sets the logging aspects of a logger, through the processing element.
   *
   * @param loggerName the logger
   * @param aspects the aspects
   */
  public final void setLoggerAspects(String loggerName, String... aspects) {
    getOperatorContext().getPE().setLoggerAspects(loggerName, aspects);
  }

  /**
   * Starts a thread that keeps the operator from completing until it is shut down, for source
   * operators whose work happens on other threads.
   *
   * @return the started thread
   */
  public Thread createAvoidCompletionThread() {
    return createAvoidCompletionThread(getOperatorContext());
  }

  /**
   * Starts a thread that keeps the operator from completing, but only when it has no input ports.
   *
   * @return the started thread, or null when the operator has input ports
   */
  public Thread createAvoidCompletionThreadIfNoInputs() {
    List<StreamingInput<Tuple>> inputs = getOperatorContext().getStreamingInputs();
    return inputs.isEmpty() ? createAvoidCompletionThread() : null;
  }

  /**
   * Starts a non-daemon thread, from the context's thread factory, that waits until it is
   * interrupted (the runtime interrupts the operator's threads at shutdown).
   *
   * @param context the operator's context
   * @return the started thread
   */
  public static Thread createAvoidCompletionThread(OperatorContext context) {
    Thread thread =
        context
            .getThreadFactory()
            .newThread(
                () -> {
                  Object never = new Object();
                  synchronized (never) {
                    try {
                      while (true) {
                        never.wait();
                      }
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  }
                });
    thread.setDaemon(false);
    thread.start();
    return thread;
  }

  /**
   * Returns the operator's access to the job control plane: {@code
   * getOperatorContext().getOptionalContext(ControlPlaneContext.class)}. On streams-window every
   * operator has one, whose control variables live in the operator instance (docs/porting.md,
   * "Control plane").
   *
   * @return the control plane context, or null where the runtime has none
   */
  protected ControlPlaneContext getControlPlaneContext() {
    return getOperatorContext().getOptionalContext(ControlPlaneContext.class);
  }

  /**
   * Attaches tag data to the operator, through the processing element.
   *
   * @param tagName the tag
   * @param tagValues the values
   */
  @Override
  public void setTagData(String tagName, Map<String, String> tagValues) {
    getOperatorContext().getPE().setTagData(tagName, tagValues);
  }
}
