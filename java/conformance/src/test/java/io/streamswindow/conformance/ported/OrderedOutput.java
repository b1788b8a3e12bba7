package io.streamswindow.conformance.ported;

import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * A stream handler that keeps what an output port delivered, tuples and marks interleaved in order:
 * a tuple as its attribute values in schema order, {@code "(10.0, 4)"}, a mark as its name, {@code
 * "WINDOW_MARKER"}. The kind of handler IBM Streams tests write next to {@code StreamCollector}
 * when the position of window markers matters.
 */
final class OrderedOutput implements StreamHandler<Tuple> {
  private final List<String> items = new ArrayList<>();

  @Override
  public synchronized void tuple(Tuple tuple) {
    items.add(format(tuple));
  }

  @Override
  public synchronized void mark(Punctuation mark) {
    items.add(mark.name());
  }

  /** Returns what was delivered since the last call and forgets it. */
  synchronized List<String> take() {
    List<String> taken = new ArrayList<>(items);
    items.clear();
    return taken;
  }

  /** A tuple's attribute values in schema order, e.g. {@code (A, 2.0, 3)}. */
  static String format(Tuple tuple) {
    StringJoiner values = new StringJoiner(", ", "(", ")");
    for (int i = 0; i < tuple.getStreamSchema().getAttributeCount(); i++) {
      values.add(String.valueOf(tuple.getObject(i)));
    }
    return values.toString();
  }
}
