package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/**
 * A window listener that records every event in a {@link Trace}, then applies its actions. On an
 * operator with several input ports each line starts with its window's port, {@code port 1: }.
 */
final class RecordingListener implements StreamWindowListener<Tuple> {
  private final StreamWindow<Tuple> window;
  private final Trace trace;
  private final ListenerActions actions;
  private final String prefix;

  RecordingListener(StreamWindow<Tuple> window, Trace trace, ListenerActions actions) {
    this(window, trace, actions, "");
  }

  /** A listener whose lines start with {@code prefix} ({@link Trace#portPrefix}). */
  RecordingListener(
      StreamWindow<Tuple> window, Trace trace, ListenerActions actions, String prefix) {
    this.window = window;
    this.trace = trace;
    this.actions = actions;
    this.prefix = prefix;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    trace.add(prefix + Trace.event(event));
    actions.afterRecording(window, event);
  }
}
