package io.streamswindow.schema;

import com.ibm.streams.operator.meta.BoundedType;
import com.ibm.streams.operator.meta.CollectionType;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Random;
import java.util.Set;

/**
 * SPL {@code set<T>} and the bounded {@code set<T>[n]} (meta types {@code SET} and {@code BSET}).
 *
 * <p>Values are stored as unmodifiable {@code Set}s of the element type's composite form, iterating
 * in the order the elements were given so that text and checkpoints are deterministic. A bounded
 * set keeps the first {@code n} distinct elements it is given (SPL leaves open which ones survive).
 */
public final class SplSetType extends AbstractSplType implements CollectionType, BoundedType {
  private final SplType elementType;
  private final int bound;

  /**
   * Creates {@code set<elementType>}, or {@code set<elementType>[bound]} when {@code bound} is not
   * negative.
   *
   * @param bound the largest number of elements, or -1 for an unbounded set
   * @throws IllegalArgumentException when {@code bound} is 0
   */
  public SplSetType(SplType elementType, int bound) {
    super(withBound("set<" + elementType.getLanguageType() + ">", bound));
    if (bound == 0) {
      throw new IllegalArgumentException(getLanguageType() + ": the bound must be positive");
    }
    this.elementType = elementType;
    this.bound = bound;
  }

  @Override
  public SplType getElementType() {
    return elementType;
  }

  /** Returns the largest number of elements, or -1 when the set is unbounded. */
  public int getBoundedSize() {
    return bound;
  }

  @Override
  public MetaType getMetaType() {
    return bound < 0 ? MetaType.SET : MetaType.BSET;
  }

  @Override
  public Class<?> getObjectType() {
    return Set.class;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return Set.class;
  }

  @Override
  public Object getDefaultValue() {
    return Collections.emptySet();
  }

  @Override
  public Object toStored(Object value) {
    if (!(value instanceof Set)) {
      throw SplType.mismatch(this, value, "java.util.Set");
    }
    Set<?> source = (Set<?>) value;
    if (source.isEmpty()) {
      return Collections.emptySet();
    }
    Set<Object> stored = new LinkedHashSet<>();
    for (Object element : source) {
      if (bound >= 0 && stored.size() == bound) {
        break;
      }
      try {
        stored.add(elementType.toStored(element));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "an element of " + getLanguageType() + ": " + e.getMessage(), e);
      }
    }
    return Collections.unmodifiableSet(stored);
  }

  @Override
  public Object randomValue(Random random) {
    int size = random.nextInt(bound < 0 ? 5 : bound + 1);
    Set<Object> values = new LinkedHashSet<>();
    for (int i = 0; i < size; i++) {
      values.add(elementType.randomValue(random));
    }
    return toStored(values);
  }

  /** Returns {@code Set.toString()} of the value. */
  @Override
  public String toString(Object value) {
    return String.valueOf((Set<?>) value);
  }
}
