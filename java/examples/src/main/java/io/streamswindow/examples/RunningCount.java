package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
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

/**
 * An enricher on a port without a window: passes every tuple on with the number of tuples its
 * instance has seen so far (1, 2, ...) in the output attribute {@code running_count}, and, when a
 * parameter {@code attr} names a numeric attribute, their running sum in {@code running_sum}. Both
 * are the operator's own {@link StateHandler} state, which the runtime saves and restores, so a
 * restart continues the numbers instead of starting again at 1. On Spark, with {@code
 * partition_by}, each key has its own instance and so its own numbers (docs/python.md, "Operators
 * without a window"). Example (PySpark):
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.RunningCount", window=None,
 *                 partition_by="k", order_by="seq", params={"attr": "v"},
 *                 output_schema="k string, seq long, v double, running_count long, running_sum double")
 * }</pre>
 */
@PrimitiveOperator(name = "RunningCount", description = "Numbers and sums tuples as they pass")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.NonWindowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class RunningCount extends AbstractOperator implements StateHandler {
  private String attr;
  private long count;
  private double sum;

  /** The numeric attribute whose running sum goes to {@code running_sum}; none when not set. */
  @Parameter(name = "attr", optional = true, description = "The numeric attribute to sum")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    context.registerStateHandler(this);
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    count++;
    if (attr != null) {
      sum += tuple.getDouble(attr);
    }
    StreamingOutput<OutputTuple> out = getOutput(0);
    OutputTuple enriched = out.newTuple();
    enriched.assign(tuple);
    enriched.setLong("running_count", count);
    if (attr != null && out.getStreamSchema().getAttribute("running_sum") != null) {
      enriched.setDouble("running_sum", sum);
    }
    out.submit(enriched);
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    checkpoint.getOutputStream().writeLong(count);
    checkpoint.getOutputStream().writeDouble(sum);
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    count = checkpoint.getInputStream().readLong();
    sum = checkpoint.getInputStream().readDouble();
  }

  @Override
  public void resetToInitialState() throws Exception {
    count = 0;
    sum = 0;
  }

  @Override
  public void drain() throws Exception {}

  @Override
  public void retireCheckpoint(long id) throws Exception {}

  @Override
  public void close() {}
}
