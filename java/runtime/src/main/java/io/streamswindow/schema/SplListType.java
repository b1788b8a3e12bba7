package io.streamswindow.schema;

import com.ibm.streams.operator.meta.BoundedType;
import com.ibm.streams.operator.meta.CollectionType;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * SPL {@code list<T>} and the bounded {@code list<T>[n]} (meta types {@code LIST} and {@code
 * BLIST}).
 *
 * <p>Values are stored as unmodifiable {@code List}s of the element type's stored form. Following
 * IBM's mapping, the {@linkplain #getObjectType() object type} of a list of {@code boolean},
 * integers, floats or {@code ustring} is the Java array ({@code list<int32>} is {@code int[]},
 * {@code list<ustring>} is {@code String[]}; an unsigned element uses the array of the signed type
 * of the same size), so {@code Tuple.getObject} returns a fresh array for those, while {@code
 * Tuple.getList} always returns the stored list. Every other list's object type is {@code List}. As
 * an element of another composite a list is always a {@code List}.
 *
 * <p>A bounded list keeps only its first {@code n} elements, as SPL does.
 */
public final class SplListType extends AbstractSplType implements CollectionType, BoundedType {
  private final SplType elementType;
  private final int bound;
  private final Class<?> arrayType;

  /**
   * Creates {@code list<elementType>}, or {@code list<elementType>[bound]} when {@code bound} is
   * not negative.
   *
   * @param bound the largest number of elements, or -1 for an unbounded list
   * @throws IllegalArgumentException when {@code bound} is 0
   */
  public SplListType(SplType elementType, int bound) {
    super(withBound("list<" + elementType.getLanguageType() + ">", bound));
    if (bound == 0) {
      throw new IllegalArgumentException(getLanguageType() + ": the bound must be positive");
    }
    this.elementType = elementType;
    this.bound = bound;
    this.arrayType = arrayTypeFor(elementType);
  }

  /** Returns IBM's Java array type for lists of this element type, or null when there is none. */
  private static Class<?> arrayTypeFor(SplType elementType) {
    switch (elementType.getMetaType()) {
      case BOOLEAN:
        return boolean[].class;
      case INT8:
      case UINT8:
        return byte[].class;
      case INT16:
      case UINT16:
        return short[].class;
      case INT32:
      case UINT32:
        return int[].class;
      case INT64:
      case UINT64:
        return long[].class;
      case FLOAT32:
        return float[].class;
      case FLOAT64:
        return double[].class;
      case USTRING:
        return String[].class;
      default:
        return null;
    }
  }

  @Override
  public SplType getElementType() {
    return elementType;
  }

  /** Returns the largest number of elements, or -1 when the list is unbounded. */
  public int getBoundedSize() {
    return bound;
  }

  @Override
  public MetaType getMetaType() {
    return bound < 0 ? MetaType.LIST : MetaType.BLIST;
  }

  @Override
  public Class<?> getObjectType() {
    return arrayType != null ? arrayType : List.class;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return List.class;
  }

  @Override
  public Object getDefaultValue() {
    return Collections.emptyList();
  }

  @Override
  public Object toStored(Object value) {
    if (value instanceof List) {
      List<?> source = (List<?>) value;
      int size = bound < 0 ? source.size() : Math.min(bound, source.size());
      if (size == 0) {
        return Collections.emptyList();
      }
      List<Object> stored = new ArrayList<>(size);
      for (Object element : source) {
        if (stored.size() == size) {
          break;
        }
        stored.add(storedElement(element, stored.size()));
      }
      return Collections.unmodifiableList(stored);
    }
    if (value != null && arrayType != null && value.getClass() == arrayType) {
      int length = Array.getLength(value);
      int size = bound < 0 ? length : Math.min(bound, length);
      if (size == 0) {
        return Collections.emptyList();
      }
      List<Object> stored = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        stored.add(storedElement(Array.get(value, i), i));
      }
      return Collections.unmodifiableList(stored);
    }
    throw SplType.mismatch(
        this, value, arrayType == null ? "java.util.List" : "java.util.List or " + arrayName());
  }

  private Object storedElement(Object element, int index) {
    try {
      return elementType.toStored(element);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "element " + index + " of " + getLanguageType() + ": " + e.getMessage(), e);
    }
  }

  private String arrayName() {
    return arrayType.getComponentType().getSimpleName() + "[]";
  }

  /** Returns a fresh Java array for lists whose object type is an array, else the list itself. */
  @Override
  public Object toObject(Object stored) {
    if (arrayType == null) {
      return stored;
    }
    List<?> list = (List<?>) stored;
    Object array = Array.newInstance(arrayType.getComponentType(), list.size());
    for (int i = 0; i < list.size(); i++) {
      Array.set(array, i, list.get(i));
    }
    return array;
  }

  @Override
  public Object randomValue(Random random) {
    int size = random.nextInt(bound < 0 ? 5 : bound + 1);
    List<Object> values = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      values.add(elementType.randomValue(random));
    }
    return toObject(toStored(values));
  }

  /**
   * Returns {@code List.toString()} of the value (a list or, where the object type is one, an
   * array).
   */
  @Override
  public String toString(Object value) {
    return String.valueOf(toStored(value));
  }
}
