package io.streamswindow.examples;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
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
import java.util.ArrayList;
import java.util.List;

/**
 * Sums one attribute over each window, as SPL's {@code VSUM = Aggregate(V)} example does: on every
 * tumble (tumbling windows) or trigger (sliding windows) it submits one tuple, then a window
 * marker. Output attributes named {@code total} and {@code count} receive the sum and the number of
 * tuples; every other output attribute is copied from the window's last tuple.
 *
 * <p>Written exactly as an IBM Streams Java operator, against IBM's API only. Example (PySpark):
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.WindowSum", window="tumbling, count(4)",
 *                 params={"attr": "cost"}, output_schema="total double, count long")
 * }</pre>
 */
@PrimitiveOperator(name = "WindowSum", description = "Sums an attribute over each window")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class WindowSum extends AbstractWindowOperator {
  private String attr;

  /** The attribute to sum. */
  @Parameter(name = "attr", optional = false, description = "The numeric attribute to sum")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    requireInputAttribute(getInput(0).getStreamSchema(), attr);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    boolean tumbling = window.getType() == StreamWindow.Type.TUMBLING;
    StreamingOutput<OutputTuple> out = getOutput(0);
    window.registerListener(
        new StreamWindowListener<Tuple>() {
          @Override
          public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
            StreamWindowEvent.Type type = event.getType();
            if ((tumbling && type == StreamWindowEvent.Type.EVICTION)
                || (!tumbling && type == StreamWindowEvent.Type.TRIGGER)) {
              submitSum(out, event.getTuples());
            }
          }
        },
        false);
  }

  /**
   * Checks in {@code initialize} that the parameter names an input attribute, so that a typo is
   * reported when the operator starts (on Spark: when the plan is built, by the dry run) rather
   * than at the first tuple.
   */
  private static void requireInputAttribute(StreamSchema schema, String name) {
    if (schema.getAttribute(name) != null) {
      return;
    }
    List<String> names = new ArrayList<>(schema.getAttributeNames());
    String hint = "";
    for (String candidate : names) {
      if (candidate.equalsIgnoreCase(name)) {
        hint = " ('" + candidate + "' differs only in case)";
      }
    }
    throw new IllegalArgumentException(
        "Parameter attr names '"
            + name
            + "', which is not an input attribute"
            + hint
            + "; the input attributes are: "
            + String.join(", ", names));
  }

  private void submitSum(StreamingOutput<OutputTuple> out, Iterable<Tuple> tuples)
      throws Exception {
    double total = 0;
    long count = 0;
    Tuple last = null;
    for (Tuple t : tuples) {
      total += t.getDouble(attr);
      count++;
      last = t;
    }
    if (last != null) {
      OutputTuple result = out.newTuple();
      result.assign(last);
      if (result.getStreamSchema().getAttribute("total") != null) {
        result.setDouble("total", total);
      }
      if (result.getStreamSchema().getAttribute("count") != null) {
        result.setLong("count", count);
      }
      out.submit(result);
    }
    out.punctuate(Punctuation.WINDOW_MARKER);
  }
}
