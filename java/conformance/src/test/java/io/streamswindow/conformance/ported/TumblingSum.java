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
import com.ibm.streams.operator.model.OutputPortSet.WindowPunctuationOutputMode;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * A ported operator: sums one float64 attribute over each tumble of its tumbling window and submits
 * {@code (sum, count)} followed by a window marker. An empty tumble (possible with a {@code
 * punct()} window) submits only the marker.
 *
 * <p>Written the way an IBM Streams developer would: an {@link AbstractWindowOperator} whose
 * listener is registered in {@code initialize}, configured by an {@code @Parameter} setter.
 */
@PrimitiveOperator(name = "TumblingSum", namespace = "ported")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed))
@OutputPorts(
    @OutputPortSet(
        cardinality = 1,
        windowPunctuationOutputMode = WindowPunctuationOutputMode.Generating))
public class TumblingSum extends AbstractWindowOperator {
  private String attribute = "value";

  /** The float64 attribute to sum; {@code value} when not set. */
  @Parameter(optional = true, description = "The float64 attribute to sum.")
  public void setAttribute(String attribute) {
    this.attribute = attribute;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    final StreamingOutput<OutputTuple> out = getOutput(0);
    getInput(0)
        .getStreamWindow()
        .registerListener(
            new StreamWindowListener<Tuple>() {
              @Override
              public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
                if (event.getType() != StreamWindowEvent.Type.EVICTION) {
                  return;
                }
                double sum = 0;
                int count = 0;
                for (Tuple tuple : event.getTuples()) {
                  sum += tuple.getDouble(attribute);
                  count++;
                }
                if (count != 0) {
                  OutputTuple result = out.newTuple();
                  result.setDouble("sum", sum);
                  result.setInt("count", count);
                  out.submit(result);
                }
                out.punctuate(Punctuation.WINDOW_MARKER);
              }
            },
            false);
  }
}
