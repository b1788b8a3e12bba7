package io.streamswindow.spark.setters;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;

/** Copies its input and sets {@code total} and {@code count} by name. */
public class SetsByName extends AbstractOperator {
  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    OutputTuple out = getOutput(0).newTuple();
    out.assign(tuple);
    out.setDouble("total", 1.0);
    out.setLong("count", 1L);
    getOutput(0).submit(out);
  }
}
