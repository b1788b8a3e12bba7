package io.streamswindow.schema;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.XML;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The read side shared by {@link ImmutableTuple} and {@link MutableOutputTuple}: a schema and one
 * stored value per attribute (see {@link SplType} for stored forms), primitive ones kept unboxed as
 * the bits of a {@code long} ({@link UnboxedValues}), the others as objects.
 *
 * <p>Getters follow IBM's contract: a getter works for the attribute types IBM lists for it
 * (widening included, for example {@code getInt} on an {@code int16}; unsigned values widen as
 * unsigned) and throws {@link UnsupportedOperationException} naming the attribute and its SPL type
 * otherwise. {@code getString} works for every type ({@code Type.toString}). Typed getters on an
 * absent {@code optional<T>} throw {@link NullPointerException}; {@code getObject} returns null. An
 * unknown attribute name throws {@link IllegalArgumentException} listing the schema's attributes.
 * Access by index costs an array read and a switch; access by name adds one hash lookup; neither
 * allocates, except where the returned Java object must be a fresh copy (arrays, buffers, {@code
 * BigDecimal} of a non-decimal).
 */
abstract class AbstractSchemaTuple implements Tuple, Serializable {
  private static final long serialVersionUID = 1L;

  final SplSchema schema;

  /**
   * The values kept as objects, one place per attribute (the unboxed ones' places empty), or null
   * when the schema keeps every attribute unboxed. Never written in place once a read-only tuple
   * holds the array: an output tuple replaces its arrays instead ({@link MutableOutputTuple}).
   */
  Object[] values;

  /**
   * The unboxed values, at the places {@code schema.bitSlots} gives, or null when the schema keeps
   * none unboxed. Shared and replaced as {@link #values} is.
   */
  long[] bits;

  AbstractSchemaTuple(SplSchema schema, Object[] values, long[] bits) {
    this.schema = schema;
    this.values = values;
    this.bits = bits;
  }

  /** The attribute's stored value, boxed if it is kept unboxed. */
  final Object stored(int index) {
    int slot = schema.bitSlots[index];
    return slot >= 0 ? UnboxedValues.box(schema.valueMetaTypes[index], bits[slot]) : values[index];
  }

  /** Sets the attribute's stored value in the arrays as they are (the caller owns them). */
  final void put(int index, Object storedValue) {
    int slot = schema.bitSlots[index];
    if (slot >= 0) {
      bits[slot] = UnboxedValues.bits(schema.valueMetaTypes[index], storedValue);
    } else {
      values[index] = storedValue;
    }
  }

  /**
   * The bits of a typed getter's attribute, which must be present: read as they are when kept
   * unboxed, else taken from the boxed value (an optional attribute's).
   */
  private long bitsFor(int index, String getter) {
    int slot = schema.bitSlots[index];
    if (slot >= 0) {
      return bits[slot];
    }
    return UnboxedValues.bits(schema.valueMetaTypes[index], present(index, getter));
  }

  @Override
  public final SplSchema getStreamSchema() {
    return schema;
  }

  final int index(String attributeName) {
    return schema.requireIndex(attributeName);
  }

  /** Returns the value of a typed getter's attribute, which must be present. */
  private Object present(int index, String getter) {
    Object value = stored(index);
    if (value == null) {
      throw new NullPointerException(
          getter
              + ": attribute "
              + schema.getAttribute(index).getName()
              + " ("
              + schema.types[index]
              + ") has no value; use getOptional or getObject");
    }
    return value;
  }

  /**
   * The error of a typed getter or setter that does not fit the attribute's SPL type: names both
   * and says how to give the attribute a type that fits ({@link MismatchedAccessor}).
   */
  final UnsupportedOperationException unsupported(int index, String method) {
    return MismatchedAccessor.error(
        schema.getAttribute(index).getName(), schema.types[index], method);
  }

  // ---- by index ---------------------------------------------------------------------------

  @Override
  public final Object getObject(int attributeIndex) {
    return schema.types[attributeIndex].toObject(stored(attributeIndex));
  }

  /** Returns the attribute's object, which must be of class {@code type} (no conversion). */
  @Override
  public final <T> T getObject(int attributeIndex, Class<T> type) {
    return type.cast(getObject(attributeIndex));
  }

  @Override
  public final boolean getBoolean(int attributeIndex) {
    if (schema.valueMetaTypes[attributeIndex] == MetaType.BOOLEAN) {
      return bitsFor(attributeIndex, "getBoolean") != 0;
    }
    throw unsupported(attributeIndex, "getBoolean");
  }

  @Override
  public final byte getByte(int attributeIndex) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT8:
      case UINT8:
        return (byte) bitsFor(attributeIndex, "getByte");
      default:
        throw unsupported(attributeIndex, "getByte");
    }
  }

  @Override
  public final short getShort(int attributeIndex) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT16:
      case UINT16:
      case INT8:
        return (short) bitsFor(attributeIndex, "getShort");
      case UINT8:
        return (short) Byte.toUnsignedInt((byte) bitsFor(attributeIndex, "getShort"));
      default:
        throw unsupported(attributeIndex, "getShort");
    }
  }

  @Override
  public final int getInt(int attributeIndex) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT32:
      case UINT32:
      case INT16:
      case INT8:
        return (int) bitsFor(attributeIndex, "getInt");
      case UINT16:
        return Short.toUnsignedInt((short) bitsFor(attributeIndex, "getInt"));
      case UINT8:
        return Byte.toUnsignedInt((byte) bitsFor(attributeIndex, "getInt"));
      default:
        throw unsupported(attributeIndex, "getInt");
    }
  }

  @Override
  public final long getLong(int attributeIndex) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case INT64:
      case UINT64:
      case INT32:
      case INT16:
      case INT8:
        return bitsFor(attributeIndex, "getLong");
      case UINT32:
        return Integer.toUnsignedLong((int) bitsFor(attributeIndex, "getLong"));
      case UINT16:
        return Short.toUnsignedInt((short) bitsFor(attributeIndex, "getLong"));
      case UINT8:
        return Byte.toUnsignedInt((byte) bitsFor(attributeIndex, "getLong"));
      default:
        throw unsupported(attributeIndex, "getLong");
    }
  }

  @Override
  public final float getFloat(int attributeIndex) {
    if (schema.valueMetaTypes[attributeIndex] == MetaType.FLOAT32) {
      return Float.intBitsToFloat((int) bitsFor(attributeIndex, "getFloat"));
    }
    throw unsupported(attributeIndex, "getFloat");
  }

  @Override
  public final double getDouble(int attributeIndex) {
    switch (schema.valueMetaTypes[attributeIndex]) {
      case FLOAT64:
        return Double.longBitsToDouble(bitsFor(attributeIndex, "getDouble"));
      case FLOAT32:
        return Float.intBitsToFloat((int) bitsFor(attributeIndex, "getDouble"));
      default:
        throw unsupported(attributeIndex, "getDouble");
    }
  }

  @Override
  public final BigDecimal getBigDecimal(int attributeIndex) {
    MetaType metaType = schema.valueMetaTypes[attributeIndex];
    switch (metaType) {
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return (BigDecimal) present(attributeIndex, "getBigDecimal");
      case FLOAT64:
        return BigDecimal.valueOf((Double) present(attributeIndex, "getBigDecimal"));
      case FLOAT32:
        // Through the float's shortest text, so 1.1f gives 1.1 and not 1.10000002384...
        return new BigDecimal(Float.toString((Float) present(attributeIndex, "getBigDecimal")));
      case INT8:
      case INT16:
      case INT32:
      case INT64:
      case UINT8:
      case UINT16:
      case UINT32:
      case UINT64:
        return SplPrimitiveType.valueOf(metaType.name())
            .integerAsBigDecimal(present(attributeIndex, "getBigDecimal"));
      default:
        throw unsupported(attributeIndex, "getBigDecimal");
    }
  }

  /**
   * Returns the attribute as text: the string for {@code rstring} (decoded as UTF-8) and {@code
   * ustring}, {@code "null"} for an absent optional, and {@code Type.toString(value)} for every
   * other type (so {@code List.toString()} for lists, {@code Tuple.toString()} for tuples).
   */
  @Override
  public final String getString(int attributeIndex) {
    Object value = stored(attributeIndex);
    if (value == null) {
      return "null";
    }
    switch (schema.valueMetaTypes[attributeIndex]) {
      case RSTRING:
      case BSTRING:
        return ((RString) value).getString();
      case USTRING:
        return (String) value;
      default:
        return schema.types[attributeIndex].toString(getObject(attributeIndex));
    }
  }

  @Override
  public final Timestamp getTimestamp(int attributeIndex) {
    if (schema.valueMetaTypes[attributeIndex] == MetaType.TIMESTAMP) {
      return (Timestamp) present(attributeIndex, "getTimestamp");
    }
    throw unsupported(attributeIndex, "getTimestamp");
  }

  /**
   * Returns a read-only buffer over the attribute: a {@code ByteBuffer} for {@code blob}, {@code
   * rstring} and lists of 8-bit integers, and the matching buffer for lists of 16-, 32- and 64-bit
   * integers and floats. The buffer reads a copy, so it never reflects later changes.
   */
  @Override
  public final Buffer getBuffer(int attributeIndex) {
    Object value = present(attributeIndex, "getBuffer");
    switch (schema.valueMetaTypes[attributeIndex]) {
      case BLOB:
        return ((Blob) value).getByteBuffer();
      case RSTRING:
      case BSTRING:
        return ByteBuffer.wrap(((RString) value).getData()).asReadOnlyBuffer();
      case LIST:
      case BLIST:
        Object array = getObject(attributeIndex);
        if (array instanceof byte[]) {
          return ByteBuffer.wrap((byte[]) array).asReadOnlyBuffer();
        } else if (array instanceof short[]) {
          return ShortBuffer.wrap((short[]) array).asReadOnlyBuffer();
        } else if (array instanceof int[]) {
          return IntBuffer.wrap((int[]) array).asReadOnlyBuffer();
        } else if (array instanceof long[]) {
          return LongBuffer.wrap((long[]) array).asReadOnlyBuffer();
        } else if (array instanceof float[]) {
          return FloatBuffer.wrap((float[]) array).asReadOnlyBuffer();
        } else if (array instanceof double[]) {
          return DoubleBuffer.wrap((double[]) array).asReadOnlyBuffer();
        }
        throw unsupported(attributeIndex, "getBuffer");
      default:
        throw unsupported(attributeIndex, "getBuffer");
    }
  }

  @Override
  public final <T extends Buffer> T getBuffer(int attributeIndex, Class<T> type) {
    return type.cast(getBuffer(attributeIndex));
  }

  @Override
  public final Blob getBlob(int attributeIndex) {
    if (schema.valueMetaTypes[attributeIndex] == MetaType.BLOB) {
      return (Blob) present(attributeIndex, "getBlob");
    }
    throw unsupported(attributeIndex, "getBlob");
  }

  /** Returns the list itself (read-only, no copy), whatever the list's object type. */
  @Override
  public final List<?> getList(int attributeIndex) {
    MetaType metaType = schema.valueMetaTypes[attributeIndex];
    if (metaType == MetaType.LIST || metaType == MetaType.BLIST) {
      return (List<?>) present(attributeIndex, "getList");
    }
    throw unsupported(attributeIndex, "getList");
  }

  @Override
  public final Set<?> getSet(int attributeIndex) {
    MetaType metaType = schema.valueMetaTypes[attributeIndex];
    if (metaType == MetaType.SET || metaType == MetaType.BSET) {
      return (Set<?>) present(attributeIndex, "getSet");
    }
    throw unsupported(attributeIndex, "getSet");
  }

  @Override
  public final Map<?, ?> getMap(int attributeIndex) {
    MetaType metaType = schema.valueMetaTypes[attributeIndex];
    if (metaType == MetaType.MAP || metaType == MetaType.BMAP) {
      return (Map<?, ?>) present(attributeIndex, "getMap");
    }
    throw unsupported(attributeIndex, "getMap");
  }

  /**
   * Returns the attribute as an {@code Optional}: empty for an absent optional value, else its
   * object, which must be of class {@code valueType} (no conversion).
   */
  @Override
  public final <T> Optional<T> getOptional(int attributeIndex, Class<T> valueType) {
    return Optional.ofNullable(valueType.cast(getObject(attributeIndex)));
  }

  @Override
  public final Tuple getTuple(int attributeIndex) {
    if (schema.valueMetaTypes[attributeIndex] == MetaType.TUPLE) {
      return (Tuple) present(attributeIndex, "getTuple");
    }
    throw unsupported(attributeIndex, "getTuple");
  }

  /** Always throws: streams-window has no SPL {@code xml} attributes. */
  @Override
  public final XML getXML(int attributeIndex) {
    if (schema.valueMetaTypes[attributeIndex] == MetaType.XML) {
      return (XML) present(attributeIndex, "getXML");
    }
    throw unsupported(attributeIndex, "getXML");
  }

  /** Always throws: streams-window has no SPL {@code enum} attributes. */
  @Override
  public final <E extends Enum<E>> E getEnum(Class<E> enumType, int attributeIndex) {
    throw unsupported(attributeIndex, "getEnum");
  }

  // ---- by name ----------------------------------------------------------------------------

  @Override
  public final boolean getBoolean(String attributeName) {
    return getBoolean(index(attributeName));
  }

  @Override
  public final byte getByte(String attributeName) {
    return getByte(index(attributeName));
  }

  @Override
  public final short getShort(String attributeName) {
    return getShort(index(attributeName));
  }

  @Override
  public final int getInt(String attributeName) {
    return getInt(index(attributeName));
  }

  @Override
  public final long getLong(String attributeName) {
    return getLong(index(attributeName));
  }

  @Override
  public final float getFloat(String attributeName) {
    return getFloat(index(attributeName));
  }

  @Override
  public final double getDouble(String attributeName) {
    return getDouble(index(attributeName));
  }

  @Override
  public final BigDecimal getBigDecimal(String attributeName) {
    return getBigDecimal(index(attributeName));
  }

  @Override
  public final String getString(String attributeName) {
    return getString(index(attributeName));
  }

  @Override
  public final Timestamp getTimestamp(String attributeName) {
    return getTimestamp(index(attributeName));
  }

  @Override
  public final Buffer getBuffer(String attributeName) {
    return getBuffer(index(attributeName));
  }

  @Override
  public final <T extends Buffer> T getBuffer(String attributeName, Class<T> type) {
    return getBuffer(index(attributeName), type);
  }

  @Override
  public final Blob getBlob(String attributeName) {
    return getBlob(index(attributeName));
  }

  @Override
  public final List<?> getList(String attributeName) {
    return getList(index(attributeName));
  }

  @Override
  public final Set<?> getSet(String attributeName) {
    return getSet(index(attributeName));
  }

  @Override
  public final Map<?, ?> getMap(String attributeName) {
    return getMap(index(attributeName));
  }

  @Override
  public final <T> Optional<T> getOptional(String attributeName, Class<T> valueType) {
    return getOptional(index(attributeName), valueType);
  }

  @Override
  public final Tuple getTuple(String attributeName) {
    return getTuple(index(attributeName));
  }

  @Override
  public final Object getObject(String attributeName) {
    return getObject(index(attributeName));
  }

  @Override
  public final <T> T getObject(String attributeName, Class<T> type) {
    return getObject(index(attributeName), type);
  }

  @Override
  public final XML getXML(String attributeName) {
    return getXML(index(attributeName));
  }

  @Override
  public final <E extends Enum<E>> E getEnum(Class<E> enumType, String attributeName) {
    return getEnum(enumType, index(attributeName));
  }

  // ---- identity ---------------------------------------------------------------------------

  /**
   * Tells whether {@code other} is a tuple of this runtime with an equal schema and equal values;
   * an output tuple and its read-only copy are equal while neither changes.
   */
  @Override
  public final boolean equals(Object other) {
    if (other == this) {
      return true;
    }
    if (!(other instanceof AbstractSchemaTuple)) {
      return false;
    }
    AbstractSchemaTuple that = (AbstractSchemaTuple) other;
    if (!schema.equals(that.schema) || !Arrays.equals(values, that.values)) {
      return false;
    }
    int[] slots = schema.bitSlots;
    for (int i = 0; i < slots.length; i++) {
      if (slots[i] >= 0
          && !UnboxedValues.same(
              schema.valueMetaTypes[i], bits[slots[i]], that.bits[that.schema.bitSlots[i]])) {
        return false;
      }
    }
    return true;
  }

  /** The schema's hash and {@code Arrays.hashCode} of the values as their boxed objects. */
  @Override
  public int hashCode() {
    int h = 1;
    int[] slots = schema.bitSlots;
    for (int i = 0; i < slots.length; i++) {
      int slot = slots[i];
      h =
          31 * h
              + (slot >= 0
                  ? UnboxedValues.hash(schema.valueMetaTypes[i], bits[slot])
                  : Objects.hashCode(values[i]));
    }
    return schema.hashCode() * 31 + h;
  }

  /** Returns the attributes as {@code {name=text, ...}}, each text as {@link #getString(int)}. */
  @Override
  public final String toString() {
    StringBuilder text = new StringBuilder("{");
    for (int i = 0; i < schema.bitSlots.length; i++) {
      text.append(i == 0 ? "" : ", ").append(schema.getAttribute(i).getName()).append('=');
      text.append(getString(i));
    }
    return text.append('}').toString();
  }

  /**
   * Splits the values of a tuple Java-serialised by a build that kept every value boxed, as this
   * one keeps them; tuples serialised by this build read as they are.
   */
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (bits == null && schema.bitCount > 0) {
      Object[] stored = values;
      bits = schema.bitsOf(stored);
      values = schema.objectsOf(stored);
    }
  }

  /** Reads a stored value from any tuple: directly from ours, through getObject otherwise. */
  static Object storedValue(Tuple tuple, int attributeIndex) {
    if (tuple instanceof AbstractSchemaTuple) {
      return ((AbstractSchemaTuple) tuple).stored(attributeIndex);
    }
    SplSchema schema = SplSchema.from(tuple.getStreamSchema());
    return schema.toStored(attributeIndex, tuple.getObject(attributeIndex));
  }
}
