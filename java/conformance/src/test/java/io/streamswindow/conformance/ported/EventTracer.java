package io.streamswindow.conformance.ported;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPortSet.WindowMode;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import com.ibm.streams.operator.window.WindowUtilities;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.StringJoiner;
import org.apache.log4j.Logger;

/**
 * A ported operator: traces everything that reaches it, window events and the operator calls that
 * follow them, through the log4j 1.x API that IBM Streams operators use, and also keeps the trace
 * for tests to read.
 *
 * <p>Each window event becomes {@code "TYPE partition [labels]"}, where labels are the values of
 * the {@code label} attribute of the event's tuples in order; {@code process} becomes {@code
 * "process label"} and {@code processPunctuation} becomes {@code "punctuation MARK"}. With the
 * optional {@code partitionBy} parameter the window is partitioned by that attribute.
 */
@PrimitiveOperator(name = "EventTracer", namespace = "ported")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed))
public class EventTracer extends AbstractOperator {
  private static final Logger TRACE = Logger.getLogger(EventTracer.class.getName());

  private final List<String> trace = Collections.synchronizedList(new ArrayList<>());
  private String label = "id";
  private String partitionBy;

  /** The attribute that names a tuple in the trace; {@code id} when not set. */
  @Parameter(optional = true)
  public void setLabel(String label) {
    this.label = label;
  }

  /** The attribute to partition the window by; the window must be declared partitioned. */
  @Parameter(optional = true)
  public void setPartitionBy(String partitionBy) {
    this.partitionBy = partitionBy;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    if (partitionBy != null) {
      WindowUtilities.registerAttributePartitioner(window, partitionBy);
    }
    window.registerListener(
        new StreamWindowListener<Tuple>() {
          @Override
          public void handleEvent(StreamWindowEvent<Tuple> event) {
            StringJoiner labels = new StringJoiner(",", "[", "]");
            for (Tuple t : event.getTuples()) {
              labels.add(String.valueOf(t.getObject(label)));
            }
            record(event.getType() + " " + event.getPartition() + " " + labels);
          }
        },
        false);
    TRACE.info(context.getName() + ": tracing a " + window.getType() + " window");
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) {
    record("process " + tuple.getObject(label));
  }

  @Override
  public void processPunctuation(StreamingInput<Tuple> port, Punctuation mark) {
    record("punctuation " + mark);
  }

  private void record(String line) {
    if (TRACE.isDebugEnabled()) {
      TRACE.debug(line);
    }
    trace.add(line);
  }

  /** Everything traced so far, in order. */
  public List<String> getTrace() {
    synchronized (trace) {
      return new ArrayList<>(trace);
    }
  }

  /** Returns what was traced so far and forgets it, so a test can check one step at a time. */
  public List<String> takeTrace() {
    synchronized (trace) {
      List<String> taken = new ArrayList<>(trace);
      trace.clear();
      return taken;
    }
  }
}
