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
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.io.Serializable;

/**
 * A two-port enricher: input port 0 carries reference updates into a window partitioned by the
 * attribute {@code key} (usually {@code partitioned, sliding, count(1)}: the latest update of each
 * key), input port 1 carries events, not windowed. Each event that finds a reference tuple for its
 * key in port 0's window is submitted with the reference tuple's attributes and then its own (an
 * attribute both have takes the event's value); an event whose key has none yet is dropped, as an
 * inner join drops it.
 *
 * <p>The latest reference tuple of each partition is kept with IBM's {@link
 * StatefulWindowListener}, so it is saved and restored with the window. Example (PySpark):
 *
 * <pre>{@code
 * sw.run_operator(prices, "io.streamswindow.examples.LatestValueEnricher",
 *                 window="partitioned, sliding, count(1)", partition_by="item",
 *                 inputs=[orders], params={"key": "item"},
 *                 output_schema="item string, order_id long, qty long, price double")
 * }</pre>
 */
@PrimitiveOperator(
    name = "LatestValueEnricher",
    description = "Events joined with the latest reference")
@InputPorts({
  @InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed),
  @InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.NonWindowed)
})
@OutputPorts(@OutputPortSet(cardinality = 1))
public class LatestValueEnricher extends AbstractOperator {
  private String key;
  private Latest latest;

  /** The attribute both ports key by; port 0's window is partitioned by it. */
  @Parameter(name = "key", optional = false, description = "The attribute both ports key by")
  public void setKey(String key) {
    this.key = key;
  }

  /** A partition's latest reference tuple. Serializable, so the runtime can checkpoint it. */
  static final class Reference implements Serializable {
    private static final long serialVersionUID = 1L;
    Tuple tuple;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    // Keyed by the attribute's value, so an event of port 1 finds its partition by the same value.
    window.registerPartitioner(tuple -> tuple.getObject(key));
    latest = new Latest(window);
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    if (port.getPortNumber() == 0) {
      return; // the window's INSERTION keeps the reference
    }
    Tuple reference = latest.of(tuple.getObject(key));
    if (reference == null) {
      return;
    }
    StreamingOutput<OutputTuple> out = getOutput(0);
    OutputTuple joined = out.newTuple();
    joined.assign(reference);
    joined.assign(tuple);
    out.submit(joined);
  }

  /** Keeps each partition's latest reference tuple as window events arrive. */
  private static final class Latest extends StatefulWindowListener<Reference, Tuple> {
    Latest(StreamWindow<Tuple> window) {
      super(window);
    }

    @Override
    protected Reference getInitializedState(Object partition, Reference previous) {
      return new Reference();
    }

    /** The latest reference tuple of the partition {@code partition}, or null. */
    Tuple of(Object partition) {
      return getPartitionState(partition).tuple;
    }

    @Override
    public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
      Reference reference = getPartitionState(event.getPartition());
      switch (event.getType()) {
        case INSERTION:
          for (Tuple t : event.getTuples()) {
            reference.tuple = t;
          }
          break;
        case EVICTION:
          for (Tuple t : event.getTuples()) {
            if (t == reference.tuple) {
              reference.tuple = null; // gone from the window: no longer a reference
            }
          }
          break;
        default:
          break;
      }
    }
  }
}
