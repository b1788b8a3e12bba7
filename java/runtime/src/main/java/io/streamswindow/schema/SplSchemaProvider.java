package io.streamswindow.schema;

import com.ibm.streams.operator.StreamSchema;
import io.streamswindow.api.spi.SchemaProvider;

/**
 * The runtime's {@link SchemaProvider}: IBM's {@code Type.Factory.getStreamSchema} finds it through
 * {@code META-INF/services} and it parses with {@link SplSchema#parse(String)}.
 */
public final class SplSchemaProvider implements SchemaProvider {

  /** Parses an SPL tuple type such as {@code tuple<rstring id, float64 v>}. */
  @Override
  public StreamSchema getStreamSchema(String splTupleType) {
    return SplSchema.parse(splTupleType);
  }
}
