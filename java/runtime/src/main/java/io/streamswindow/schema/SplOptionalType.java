package io.streamswindow.schema;

import com.ibm.streams.operator.meta.OptionalType;
import java.util.Random;

/**
 * SPL {@code optional<T>}: a value of {@code T} or no value (Java {@code null}, the default).
 *
 * <p>As in IBM's runtime, the object type is {@code T}'s object type and a present value is held
 * exactly as a {@code T} attribute would hold it.
 */
public final class SplOptionalType extends AbstractSplType implements OptionalType {
  private final SplType valueType;

  /**
   * Creates {@code optional<valueType>}.
   *
   * @throws IllegalArgumentException when {@code valueType} is itself optional (SPL forbids it)
   */
  public SplOptionalType(SplType valueType) {
    super("optional<" + valueType.getLanguageType() + ">");
    if (valueType.getMetaType() == MetaType.OPTIONAL) {
      throw new IllegalArgumentException(
          getLanguageType() + ": an optional type cannot be optional");
    }
    this.valueType = valueType;
  }

  @Override
  public SplType getValueType() {
    return valueType;
  }

  @Override
  public MetaType getMetaType() {
    return MetaType.OPTIONAL;
  }

  @Override
  public MetaType getValueMetaType() {
    return valueType.getMetaType();
  }

  @Override
  public Class<?> getObjectType() {
    return valueType.getObjectType();
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return valueType.getAsCompositeElementType();
  }

  /** Returns null: an optional attribute starts without a value. */
  @Override
  public Object getDefaultValue() {
    return null;
  }

  @Override
  public Object toStored(Object value) {
    return value == null ? null : valueType.toStored(value);
  }

  @Override
  public Object toObject(Object stored) {
    return stored == null ? null : valueType.toObject(stored);
  }

  @Override
  public Object randomValue(Random random) {
    return random.nextBoolean() ? null : valueType.randomValue(random);
  }

  /** Returns the value's text as {@code T} gives it, or {@code "null"} when there is no value. */
  @Override
  public String toString(Object value) {
    return value == null ? "null" : valueType.toString(value);
  }
}
