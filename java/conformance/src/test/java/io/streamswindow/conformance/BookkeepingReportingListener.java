package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StatefulWindowListener;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;

/**
 * A {@link StatefulWindowListener} that records every event together with the bookkeeping its base
 * class keeps for the event's partition, as seen from inside {@code handleEvent}: {@code INSERTION
 * 0 [A] ins=true evi=false full=false state=1}.
 *
 * <p>{@code ins}, {@code evi} and {@code full} are {@code insertionsOccurred}, {@code
 * evictionsOccurred} and {@code seenInitialFull}; {@code state} is the partition state, a
 * generation number: 1 from {@code getInitializedState(partition, null)}, one more on each
 * re-initialisation, so a trace shows when the state was replaced or dropped.
 */
final class BookkeepingReportingListener extends StatefulWindowListener<Integer, Tuple> {
  private final Trace trace;
  private final ListenerActions actions;

  BookkeepingReportingListener(StreamWindow<Tuple> window, Trace trace, ListenerActions actions) {
    super(window);
    this.trace = trace;
    this.actions = actions;
  }

  @Override
  protected Integer getInitializedState(Object partition, Integer state) {
    return state == null ? 1 : state + 1;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    trace.add(Trace.event(event) + " " + bookkeeping(event.getPartition()));
    actions.afterRecording(getWindow(), event);
  }

  /** The bookkeeping of one partition: {@code ins=true evi=false full=false state=1}. */
  String bookkeeping(Object partition) {
    return "ins="
        + insertionsOccurred(partition)
        + " evi="
        + evictionsOccurred(partition)
        + " full="
        + seenInitialFull(partition)
        + " state="
        + getPartitionState(partition);
  }
}
