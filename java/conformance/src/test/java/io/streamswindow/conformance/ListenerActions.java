package io.streamswindow.conformance;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.StreamWindowEvent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * What a traced listener does to the window after recording an event, as the scenario's {@link
 * ListenerBehaviour} asks: drop tuples through {@code Iterator.remove()}, or evict partitions
 * itself while the window needs partition eviction.
 */
final class ListenerActions {
  private final List<String> removeOnInsertion;
  private final boolean evictPartitionsDuringInsertion;

  ListenerActions(List<String> removeOnInsertion, boolean evictPartitionsDuringInsertion) {
    this.removeOnInsertion = List.copyOf(removeOnInsertion);
    this.evictPartitionsDuringInsertion = evictPartitionsDuringInsertion;
  }

  /** Applies the behaviours to an event that has just been recorded. */
  void afterRecording(StreamWindow<Tuple> window, StreamWindowEvent<Tuple> event) throws Exception {
    if (event.getType() != StreamWindowEvent.Type.INSERTION) {
      return;
    }
    if (!removeOnInsertion.isEmpty()) {
      for (Iterator<Tuple> tuples = event.getTuples().iterator(); tuples.hasNext(); ) {
        if (removeOnInsertion.contains(Trace.id(tuples.next()))) {
          tuples.remove();
        }
      }
    }
    if (evictPartitionsDuringInsertion) {
      while (window.needsPartitionEviction()) {
        Object victim = mostRecentOtherThan(window, event.getPartition());
        if (victim == null) {
          break;
        }
        window.evictPartition(victim);
      }
    }
  }

  /**
   * The most recently inserted partition other than {@code own}. The automatic policy would pick
   * the least recently inserted one, so a trace shows whose choice was applied.
   */
  private static Object mostRecentOtherThan(StreamWindow<Tuple> window, Object own) {
    List<Object> partitions = new ArrayList<>(window.getPartitions());
    for (int i = partitions.size() - 1; i >= 0; i--) {
      if (!Objects.equals(partitions.get(i), own)) {
        return partitions.get(i);
      }
    }
    return null;
  }
}
