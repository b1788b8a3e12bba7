package com.ibm.streams.operator.fakes;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable tuple over an array of values. Like IBM's tuples, {@code getObject} of an {@code
 * rstring} attribute returns an {@link RString} while {@code getString} returns a {@code String}.
 */
public final class FakeTuple {

  private final FakeSchema schema;
  private final Object[] values;

  private FakeTuple(FakeSchema schema, Object[] values) {
    this.schema = schema;
    this.values = values.clone();
  }

  static Tuple of(FakeSchema schema, Object... values) {
    return Fakes.of(Tuple.class, new FakeTuple(schema, values));
  }

  public StreamSchema getStreamSchema() {
    return schema.schema();
  }

  public Object getObject(int index) {
    Object value = values[index];
    return value instanceof String && isRString(index) ? new RString((String) value) : value;
  }

  public Object getObject(String name) {
    return getObject(indexOf(name));
  }

  public String getString(int index) {
    return String.valueOf(values[index]);
  }

  public String getString(String name) {
    return getString(indexOf(name));
  }

  public int getInt(int index) {
    return (Integer) values[index];
  }

  public int getInt(String name) {
    return getInt(indexOf(name));
  }

  /** An integer attribute's value widened, as the runtime's tuples widen it. */
  public long getLong(int index) {
    return ((Number) values[index]).longValue();
  }

  public double getDouble(String name) {
    return ((Number) values[indexOf(name)]).doubleValue();
  }

  @Override
  public String toString() {
    return Arrays.toString(values);
  }

  /** Equal to a tuple of the same schema with equal values, as the runtime's tuples are. */
  @Override
  public boolean equals(Object other) {
    if (!(other instanceof Tuple that) || that.getStreamSchema() != getStreamSchema()) {
      return false;
    }
    for (int i = 0; i < values.length; i++) {
      if (!Objects.equals(getObject(i), that.getObject(i))) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  private boolean isRString(int index) {
    return "rstring".equals(schema.getAttribute(index).getType().getLanguageType());
  }

  private int indexOf(String name) {
    int index = schema.getAttributeIndex(name);
    if (index < 0) {
      throw new IllegalArgumentException("unknown attribute " + name);
    }
    return index;
  }
}
