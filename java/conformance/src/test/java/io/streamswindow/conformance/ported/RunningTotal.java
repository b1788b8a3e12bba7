package io.streamswindow.conformance.ported;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPortSet.WindowMode;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * A ported operator with state of its own: on every tumble it submits {@code (tumbleSum, total)},
 * where {@code total} is the running total of {@code value} over all tumbles so far.
 *
 * <p>The window's contents are persisted by the runtime; the total is not, so the operator is a
 * {@link StateHandler} that writes it to each checkpoint and reads it back on reset, as a
 * consistent-region operator on IBM Streams does.
 */
@PrimitiveOperator(name = "RunningTotal", namespace = "ported")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class RunningTotal extends AbstractWindowOperator implements StateHandler {
  private double total;
  private int checkpoints;
  private int resets;

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    context.registerStateHandler(this);
    final StreamingOutput<OutputTuple> out = getOutput(0);
    getInput(0)
        .getStreamWindow()
        .registerListener(
            new StreamWindowListener<Tuple>() {
              @Override
              public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
                if (event.getType() == StreamWindowEvent.Type.EVICTION) {
                  double tumbleSum = 0;
                  for (Tuple t : event.getTuples()) {
                    tumbleSum += t.getDouble("value");
                  }
                  total += tumbleSum;
                  out.submitAsTuple(tumbleSum, total);
                  out.punctuate(Punctuation.WINDOW_MARKER);
                }
              }
            },
            false);
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    checkpoint.getOutputStream().writeDouble(total);
    checkpoints++;
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    total = checkpoint.getInputStream().readDouble();
    resets++;
  }

  @Override
  public void resetToInitialState() throws Exception {
    total = 0;
    resets++;
  }

  @Override
  public void drain() throws Exception {}

  @Override
  public void retireCheckpoint(long id) throws Exception {}

  @Override
  public void close() {}

  /** The running total as the operator holds it now. */
  public double getTotal() {
    return total;
  }

  /** How many times {@link #checkpoint} ran. */
  public int getCheckpointCount() {
    return checkpoints;
  }

  /** How many times {@link #reset} or {@link #resetToInitialState} ran. */
  public int getResetCount() {
    return resets;
  }
}
