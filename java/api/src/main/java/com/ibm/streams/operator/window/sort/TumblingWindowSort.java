package com.ibm.streams.operator.window.sort;

import com.ibm.streams.operator.StreamingData;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.util.List;

/**
 * Sorts each tumble of a tumbling window and submits it: when a partition tumbles, its tuples are
 * submitted to an output port in sorted order, followed by a window marker. An empty tumble submits
 * nothing at all. Optionally the tuples still in the window when the final punctuation arrives are
 * submitted the same way.
 *
 * <pre>{@code
 * public void initialize(OperatorContext context) throws Exception {
 *   super.initialize(context);
 *   new TumblingWindowSort(
 *       getInput(0).getStreamWindow(), true, List.of("price"), getOutput(0), true);
 * }
 * }</pre>
 */
public final class TumblingWindowSort extends SortedTupleWindow {

  private final StreamingOutput<?> outputPort;
  private final boolean flushOnFinal;

  /**
   * Creates the sorter and registers it on the window.
   *
   * @param window a tumbling window
   * @param ascending true for ascending order, false for descending
   * @param attributeNames the attributes to sort on, most significant first; an empty list means
   *     every attribute of a sortable type, lower index first
   * @param outputPort the port to submit sorted tuples to
   * @param flushOnFinal true to submit the window's remaining tuples, sorted, on final punctuation
   * @throws IllegalStateException when the window is not tumbling
   * @throws IllegalArgumentException when an attribute is unknown or cannot be sorted on
   */
  public TumblingWindowSort(
      StreamWindow<Tuple> window,
      boolean ascending,
      List<String> attributeNames,
      StreamingOutput<?> outputPort,
      boolean flushOnFinal) {
    super(window, ascending, attributeNames);
    this.outputPort = outputPort;
    this.flushOnFinal = flushOnFinal;
  }

  /**
   * Accepts only tumbling windows.
   *
   * @return true when the window is tumbling
   */
  @Override
  protected boolean supportsWindow() {
    return getWindow().getType() == StreamWindow.Type.TUMBLING;
  }

  /**
   * Keeps the partition sorted and submits it on a tumble (and on final punctuation when asked to).
   *
   * @param event the event
   * @throws Exception when the output port fails
   */
  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    super.handleEvent(event);
    StreamWindowEvent.Type type = event.getType();
    if (type == StreamWindowEvent.Type.EVICTION
        || (type == StreamWindowEvent.Type.FINAL && flushOnFinal)) {
      List<Tuple> sorted = getPartitionState(event.getPartition());
      if (sorted.isEmpty()) {
        return;
      }
      for (Tuple tuple : sorted) {
        outputPort.submit(tuple);
      }
      outputPort.punctuate(StreamingData.Punctuation.WINDOW_MARKER);
      if (type == StreamWindowEvent.Type.FINAL) {
        // Never submit the same tuples twice, should another FINAL follow.
        sorted.clear();
      }
    }
  }
}
