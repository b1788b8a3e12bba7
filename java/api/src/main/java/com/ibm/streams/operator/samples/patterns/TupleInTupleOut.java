package com.ibm.streams.operator.samples.patterns;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPortSet.WindowPunctuationOutputMode;
import com.ibm.streams.operator.model.OutputPorts;

/**
 * One tuple in, at most one out, on output port 0: {@link #filter} decides whether a tuple goes on,
 * {@link #transform} fills in the output tuple and decides whether it is sent. Window markers pass
 * through ({@code AbstractOperator} forwards them).
 *
 * <pre>{@code
 * public class Upper extends TupleInTupleOut {
 *   protected boolean filter(StreamingInput<Tuple> port, Tuple tuple) {
 *     return !tuple.getString("text").isEmpty();
 *   }
 *   protected boolean transform(StreamingInput<Tuple> port, Tuple in, OutputTuple out) {
 *     out.setString("text", in.getString("text").toUpperCase(Locale.ROOT));
 *     return true;
 *   }
 * }
 * }</pre>
 */
@InputPorts(@InputPortSet)
@OutputPorts(
    @OutputPortSet(
        cardinality = 1,
        windowPunctuationOutputMode = WindowPunctuationOutputMode.Preserving))
public abstract class TupleInTupleOut extends AbstractOperator {

  /** Makes the operator. */
  public TupleInTupleOut() {}

  /** Initializes the operator. */
  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
  }

  /**
   * Returns the schema of output port 0.
   *
   * @return the schema
   */
  public final StreamSchema getOutputSchema() {
    return getOutput().getStreamSchema();
  }

  /**
   * Returns output port 0.
   *
   * @return the port
   */
  public final StreamingOutput<OutputTuple> getOutput() {
    return getOutput(0);
  }

  /**
   * Passes the tuple through {@link #filter}, then {@link #transform}, and submits the output tuple
   * when both say yes.
   */
  @Override
  public final void process(StreamingInput<Tuple> inputStream, Tuple tuple) throws Exception {
    if (!filter(inputStream, tuple)) {
      return;
    }
    StreamingOutput<OutputTuple> output = getOutput();
    OutputTuple out = output.newTuple();
    if (transform(inputStream, tuple, out)) {
      output.submit(out);
    }
  }

  /**
   * Whether a tuple goes on to {@link #transform}; every tuple does by default.
   *
   * @param inputStream the port it came on
   * @param tuple the tuple
   * @return true to transform it
   */
  protected boolean filter(StreamingInput<Tuple> inputStream, Tuple tuple) {
    return true;
  }

  /**
   * Fills in the output tuple from the input tuple.
   *
   * @param inputStream the port the tuple came on
   * @param tuple the input tuple
   * @param outTuple a new tuple of output port 0
   * @return true to submit {@code outTuple}
   * @throws Exception what the subclass throws
   */
  protected abstract boolean transform(
      StreamingInput<Tuple> inputStream, Tuple tuple, OutputTuple outTuple) throws Exception;
}
