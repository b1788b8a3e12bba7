package com.ibm.streams.operator.window;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import java.util.List;

/**
 * A base for operators that work only through window events: every input port must be windowed,
 * {@link #process} does nothing (tuples reach the operator through its window listeners), and
 * window punctuation marks are not forwarded.
 *
 * <pre>{@code
 * public class Sorter extends AbstractWindowOperator {
 *   public void initialize(OperatorContext context) throws Exception {
 *     super.initialize(context);
 *     new TumblingWindowSort(
 *         getInput(0).getStreamWindow(), true, List.of("v"), getOutput(0), true);
 *   }
 * }
 * }</pre>
 */
public class AbstractWindowOperator extends AbstractOperator {

  /** Creates the operator. */
  public AbstractWindowOperator() {}

  /**
   * Stores the context and checks that every input port is windowed.
   *
   * @param context the operator's context
   * @throws IllegalStateException when the operator has no input port or a port is not windowed
   * @throws Exception from subclasses
   */
  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    List<StreamingInput<Tuple>> inputs = context.getStreamingInputs();
    if (inputs.isEmpty()) {
      throw new IllegalStateException(
          getClass().getName() + " is a window operator but has no input port");
    }
    for (StreamingInput<Tuple> input : inputs) {
      if (input.getStreamWindow().getType() == StreamWindow.Type.NOT_WINDOWED) {
        throw new IllegalStateException(
            getClass().getName()
                + " is a window operator but input port "
                + input.getPortNumber()
                + " ("
                + input.getName()
                + ") is not windowed");
      }
    }
  }

  /**
   * Does nothing: tuples are handled through window events.
   *
   * @param port the input port
   * @param tuple the tuple
   */
  @Override
  public final void process(StreamingInput<Tuple> port, Tuple tuple) {}

  /**
   * Does nothing: window marks are not forwarded, since the window listeners produce the output and
   * its marks.
   *
   * @param port the input port
   * @param mark the mark
   * @throws Exception from subclasses
   */
  @Override
  public void processPunctuation(StreamingInput<Tuple> port, StreamingData.Punctuation mark)
      throws Exception {}
}
