package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;

/**
 * A {@link TracingOperator} whose listener is a {@code StatefulWindowListener} ({@link
 * BookkeepingReportingListener}), so traces also show the bookkeeping the listener base class keeps
 * per partition. The listener registers itself as the operator's StateHandler, as IBM's does, so
 * checkpoints carry its states.
 */
public class StatefulTracingOperator extends TracingOperator {
  private BookkeepingReportingListener listener;

  @Override
  void listenTo(StreamWindow<Tuple> window, Trace trace, ListenerActions actions) {
    listener = new BookkeepingReportingListener(window, trace, actions);
  }

  @Override
  String bookkeeping(Object partition) {
    return listener.bookkeeping(partition);
  }
}
