package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.window.StreamWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link TracingOperator} whose listener is a {@code SortedTupleWindow} ({@link
 * SortReportingListener}), so traces also show each partition's sorted list. The sort attributes
 * and order come as the parameters {@code sortBy} (none: the constructor gets no names) and {@code
 * ascending} (default true).
 */
public class SortedTracingOperator extends TracingOperator {
  private final List<String> sortBy = new ArrayList<>();
  private boolean ascending = true;

  @Parameter(optional = true, description = "Attributes to sort on; none: every comparable one.")
  public void setSortBy(List<String> attributes) {
    sortBy.addAll(attributes);
  }

  @Parameter(optional = true, description = "Ascending (true, the default) or descending order.")
  public void setAscending(boolean ascending) {
    this.ascending = ascending;
  }

  @Override
  void listenTo(StreamWindow<Tuple> window, Trace trace, ListenerActions actions) {
    new SortReportingListener(window, ascending, sortBy, trace, actions);
  }
}
