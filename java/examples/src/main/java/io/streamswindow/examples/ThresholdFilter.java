package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.metrics.Metric;
import java.util.List;

/**
 * Passes on each tuple whose attribute {@code attr} is at least {@code threshold} (default 0): a
 * class written for SPL's {@code JavaOp}, without {@code @PrimitiveOperator}, that reads its
 * parameters from its context. It reads {@code attr} and {@code threshold} in {@code initialize},
 * and the optional {@code label} only when a tuple passes, setting the output attribute {@code
 * label} to it when the output has one.
 *
 * <p>It keeps two custom metrics, as operators on Streams do: the counter {@code nFilteredOut} (the
 * tuples held back) and the gauge {@code highestSeen} (the largest {@code attr} value so far,
 * rounded down). On Spark they show in a streaming query's progress with the port metrics
 * (docs/python.md, "Monitoring").
 */
public class ThresholdFilter extends AbstractOperator {
  private String attr;
  private double threshold;
  private Metric filteredOut;
  private Metric highestSeen;

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    attr = onlyValue(context, "attr", null);
    threshold = Double.parseDouble(onlyValue(context, "threshold", "0"));
    filteredOut =
        context
            .getMetrics()
            .createCustomMetric("nFilteredOut", "Tuples below the threshold", Metric.Kind.COUNTER);
    highestSeen =
        context
            .getMetrics()
            .createCustomMetric(
                "highestSeen", "The largest value seen, rounded down", Metric.Kind.GAUGE);
    highestSeen.setValue(Long.MIN_VALUE);
  }

  /** The one value of a parameter; {@code absent} when it is not set, required when null. */
  private static String onlyValue(OperatorContext context, String name, String absent) {
    List<String> values = context.getParameterValues(name);
    if (values.isEmpty() && absent != null) {
      return absent;
    }
    if (values.size() != 1) {
      throw new IllegalArgumentException(
          "ThresholdFilter needs one value of parameter " + name + ", got " + values);
    }
    return values.get(0);
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    double value = tuple.getDouble(attr);
    if ((long) Math.floor(value) > highestSeen.getValue()) {
      highestSeen.setValue((long) Math.floor(value));
    }
    if (value < threshold) {
      filteredOut.increment();
      return;
    }
    StreamingOutput<OutputTuple> out = getOutput(0);
    OutputTuple passed = out.newTuple();
    passed.assign(tuple);
    List<String> label = getOperatorContext().getParameterValues("label");
    if (!label.isEmpty() && out.getStreamSchema().getAttribute("label") != null) {
      passed.setString("label", label.get(0));
    }
    out.submit(passed);
  }
}
