package io.streamswindow.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** A minimal tuple for engine tests: an id that names it in traces, a key and a value. */
record Reading(String id, String key, double value) {
  static Reading of(String id) {
    return new Reading(id, "k", 0);
  }

  static Reading of(String id, double value) {
    return new Reading(id, "k", value);
  }

  static Reading of(String id, String key, double value) {
    return new Reading(id, key, value);
  }

  /** Resolves delta policies on the attribute "value". */
  static final DeltaResolver<Reading> DELTAS =
      (attribute, delta) -> {
        if (!attribute.equals("value")) {
          throw new IllegalArgumentException("unknown attribute " + attribute);
        }
        return new DeltaResolver.Delta<>(Reading::value, ((Number) delta).doubleValue());
      };

  static final TupleCodec<Reading> CODEC =
      new TupleCodec<>() {
        @Override
        public void write(DataOutput out, Reading r) throws IOException {
          out.writeUTF(r.id);
          out.writeUTF(r.key);
          out.writeDouble(r.value);
        }

        @Override
        public Reading read(DataInput in) throws IOException {
          return new Reading(in.readUTF(), in.readUTF(), in.readDouble());
        }
      };

  @Override
  public String toString() {
    return id;
  }
}
