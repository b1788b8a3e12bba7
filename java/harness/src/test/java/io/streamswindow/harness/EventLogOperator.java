package io.streamswindow.harness;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A test operator that logs every window event and every tuple and mark it processes (tuples by
 * their first attribute), and copies each processed tuple to output port 0 when it has one.
 */
public class EventLogOperator extends AbstractOperator {
  public final List<String> log = Collections.synchronizedList(new ArrayList<>());

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
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
      tuples.add(String.valueOf(tuple.getObject(0)));
    }
    log.add(event.getType().name() + tuples);
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    log.add("process(" + tuple.getObject(0) + ")");
    if (getOperatorContext().getNumberOfStreamingOutputs() > 0) {
      getOutput(0).submit(tuple);
    }
  }

  @Override
  public void processPunctuation(StreamingInput<Tuple> port, Punctuation mark) throws Exception {
    log.add("punct(" + mark + ")");
    super.processPunctuation(port, mark);
  }
}
