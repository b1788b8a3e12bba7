package io.streamswindow.spark.setters;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;

/** Sets its first output attribute by position, whatever it is named. */
public class SetsByPosition extends AbstractOperator {
  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    OutputTuple out = getOutput(0).newTuple();
    out.setDouble(0, 1.0);
    getOutput(0).submit(out);
  }
}
