package io.streamswindow.sort;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SchemaTupleCodec;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tuples of a sliding {@link Sort}'s window, kept sorted per partition, as SPL's Sort keeps its
 * window's storage: a new tuple goes after every tuple it does not sort before (so ties keep their
 * arrival order), and the window's eviction takes the first in sort order, not the oldest.
 *
 * <p>The engine's window, with the same count eviction, holds as many tuples per partition at every
 * moment, so its EVICTION events say when one leaves here (docs/semantics.md, "SPL Sort"). The
 * sorted tuples are the operator's own state: written and read by {@link #write} and {@link #read}
 * in the project's binary tuple form when the operator checkpoints.
 *
 * <pre>{@code
 * ProgressiveSort sorted = new ProgressiveSort(keys, schema);
 * sorted.insert("IBM", tuple);          // kept in order
 * Tuple first = sorted.evictFirst("IBM");
 * }</pre>
 */
final class ProgressiveSort {
  private final SortKeys keys;
  private final SchemaTupleCodec codec;

  /** By partition, in the order partitions first received a tuple. */
  private final Map<Object, ArrayList<KeyedTuple>> partitions = new LinkedHashMap<>();

  ProgressiveSort(SortKeys keys, StreamSchema schema) {
    this.keys = keys;
    this.codec = new SchemaTupleCodec(schema);
  }

  /** Puts {@code tuple} in its place in {@code partition}: after every tuple that ties with it. */
  void insert(Object partition, Tuple tuple) {
    KeyedTuple keyed = new KeyedTuple(tuple, keys.keysOf(tuple));
    ArrayList<KeyedTuple> sorted = partitions.computeIfAbsent(partition, p -> new ArrayList<>());
    int low = 0;
    int high = sorted.size();
    while (low < high) { // the first index whose tuple sorts after the new one
      int middle = (low + high) >>> 1;
      if (keys.compare(sorted.get(middle).keys(), keyed.keys()) <= 0) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    sorted.add(low, keyed);
  }

  /**
   * Takes the first tuple in sort order out of {@code partition}.
   *
   * @throws IllegalStateException when the partition holds none (the window evicted a tuple this
   *     operator never saw inserted)
   */
  Tuple evictFirst(Object partition) {
    ArrayList<KeyedTuple> sorted = partitions.get(partition);
    if (sorted == null || sorted.isEmpty()) {
      throw new IllegalStateException(
          "the window evicted a tuple from partition " + partition + ", where Sort holds none");
    }
    return sorted.remove(0).tuple();
  }

  /** Forgets {@code partition} and its tuples (partition eviction: nothing is submitted). */
  void forget(Object partition) {
    partitions.remove(partition);
  }

  /** Every partition's tuples in sort order, partitions in the order they first received one. */
  List<Tuple> all() {
    List<Tuple> tuples = new ArrayList<>();
    for (Collection<KeyedTuple> sorted : partitions.values()) {
      for (KeyedTuple keyed : sorted) {
        tuples.add(keyed.tuple());
      }
    }
    return tuples;
  }

  void clear() {
    partitions.clear();
  }

  void write(ObjectOutputStream out) throws IOException {
    out.writeInt(partitions.size());
    for (Map.Entry<Object, ArrayList<KeyedTuple>> partition : partitions.entrySet()) {
      out.writeObject(partition.getKey());
      out.writeInt(partition.getValue().size());
      for (KeyedTuple keyed : partition.getValue()) {
        codec.write(out, keyed.tuple());
      }
    }
  }

  /** Replaces the contents with what {@link #write} wrote; the keys are evaluated again. */
  void read(ObjectInputStream in) throws IOException, ClassNotFoundException {
    partitions.clear();
    int count = in.readInt();
    for (int p = 0; p < count; p++) {
      Object partition = in.readObject();
      int size = in.readInt();
      ArrayList<KeyedTuple> sorted = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        Tuple tuple = codec.read(in);
        sorted.add(new KeyedTuple(tuple, keys.keysOf(tuple)));
      }
      partitions.put(partition, sorted);
    }
  }
}
