package io.streamswindow.engine;

/** A trigger policy's answer. */
enum TriggerResult {
  /** Nothing to do. */
  CONTINUE,
  /** Deliver TRIGGER with the partition's current tuples. */
  FIRE
}
