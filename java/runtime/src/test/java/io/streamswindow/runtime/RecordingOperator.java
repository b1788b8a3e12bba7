package io.streamswindow.runtime;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.PERuntime;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * A test operator that records, in one log, every window event of every windowed input port and
 * every call the host makes, so tests can assert their order. Tuples are shown by their first
 * attribute.
 */
public class RecordingOperator extends AbstractOperator {
  public final List<String> log = new ArrayList<>();

  /** The context PERuntime reported during the last process call. */
  public OperatorContext currentDuringProcess;

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    log.add("initialize");
    for (StreamingInput<Tuple> port : context.getStreamingInputs()) {
      StreamWindow<Tuple> window = port.getStreamWindow();
      if (window.getType() != StreamWindow.Type.NOT_WINDOWED) {
        window.registerListener(this::record, false);
      }
    }
  }

  private void record(StreamWindowEvent<Tuple> event) {
    List<String> tuples = new ArrayList<>();
    for (Tuple tuple : event.getTuples()) {
      tuples.add(show(tuple));
    }
    log.add(event.getType().name() + tuples);
  }

  static String show(Tuple tuple) {
    return String.valueOf(tuple.getObject(0));
  }

  @Override
  public void allPortsReady() {
    log.add("allPortsReady");
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    currentDuringProcess = PERuntime.getCurrentContext();
    log.add("process" + port.getPortNumber() + "(" + show(tuple) + ")");
  }

  @Override
  public void processPunctuation(StreamingInput<Tuple> port, Punctuation mark) throws Exception {
    log.add("punct" + port.getPortNumber() + "(" + mark + ")");
  }

  @Override
  public void shutdown() {
    log.add("shutdown");
  }

  /** The log without the lifecycle entries. */
  public List<String> events() {
    List<String> events = new ArrayList<>(log);
    events.removeAll(List.of("initialize", "allPortsReady", "shutdown"));
    return events;
  }
}
