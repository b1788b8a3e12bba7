package io.streamswindow.schema;

import com.ibm.streams.operator.meta.BoundedType;
import com.ibm.streams.operator.types.RString;
import java.util.Arrays;
import java.util.Random;

/**
 * SPL {@code rstring[n]}: an {@code rstring} of at most {@code n} bytes (meta type {@code
 * BSTRING}). Assigning a longer string keeps its first {@code n} bytes, as SPL does, even when that
 * cuts a multi-byte UTF-8 character.
 *
 * <p>Example: {@code new SplBoundedStringType(3).toStored("abcdef")} is the rstring {@code abc}.
 */
public final class SplBoundedStringType extends AbstractSplType implements BoundedType {
  private final int bound;

  /**
   * Creates {@code rstring[bound]}.
   *
   * @throws IllegalArgumentException when {@code bound} is not positive
   */
  public SplBoundedStringType(int bound) {
    super(withBound("rstring", bound));
    if (bound <= 0) {
      throw new IllegalArgumentException("rstring[" + bound + "]: the bound must be positive");
    }
    this.bound = bound;
  }

  /** Returns the largest number of bytes a value holds. */
  public int getBoundedSize() {
    return bound;
  }

  @Override
  public MetaType getMetaType() {
    return MetaType.BSTRING;
  }

  @Override
  public Class<?> getObjectType() {
    return RString.class;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return RString.class;
  }

  @Override
  public Object getDefaultValue() {
    return SplPrimitiveType.RSTRING.getDefaultValue();
  }

  @Override
  public Object toStored(Object value) {
    RString text;
    if (value instanceof RString) {
      text = (RString) value;
    } else if (value instanceof String) {
      text = new RString((String) value);
    } else {
      throw SplType.mismatch(this, value, "RString or String");
    }
    if (text.getLength() <= bound) {
      return text;
    }
    return new RString(Arrays.copyOf(text.getData(), bound));
  }

  @Override
  public Object randomValue(Random random) {
    return toStored(SplPrimitiveType.RSTRING.randomValue(random));
  }

  @Override
  public String toString(Object value) {
    return ((RString) value).getString();
  }
}
