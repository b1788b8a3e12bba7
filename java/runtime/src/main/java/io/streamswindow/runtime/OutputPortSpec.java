package io.streamswindow.runtime;

import com.ibm.streams.operator.StreamSchema;
import java.util.Objects;

/**
 * The declaration of one output port of a hosted operator: its name, schema and the sink that
 * receives what the operator submits.
 *
 * @param name the port name the operator sees through {@code StreamingOutput.getName()}
 * @param schema the schema of the tuples the port submits
 * @param sink where submitted tuples and marks go
 */
public record OutputPortSpec(String name, StreamSchema schema, OutputSink sink) {
  /** Checks that every component is present. */
  public OutputPortSpec {
    Objects.requireNonNull(name, "output port name");
    Objects.requireNonNull(schema, "output port schema");
    Objects.requireNonNull(sink, "output port sink (use OutputSink.discard())");
  }
}
