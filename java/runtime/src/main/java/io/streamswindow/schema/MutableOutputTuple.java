package io.streamswindow.schema;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.XML;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A tuple being built for submission: created by {@link SplSchema#newOutputTuple()} with every
 * attribute at its default value, filled through setters, then frozen with {@link
 * #asReadOnlyTuple()}. Freezing does not copy: the read-only tuple takes the values, and this tuple
 * copies them the first time it is written again (if ever), so it can still be reused while a tuple
 * submitted once per {@code newTuple}, the common way, is never copied.
 *
 * <p>Two kinds of error, both naming the attribute and the types involved:
 *
 * <ul>
 *   <li>a typed setter that IBM does not allow for the attribute's SPL type (for example {@code
 *       setInt} on an {@code rstring}) throws {@link UnsupportedOperationException}, as IBM
 *       documents. Setters widen as IBM's do: {@code setByte} works for {@code int8..int64}, {@code
 *       setShort} for {@code int16..int64}, {@code setInt} for {@code int32} and {@code int64},
 *       {@code setFloat} for both floats; each also works for the unsigned type of its own size.
 *   <li>a value of the wrong Java type ({@code setObject}, collections with wrong elements, a
 *       nested tuple of another schema, {@code null} for a non-optional attribute) throws {@link
 *       IllegalArgumentException}.
 * </ul>
 *
 * <p>{@code setString} also sets {@code rstring} attributes (encoding UTF-8) and {@code setObject}
 * accepts a {@code String} for them. Not thread-safe, like IBM's.
 */
public final class MutableOutputTuple extends AbstractSchemaTuple implements OutputTuple {
  private static final long serialVersionUID = 1L;

  /** The value arrays belong to a read-only tuple too: copy them before the next write. */
  private transient boolean shared;

  MutableOutputTuple(SplSchema schema, Object[] values, long[] bits) {
    super(schema, values, bits);
  }

  /** Returns an immutable tuple of the current values, which later writes here do not change. */
  @Override
  public Tuple asReadOnlyTuple() {
    shared = true;
    return new ImmutableTuple(schema, values, bits);
  }

  /** Makes the value arrays this tuple's own again if a read-only tuple shared them. */
  private void own() {
    if (shared) {
      values = values == null ? null : values.clone();
      bits = bits == null ? null : bits.clone();
      shared = false;
    }
  }

  /** The object values, this tuple's own. */
  private Object[] writable() {
    own();
    return values;
  }

  /**
   * Writes an attribute's bits if it is kept unboxed and says so; an attribute kept as an object
   * (an optional one) takes the boxed value from the caller instead.
   */
  private boolean putBits(int index, long value) {
    int slot = schema.bitSlots[index];
    if (slot < 0) {
      return false;
    }
    own();
    bits[slot] = value;
    return true;
  }

  private void set(int index, Object value) {
    Object stored = schema.toStored(index, value);
    own();
    put(index, stored);
  }

  // ---- by index ---------------------------------------------------------------------------

  @Override
  public void setObject(int attributeIndex, Object value) {
    set(attributeIndex, value);
  }

  @Override
  public void setBoolean(int attributeIndex, boolean value) {
    if (schema.valueMetaTypes[attributeIndex] != MetaType.BOOLEAN) {
      throw unsupported(attributeIndex, "setBoolean");
    }
    if (!putBits(attributeIndex, value ? 1L : 0L)) {
      writable()[attributeIndex] = value;
    }
  }

  @Override
  public void setByte(int attributeIndex, byte value) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT8:
      case UINT8:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = value;
        }
        return;
      case INT16:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = (short) value;
        }
        return;
      case INT32:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = (int) value;
        }
        return;
      case INT64:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = (long) value;
        }
        return;
      default:
        throw unsupported(attributeIndex, "setByte");
    }
  }

  @Override
  public void setShort(int attributeIndex, short value) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT16:
      case UINT16:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = value;
        }
        return;
      case INT32:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = (int) value;
        }
        return;
      case INT64:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = (long) value;
        }
        return;
      default:
        throw unsupported(attributeIndex, "setShort");
    }
  }

  @Override
  public void setInt(int attributeIndex, int value) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT32:
      case UINT32:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = value;
        }
        return;
      case INT64:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = (long) value;
        }
        return;
      default:
        throw unsupported(attributeIndex, "setInt");
    }
  }

  @Override
  public void setLong(int attributeIndex, long value) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT64:
      case UINT64:
        if (!putBits(attributeIndex, value)) {
          writable()[attributeIndex] = value;
        }
        return;
      default:
        throw unsupported(attributeIndex, "setLong");
    }
  }

  @Override
  public void setFloat(int attributeIndex, float value) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case FLOAT32:
        if (!putBits(attributeIndex, Float.floatToRawIntBits(value))) {
          writable()[attributeIndex] = value;
        }
        return;
      case FLOAT64:
        if (!putBits(attributeIndex, Double.doubleToRawLongBits(value))) {
          writable()[attributeIndex] = (double) value;
        }
        return;
      default:
        throw unsupported(attributeIndex, "setFloat");
    }
  }

  @Override
  public void setDouble(int attributeIndex, double value) {
    if (schema.valueMetaTypes[attributeIndex] != MetaType.FLOAT64) {
      throw unsupported(attributeIndex, "setDouble");
    }
    if (!putBits(attributeIndex, Double.doubleToRawLongBits(value))) {
      writable()[attributeIndex] = value;
    }
  }

  /**
   * Sets a decimal attribute, rounding to its SPL precision.
   *
   * @throws ArithmeticException when the value is beyond the decimal type's range
   */
  @Override
  public void setBigDecimal(int attributeIndex, BigDecimal value) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        set(attributeIndex, value);
        return;
      default:
        throw unsupported(attributeIndex, "setBigDecimal");
    }
  }

  /** Sets an {@code rstring} (UTF-8), bounded {@code rstring[n]} (truncated) or {@code ustring}. */
  @Override
  public void setString(int attributeIndex, String value) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case RSTRING:
      case BSTRING:
      case USTRING:
        set(attributeIndex, value);
        return;
      default:
        throw unsupported(attributeIndex, "setString");
    }
  }

  @Override
  public void setTimestamp(int attributeIndex, Timestamp value) {
    requireMeta(attributeIndex, MetaType.TIMESTAMP, "setTimestamp");
    set(attributeIndex, value);
  }

  @Override
  public void setBlob(int attributeIndex, Blob value) {
    requireMeta(attributeIndex, MetaType.BLOB, "setBlob");
    set(attributeIndex, value);
  }

  /** Sets a list attribute from a copy of {@code value}; a bounded list keeps its first n. */
  @Override
  public void setList(int attributeIndex, List<?> value) {
    if (!schema.valueMetaTypes[attributeIndex].isList()) {
      throw unsupported(attributeIndex, "setList");
    }
    set(attributeIndex, value);
  }

  @Override
  public void setSet(int attributeIndex, Set<?> value) {
    if (!schema.valueMetaTypes[attributeIndex].isSet()) {
      throw unsupported(attributeIndex, "setSet");
    }
    set(attributeIndex, value);
  }

  @Override
  public void setMap(int attributeIndex, Map<?, ?> value) {
    if (!schema.valueMetaTypes[attributeIndex].isMap()) {
      throw unsupported(attributeIndex, "setMap");
    }
    set(attributeIndex, value);
  }

  /** Sets an optional attribute: an empty {@code Optional} removes its value. */
  @Override
  public void setOptional(int attributeIndex, Optional<?> value) {
    if (schema.types[attributeIndex].getMetaType() != MetaType.OPTIONAL) {
      throw unsupported(attributeIndex, "setOptional");
    }
    set(attributeIndex, value.orElse(null));
  }

  /** Removes the value of an optional attribute. */
  @Override
  public void setNull(int attributeIndex) {
    if (schema.types[attributeIndex].getMetaType() != MetaType.OPTIONAL) {
      throw unsupported(attributeIndex, "setNull");
    }
    writable()[attributeIndex] = null;
  }

  /**
   * Sets a nested tuple attribute to (an immutable copy of) {@code value}.
   *
   * @throws IllegalArgumentException when {@code value}'s schema is not the attribute's
   */
  @Override
  public void setTuple(int attributeIndex, Tuple value) {
    requireMeta(attributeIndex, MetaType.TUPLE, "setTuple");
    set(attributeIndex, value);
  }

  /**
   * Sets a nested tuple attribute from the attributes of {@code source} that match the nested
   * schema by name and type; the others take their default values.
   */
  @Override
  public void assignTuple(int attributeIndex, Tuple source) {
    requireMeta(attributeIndex, MetaType.TUPLE, "assignTuple");
    Objects.requireNonNull(source, "assignTuple: source tuple");
    SplType type = schema.types[attributeIndex];
    SplTupleType tupleType =
        (SplTupleType)
            (type instanceof SplOptionalType ? ((SplOptionalType) type).getValueType() : type);
    writable()[attributeIndex] = tupleType.getTupleSchema().getTuple(source);
  }

  /**
   * Sets every attribute of this tuple that {@code source} has with the same name and type (or with
   * the value type of an optional attribute here); the others keep their values.
   */
  @Override
  public void assign(Tuple source) {
    own();
    schema.copyMatching(source, this);
  }

  /** Always throws: streams-window has no SPL {@code xml} attributes. */
  @Override
  public void setXML(int attributeIndex, XML value) {
    requireMeta(attributeIndex, MetaType.XML, "setXML");
    set(attributeIndex, value);
  }

  /** Always throws: streams-window has no SPL {@code enum} attributes. */
  @Override
  public <E extends Enum<E>> void setEnum(Class<E> enumType, int attributeIndex, E value) {
    throw unsupported(attributeIndex, "setEnum");
  }

  private void requireMeta(int attributeIndex, MetaType metaType, String method) {
    if (schema.valueMetaTypes[attributeIndex] != metaType) {
      throw unsupported(attributeIndex, method);
    }
  }

  // ---- by name ----------------------------------------------------------------------------

  @Override
  public void setObject(String attributeName, Object value) {
    setObject(index(attributeName), value);
  }

  @Override
  public void setBoolean(String attributeName, boolean value) {
    setBoolean(index(attributeName), value);
  }

  @Override
  public void setByte(String attributeName, byte value) {
    setByte(index(attributeName), value);
  }

  @Override
  public void setShort(String attributeName, short value) {
    setShort(index(attributeName), value);
  }

  @Override
  public void setInt(String attributeName, int value) {
    setInt(index(attributeName), value);
  }

  @Override
  public void setLong(String attributeName, long value) {
    setLong(index(attributeName), value);
  }

  @Override
  public void setFloat(String attributeName, float value) {
    setFloat(index(attributeName), value);
  }

  @Override
  public void setDouble(String attributeName, double value) {
    setDouble(index(attributeName), value);
  }

  @Override
  public void setBigDecimal(String attributeName, BigDecimal value) {
    setBigDecimal(index(attributeName), value);
  }

  @Override
  public void setString(String attributeName, String value) {
    setString(index(attributeName), value);
  }

  @Override
  public void setTimestamp(String attributeName, Timestamp value) {
    setTimestamp(index(attributeName), value);
  }

  @Override
  public void setBlob(String attributeName, Blob value) {
    setBlob(index(attributeName), value);
  }

  @Override
  public void setList(String attributeName, List<?> value) {
    setList(index(attributeName), value);
  }

  @Override
  public void setSet(String attributeName, Set<?> value) {
    setSet(index(attributeName), value);
  }

  @Override
  public void setMap(String attributeName, Map<?, ?> value) {
    setMap(index(attributeName), value);
  }

  @Override
  public void setOptional(String attributeName, Optional<?> value) {
    setOptional(index(attributeName), value);
  }

  @Override
  public void setNull(String attributeName) {
    setNull(index(attributeName));
  }

  @Override
  public void setTuple(String attributeName, Tuple value) {
    setTuple(index(attributeName), value);
  }

  @Override
  public void assignTuple(String attributeName, Tuple source) {
    assignTuple(index(attributeName), source);
  }

  @Override
  public void setXML(String attributeName, XML value) {
    setXML(index(attributeName), value);
  }

  @Override
  public <E extends Enum<E>> void setEnum(Class<E> enumType, String attributeName, E value) {
    setEnum(enumType, index(attributeName), value);
  }
}
