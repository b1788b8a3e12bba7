package io.streamswindow.spark.setters;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.spark.setters.elsewhere.TupleFiller;

/** Hands its output tuples to code of another package, which may set any attribute. */
public class HandsOnItsTuples extends AbstractOperator {
  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    OutputTuple out = getOutput(0).newTuple();
    TupleFiller.fill(out);
    getOutput(0).submit(out);
  }
}
