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
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import java.util.ArrayList;
import java.util.List;

/**
 * A ported operator configured entirely by parameters: on each tumble it counts the tuples whose
 * {@code attribute} is above {@code threshold} (or equal to it when {@code inclusive}) and, when at
 * least {@code minimumCount} are, submits {@code (label, tumble, count, tags)}. Tumbles are
 * numbered from {@code firstTumble}; {@code tags} are joined with {@code |}.
 *
 * <p>Covers each kind of {@code @Parameter} setter an IBM operator declares: String, double, int,
 * boolean, long and {@code List<String>}.
 */
@PrimitiveOperator(name = "ThresholdCounter", namespace = "ported")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class ThresholdCounter extends AbstractWindowOperator {
  private String attribute;
  private double threshold;
  private int minimumCount = 1;
  private boolean inclusive;
  private long firstTumble;
  private String label = "above";
  private List<String> tags = new ArrayList<>();

  private List<String> thresholdAsSeenByContext;

  @Parameter(optional = false, description = "The float64 attribute compared with the threshold.")
  public void setAttribute(String attribute) {
    this.attribute = attribute;
  }

  @Parameter(optional = false, description = "The value a tuple's attribute must exceed.")
  public void setThreshold(double threshold) {
    this.threshold = threshold;
  }

  @Parameter(optional = true, description = "Tumbles with fewer matching tuples submit nothing.")
  public void setMinimumCount(int minimumCount) {
    this.minimumCount = minimumCount;
  }

  @Parameter(optional = true, description = "Whether a value equal to the threshold matches.")
  public void setInclusive(boolean inclusive) {
    this.inclusive = inclusive;
  }

  @Parameter(optional = true, description = "The number of the first tumble.")
  public void setFirstTumble(long firstTumble) {
    this.firstTumble = firstTumble;
  }

  @Parameter(optional = true, description = "The label of every output tuple.")
  public void setLabel(String label) {
    this.label = label;
  }

  @Parameter(optional = true, cardinality = -1, description = "Tags copied to every output tuple.")
  public void setTags(List<String> tags) {
    this.tags = new ArrayList<>(tags);
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    thresholdAsSeenByContext = context.getParameterValues("threshold");
    final StreamingOutput<OutputTuple> out = getOutput(0);
    getInput(0)
        .getStreamWindow()
        .registerListener(
            new StreamWindowListener<Tuple>() {
              private long tumble = firstTumble;

              @Override
              public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
                if (event.getType() != StreamWindowEvent.Type.EVICTION) {
                  return;
                }
                int count = 0;
                for (Tuple t : event.getTuples()) {
                  double v = t.getDouble(attribute);
                  if (v > threshold || (inclusive && v == threshold)) {
                    count++;
                  }
                }
                if (count >= minimumCount) {
                  OutputTuple result = out.newTuple();
                  result.setString("label", label);
                  result.setLong("tumble", tumble);
                  result.setInt("count", count);
                  result.setString("tags", String.join("|", tags));
                  out.submit(result);
                }
                tumble++;
              }
            },
            false);
  }

  /** What {@code OperatorContext.getParameterValues("threshold")} returned in initialize. */
  public List<String> getThresholdAsSeenByContext() {
    return thresholdAsSeenByContext;
  }
}
