package io.streamswindow.spark;

import org.apache.spark.sql.SparkSession;

/**
 * How a streaming query keeps each key's operator state (docs/architecture.md, "State layout"). The
 * layout follows the session's state store, which the user (or {@code sw.configure}) chose.
 */
enum StateLayout {
  /**
   * {@code flatMapGroupsWithState}: the key's whole checkpoint, window tuples included, as one
   * value rewritten in every micro-batch that calls the key. Any state store.
   */
  SINGLE_VALUE,
  /**
   * {@code transformWithState}: the checkpoint as one value and large partitions' tuples in a map
   * of chunks, of which a micro-batch writes the ones that changed. Needs the RocksDB store.
   */
  CHUNKED;

  /** The session setting that names the state store provider. */
  static final String PROVIDER = "spark.sql.streaming.stateStore.providerClass";

  /** The layout for streams of {@code session}: chunked when its state store is RocksDB. */
  static StateLayout of(SparkSession session) {
    String provider = session.conf().get(PROVIDER, "");
    return provider.endsWith(".RocksDBStateStoreProvider") ? CHUNKED : SINGLE_VALUE;
  }
}
