package io.streamswindow.engine;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * {@code punct()} eviction (tumbling only): every partition tumbles when a window marker arrives,
 * also when empty.
 *
 * @param <T> the tuple type
 */
final class PunctuationEvictionPolicy<T> implements EvictionPolicy<T> {
  @Override
  public StreamWindow.Policy kind() {
    return StreamWindow.Policy.PUNCTUATION;
  }

  @Override
  public Eviction onWindowMarker(Partition<T> partition) {
    return Eviction.ALL;
  }

  @Override
  public String toString() {
    return "punct()";
  }
}
