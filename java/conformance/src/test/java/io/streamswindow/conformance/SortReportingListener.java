package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.sort.SortedTupleWindow;
import java.util.List;

/**
 * A {@link SortedTupleWindow} that records every event together with the event's partition's sorted
 * list, as seen inside {@code handleEvent} once the base class has updated it: {@code INSERTION 0
 * [C] sorted [C, A]}. On a tumbling window's EVICTION the list still holds what tumbled (the base
 * class empties it after the event), in the order a sorting operator submits it.
 */
final class SortReportingListener extends SortedTupleWindow {
  private final Trace trace;
  private final ListenerActions actions;

  SortReportingListener(
      StreamWindow<Tuple> window,
      boolean ascending,
      List<String> sortBy,
      Trace trace,
      ListenerActions actions) {
    super(window, ascending, sortBy);
    this.trace = trace;
    this.actions = actions;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    super.handleEvent(event);
    trace.add(Trace.event(event) + " sorted " + Trace.ids(getPartitionState(event.getPartition())));
    actions.afterRecording(getWindow(), event);
  }
}
