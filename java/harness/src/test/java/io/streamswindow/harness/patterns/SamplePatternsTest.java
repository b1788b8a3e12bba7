package io.streamswindow.harness.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.declare.OutputPortDeclaration;
import com.ibm.streams.flow.handlers.StreamCollector;
import com.ibm.streams.flow.handlers.StreamCounter;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.flow.javaprimitives.JavaTestableGraph;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.samples.patterns.PollingSingleTupleProducer;
import com.ibm.streams.operator.samples.patterns.ProcessTupleProducer;
import com.ibm.streams.operator.samples.patterns.TupleConsumer;
import com.ibm.streams.operator.samples.patterns.TupleInTupleOut;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** IBM's operator patterns run unchanged in the harness, with the runtime's threads. */
class SamplePatternsTest {
  private static final String NUMBERS = "tuple<int32 n>";

  private final JavaOperatorTester tester = new JavaOperatorTester();

  /** Counts down from 5 on its own thread, then ends its stream. */
  public static class Countdown extends ProcessTupleProducer {
    static volatile String threadName;

    @Override
    protected void process() throws Exception {
      threadName = Thread.currentThread().getName();
      StreamingOutput<OutputTuple> out = getOutput(0);
      for (int n = 5; n > 0; n--) {
        out.submitAsTuple(n);
      }
      out.punctuate(Punctuation.FINAL_MARKER);
    }
  }

  @Test
  void aProcessTupleProducerRunsProcessOnItsOwnThreadAndCompletesWhenItReturns() throws Exception {
    OperatorInvocation<Countdown> source = tester.singleOp(Countdown.class);
    OutputPortDeclaration out = source.addOutput(NUMBERS);
    JavaTestableGraph graph = tester.tester(source);
    StreamCollector<LinkedList<Tuple>, Tuple> collected = StreamCollector.newLinkedListCollector();
    graph.registerStreamHandler(out, collected);

    assertSame(graph, graph.executeToCompletion());

    assertEquals(List.of(5, 4, 3, 2, 1), ints(collected.getTuples()));
    assertTrue(Countdown.threadName.contains("-thread-"), Countdown.threadName);
  }

  /** Sends 1, 2, 3, ... one per poll. */
  public static class Ticker extends PollingSingleTupleProducer {
    int next;

    @Override
    protected boolean fetchSingleTuple(OutputTuple tuple) {
      tuple.setInt("n", ++next);
      return true;
    }
  }

  @Test
  void aPollingSingleTupleProducerSendsItsIterationsThenAWindowAndAFinalMarker() throws Exception {
    OperatorInvocation<Ticker> source =
        tester
            .singleOp(Ticker.class)
            .setIntParameter("iterations", 4)
            .setDoubleParameter("period", 0.005);
    OutputPortDeclaration out = source.addOutput(NUMBERS);
    JavaTestableGraph graph = tester.tester(source);
    StreamCollector<LinkedList<Tuple>, Tuple> collected = StreamCollector.newLinkedListCollector();
    StreamCounter<Tuple> marks = new StreamCounter<>();
    graph.registerStreamHandler(out, collected);
    graph.registerStreamHandler(out, marks);

    assertSame(graph, graph.executeToCompletion());

    assertEquals(List.of(1, 2, 3, 4), ints(collected.getTuples()));
    assertEquals(1, marks.getMarkCount(Punctuation.WINDOW_MARKER));
    assertEquals(1, marks.getMarkCount(Punctuation.FINAL_MARKER));
    Ticker ticker = graph.getOperatorInstance(source);
    assertEquals(5, ticker.getPollFrequency()); // period 0.005 s, kept to the millisecond
    assertEquals(TimeUnit.MILLISECONDS, ticker.getPollFrequencyUnit());
  }

  /** Records each batch it is given; with keepLast, leaves the last tuple of a batch for later. */
  public static class BatchRecorder extends TupleConsumer {
    final List<List<Integer>> batches = new ArrayList<>();
    boolean keepLast;

    /** When set, the first batch waits for it after recording its tuples. */
    volatile CountDownLatch holdFirst;

    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      setBatchSize(3);
    }

    @Override
    protected boolean processBatch(Queue<BatchedTuple> batch) {
      List<Integer> seen = new ArrayList<>();
      while (batch.size() > (keepLast ? 1 : 0)) {
        seen.add(batch.poll().getTuple().getInt("n"));
      }
      boolean first;
      synchronized (batches) {
        batches.add(seen);
        first = batches.size() == 1;
      }
      if (first && holdFirst != null) {
        try {
          holdFirst.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return keepLast;
    }
  }

  @Test
  void aTupleConsumerProcessesFullBatchesInOrderAndTheRestAtTheFinalMarker() throws Exception {
    OperatorInvocation<BatchRecorder> sink = tester.singleOp(BatchRecorder.class);
    InputPortDeclaration in = sink.addInput(NUMBERS);
    JavaTestableGraph graph = tester.tester(sink);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    for (int n = 1; n <= 7; n++) {
      input.submitAsTuple(n);
    }
    input.punctuate(Punctuation.FINAL_MARKER); // returns once every tuple has been processed

    BatchRecorder recorder = graph.getOperatorInstance(sink);
    List<Integer> all = new ArrayList<>();
    synchronized (recorder.batches) {
      recorder.batches.forEach(all::addAll);
      // the third tuple fills the first batch; later ones may gather while a batch runs
      assertEquals(List.of(1, 2, 3), recorder.batches.get(0));
    }
    assertEquals(List.of(1, 2, 3, 4, 5, 6, 7), all);
    graph.shutdown().get();
  }

  @Test
  void leftoversOfABatchGoBeforeTheTuplesThatCameSince() throws Exception {
    OperatorInvocation<BatchRecorder> sink = tester.singleOp(BatchRecorder.class);
    InputPortDeclaration in = sink.addInput(NUMBERS);
    JavaTestableGraph graph = tester.tester(sink);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get();
    BatchRecorder recorder = graph.getOperatorInstance(sink);
    recorder.keepLast = true;
    recorder.holdFirst = new CountDownLatch(1);
    graph.allPortsReady().get();
    for (int n = 1; n <= 3; n++) {
      input.submitAsTuple(n);
    }
    awaitBatches(recorder, 1);
    for (int n = 4; n <= 6; n++) {
      input.submitAsTuple(n); // order preserved: they wait while the first batch runs
    }
    recorder.holdFirst.countDown();
    awaitBatches(recorder, 2);
    synchronized (recorder.batches) {
      assertEquals(List.of(1, 2), recorder.batches.get(0));
      // 3 was left over: it comes before 4, 5 and 6; 6 is left over in turn
      assertEquals(List.of(3, 4, 5), recorder.batches.get(1));
    }
    graph.shutdown().get();
  }

  private static void awaitBatches(BatchRecorder recorder, int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      synchronized (recorder.batches) {
        if (recorder.batches.size() >= count) {
          return;
        }
      }
      Thread.sleep(1); // the batches run on the operator's scheduler threads
    }
    throw new AssertionError("fewer than " + count + " batches: " + recorder.batches);
  }

  /** Passes on the even numbers, doubled. */
  public static class DoubleEvens extends TupleInTupleOut {
    @Override
    protected boolean filter(StreamingInput<Tuple> port, Tuple tuple) {
      return tuple.getInt("n") % 2 == 0;
    }

    @Override
    protected boolean transform(StreamingInput<Tuple> port, Tuple tuple, OutputTuple out) {
      out.setInt("n", tuple.getInt("n") * 2);
      return tuple.getInt("n") != 4; // 4 passes the filter but is not sent
    }
  }

  @Test
  void aTupleInTupleOutFiltersTransformsAndForwardsWindowMarkers() throws Exception {
    OperatorInvocation<DoubleEvens> op = tester.singleOp(DoubleEvens.class);
    InputPortDeclaration in = op.addInput(NUMBERS);
    OutputPortDeclaration out = op.addOutput(NUMBERS);
    JavaTestableGraph graph = tester.tester(op);
    StreamCollector<LinkedList<Tuple>, Tuple> collected = StreamCollector.newLinkedListCollector();
    StreamCounter<Tuple> marks = new StreamCounter<>();
    graph.registerStreamHandler(out, collected);
    graph.registerStreamHandler(out, marks);
    StreamingOutput<OutputTuple> input = graph.getInputTester(in);
    graph.initialize().get().allPortsReady().get();
    for (int n = 1; n <= 6; n++) {
      input.submitAsTuple(n);
    }
    input.punctuate(Punctuation.WINDOW_MARKER);

    assertEquals(List.of(4, 12), ints(collected.getTuples()));
    assertEquals(1, marks.getMarkCount(Punctuation.WINDOW_MARKER));
    assertEquals(NUMBERS, graph.getOperatorInstance(op).getOutputSchema().getLanguageType());
    graph.shutdown().get();
  }

  private static List<Integer> ints(List<Tuple> tuples) {
    return tuples.stream().map(t -> t.getInt("n")).toList();
  }
}
