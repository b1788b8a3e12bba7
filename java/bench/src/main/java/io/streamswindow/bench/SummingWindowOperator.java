package io.streamswindow.bench;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * An operator written as IBM Streams users write one: a listener on input port 0's window keeps a
 * running sum of attribute 0 (adds on INSERTION, subtracts on EVICTION) and submits it as a new
 * output tuple on each tumble (tumbling windows) or trigger (sliding windows). Its own work per
 * tuple is constant, so what a benchmark measures beyond it is the path around the window.
 *
 * <pre>{@code
 * OperatorInvocation<SummingWindowOperator> op = tester.singleOp(SummingWindowOperator.class);
 * op.addInput("tuple<float64 value>").tumbling().evictCount(1000);
 * op.addOutput("tuple<float64 total>");
 * }</pre>
 */
public class SummingWindowOperator extends AbstractOperator implements StreamWindowListener<Tuple> {
  private StreamingOutput<OutputTuple> out;
  private boolean tumbling;
  private double sum;

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    out = getOutput(0);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    tumbling = window.getType() == StreamWindow.Type.TUMBLING;
    window.registerListener(this, false);
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    switch (event.getType()) {
      case INSERTION:
        for (Tuple t : event.getTuples()) {
          sum += t.getDouble(0);
        }
        break;
      case EVICTION:
        if (tumbling) {
          submit(sum);
          sum = 0;
        } else {
          for (Tuple t : event.getTuples()) {
            sum -= t.getDouble(0);
          }
        }
        break;
      case TRIGGER:
        submit(sum);
        break;
      default:
        break;
    }
  }

  private void submit(double total) throws Exception {
    OutputTuple tuple = out.newTuple();
    tuple.setDouble(0, total);
    out.submit(tuple);
  }
}
