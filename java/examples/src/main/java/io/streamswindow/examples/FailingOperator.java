package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.Parameter;

/** An operator that throws on its N-th tuple: shows how a failing operator surfaces to users. */
public class FailingOperator extends AbstractOperator {
  private int failAt = 1;
  private int seen;

  /** Which tuple (1-based) makes the operator throw. */
  @Parameter(name = "failAt", optional = true)
  public void setFailAt(int failAt) {
    this.failAt = failAt;
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    if (++seen >= failAt) {
      throw new IllegalStateException("FailingOperator fails on tuple " + seen + " as configured");
    }
  }
}
