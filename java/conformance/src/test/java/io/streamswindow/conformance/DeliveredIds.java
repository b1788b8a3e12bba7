package io.streamswindow.conformance;

import com.ibm.streams.flow.handlers.StreamHandler;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What an output port delivers, in order: each tuple by its {@code id} attribute, each mark by its
 * name, as the operator cases state their output ({@code ["a+p", "WINDOW_MARKER", ...]}).
 */
final class DeliveredIds implements StreamHandler<Tuple> {
  private final List<String> delivered = Collections.synchronizedList(new ArrayList<>());

  @Override
  public void tuple(Tuple tuple) {
    delivered.add(tuple.getString("id"));
  }

  @Override
  public void mark(Punctuation mark) {
    delivered.add(mark.name());
  }

  /** What was delivered so far. */
  List<String> items() {
    return List.copyOf(delivered);
  }
}
