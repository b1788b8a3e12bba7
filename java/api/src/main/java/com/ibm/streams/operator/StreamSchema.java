package com.ibm.streams.operator;

import com.ibm.streams.operator.encoding.BinaryEncoding;
import com.ibm.streams.operator.encoding.CharacterEncoding;
import com.ibm.streams.operator.types.XML;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The SPL tuple type of a stream: its attributes, in order. A schema is immutable; the {@code
 * extend} and {@code remove} methods return new schemas. Obtain one from a port or with {@link
 * Type.Factory#getStreamSchema(String)}.
 *
 * <pre>{@code
 * StreamSchema schema = Type.Factory.getStreamSchema("tuple<rstring id, float64 v>");
 * Comparator<Tuple> byValue = schema.getAttributesComparator(true, "v");
 * }</pre>
 */
public interface StreamSchema extends Iterable<Attribute> {

  /**
   * Returns the attribute at a position.
   *
   * @param attributeIndex the zero-based index
   * @return the attribute
   * @throws IndexOutOfBoundsException when there is no such attribute
   */
  Attribute getAttribute(int attributeIndex);

  /**
   * Returns the attribute with a name.
   *
   * @param attributeName the name
   * @return the attribute, or null when the schema has no such attribute
   */
  Attribute getAttribute(String attributeName);

  /**
   * Returns the index of the attribute with a name.
   *
   * @param attributeName the name
   * @return the index, or -1 when the schema has no such attribute
   */
  int getAttributeIndex(String attributeName);

  /**
   * Returns the number of attributes.
   *
   * @return the attribute count
   */
  int getAttributeCount();

  /**
   * Iterates over the attributes in index order.
   *
   * @return an iterator that does not support removal
   */
  @Override
  Iterator<Attribute> iterator();

  /**
   * Returns a tuple of this schema with every attribute at its default value.
   *
   * @return a default tuple
   */
  Tuple getTuple();

  /**
   * Returns a tuple of this schema taking the attributes of another tuple that match by name and
   * type; the rest take their default values.
   *
   * @param source the tuple to copy from
   * @return a new tuple
   */
  Tuple getTuple(Tuple source);

  /**
   * Returns a tuple of this schema from values keyed by attribute name; missing attributes take
   * their default values.
   *
   * @param attributeValues the values by name
   * @return a new tuple
   */
  Tuple getTuple(Map<String, ?> attributeValues);

  /**
   * Returns a tuple of this schema from values in attribute order.
   *
   * @param attributeValues one value per attribute
   * @return a new tuple
   */
  Tuple getTuple(List<?> attributeValues);

  /**
   * Returns a tuple of this schema from values in attribute order.
   *
   * @param attributeValues one value per attribute
   * @return a new tuple
   */
  Tuple getTuple(Object[] attributeValues);

  /**
   * Returns a comparator that orders tuples of this schema by the named attributes, the first name
   * being the most significant. With no names it orders by every attribute whose Java object type
   * is {@code Comparable} and that is not optional, lower index first, and skips the others (an
   * {@code rstring}, whose {@code RString} is not {@code Comparable}, a blob, a collection or a
   * tuple); with none such, every two tuples compare equal.
   *
   * @param ascending true for ascending order, false for descending
   * @param attributeNames the attributes to compare, which must have comparable types; none for
   *     every comparable attribute
   * @return the comparator
   * @throws IllegalArgumentException for an unknown attribute or one that cannot be ordered
   */
  Comparator<Tuple> getAttributesComparator(boolean ascending, String... attributeNames);

  /**
   * Returns SPL's native binary encoding for tuples of this schema. Not supported by
   * streams-window.
   *
   * @return the encoding
   */
  BinaryEncoding newNativeBinaryEncoding();

  /**
   * Returns the SPL text of this tuple type, such as {@code tuple<rstring id,float64 v>}.
   *
   * @return the SPL type
   */
  String getLanguageType();

  /**
   * Returns the XML description of this tuple type. Not supported by streams-window.
   *
   * @return the XML tuple type
   */
  XML getXMLTupleType();

  /**
   * Returns the XML description of this tuple type with a namespace prefix. Not supported by
   * streams-window.
   *
   * @param namespacePrefix the prefix to use
   * @return the XML tuple type
   */
  XML getXMLTupleType(String namespacePrefix);

  /**
   * Returns the XML description of this tuple type as a DOM element. Not supported by
   * streams-window.
   *
   * @param document the document that owns the element
   * @param namespacePrefix the prefix to use
   * @return the element
   */
  Element getXMLTupleTypeElement(Document document, String namespacePrefix);

  /**
   * Returns the attribute names, in index order.
   *
   * @return a read-only ordered set of names
   */
  Set<String> getAttributeNames();

  /**
   * Returns a schema with the attributes of the given schemas appended, skipping names that already
   * exist with the same type.
   *
   * @param schemas the schemas to append
   * @return the extended schema
   */
  StreamSchema extendBySchemas(StreamSchema... schemas);

  /**
   * Returns a schema with the given attributes appended.
   *
   * @param attributes the attributes to append
   * @return the extended schema
   */
  StreamSchema extendByAttributes(Attribute... attributes);

  /**
   * Returns a schema with one attribute appended.
   *
   * @param type the new attribute's type
   * @param attributeName the new attribute's name
   * @return the extended schema
   */
  StreamSchema extend(Type type, String attributeName);

  /**
   * Returns a schema with one attribute appended.
   *
   * @param splType the new attribute's SPL type, such as {@code "rstring"}
   * @param attributeName the new attribute's name
   * @return the extended schema
   */
  StreamSchema extend(String splType, String attributeName);

  /**
   * Returns a schema without the named attributes.
   *
   * @param attributeNames the attributes to drop
   * @return the reduced schema
   */
  StreamSchema remove(String... attributeNames);

  /**
   * Returns SPL's character encoding for tuples of this schema. Not supported by streams-window.
   *
   * @return the encoding
   */
  CharacterEncoding newCharacterEncoding();
}
