package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/** A window listener that records every event in a {@link Trace}, then applies its actions. */
final class RecordingListener implements StreamWindowListener<Tuple> {
  private final StreamWindow<Tuple> window;
  private final Trace trace;
  private final ListenerActions actions;

  RecordingListener(StreamWindow<Tuple> window, Trace trace, ListenerActions actions) {
    this.window = window;
    this.trace = trace;
    this.actions = actions;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    trace.add(Trace.event(event));
    actions.afterRecording(window, event);
  }
}
