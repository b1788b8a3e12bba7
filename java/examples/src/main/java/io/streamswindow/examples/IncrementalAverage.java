package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.io.Serializable;

/**
 * A moving average over a sliding window kept incrementally per partition with IBM's {@link
 * StatefulWindowListener}: add on INSERTION, subtract on EVICTION, submit on TRIGGER once the
 * partition has been full ({@code seenInitialFull}), as SPL's Aggregate does.
 *
 * <p>Output attributes: {@code average} and {@code count}; others are copied from the last tuple.
 */
public class IncrementalAverage extends AbstractOperator {
  private String attr;

  /** The attribute to average. */
  @Parameter(name = "attr", optional = false)
  public void setAttr(String attr) {
    this.attr = attr;
  }

  /** The running sum of one partition. Serializable, so the runtime can checkpoint it. */
  static final class Stats implements Serializable {
    private static final long serialVersionUID = 1L;
    double sum;
    long count;
    Tuple last;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    StreamingOutput<OutputTuple> out = getOutput(0);
    new StatefulWindowListener<Stats, Tuple>(getInput(0).getStreamWindow()) {
      @Override
      protected Stats getInitializedState(Object partition, Stats previous) {
        return new Stats();
      }

      @Override
      protected boolean supportsWindow() {
        return getWindow().getType() == StreamWindow.Type.SLIDING;
      }

      @Override
      public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
        Stats stats = getPartitionState(event.getPartition());
        switch (event.getType()) {
          case INSERTION:
            for (Tuple t : event.getTuples()) {
              stats.sum += t.getDouble(attr);
              stats.count++;
              stats.last = t;
            }
            break;
          case EVICTION:
            for (Tuple t : event.getTuples()) {
              stats.sum -= t.getDouble(attr);
              stats.count--;
            }
            break;
          case TRIGGER:
            if (seenInitialFull(event.getPartition()) && stats.count > 0) {
              OutputTuple result = out.newTuple();
              result.assign(stats.last);
              result.setDouble("average", stats.sum / stats.count);
              result.setLong("count", stats.count);
              out.submit(result);
            }
            break;
          default:
            break;
        }
      }
    };
  }
}
