package io.streamswindow.spark.setters;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;

/** A sink: reads its tuples and submits none, so its output_schema sets nothing. */
public class SubmitsNothing extends AbstractOperator {
  private double sum;

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    sum += tuple.getDouble("v");
  }
}
