package io.streamswindow.spark.setters;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;

/** Sets its output by {@code assign()} alone: it names no attribute. */
public class AssignsOnly extends AbstractOperator {
  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    OutputTuple out = getOutput(0).newTuple();
    out.assign(tuple);
    getOutput(0).submit(out);
  }
}
