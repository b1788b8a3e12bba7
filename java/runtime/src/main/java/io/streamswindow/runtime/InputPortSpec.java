package io.streamswindow.runtime;

import com.ibm.streams.operator.StreamSchema;
import io.streamswindow.engine.WindowSpec;
import java.util.Objects;

/**
 * The declaration of one input port of a hosted operator: its name, schema and window.
 *
 * @param name the port name the operator sees through {@code StreamingInput.getName()}
 * @param schema the schema of the tuples arriving on the port
 * @param window the window declaration; {@link WindowSpec#notWindowed()} for a plain port
 */
public record InputPortSpec(String name, StreamSchema schema, WindowSpec window) {
  /** Checks that every component is present. */
  public InputPortSpec {
    Objects.requireNonNull(name, "input port name");
    Objects.requireNonNull(schema, "input port schema");
    Objects.requireNonNull(window, "input port window (use WindowSpec.notWindowed())");
  }
}
