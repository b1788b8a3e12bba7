package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import io.streamswindow.api.window.WindowPane;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Records timeInterval window events as "TYPE partition [start,end) index TIMING [ids]" lines,
 * times in whole seconds where they are whole.
 */
final class PaneTrace implements StreamWindowListener<Reading> {
  final List<String> lines = new ArrayList<>();

  @Override
  public void handleEvent(StreamWindowEvent<Reading> event) {
    TimeIntervalWindowEvent<Reading> e = (TimeIntervalWindowEvent<Reading>) event;
    StringJoiner ids = new StringJoiner(",", "[", "]");
    for (Reading r : event.getTuples()) {
      ids.add(r.id());
    }
    WindowPane pane = e.getPane();
    lines.add(
        event.getType()
            + " "
            + event.getPartition()
            + " ["
            + seconds(pane.getStartSeconds())
            + ","
            + seconds(pane.getEndSeconds())
            + ") "
            + e.getPaneIndex()
            + " "
            + e.getPaneTiming().name().substring("PANE_".length())
            + " "
            + ids);
  }

  private static String seconds(double s) {
    return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
  }

  /** Returns the lines recorded so far and forgets them. */
  List<String> take() {
    List<String> out = new ArrayList<>(lines);
    lines.clear();
    return out;
  }
}
