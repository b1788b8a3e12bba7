package io.streamswindow.examples;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * Sums one attribute over the windows of every input port, each port's window declared on its own,
 * as readings of one kind from several sources are summed per source: on every tumble (tumbling
 * windows) or trigger (sliding windows) of port {@code p}'s window it submits one tuple, and for a
 * tumbling window also one for the tuples left in it at the port's final marker (FINAL, which comes
 * without a tumble). An output attribute {@code port} (an {@code int32} or {@code int64}) receives
 * {@code p}, {@code total} the sum and {@code count} the number of tuples; every other output
 * attribute is copied from the window's last tuple. A port without a window adds nothing.
 *
 * <p>Written as an IBM Streams Java operator, against IBM's API only. Example (PySpark): port 0
 * sums every two readings, port 1 every second of processing time, on a stream:
 *
 * <pre>{@code
 * sw.run_operator(meters, "io.streamswindow.examples.PortWindowSums",
 *                 window="partitioned, tumbling, count(2)", partition_by="key",
 *                 inputs=[gauges], input_windows=["partitioned, tumbling, time(1)"],
 *                 params={"attr": "cost"},
 *                 output_schema="key string, port int, total double, count long")
 * }</pre>
 */
@PrimitiveOperator(
    name = "PortWindowSums",
    description = "Sums an attribute over each window of every input port")
@InputPorts(
    @InputPortSet(cardinality = -1, windowingMode = InputPortSet.WindowMode.OptionallyWindowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class PortWindowSums extends AbstractWindowOperator {
  private String attr;

  /** The attribute to sum, on every port. */
  @Parameter(name = "attr", optional = false, description = "The numeric attribute to sum")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    StreamingOutput<OutputTuple> out = getOutput(0);
    for (StreamingInput<Tuple> input : context.getStreamingInputs()) {
      StreamWindow<Tuple> window = input.getStreamWindow();
      if (window.getType() == StreamWindow.Type.NOT_WINDOWED) {
        continue;
      }
      int port = input.getPortNumber();
      boolean tumbling = window.getType() == StreamWindow.Type.TUMBLING;
      window.registerListener(
          new StreamWindowListener<Tuple>() {
            @Override
            public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
              StreamWindowEvent.Type type = event.getType();
              if (tumbling
                  ? type == StreamWindowEvent.Type.EVICTION || type == StreamWindowEvent.Type.FINAL
                  : type == StreamWindowEvent.Type.TRIGGER) {
                submitSum(out, port, event.getTuples());
              }
            }
          },
          false);
    }
  }

  private void submitSum(StreamingOutput<OutputTuple> out, int port, Iterable<Tuple> tuples)
      throws Exception {
    double total = 0;
    long count = 0;
    Tuple last = null;
    for (Tuple t : tuples) {
      total += t.getDouble(attr);
      count++;
      last = t;
    }
    if (last == null) {
      return; // an empty tumble: nothing to sum
    }
    OutputTuple result = out.newTuple();
    result.assign(last);
    Attribute portAttribute = result.getStreamSchema().getAttribute("port");
    if (portAttribute != null) {
      if (portAttribute.getType().getMetaType() == MetaType.INT64) {
        result.setLong("port", port);
      } else {
        result.setInt("port", port);
      }
    }
    if (result.getStreamSchema().getAttribute("total") != null) {
      result.setDouble("total", total);
    }
    if (result.getStreamSchema().getAttribute("count") != null) {
      result.setLong("count", count);
    }
    out.submit(result);
  }
}
