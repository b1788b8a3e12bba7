package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies each tuple, setting each {@code rstring} output attribute named like a parameter to that
 * parameter's first value. It lists its parameters ({@code getParameterNames()}) rather than
 * reading known names, so it takes a parameter of any name, as SPL's {@code JavaOp} passes every
 * parameter on.
 */
public class ParameterColumns extends AbstractOperator {
  private final Map<String, String> values = new LinkedHashMap<>();

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    for (String name : context.getParameterNames()) {
      List<String> given = context.getParameterValues(name);
      if (!given.isEmpty()) {
        values.put(name, given.get(0));
      }
    }
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    StreamingOutput<OutputTuple> out = getOutput(0);
    OutputTuple copy = out.newTuple();
    copy.assign(tuple);
    values.forEach(
        (name, value) -> {
          if (out.getStreamSchema().getAttribute(name) != null) {
            copy.setString(name, value);
          }
        });
    out.submit(copy);
  }
}
