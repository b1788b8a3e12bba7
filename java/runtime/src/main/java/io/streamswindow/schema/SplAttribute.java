package io.streamswindow.schema;

import com.ibm.streams.operator.Attribute;

/**
 * One attribute of an {@link SplSchema}: its name, SPL type and zero-based position.
 *
 * <p>Immutable. Equal to another {@code SplAttribute} with the same name, type and index; {@link
 * #same(Attribute)} ignores the index, as IBM's does.
 */
public final class SplAttribute implements Attribute {
  private final String name;
  private final SplType type;
  private final int index;

  SplAttribute(String name, SplType type, int index) {
    this.name = name;
    this.type = type;
    this.index = index;
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public SplType getType() {
    return type;
  }

  @Override
  public int getIndex() {
    return index;
  }

  /** Tells whether {@code other} has the same name and type, wherever it stands in its schema. */
  @Override
  public boolean same(Attribute other) {
    return other != null && name.equals(other.getName()) && type.equals(other.getType());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SplAttribute
        && index == ((SplAttribute) other).index
        && same((SplAttribute) other);
  }

  @Override
  public int hashCode() {
    return (name.hashCode() * 31 + type.hashCode()) * 31 + index;
  }

  /** Returns the attribute as SPL declares it, for example {@code rstring id}. */
  @Override
  public String toString() {
    return type.getLanguageType() + " " + name;
  }
}
