package com.ibm.streams.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.fakes.FakeContext;
import com.ibm.streams.operator.fakes.Fakes;
import com.ibm.streams.operator.fakes.RecordingOutput;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AbstractOperatorTest {

  static class Plain extends AbstractOperator {}

  private final FakeContext context = new FakeContext();
  private final RecordingOutput first = new RecordingOutput();
  private final RecordingOutput second = new RecordingOutput();
  private final StreamingInput<Tuple> input = Fakes.of(StreamingInput.class, new Object());

  AbstractOperatorTest() {
    context.inputs.add(input);
    context.outputs.add(first.port());
    context.outputs.add(second.port());
  }

  @Test
  void initializeStoresTheContextAndPortsComeFromIt() throws Exception {
    Plain operator = new Plain();
    assertNull(operator.getOperatorContext());
    operator.initialize(context.context());
    assertSame(context.context(), operator.getOperatorContext());
    assertSame(input, operator.getInput(0));
    assertSame(second.port(), operator.getOutput(1));
    assertThrows(IndexOutOfBoundsException.class, () -> operator.getOutput(2));
  }

  @Test
  void windowMarkersAreForwardedToEveryOutput() throws Exception {
    Plain operator = new Plain();
    operator.initialize(context.context());
    operator.processPunctuation(input, Punctuation.WINDOW_MARKER);
    assertEquals(List.of(Punctuation.WINDOW_MARKER), first.items);
    assertEquals(List.of(Punctuation.WINDOW_MARKER), second.items);
  }

  @Test
  void finalMarkersAreLeftToTheRuntime() throws Exception {
    Plain operator = new Plain();
    operator.initialize(context.context());
    operator.processPunctuation(input, Punctuation.FINAL_MARKER);
    assertTrue(first.items.isEmpty());
  }

  @Test
  void tuplesAreIgnoredByDefault() throws Exception {
    Plain operator = new Plain();
    operator.initialize(context.context());
    operator.allPortsReady();
    operator.process(input, null);
    operator.shutdown();
    assertTrue(first.items.isEmpty());
  }

  @Test
  void checkPortsComparesTheNumbersOfPorts() throws Exception {
    Plain operator = new Plain();
    operator.initialize(context.context());
    operator.checkPorts(1, 2);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> operator.checkPorts(1, 1));
    assertTrue(e.getMessage().contains("1 input and 2 output"), e.getMessage());
  }

  @Test
  void avoidCompletionThreadRunsUntilInterrupted() throws Exception {
    ThreadFactory factory = Executors.defaultThreadFactory();
    OperatorContext withThreads =
        Fakes.of(
            OperatorContext.class,
            new Object() {
              public ThreadFactory getThreadFactory() {
                return factory;
              }
            });
    Thread thread = AbstractOperator.createAvoidCompletionThread(withThreads);
    assertTrue(thread.isAlive());
    assertTrue(!thread.isDaemon());
    thread.interrupt();
    thread.join(TimeUnit.SECONDS.toMillis(10));
    assertTrue(!thread.isAlive());
  }

  @Test
  void noAvoidCompletionThreadWhenThereAreInputs() throws Exception {
    Plain operator = new Plain();
    operator.initialize(context.context());
    assertNull(operator.createAvoidCompletionThreadIfNoInputs());
  }
}
