package com.ibm.streams.operator;

/** One named, typed attribute of a {@link StreamSchema}, at a fixed position in the schema. */
public interface Attribute {

  /**
   * Returns the attribute's name as declared in the SPL tuple type.
   *
   * @return the attribute name
   */
  String getName();

  /**
   * Returns the attribute's SPL type.
   *
   * @return the attribute type
   */
  Type getType();

  /**
   * Returns the attribute's zero-based position in its schema.
   *
   * @return the attribute index
   */
  int getIndex();

  /**
   * Tells whether another attribute has the same name and the same SPL type as this one; the index
   * is not compared.
   *
   * @param other the attribute to compare with
   * @return true when name and type match
   */
  boolean same(Attribute other);
}
