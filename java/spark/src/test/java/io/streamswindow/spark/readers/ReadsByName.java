package io.streamswindow.spark.readers;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;

/**
 * Reads "threshold" in initialize and "label" only per tuple. In a package of its own: the names a
 * test class holds must not count as this operator's code.
 */
public class ReadsByName extends AbstractOperator {
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    context.getParameterValues("threshold");
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) {
    getOperatorContext().getParameterValues("label");
  }
}
