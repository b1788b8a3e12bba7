package com.ibm.streams.operator;

import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.XML;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A tuple that an operator fills in before submitting it to an output port. Obtain one from {@link
 * StreamingOutput#newTuple()}; every attribute starts at its type's default value.
 *
 * <p>Setters accept an attribute index or name, with the same errors as {@link Tuple}'s getters.
 *
 * <pre>{@code
 * OutputTuple out = getOutput(0).newTuple();
 * out.assign(inputTuple);          // copy attributes with matching names and types
 * out.setDouble("average", avg);
 * getOutput(0).submit(out);
 * }</pre>
 */
public interface OutputTuple extends Tuple {

  /**
   * Sets a {@code boolean} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setBoolean(int attributeIndex, boolean value);

  /**
   * Sets a {@code boolean} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setBoolean(String attributeName, boolean value);

  /**
   * Sets an {@code int8} or {@code uint8} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setByte(int attributeIndex, byte value);

  /**
   * Sets an {@code int8} or {@code uint8} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setByte(String attributeName, byte value);

  /**
   * Sets an integer attribute of 16 bits or more.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setShort(int attributeIndex, short value);

  /**
   * Sets an integer attribute of 16 bits or more.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setShort(String attributeName, short value);

  /**
   * Sets an integer attribute of 32 bits or more.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setInt(int attributeIndex, int value);

  /**
   * Sets an integer attribute of 32 bits or more.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setInt(String attributeName, int value);

  /**
   * Sets an {@code int64} or {@code uint64} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setLong(int attributeIndex, long value);

  /**
   * Sets an {@code int64} or {@code uint64} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setLong(String attributeName, long value);

  /**
   * Sets a {@code float32} or {@code float64} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setFloat(int attributeIndex, float value);

  /**
   * Sets a {@code float32} or {@code float64} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setFloat(String attributeName, float value);

  /**
   * Sets a {@code float64} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setDouble(int attributeIndex, double value);

  /**
   * Sets a {@code float64} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setDouble(String attributeName, double value);

  /**
   * Sets a decimal attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setBigDecimal(int attributeIndex, BigDecimal value);

  /**
   * Sets a decimal attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setBigDecimal(String attributeName, BigDecimal value);

  /**
   * Sets a string attribute ({@code rstring} is encoded as UTF-8).
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setString(int attributeIndex, String value);

  /**
   * Sets a string attribute ({@code rstring} is encoded as UTF-8).
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setString(String attributeName, String value);

  /**
   * Sets a {@code timestamp} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setTimestamp(int attributeIndex, Timestamp value);

  /**
   * Sets a {@code timestamp} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setTimestamp(String attributeName, Timestamp value);

  /**
   * Sets an attribute from its object type.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setObject(int attributeIndex, Object value);

  /**
   * Sets an attribute from its object type.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setObject(String attributeName, Object value);

  /**
   * Sets a list attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setList(int attributeIndex, List<?> value);

  /**
   * Sets a list attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setList(String attributeName, List<?> value);

  /**
   * Sets a set attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setSet(int attributeIndex, Set<?> value);

  /**
   * Sets a set attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setSet(String attributeName, Set<?> value);

  /**
   * Sets a map attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setMap(int attributeIndex, Map<?, ?> value);

  /**
   * Sets a map attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setMap(String attributeName, Map<?, ?> value);

  /**
   * Sets an {@code optional<T>} attribute; an empty optional makes it absent.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setOptional(int attributeIndex, Optional<?> value);

  /**
   * Sets an {@code optional<T>} attribute; an empty optional makes it absent.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setOptional(String attributeName, Optional<?> value);

  /**
   * Sets a {@code blob} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setBlob(int attributeIndex, Blob value);

  /**
   * Sets a {@code blob} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setBlob(String attributeName, Blob value);

  /**
   * Sets an {@code xml} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setXML(int attributeIndex, XML value);

  /**
   * Sets an {@code xml} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setXML(String attributeName, XML value);

  /**
   * Sets a {@code tuple} attribute.
   *
   * @param attributeIndex the attribute's index
   * @param value the new value
   */
  void setTuple(int attributeIndex, Tuple value);

  /**
   * Sets a {@code tuple} attribute.
   *
   * @param attributeName the attribute's name
   * @param value the new value
   */
  void setTuple(String attributeName, Tuple value);

  /**
   * Makes an {@code optional<T>} attribute absent.
   *
   * @param attributeIndex the attribute's index
   */
  void setNull(int attributeIndex);

  /**
   * Makes an {@code optional<T>} attribute absent.
   *
   * @param attributeName the attribute's name
   */
  void setNull(String attributeName);

  /**
   * Copies every attribute of another tuple whose name and type match an attribute of this one.
   *
   * @param source the tuple to copy from
   */
  void assign(Tuple source);

  /**
   * Copies the matching attributes of a tuple into a {@code tuple} attribute of this tuple.
   *
   * @param attributeIndex the index of the nested tuple attribute
   * @param source the tuple to copy from
   */
  void assignTuple(int attributeIndex, Tuple source);

  /**
   * Copies the matching attributes of a tuple into a {@code tuple} attribute of this tuple.
   *
   * @param attributeName the name of the nested tuple attribute
   * @param source the tuple to copy from
   */
  void assignTuple(String attributeName, Tuple source);

  /**
   * Sets an SPL {@code enum} attribute from the Java enum constant of the same name.
   *
   * @param <E> the Java enum type
   * @param enumType the Java enum class
   * @param attributeIndex the attribute's index
   * @param value the constant
   */
  <E extends Enum<E>> void setEnum(Class<E> enumType, int attributeIndex, E value);

  /**
   * Sets an SPL {@code enum} attribute from the Java enum constant of the same name.
   *
   * @param <E> the Java enum type
   * @param enumType the Java enum class
   * @param attributeName the attribute's name
   * @param value the constant
   */
  <E extends Enum<E>> void setEnum(Class<E> enumType, String attributeName, E value);

  /**
   * Returns a read-only copy of this tuple's current values; later changes to this tuple do not
   * show in the copy.
   *
   * @return an immutable tuple
   */
  @Override
  Tuple asReadOnlyTuple();
}
