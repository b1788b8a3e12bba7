package io.streamswindow.schema;

import com.ibm.streams.operator.Type;

/**
 * An SPL type as this runtime implements it: IBM's {@link Type} plus the conversions that tuples,
 * the checkpoint codec and the delta resolver need.
 *
 * <p>Every value a tuple holds is kept in the type's <em>stored form</em>: an immutable Java object
 * of the type's {@linkplain #getAsCompositeElementType() composite element class} ({@code RString}
 * for {@code rstring}, {@code Integer} for {@code int32}, an unmodifiable {@code List} for every
 * list, an immutable {@code Tuple} for {@code tuple<...>}, {@code null} for an absent {@code
 * optional<T>}). Because stored values never change, tuples share them without copying. A tuple
 * keeps the stored form of a non-optional boolean, integer or float attribute as the bits of a
 * {@code long} rather than as the boxed object ({@link UnboxedValues}), and boxes it on request.
 *
 * <p>Instances are immutable and thread-safe. Two types are equal when they spell the same SPL
 * type.
 */
public interface SplType extends Type {

  /**
   * Converts a value supplied by a caller into this type's stored form.
   *
   * <p>Accepted: an instance of the stored form or of {@link #getObjectType()}, and these
   * conveniences: a {@code String} for {@code rstring}, a {@code byte[]} for {@code blob}, a {@code
   * List} or the matching Java array for every list, a {@code Map<String, ?>} of attribute values
   * for a {@code tuple<...>}. Bounded types silently drop what exceeds their bound, as in SPL.
   * Decimals are rounded to their SPL precision.
   *
   * @param value the value to convert; {@code null} only for {@code optional<T>}
   * @return the stored form of {@code value}
   * @throws IllegalArgumentException when {@code value} is of a Java type this SPL type cannot
   *     hold; the message names both types
   */
  Object toStored(Object value);

  /**
   * Returns what {@code Tuple.getObject} gives for a stored value: the value itself, or a fresh
   * copy when the {@linkplain #getObjectType() object type} is a mutable Java array.
   */
  default Object toObject(Object stored) {
    return stored;
  }

  /**
   * Returns the meta type of the values this type holds: the same as {@link #getMetaType()} except
   * for {@code optional<T>}, which answers with {@code T}'s meta type.
   */
  default MetaType getValueMetaType() {
    return getMetaType();
  }

  /**
   * Tells whether tuples can be ordered by an attribute of this type, following IBM's rule: the
   * {@linkplain #getObjectType() object type} implements {@code Comparable} and the type is not
   * optional.
   */
  default boolean isComparable() {
    return getMetaType() != MetaType.OPTIONAL && Comparable.class.isAssignableFrom(getObjectType());
  }

  /** Builds the exception thrown when {@code value} does not fit {@code type}. */
  static IllegalArgumentException mismatch(SplType type, Object value, String accepted) {
    if (value == null) {
      return new IllegalArgumentException(
          "SPL type "
              + type.getLanguageType()
              + " cannot hold null (only optional<T> values may be absent; accepted: "
              + accepted
              + ")");
    }
    String given = value.getClass().getName();
    return new IllegalArgumentException(
        "SPL type "
            + type.getLanguageType()
            + " cannot hold a value of Java type "
            + given
            + " (accepted: "
            + accepted
            + ")");
  }
}
