package io.streamswindow.api.spi;

import com.ibm.streams.operator.StreamSchema;

/**
 * Service interface through which IBM's API classes reach our implementation of SPL schemas (for
 * {@code Type.Factory.getStreamSchema}). The runtime module registers one under {@code
 * META-INF/services/io.streamswindow.api.spi.SchemaProvider}; the API module depends on nothing of
 * ours.
 */
public interface SchemaProvider {
  /**
   * Parses an SPL tuple type such as {@code tuple<rstring id, float64 v, timestamp ts>}.
   *
   * @param splTupleType the SPL tuple type
   * @return the schema it describes
   * @throws IllegalArgumentException naming the bad token and its position
   */
  StreamSchema getStreamSchema(String splTupleType);
}
