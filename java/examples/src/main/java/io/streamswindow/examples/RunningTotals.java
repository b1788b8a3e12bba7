package io.streamswindow.examples;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import java.io.IOException;

/**
 * Sums an attribute over each window, and keeps across windows a window number and a running total
 * as its own {@link StateHandler} state, which the runtime saves beside the windows. On every
 * tumble (tumbling windows) or trigger (sliding windows) it submits one tuple: attributes named
 * {@code window_no}, {@code count}, {@code total} and {@code running} receive the window's number
 * (1, 2, ... per operator instance, so per key on Spark), its tuple count, its sum and the running
 * total; every other output attribute is copied from the window's last tuple.
 *
 * <p>A restart that loses or repeats a window shows in the numbers, which is what the reliability
 * tests read (docs/reliability.md). The parameter {@code stateFormat} is the version of the data
 * its checkpoint holds; {@code reset} refuses data of another version, as an operator whose saved
 * state changed shape does. Example (PySpark):
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.RunningTotals",
 *                 window="partitioned, tumbling, count(4)", partition_by=["k"],
 *                 params={"attr": "v"},
 *                 output_schema="k string, window_no long, count long, total double, running double")
 * }</pre>
 */
@PrimitiveOperator(name = "RunningTotals", description = "Window sums with a running total")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class RunningTotals extends AbstractWindowOperator implements StateHandler {
  private String attr;
  private int stateFormat = 1;
  private Double failOn;
  private long windows;
  private double running;

  /** The numeric attribute to sum. */
  @Parameter(name = "attr", optional = false, description = "The numeric attribute to sum")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  /** The version of the state this operator writes and reads (default 1). */
  @Parameter(name = "stateFormat", optional = true, description = "Version of the saved state")
  public void setStateFormat(int stateFormat) {
    this.stateFormat = stateFormat;
  }

  /** A value of {@code attr} on which the operator throws: how a bad row shows to users. */
  @Parameter(name = "failOn", optional = true, description = "A value that makes it throw")
  public void setFailOn(double failOn) {
    this.failOn = failOn;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    context.registerStateHandler(this);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    boolean tumbling = window.getType() == StreamWindow.Type.TUMBLING;
    StreamingOutput<OutputTuple> out = getOutput(0);
    window.registerListener(
        new StreamWindowListener<Tuple>() {
          @Override
          public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
            StreamWindowEvent.Type type = event.getType();
            if (type == StreamWindowEvent.Type.INSERTION) {
              refuse(event.getTuples());
            }
            if ((tumbling && type == StreamWindowEvent.Type.EVICTION)
                || (!tumbling && type == StreamWindowEvent.Type.TRIGGER)) {
              submit(out, event.getTuples());
            }
          }
        },
        false);
  }

  private void refuse(Iterable<Tuple> tuples) {
    for (Tuple t : tuples) {
      if (failOn != null && t.getDouble(attr) == failOn) {
        throw new IllegalArgumentException(
            "RunningTotals refuses " + attr + " = " + failOn + " as configured (failOn)");
      }
    }
  }

  private void submit(StreamingOutput<OutputTuple> out, Iterable<Tuple> tuples) throws Exception {
    double total = 0;
    long count = 0;
    Tuple last = null;
    for (Tuple t : tuples) {
      total += t.getDouble(attr);
      count++;
      last = t;
    }
    if (last == null) {
      return;
    }
    windows++;
    running += total;
    OutputTuple result = out.newTuple();
    result.assign(last);
    set(result, "window_no", windows);
    set(result, "count", count);
    if (result.getStreamSchema().getAttribute("total") != null) {
      result.setDouble("total", total);
    }
    if (result.getStreamSchema().getAttribute("running") != null) {
      result.setDouble("running", running);
    }
    out.submit(result);
    out.punctuate(Punctuation.WINDOW_MARKER);
  }

  private static void set(OutputTuple result, String name, long value) {
    if (result.getStreamSchema().getAttribute(name) != null) {
      result.setLong(name, value);
    }
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    checkpoint.getOutputStream().writeInt(stateFormat);
    checkpoint.getOutputStream().writeLong(windows);
    checkpoint.getOutputStream().writeDouble(running);
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    int saved = checkpoint.getInputStream().readInt();
    if (saved != stateFormat) {
      throw new IOException(
          "RunningTotals saved its state in format "
              + saved
              + "; this configuration reads format "
              + stateFormat);
    }
    windows = checkpoint.getInputStream().readLong();
    running = checkpoint.getInputStream().readDouble();
  }

  @Override
  public void resetToInitialState() throws Exception {
    windows = 0;
    running = 0;
  }

  @Override
  public void drain() throws Exception {}

  @Override
  public void retireCheckpoint(long id) throws Exception {}

  @Override
  public void close() {}
}
