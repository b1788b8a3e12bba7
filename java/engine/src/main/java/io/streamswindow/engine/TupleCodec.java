package io.streamswindow.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Writes and reads a window's tuples in checkpoints. The engine is generic in its tuple type; the
 * runtime supplies a schema-driven codec for {@code Tuple}.
 *
 * @param <T> the tuple type
 */
public interface TupleCodec<T> {
  /** Writes one tuple. */
  void write(DataOutput out, T tuple) throws IOException;

  /** Reads one tuple written by {@link #write}. */
  T read(DataInput in) throws IOException;
}
