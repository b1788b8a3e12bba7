package io.streamswindow.runtime;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.EngineWindow;
import io.streamswindow.engine.TimeDomain;
import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.engine.TupleCodec;
import io.streamswindow.engine.WindowSpec;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The windows of a host's input ports, one per port: an {@link EngineWindow} for a windowed port, a
 * {@link NotWindowedStreamWindow} otherwise. It applies host-level requests (tuples, marks, time in
 * either {@link TimeDomain}, checkpoints) to the right windows; the host serialises every call.
 */
final class PortWindows {
  private final List<EngineWindow<Tuple>> windows =
      new ArrayList<>(); // null for a port without one
  private final List<TupleCodec<Tuple>> codecs = new ArrayList<>(); // null likewise

  /** The only window when one port has a window and no other does, else null. */
  private final EngineWindow<Tuple> sole;

  /** Creates each port's window and attaches it to the port. */
  PortWindows(
      List<HostInputPort> ports, List<WindowSpec> specs, OperatorContext context, Clock clock) {
    for (int i = 0; i < ports.size(); i++) {
      HostInputPort port = ports.get(i);
      WindowSpec spec = specs.get(i);
      if (spec.type() == StreamWindow.Type.NOT_WINDOWED) {
        port.attachWindow(new NotWindowedStreamWindow<>(port, context));
        windows.add(null);
        codecs.add(null);
        continue;
      }
      StreamSchema schema = port.getStreamSchema();
      EngineWindow<Tuple> window =
          EngineWindow.create(spec, port, context, clock, SchemaSupport.deltaResolver(schema));
      port.attachWindow(window);
      windows.add(window);
      codecs.add(SchemaSupport.codec(schema));
    }
    EngineWindow<Tuple> only = null;
    int present = 0;
    for (EngineWindow<Tuple> window : windows) {
      if (window != null) {
        only = window;
        present++;
      }
    }
    sole = present == 1 ? only : null;
  }

  /** The window of {@code port}, or null when the port has none. */
  EngineWindow<Tuple> get(int port) {
    return windows.get(port);
  }

  void start() throws Exception {
    for (EngineWindow<Tuple> window : windows) {
      if (window != null) {
        window.start();
      }
    }
  }

  void insert(int port, Tuple tuple) throws Exception {
    EngineWindow<Tuple> window = windows.get(port);
    if (window != null) {
      window.insert(tuple);
    }
  }

  void punctuate(int port, Punctuation mark) throws Exception {
    EngineWindow<Tuple> window = windows.get(port);
    if (window != null) {
      window.punctuate(mark);
    }
  }

  /** The earliest deadline in {@code domain} of any window, or {@code Long.MAX_VALUE}. */
  long nextDeadline(TimeDomain domain) {
    long deadline = Long.MAX_VALUE;
    for (EngineWindow<Tuple> window : windows) {
      if (window != null) {
        deadline = Math.min(deadline, window.nextDeadline(domain));
      }
    }
    return deadline;
  }

  /**
   * Fires everything due in {@code domain} at or before {@code now}. Processing time: the earliest
   * deadline of any window first, so that the events of several windows interleave in time order;
   * then every window is brought to now. Event time: each window, in port order, receives the
   * watermark once, as IBM's runtime delivers a watermark (docs/decisions.md, "timeInterval
   * windows"): a window that stepped through intermediate watermarks would receive watermarks
   * nobody sent.
   */
  void fireTimersUpTo(TimeDomain domain, long now) throws Exception {
    if (sole != null || domain == TimeDomain.EVENT_TIME) {
      for (EngineWindow<Tuple> window : windows) {
        if (window != null) {
          window.advanceTo(domain, now);
        }
      }
      return;
    }
    while (true) {
      EngineWindow<Tuple> earliest = null;
      long deadline = Long.MAX_VALUE;
      for (EngineWindow<Tuple> window : windows) {
        if (window != null && window.nextDeadline(domain) < deadline) {
          deadline = window.nextDeadline(domain);
          earliest = window;
        }
      }
      if (earliest == null || deadline > now) {
        break;
      }
      earliest.advanceTo(domain, deadline);
      if (earliest.nextDeadline(domain) <= deadline) {
        break; // a window that does not move its deadline would loop forever
      }
    }
    for (EngineWindow<Tuple> window : windows) {
      if (window != null) {
        window.advanceTo(domain, now);
      }
    }
  }

  void drain() throws Exception {
    for (EngineWindow<Tuple> window : windows) {
      if (window != null) {
        window.drain();
      }
    }
  }

  /** Each port's window clause, checked on restore. */
  List<String> clauses() {
    List<String> clauses = new ArrayList<>();
    for (int port = 0; port < windows.size(); port++) {
      clauses.add(clauseOf(port));
    }
    return clauses;
  }

  private String clauseOf(int port) {
    EngineWindow<Tuple> window = windows.get(port);
    return window == null ? WindowSpec.notWindowed().toString() : window.spec().toString();
  }

  /**
   * Each port's window in the engine's checkpoint format; null for a port without a window. With a
   * store, large partitions keep their tuples there, under ids scoped by port.
   */
  List<byte[]> checkpoint(TupleChunkStore store) throws IOException {
    List<byte[]> saved = new ArrayList<>();
    for (int port = 0; port < windows.size(); port++) {
      EngineWindow<Tuple> window = windows.get(port);
      if (window == null) {
        saved.add(null);
        continue;
      }
      UnsharedByteArrayOutputStream bytes = new UnsharedByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      window.checkpoint(out, codecs.get(port), store == null ? null : store.scoped(port + "/"));
      out.flush();
      saved.add(bytes.toByteArray());
    }
    return saved;
  }

  /**
   * Checks that a checkpoint was taken of windows declared like these.
   *
   * @throws IllegalArgumentException naming the first difference
   */
  void checkCompatible(CheckpointEnvelope envelope, String operatorName) {
    if (envelope.windows().size() != windows.size()) {
      throw new IllegalArgumentException(
          "The checkpoint holds "
              + envelope.windows().size()
              + " input ports but operator '"
              + operatorName
              + "' has "
              + windows.size());
    }
    for (int port = 0; port < windows.size(); port++) {
      if (!envelope.windowClauses().get(port).equals(clauseOf(port))) {
        throw new IllegalArgumentException(
            "The checkpoint's window of input port "
                + port
                + " is '"
                + envelope.windowClauses().get(port)
                + "' but operator '"
                + operatorName
                + "' declares '"
                + clauseOf(port)
                + "'");
      }
    }
  }

  /** Replaces every window's contents, without events, by the checkpoint's (and the store's). */
  void reset(CheckpointEnvelope envelope, TupleChunkStore store) throws IOException {
    for (int port = 0; port < windows.size(); port++) {
      EngineWindow<Tuple> window = windows.get(port);
      if (window != null) {
        window.reset(
            new DataInputStream(new ByteArrayInputStream(envelope.windows().get(port))),
            codecs.get(port),
            store == null ? null : store.scoped(port + "/"));
      }
    }
  }

  /**
   * Whether each window's next time step catches up at once, as after a reset, or fires each due
   * timer at its own instant ({@link EngineWindow#catchUpAtNextTimeStep(boolean)}).
   */
  void catchUpAtNextTimeStep(boolean catchUp) {
    for (EngineWindow<Tuple> window : windows) {
      if (window != null) {
        window.catchUpAtNextTimeStep(catchUp);
      }
    }
  }

  /** The tuples the windows hold, over all ports and partitions. */
  long tupleCount() {
    long count = 0;
    for (EngineWindow<Tuple> window : windows) {
      count += window == null ? 0 : window.tupleCount();
    }
    return count;
  }

  void resetToInitialState() {
    for (EngineWindow<Tuple> window : windows) {
      if (window != null) {
        window.resetToInitialState();
      }
    }
  }
}
