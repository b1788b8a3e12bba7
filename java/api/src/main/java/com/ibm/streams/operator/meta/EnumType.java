package com.ibm.streams.operator.meta;

import com.ibm.streams.operator.Type;
import java.util.List;

/** The type of an SPL {@code enum} attribute. */
public interface EnumType extends Type {

  /**
   * Returns the enum's identifiers in declaration order.
   *
   * @return the identifiers
   */
  List<String> getIdentifiers();

  /**
   * Checks that every identifier of this SPL enum is a constant of the Java enum {@code E} ({@code
   * Enum.valueOf(enumType, identifier)} finds it), so that {@code Tuple.getEnum(enumType, ...)} can
   * convert any value. {@code E} may have more constants.
   *
   * @param <E> the Java enum
   * @param enumType the Java enum's class
   * @throws IllegalArgumentException when an identifier is not a constant of {@code E}
   */
  <E extends Enum<E>> void verifyMapping(Class<E> enumType);

  /**
   * Checks that {@code E}'s constants start with this SPL enum's identifiers, in the same order, so
   * that the SPL value's ordinal is the Java constant's ordinal.
   *
   * @param <E> the Java enum
   * @param enumType the Java enum's class
   * @throws IllegalArgumentException when an identifier is not at its own position in {@code E}
   */
  <E extends Enum<E>> void verifyOrdinals(Class<E> enumType);
}
