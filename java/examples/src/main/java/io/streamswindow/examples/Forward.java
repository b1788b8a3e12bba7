package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;

/**
 * Submits each tuple it receives as it is: every output attribute is set by {@code assign()}, which
 * copies an input attribute of the same name and SPL type and leaves the others at their defaults.
 * The smallest operator whose output depends on its input's SPL types (docs/python.md, "SPL types
 * of columns"):
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.Forward", window=None,
 *                 output_schema="key string, v double")  # v a double column, or spl_types
 * }</pre>
 */
public class Forward extends AbstractOperator {
  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    StreamingOutput<OutputTuple> out = getOutput(0);
    OutputTuple copy = out.newTuple();
    copy.assign(tuple);
    out.submit(copy);
  }
}
