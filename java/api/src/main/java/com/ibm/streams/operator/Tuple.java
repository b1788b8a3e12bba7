package com.ibm.streams.operator;

import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.XML;
import java.math.BigDecimal;
import java.nio.Buffer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * An immutable SPL tuple: an ordered set of typed attribute values described by a {@link
 * StreamSchema}. Every value can be read by attribute index or by attribute name.
 *
 * <p>A typed getter throws {@link IllegalArgumentException} for an unknown name, {@link
 * IndexOutOfBoundsException} for an index outside the schema, and {@link ClassCastException} when
 * the attribute's type cannot be read as the requested Java type. {@link #getString(int)} works for
 * every attribute type and returns the value's text.
 *
 * <pre>{@code
 * double price = tuple.getDouble("price");
 * String symbol = tuple.getString(0);
 * }</pre>
 */
public interface Tuple {

  /**
   * Returns the schema describing this tuple.
   *
   * @return the tuple's schema
   */
  StreamSchema getStreamSchema();

  /**
   * Returns an attribute's value as its object type (see {@link Type#getObjectType()}).
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  Object getObject(int attributeIndex);

  /**
   * Returns an attribute's value cast to a given class.
   *
   * @param <T> the expected type
   * @param attributeIndex the attribute's index
   * @param valueType the expected class
   * @return the value
   */
  <T> T getObject(int attributeIndex, Class<T> valueType);

  /**
   * Returns a {@code boolean} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  boolean getBoolean(int attributeIndex);

  /**
   * Returns an {@code int8} or {@code uint8} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  byte getByte(int attributeIndex);

  /**
   * Returns an {@code int16} or {@code uint16} attribute, or a narrower integer.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  short getShort(int attributeIndex);

  /**
   * Returns an {@code int32} or {@code uint32} attribute, or a narrower integer.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  int getInt(int attributeIndex);

  /**
   * Returns an {@code int64} or {@code uint64} attribute, or a narrower integer.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  long getLong(int attributeIndex);

  /**
   * Returns a {@code float32} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  float getFloat(int attributeIndex);

  /**
   * Returns a {@code float64} or {@code float32} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  double getDouble(int attributeIndex);

  /**
   * Returns a decimal or integer attribute as a {@link BigDecimal}.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  BigDecimal getBigDecimal(int attributeIndex);

  /**
   * Returns an attribute's value as text; for string types the string itself.
   *
   * @param attributeIndex the attribute's index
   * @return the value as a string
   */
  String getString(int attributeIndex);

  /**
   * Returns a {@code timestamp} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  Timestamp getTimestamp(int attributeIndex);

  /**
   * Returns a list attribute as a read-only buffer of its elements.
   *
   * @param attributeIndex the attribute's index
   * @return the value as a buffer
   */
  Buffer getBuffer(int attributeIndex);

  /**
   * Returns a list attribute as a read-only buffer of a given class.
   *
   * @param <T> the buffer type
   * @param attributeIndex the attribute's index
   * @param bufferType the expected buffer class
   * @return the value as a buffer
   */
  <T extends Buffer> T getBuffer(int attributeIndex, Class<T> bufferType);

  /**
   * Returns a {@code blob} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  Blob getBlob(int attributeIndex);

  /**
   * Returns a list attribute as a read-only list.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  List<?> getList(int attributeIndex);

  /**
   * Returns a set attribute as a read-only set.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  Set<?> getSet(int attributeIndex);

  /**
   * Returns a map attribute as a read-only map.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  Map<?, ?> getMap(int attributeIndex);

  /**
   * Returns an {@code optional<T>} attribute.
   *
   * @param <T> the value type
   * @param attributeIndex the attribute's index
   * @param valueType the expected class of a present value
   * @return the value, empty when absent
   */
  <T> Optional<T> getOptional(int attributeIndex, Class<T> valueType);

  /**
   * Returns a {@code tuple} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the nested tuple
   */
  Tuple getTuple(int attributeIndex);

  /**
   * Returns a {@code boolean} attribute.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  boolean getBoolean(String attributeName);

  /**
   * Returns an {@code int8} or {@code uint8} attribute.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  byte getByte(String attributeName);

  /**
   * Returns an {@code int16} or {@code uint16} attribute, or a narrower integer.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  short getShort(String attributeName);

  /**
   * Returns an {@code int32} or {@code uint32} attribute, or a narrower integer.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  int getInt(String attributeName);

  /**
   * Returns an {@code int64} or {@code uint64} attribute, or a narrower integer.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  long getLong(String attributeName);

  /**
   * Returns a {@code float32} attribute.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  float getFloat(String attributeName);

  /**
   * Returns a {@code float64} or {@code float32} attribute.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  double getDouble(String attributeName);

  /**
   * Returns a decimal or integer attribute as a {@link BigDecimal}.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  BigDecimal getBigDecimal(String attributeName);

  /**
   * Returns an attribute's value as text; for string types the string itself.
   *
   * @param attributeName the attribute's name
   * @return the value as a string
   */
  String getString(String attributeName);

  /**
   * Returns a {@code timestamp} attribute.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  Timestamp getTimestamp(String attributeName);

  /**
   * Returns a list attribute as a read-only buffer of its elements.
   *
   * @param attributeName the attribute's name
   * @return the value as a buffer
   */
  Buffer getBuffer(String attributeName);

  /**
   * Returns a list attribute as a read-only buffer of a given class.
   *
   * @param <T> the buffer type
   * @param attributeName the attribute's name
   * @param bufferType the expected buffer class
   * @return the value as a buffer
   */
  <T extends Buffer> T getBuffer(String attributeName, Class<T> bufferType);

  /**
   * Returns a {@code blob} attribute.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  Blob getBlob(String attributeName);

  /**
   * Returns a list attribute as a read-only list.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  List<?> getList(String attributeName);

  /**
   * Returns a set attribute as a read-only set.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  Set<?> getSet(String attributeName);

  /**
   * Returns a map attribute as a read-only map.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  Map<?, ?> getMap(String attributeName);

  /**
   * Returns an {@code optional<T>} attribute.
   *
   * @param <T> the value type
   * @param attributeName the attribute's name
   * @param valueType the expected class of a present value
   * @return the value, empty when absent
   */
  <T> Optional<T> getOptional(String attributeName, Class<T> valueType);

  /**
   * Returns a {@code tuple} attribute.
   *
   * @param attributeName the attribute's name
   * @return the nested tuple
   */
  Tuple getTuple(String attributeName);

  /**
   * Returns an attribute's value as its object type (see {@link Type#getObjectType()}).
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  Object getObject(String attributeName);

  /**
   * Returns an attribute's value cast to a given class.
   *
   * @param <T> the expected type
   * @param attributeName the attribute's name
   * @param valueType the expected class
   * @return the value
   */
  <T> T getObject(String attributeName, Class<T> valueType);

  /**
   * Returns an {@code xml} attribute.
   *
   * @param attributeIndex the attribute's index
   * @return the value
   */
  XML getXML(int attributeIndex);

  /**
   * Returns an {@code xml} attribute.
   *
   * @param attributeName the attribute's name
   * @return the value
   */
  XML getXML(String attributeName);

  /**
   * Returns an SPL {@code enum} attribute as the Java enum constant of the same name.
   *
   * @param <E> the Java enum type
   * @param enumType the Java enum class
   * @param attributeIndex the attribute's index
   * @return the constant
   */
  <E extends Enum<E>> E getEnum(Class<E> enumType, int attributeIndex);

  /**
   * Returns an SPL {@code enum} attribute as the Java enum constant of the same name.
   *
   * @param <E> the Java enum type
   * @param enumType the Java enum class
   * @param attributeName the attribute's name
   * @return the constant
   */
  <E extends Enum<E>> E getEnum(Class<E> enumType, String attributeName);

  /**
   * Returns a read-only view or copy of this tuple; a tuple that is already read-only returns
   * itself.
   *
   * @return a tuple that cannot be modified
   */
  Tuple asReadOnlyTuple();
}
