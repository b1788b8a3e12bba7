package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** Records window events as "TYPE partition [ids]" lines, for engine tests. */
final class Trace implements StreamWindowListener<Reading> {
  final List<String> lines = new ArrayList<>();

  @Override
  public void handleEvent(StreamWindowEvent<Reading> event) {
    StringJoiner ids = new StringJoiner(",", "[", "]");
    for (Reading r : event.getTuples()) {
      ids.add(r.id());
    }
    lines.add(event.getType() + " " + event.getPartition() + " " + ids);
  }

  /** Returns the lines recorded so far and forgets them. */
  List<String> take() {
    List<String> out = new ArrayList<>(lines);
    lines.clear();
    return out;
  }
}
