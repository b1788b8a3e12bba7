package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * An operator with two output ports: port 0 gets the sum of an attribute over each tumble of the
 * window, port 1 each tuple whose value is above a limit, as it arrives. So one window, two
 * streams, as a Streams application splits sums and alerts.
 *
 * <p>On both ports, output attributes are copied from the input tuple (the window's last one for a
 * sum); an output attribute named {@code total} on port 0 receives the sum. Written as an IBM
 * Streams Java operator, against IBM's API only. Example (PySpark):
 *
 * <pre>{@code
 * result = sw.run_operator(df, "io.streamswindow.examples.SumAndOutliers",
 *     window="partitioned, tumbling, count(3)", partition_by="key", order_by="seq",
 *     params={"attr": "cost", "limit": 10.0},
 *     output_schema=["key string, total double", "key string, seq long, cost double"])
 * sums, outliers = sw.output_port(result, 0), sw.output_port(result, 1)
 * }</pre>
 */
@PrimitiveOperator(
    name = "SumAndOutliers",
    description = "Sums an attribute over each tumble (port 0) and passes outliers on (port 1)")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed))
@OutputPorts({@OutputPortSet(cardinality = 1), @OutputPortSet(cardinality = 1)})
public class SumAndOutliers extends AbstractOperator {
  private String attr;
  private double limit;

  /** The attribute to sum and to compare with the limit. */
  @Parameter(name = "attr", optional = false, description = "The numeric attribute")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  /** Tuples whose attribute is above it also go out on port 1. */
  @Parameter(name = "limit", optional = false, description = "The outlier limit")
  public void setLimit(double limit) {
    this.limit = limit;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    StreamingOutput<OutputTuple> sums = getOutput(0);
    getInput(0)
        .getStreamWindow()
        .registerListener(
            new StreamWindowListener<Tuple>() {
              @Override
              public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
                if (event.getType() == StreamWindowEvent.Type.EVICTION) {
                  submitSum(sums, event.getTuples());
                }
              }
            },
            false);
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    // The window has received the tuple before process is called, so the sum of a tumble the
    // tuple completes goes out on port 0 before the tuple itself, if an outlier, on port 1.
    if (tuple.getDouble(attr) > limit) {
      StreamingOutput<OutputTuple> outliers = getOutput(1);
      OutputTuple out = outliers.newTuple();
      out.assign(tuple);
      outliers.submit(out);
    }
  }

  private void submitSum(StreamingOutput<OutputTuple> out, Iterable<Tuple> tuples)
      throws Exception {
    double total = 0;
    Tuple last = null;
    for (Tuple t : tuples) {
      total += t.getDouble(attr);
      last = t;
    }
    if (last != null) {
      OutputTuple result = out.newTuple();
      result.assign(last);
      if (result.getStreamSchema().getAttribute("total") != null) {
        result.setDouble("total", total);
      }
      out.submit(result);
    }
    out.punctuate(Punctuation.WINDOW_MARKER);
  }
}
