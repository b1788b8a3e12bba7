package io.streamswindow.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

/**
 * SPL {@code map<K,V>} and the bounded {@code map<K,V>[n]} (meta types {@code MAP} and {@code
 * BMAP}).
 *
 * <p>Values are stored as unmodifiable {@code Map}s whose keys and values are in their types'
 * composite forms, iterating in the order the entries were given. A bounded map keeps the first
 * {@code n} distinct keys it is given.
 */
public final class SplMapType extends AbstractSplType
    implements com.ibm.streams.operator.meta.MapType, com.ibm.streams.operator.meta.BoundedType {
  private final SplType keyType;
  private final SplType valueType;
  private final int bound;

  /**
   * Creates {@code map<keyType,valueType>}, or {@code map<keyType,valueType>[bound]} when {@code
   * bound} is not negative.
   *
   * @param bound the largest number of entries, or -1 for an unbounded map
   * @throws IllegalArgumentException when {@code bound} is 0
   */
  public SplMapType(SplType keyType, SplType valueType, int bound) {
    super(
        withBound(
            "map<" + keyType.getLanguageType() + "," + valueType.getLanguageType() + ">", bound));
    if (bound == 0) {
      throw new IllegalArgumentException(getLanguageType() + ": the bound must be positive");
    }
    this.keyType = keyType;
    this.valueType = valueType;
    this.bound = bound;
  }

  @Override
  public SplType getKeyType() {
    return keyType;
  }

  /** The value type: a map's elements, as a {@code CollectionType}, are its values. */
  @Override
  public SplType getElementType() {
    return valueType;
  }

  @Override
  public SplType getValueType() {
    return valueType;
  }

  /** Returns the largest number of entries, or -1 when the map is unbounded. */
  public int getBoundedSize() {
    return bound;
  }

  @Override
  public MetaType getMetaType() {
    return bound < 0 ? MetaType.MAP : MetaType.BMAP;
  }

  @Override
  public Class<?> getObjectType() {
    return Map.class;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return Map.class;
  }

  @Override
  public Object getDefaultValue() {
    return Collections.emptyMap();
  }

  @Override
  public Object toStored(Object value) {
    if (!(value instanceof Map)) {
      throw SplType.mismatch(this, value, "java.util.Map");
    }
    Map<?, ?> source = (Map<?, ?>) value;
    if (source.isEmpty()) {
      return Collections.emptyMap();
    }
    Map<Object, Object> stored = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : source.entrySet()) {
      Object key = convert(keyType, entry.getKey(), "a key");
      if (bound >= 0 && stored.size() == bound && !stored.containsKey(key)) {
        continue;
      }
      stored.put(key, convert(valueType, entry.getValue(), "a value"));
    }
    return Collections.unmodifiableMap(stored);
  }

  private Object convert(SplType type, Object value, String role) {
    try {
      return type.toStored(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          role + " of " + getLanguageType() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public Object randomValue(Random random) {
    int size = random.nextInt(bound < 0 ? 5 : bound + 1);
    Map<Object, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      values.put(keyType.randomValue(random), valueType.randomValue(random));
    }
    return toStored(values);
  }

  /** Returns {@code Map.toString()} of the value. */
  @Override
  public String toString(Object value) {
    return String.valueOf((Map<?, ?>) value);
  }
}
