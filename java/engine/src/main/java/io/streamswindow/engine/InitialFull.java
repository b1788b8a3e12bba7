package io.streamswindow.engine;

/** When a sliding window's partition is first full, which depends on its eviction policy. */
enum InitialFull {
  /** Never: tumbling windows have no INITIAL_FULL. */
  NEVER,
  /** When the partition is created: a time-evicting window starts full. */
  ON_CREATION,
  /** On the insertion that first makes the partition hold its count. */
  WHEN_FILLED,
  /** Just before the partition's first eviction: a delta-evicting window. */
  BEFORE_FIRST_EVICTION
}
