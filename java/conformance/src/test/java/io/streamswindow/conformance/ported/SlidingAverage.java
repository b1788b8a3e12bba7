package io.streamswindow.conformance.ported;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPortSet.WindowMode;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.WindowUtilities;

/**
 * A ported operator: the moving average of {@code value} per partition over a partitioned sliding
 * window with count eviction, submitted as {@code (key, average, size)} on every trigger once the
 * partition's window has been full.
 *
 * <p>The average is kept incrementally by a {@link StatefulWindowListener} (add on INSERTION,
 * subtract on EVICTION), so a trigger costs nothing however large the window. The partition key
 * attribute is a parameter, registered with {@link WindowUtilities#registerAttributePartitioner}.
 */
@PrimitiveOperator(name = "SlidingAverage", namespace = "ported")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class SlidingAverage extends AbstractWindowOperator {
  private String partitionBy;

  /** The attribute whose value partitions the window (rstring or an integer type). */
  @Parameter(optional = false, description = "The partition key attribute.")
  public void setPartitionBy(String partitionBy) {
    this.partitionBy = partitionBy;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    WindowUtilities.registerAttributePartitioner(window, partitionBy);
    // The listener registers itself on the window and as the operator's state handler.
    new MovingAverage(window, getOutput(0));
  }

  /** The per-partition running sum and count behind the moving average. */
  static final class MovingAverage extends StatefulWindowListener<double[], Tuple> {
    private static final int SUM = 0;
    private static final int COUNT = 1;

    private final StreamingOutput<OutputTuple> out;

    MovingAverage(StreamWindow<Tuple> window, StreamingOutput<OutputTuple> out) {
      super(window);
      this.out = out;
    }

    /** Only sliding windows whose size is a tuple count: the average needs EVICTION per tuple. */
    @Override
    protected boolean supportsWindow() {
      return getWindow().getType() == StreamWindow.Type.SLIDING
          && getWindow().getEvictionPolicy() == StreamWindow.Policy.COUNT;
    }

    @Override
    protected double[] getInitializedState(Object partition, double[] state) {
      return new double[2];
    }

    @Override
    public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
      Object partition = event.getPartition();
      double[] state = getPartitionState(partition);
      switch (event.getType()) {
        case INSERTION:
          for (Tuple t : event.getTuples()) {
            state[SUM] += t.getDouble("value");
            state[COUNT]++;
          }
          break;
        case EVICTION:
          for (Tuple t : event.getTuples()) {
            state[SUM] -= t.getDouble("value");
            state[COUNT]--;
          }
          break;
        case TRIGGER:
          if (seenInitialFull(partition)) {
            OutputTuple result = out.newTuple();
            // toString(): the key is a String here and an RString on IBM's runtime.
            result.setString("key", partition.toString());
            result.setDouble("average", state[SUM] / state[COUNT]);
            result.setInt("size", (int) state[COUNT]);
            out.submit(result);
          }
          break;
        default:
          break;
      }
    }
  }
}
