package com.ibm.streams.operator.fakes;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.state.StateHandler;
import java.util.ArrayList;
import java.util.List;

/** An operator context with given ports that records the state handlers registered with it. */
public final class FakeContext {

  /** The input ports. */
  public final List<StreamingInput<Tuple>> inputs = new ArrayList<>();

  /** The output ports. */
  public final List<StreamingOutput<OutputTuple>> outputs = new ArrayList<>();

  /** The state handlers registered, in order. */
  public final List<StateHandler> stateHandlers = new ArrayList<>();

  private final OperatorContext context = Fakes.of(OperatorContext.class, this);

  /** Returns the context. */
  public OperatorContext context() {
    return context;
  }

  public String getName() {
    return "op";
  }

  public List<StreamingInput<Tuple>> getStreamingInputs() {
    return inputs;
  }

  public List<StreamingOutput<OutputTuple>> getStreamingOutputs() {
    return outputs;
  }

  public int getNumberOfStreamingInputs() {
    return inputs.size();
  }

  public int getNumberOfStreamingOutputs() {
    return outputs.size();
  }

  public void registerStateHandler(StateHandler handler) {
    stateHandlers.add(handler);
  }
}
