package com.ibm.streams.operator.window;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.fakes.FakeContext;
import com.ibm.streams.operator.fakes.FakeSchema;
import com.ibm.streams.operator.fakes.FakeWindow;
import com.ibm.streams.operator.fakes.RecordingOutput;
import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

class AbstractWindowOperatorTest {

  private final FakeSchema schema = FakeSchema.of("int32 n");
  private final FakeContext context = new FakeContext();
  private final RecordingOutput output = new RecordingOutput();

  AbstractWindowOperatorTest() {
    context.outputs.add(output.port());
  }

  private StreamingInput<Tuple> port(StreamWindow.Type type) {
    return new FakeWindow(type, schema.schema()).getInputPort();
  }

  @Test
  void refusesAnOperatorWithoutInputs() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> new AbstractWindowOperator().initialize(context.context()));
    assertTrue(e.getMessage().contains("no input"), e.getMessage());
  }

  @Test
  void refusesAnInputThatIsNotWindowed() {
    context.inputs.add(port(StreamWindow.Type.TUMBLING));
    context.inputs.add(port(StreamWindow.Type.NOT_WINDOWED));
    assertThrows(
        IllegalStateException.class,
        () -> new AbstractWindowOperator().initialize(context.context()));
  }

  @Test
  void acceptsWindowedInputsAndForwardsNoMarkers() throws Exception {
    StreamingInput<Tuple> input = port(StreamWindow.Type.SLIDING);
    context.inputs.add(input);
    AbstractWindowOperator operator = new AbstractWindowOperator();
    operator.initialize(context.context());
    operator.process(input, schema.tuple(1));
    operator.processPunctuation(input, Punctuation.WINDOW_MARKER);
    assertTrue(output.items.isEmpty());
  }

  @Test
  void processIsFinal() throws Exception {
    assertTrue(
        Modifier.isFinal(
            AbstractWindowOperator.class
                .getMethod("process", StreamingInput.class, Tuple.class)
                .getModifiers()));
  }
}
