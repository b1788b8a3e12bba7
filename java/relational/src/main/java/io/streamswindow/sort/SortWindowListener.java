package io.streamswindow.sort;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.state.Checkpoint;
import com.ibm.streams.operator.state.StateHandler;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link Sort} operator's window listener, which submits what SPL's Sort submits on IBM's C++
 * window runtime (docs/semantics.md, "SPL Sort"):
 *
 * <ul>
 *   <li>Tumbling window: each tumble with tuples submits them sorted (ties in arrival order), then
 *       a window marker. An empty tumble of a time window submits the marker alone. A {@code
 *       punct()} window submits the marker alone on a window marker that tumbles no tuples ({@link
 *       #windowMarkerHandled}).
 *   <li>Sliding {@code count(N)} window: its tuples are kept sorted ({@link ProgressiveSort}); each
 *       eviction submits the first in sort order, before the new tuple is put in its place; the
 *       final marker submits what every partition holds, in sort order ({@link #finalMarker}).
 *   <li>Partition eviction discards the partition's tuples; TRIGGER, INITIAL_FULL and FINAL submit
 *       nothing.
 * </ul>
 *
 * <p>As a {@link StateHandler}, registered for sliding windows only, it checkpoints the sorted
 * tuples, which the engine's window (holding the newest N, not the first N in order) cannot give
 * back.
 */
final class SortWindowListener implements StreamWindowListener<Tuple>, StateHandler {
  private final SortKeys keys;
  private final StreamingOutput<OutputTuple> out;
  private final boolean tumbling;
  private final boolean punctuationWindow;

  /** A sliding window's sorted tuples; null for a tumbling window. */
  private final ProgressiveSort progressive;

  /** Whether a tumble with tuples (and its marker) came since the last window marker. */
  private boolean tumbledSinceMarker;

  SortWindowListener(
      SortKeys keys,
      StreamingOutput<OutputTuple> out,
      boolean tumbling,
      boolean punctuationWindow,
      ProgressiveSort progressive) {
    this.keys = keys;
    this.out = out;
    this.tumbling = tumbling;
    this.punctuationWindow = punctuationWindow;
    this.progressive = progressive;
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    switch (event.getType()) {
      case EVICTION:
        if (tumbling) {
          tumbled(event.getTuples());
        } else {
          for (Tuple ignored : event.getTuples()) {
            out.submit(progressive.evictFirst(event.getPartition()));
          }
        }
        break;
      case INSERTION:
        if (!tumbling) {
          for (Tuple tuple : event.getTuples()) {
            progressive.insert(event.getPartition(), tuple);
          }
        }
        break;
      case PARTITION_EVICTION:
        if (!tumbling) {
          progressive.forget(event.getPartition());
        }
        break;
      default:
        break; // TRIGGER, INITIAL_FULL, FINAL: nothing to submit
    }
  }

  private void tumbled(Iterable<Tuple> tuples) throws Exception {
    List<KeyedTuple> sorted = new ArrayList<>();
    for (Tuple tuple : tuples) {
      sorted.add(new KeyedTuple(tuple, keys.keysOf(tuple)));
    }
    if (sorted.isEmpty() && punctuationWindow) {
      return; // a partition left empty by an earlier marker: SPL's runtime removed it then
    }
    sorted.sort((a, b) -> keys.compare(a.keys(), b.keys())); // stable: ties keep arrival order
    for (KeyedTuple keyed : sorted) {
      out.submit(keyed.tuple());
    }
    out.punctuate(Punctuation.WINDOW_MARKER);
    tumbledSinceMarker = true;
  }

  /**
   * After a window marker has tumbled a {@code punct()} window's partitions: when none held a
   * tuple, SPL's Sort submits one window marker of its own.
   */
  void windowMarkerHandled() throws Exception {
    if (punctuationWindow && !tumbledSinceMarker) {
      out.punctuate(Punctuation.WINDOW_MARKER);
    }
    tumbledSinceMarker = false;
  }

  /** The final marker flushes a sliding window's sorted tuples, partition by partition. */
  void finalMarker() throws Exception {
    if (progressive != null) {
      for (Tuple tuple : progressive.all()) {
        out.submit(tuple);
      }
    }
  }

  @Override
  public void checkpoint(Checkpoint checkpoint) throws Exception {
    progressive.write(checkpoint.getOutputStream());
  }

  @Override
  public void reset(Checkpoint checkpoint) throws Exception {
    progressive.read(checkpoint.getInputStream());
  }

  @Override
  public void resetToInitialState() throws Exception {
    progressive.clear();
  }

  @Override
  public void drain() {}

  @Override
  public void retireCheckpoint(long id) {}

  @Override
  public void close() {}
}
