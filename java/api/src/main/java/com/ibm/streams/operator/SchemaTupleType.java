package com.ibm.streams.operator;

import com.ibm.streams.operator.meta.TupleType;
import java.util.Random;

/** The {@link TupleType} of a schema, as returned by {@link Type.Factory#getTupleType(String)}. */
final class SchemaTupleType implements TupleType {

  private final StreamSchema schema;

  SchemaTupleType(StreamSchema schema) {
    this.schema = schema;
  }

  @Override
  public StreamSchema getTupleSchema() {
    return schema;
  }

  @Override
  public MetaType getMetaType() {
    return MetaType.TUPLE;
  }

  @Override
  public String getLanguageType() {
    return schema.getLanguageType();
  }

  @Override
  public Class<?> getObjectType() {
    return Tuple.class;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return Tuple.class;
  }

  @Override
  public Object getDefaultValue() {
    return schema.getTuple();
  }

  @Override
  public Object randomValue(Random random) {
    throw new UnsupportedOperationException(
        "Random tuple values are not supported by streams-window");
  }

  @Override
  public String toString(Object value) {
    return String.valueOf((Tuple) value);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SchemaTupleType && ((SchemaTupleType) other).schema.equals(schema);
  }

  @Override
  public int hashCode() {
    return schema.hashCode();
  }

  @Override
  public String toString() {
    return getLanguageType();
  }
}
