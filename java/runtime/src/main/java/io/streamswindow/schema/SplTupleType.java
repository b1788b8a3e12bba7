package io.streamswindow.schema;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.meta.TupleType;
import java.util.Map;
import java.util.Random;

/**
 * SPL {@code tuple<...>} as a type: of a nested attribute, of collection elements, and of a whole
 * stream ({@link #getTupleSchema()} is the stream's schema).
 *
 * <p>Values are immutable tuples of exactly this schema.
 */
public final class SplTupleType extends AbstractSplType implements TupleType {
  private final SplSchema schema;

  /** Creates the type of tuples of {@code schema}. */
  public SplTupleType(SplSchema schema) {
    super(schema.getLanguageType());
    this.schema = schema;
  }

  @Override
  public SplSchema getTupleSchema() {
    return schema;
  }

  @Override
  public MetaType getMetaType() {
    return MetaType.TUPLE;
  }

  @Override
  public Class<?> getObjectType() {
    return Tuple.class;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return Tuple.class;
  }

  /** Returns the tuple with every attribute at its default. */
  @Override
  public Object getDefaultValue() {
    return schema.getTuple();
  }

  /**
   * Accepts a tuple of this schema (kept as an immutable copy) or a {@code Map} of attribute values
   * by name (see {@link SplSchema#getTuple(Map)}).
   *
   * @throws IllegalArgumentException for a tuple of another schema, naming both schemas
   */
  @Override
  public Object toStored(Object value) {
    if (value instanceof Tuple) {
      Tuple tuple = (Tuple) value;
      if (!schema.equals(tuple.getStreamSchema())) {
        throw new IllegalArgumentException(
            "a tuple of "
                + tuple.getStreamSchema().getLanguageType()
                + " is not a value of "
                + getLanguageType());
      }
      return tuple instanceof AbstractSchemaTuple
          ? tuple.asReadOnlyTuple()
          : schema.getTuple(tuple);
    }
    if (value instanceof Map) {
      @SuppressWarnings("unchecked")
      Map<String, ?> attributeValues = (Map<String, ?>) value;
      return schema.getTuple(attributeValues);
    }
    throw SplType.mismatch(this, value, "com.ibm.streams.operator.Tuple of this schema or a Map");
  }

  @Override
  public Object randomValue(Random random) {
    Object[] values = new Object[schema.getAttributeCount()];
    for (int i = 0; i < values.length; i++) {
      values[i] = schema.getType(i).randomValue(random);
    }
    return schema.getTuple(values);
  }

  /** Returns {@code Tuple.toString()} of the value. */
  @Override
  public String toString(Object value) {
    return String.valueOf((Tuple) value);
  }
}
