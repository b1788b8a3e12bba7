package com.ibm.streams.operator.samples.patterns;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.samples.state.Counter;
import com.ibm.streams.operator.state.ConsistentRegionContext;
import com.ibm.streams.operator.state.DelegateStateHandler;

/**
 * A polling source that submits at most one tuple per poll on output port 0: {@link
 * #fetchSingleTuple(OutputTuple)} fills it in and says whether to send it. With the {@code
 * iterations} parameter, after that many tuples the operator sends a window marker and a final
 * marker and stops polling. The count of tuples sent is state (a {@link Counter}), so a restart
 * from a checkpoint carries on from where it was.
 *
 * <pre>{@code
 * public class Clock extends PollingSingleTupleProducer {
 *   protected boolean fetchSingleTuple(OutputTuple tuple) {
 *     tuple.setLong("millis", System.currentTimeMillis());
 *     return true;
 *   }
 * }
 * // params: iterations = 10, period = 0.5: ten tuples, one each half second, then FINAL
 * }</pre>
 */
public abstract class PollingSingleTupleProducer extends PollingTupleProducer {
  /** The number of tuples to send; -1 for no end. */
  private int iterations = -1;

  private Counter sent;

  /** Makes the operator; it sends tuples until it is shut down. */
  public PollingSingleTupleProducer() {}

  /** Initializes the operator and registers the count of tuples sent as state. */
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    sent = new Counter();
    context.registerStateHandler(getStateHandler(sent));
  }

  /**
   * Returns the state handler that keeps the count of tuples sent: by default one that delegates to
   * it.
   *
   * @param counter the count
   * @return the handler to register
   */
  protected DelegateStateHandler<Counter> getStateHandler(Counter counter) {
    return new DelegateStateHandler<>(counter);
  }

  /**
   * Sets how many tuples to send, from the {@code iterations} parameter.
   *
   * @param iterations the number of tuples; 0 or less for no end
   */
  @Parameter(
      optional = true,
      description =
          "The number of tuples to submit. Negative value or zero means continually fetch and"
              + " submit tuples.")
  public final synchronized void setIterations(int iterations) {
    // Zero is no end too, as the parameter's description says.
    this.iterations = iterations <= 0 ? -1 : iterations;
  }

  /**
   * Asks {@link #fetchSingleTuple(OutputTuple)} for one tuple and sends it; after the last of the
   * {@code iterations}, sends a window marker and calls {@link #completedTuples()}.
   */
  @Override
  protected synchronized void fetchTuples() throws Exception {
    if (iterations != -1 && sent.getCount() >= iterations) {
      return;
    }
    StreamingOutput<OutputTuple> output = getOutput(0);
    OutputTuple tuple = output.newTuple();
    if (!fetchSingleTuple(tuple)) {
      return;
    }
    output.submit(tuple);
    if (iterations != -1 && sent.increment() == iterations) {
      output.punctuate(Punctuation.WINDOW_MARKER);
      completedTuples();
    }
  }

  /**
   * Ends the source after its last tuple: sends a final marker and stops polling. In a consistent
   * region it waits instead for the region to be consistent ({@code makeConsistent()}), and keeps
   * polling when that fails, since the count was then reset.
   *
   * @throws Exception what a subclass throws
   */
  protected void completedTuples() throws Exception {
    ConsistentRegionContext region =
        getOperatorContext().getOptionalContext(ConsistentRegionContext.class);
    if (region != null) {
      if (!region.makeConsistent()) {
        return;
      }
    } else {
      getOutput(0).punctuate(Punctuation.FINAL_MARKER);
    }
    complete();
  }

  /**
   * Fills in one tuple.
   *
   * @param tuple the tuple to fill in
   * @return true to send it (it then counts against {@code iterations}), false to send nothing
   * @throws Exception what the subclass throws
   */
  protected abstract boolean fetchSingleTuple(OutputTuple tuple) throws Exception;
}
