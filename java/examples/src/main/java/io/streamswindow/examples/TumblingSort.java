package io.streamswindow.examples;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.sort.TumblingWindowSort;
import java.util.ArrayList;
import java.util.List;

/**
 * Sorts each tumble of its tumbling window and submits the tuples in that order, then a window
 * marker, with IBM's {@link TumblingWindowSort}. Without {@code sortAttributes} the tuples are
 * ordered by every attribute whose Java type is {@code Comparable}, lower index first (an {@code
 * rstring} is not one); tuples that compare equal come out in the order IBM's sorting listener
 * gives them. The output port has the input's attributes.
 *
 * <p>Written exactly as an IBM Streams Java operator, against IBM's API only. Example (PySpark):
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.TumblingSort", window="tumbling, count(4)",
 *                 order_by="seq", output_schema="k int, seq long, id string")
 * }</pre>
 */
@PrimitiveOperator(name = "TumblingSort", description = "Sorts each tumble of a tumbling window")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class TumblingSort extends AbstractWindowOperator {
  private final List<String> sortAttributes = new ArrayList<>();
  private boolean flushOnFinal;

  /** The attributes to sort on, most significant first; none: every comparable attribute. */
  @Parameter(optional = true, description = "The attributes to sort on, most significant first")
  public void setSortAttributes(List<String> names) {
    sortAttributes.addAll(names);
  }

  /** Whether the tuples still in the window at the final punctuation are submitted, sorted. */
  @Parameter(optional = true, description = "Submit the window's remaining tuples at the end")
  public void setFlushOnFinal(boolean flushOnFinal) {
    this.flushOnFinal = flushOnFinal;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    new TumblingWindowSort(window, true, sortAttributes, getOutput(0), flushOnFinal);
  }
}
