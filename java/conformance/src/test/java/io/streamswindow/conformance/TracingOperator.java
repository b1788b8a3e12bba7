package io.streamswindow.conformance;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.WindowUtilities;
import java.util.ArrayList;
import java.util.List;

/**
 * The operator the conformance scenarios run: it records, in one {@link Trace}, every window event
 * its listener receives and every {@code process} / {@code processPunctuation} call, so the trace
 * shows that a tuple's window events come before its {@code process} call.
 *
 * <p>Scenario options reach it as operator parameters, the way any operator is configured through
 * IBM's harness: {@code partitionBy} (attribute names for {@code
 * WindowUtilities.registerAttributePartitioner}), {@code removeOnInsertion}, {@code
 * evictPartitionsDuringInsertion}, {@code traceStateHandler} and {@code evictPartitionsOnDrain}
 * (see {@link ListenerBehaviour}). This class uses a plain recording listener; {@link
 * StatefulTracingOperator} a {@code StatefulWindowListener}, {@link SortedTracingOperator} a {@code
 * SortedTupleWindow}.
 *
 * <p>With several input ports (a scenario's {@code "ports"}), every windowed port gets a recording
 * listener, a partitioned one the {@code partitionBy} partitioner, and every event and
 * operator-call line starts with its port, {@code port 1: INSERTION 0 [A]}, {@code port 1: process
 * A}.
 *
 * <p>Scenarios of one input port declare no output port. Where the operator has one (the Spark
 * path's runner, {@code io.streamswindow.spark.SparkScenarioRunner}, which runs it by class name,
 * one instance per key and micro-batch), it also submits every trace line, as it is recorded, on
 * output port 0 as a one-string tuple: the trace comes back as the rows of the call.
 */
public class TracingOperator extends AbstractOperator {
  private final Trace trace = new Trace();
  private final List<String> partitionBy = new ArrayList<>();
  private final List<String> removeOnInsertion = new ArrayList<>();
  private boolean evictPartitionsDuringInsertion;
  private boolean traceStateHandler;
  private boolean evictPartitionsOnDrain;

  /** The line start of each input port: empty with one port, {@code port N: } with several. */
  private final List<String> prefixes = new ArrayList<>();

  @Parameter(optional = true, description = "Attributes to partition the window by.")
  public void setPartitionBy(List<String> attributes) {
    partitionBy.addAll(attributes);
  }

  @Parameter(optional = true, description = "Ids of tuples to drop with Iterator.remove().")
  public void setRemoveOnInsertion(List<String> ids) {
    removeOnInsertion.addAll(ids);
  }

  @Parameter(optional = true, description = "Evict partitions during INSERTION while needed.")
  public void setEvictPartitionsDuringInsertion(boolean evict) {
    evictPartitionsDuringInsertion = evict;
  }

  @Parameter(optional = true, description = "Register a StateHandler that traces its calls.")
  public void setTraceStateHandler(boolean trace) {
    traceStateHandler = trace;
  }

  @Parameter(optional = true, description = "That StateHandler evicts all partitions on drain.")
  public void setEvictPartitionsOnDrain(boolean evict) {
    evictPartitionsOnDrain = evict;
  }

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    if (context.getNumberOfStreamingOutputs() > 0) {
      StreamingOutput<OutputTuple> output = getOutput(0);
      trace.echoTo(line -> submitLine(output, line));
    }
    int ports = context.getNumberOfStreamingInputs();
    for (int port = 0; port < ports; port++) {
      prefixes.add(ports == 1 ? "" : Trace.portPrefix(port));
    }
    ListenerActions actions =
        new ListenerActions(removeOnInsertion, evictPartitionsDuringInsertion);
    if (ports == 1) {
      StreamWindow<Tuple> window = window();
      if (!partitionBy.isEmpty()) {
        WindowUtilities.registerAttributePartitioner(window, partitionBy.toArray(new String[0]));
      }
      listenTo(window, trace, actions);
    } else {
      listenToEveryPort(actions);
    }
    StreamWindow<Tuple> window = window();
    if (traceStateHandler) {
      context.registerStateHandler(new TracingStateHandler(window, trace, evictPartitionsOnDrain));
    }
  }

  /**
   * Several input ports: each windowed port gets a recording listener whose lines name the port,
   * and a partitioned one the {@code partitionBy} partitioner. The stateful and sorted listeners
   * report one window only, so their operators take one port.
   */
  private void listenToEveryPort(ListenerActions actions) {
    if (getClass() != TracingOperator.class) {
      throw new IllegalStateException(
          getClass().getSimpleName() + " traces one input port; several take the recording one");
    }
    for (int port = 0; port < prefixes.size(); port++) {
      StreamWindow<Tuple> window = getInput(port).getStreamWindow();
      if (window.getType() == StreamWindow.Type.NOT_WINDOWED) {
        continue;
      }
      if (window.isPartitioned() && !partitionBy.isEmpty()) {
        WindowUtilities.registerAttributePartitioner(window, partitionBy.toArray(new String[0]));
      }
      window.registerListener(
          new RecordingListener(window, trace, actions, prefixes.get(port)), false);
    }
  }

  private static void submitLine(StreamingOutput<OutputTuple> output, String line) {
    OutputTuple tuple = output.newTuple();
    tuple.setString(0, line);
    try {
      output.submit(tuple);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("could not submit the trace line \"" + line + "\"", e);
    }
  }

  /** Registers this operator's kind of listener on the window. */
  void listenTo(StreamWindow<Tuple> window, Trace trace, ListenerActions actions) {
    window.registerListener(new RecordingListener(window, trace, actions), false);
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) {
    trace.add(prefixes.get(port.getPortNumber()) + "process " + Trace.id(tuple));
  }

  @Override
  public void processPunctuation(StreamingInput<Tuple> port, Punctuation mark) {
    trace.add(prefixes.get(port.getPortNumber()) + "punct " + mark);
  }

  /** The window of input port 0. */
  StreamWindow<Tuple> window() {
    return getInput(0).getStreamWindow();
  }

  /** The trace this operator records into. */
  Trace trace() {
    return trace;
  }

  /** The listener's bookkeeping of a partition; only a stateful listener keeps any. */
  String bookkeeping(Object partition) {
    throw new UnsupportedOperationException(
        "the recording listener keeps no bookkeeping; use \"listener\": {\"type\": \"stateful\"}");
  }
}
