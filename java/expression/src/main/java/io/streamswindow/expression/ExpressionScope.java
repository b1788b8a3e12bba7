package io.streamswindow.expression;

import io.streamswindow.schema.SplSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The tuples an expression reads: one input port, or several (a {@code Join}'s two), each with its
 * schema and the names that qualify its attributes ({@code L.x}, {@code BeatR.name}). An
 * unqualified name is the attribute of the one port that has it; a name two ports have must be
 * qualified.
 *
 * <p>Example: {@code ExpressionScope.of(SplSchema.parse("tuple<rstring ticker, float64 price, int32
 * volume>"))}, or for a join {@code ExpressionScope.ports(List.of(port("L", left), port("R",
 * right)))}.
 */
public final class ExpressionScope implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** One input port: its schema and the names that qualify its attributes (none, or several). */
  public record Port(SplSchema schema, List<String> names) implements java.io.Serializable {
    public Port {
      Objects.requireNonNull(schema, "schema");
      names = List.copyOf(names);
    }
  }

  private final List<Port> ports;

  /** The submission-time and compile-time values by name: SPL's getSubmissionTimeValue(name). */
  private final java.util.Map<String, String> values;

  private ExpressionScope(List<Port> ports) {
    this(ports, java.util.Map.of());
  }

  private ExpressionScope(List<Port> ports, java.util.Map<String, String> values) {
    this.ports = List.copyOf(ports);
    this.values = java.util.Map.copyOf(values);
  }

  /** One input port whose attributes are named unqualified. */
  public static ExpressionScope of(SplSchema schema) {
    return new ExpressionScope(List.of(new Port(schema, List.of())));
  }

  /** Several input ports, in port order. */
  public static ExpressionScope ports(List<Port> ports) {
    if (ports.isEmpty()) {
      throw new IllegalArgumentException("an expression scope needs at least one port");
    }
    return new ExpressionScope(ports);
  }

  /** A port named {@code names} (a stream name, a port alias). */
  public static Port port(SplSchema schema, String... names) {
    return new Port(schema, List.of(names));
  }

  /**
   * This scope with the values SPL's {@code getSubmissionTimeValue(name)} and {@code
   * getCompileTimeValue(name)} read (a list value is comma-separated, as SPL gives it), fixed when
   * the plan is built.
   */
  public ExpressionScope withValues(java.util.Map<String, String> values) {
    return new ExpressionScope(ports, values);
  }

  /** The value named {@code name}, or null. */
  String value(String name) {
    return values.get(name);
  }

  /** The ports, in port order. */
  public List<Port> ports() {
    return ports;
  }

  /** The port that {@code name} qualifies, or -1. */
  int portNamed(String name) {
    for (int i = 0; i < ports.size(); i++) {
      if (ports.get(i).names().contains(name)) {
        return i;
      }
    }
    return -1;
  }

  /** Every attribute name of every port, for "did you mean" hints. */
  List<String> attributeNames() {
    List<String> names = new ArrayList<>();
    for (Port port : ports) {
      names.addAll(port.schema().getAttributeNames());
    }
    return names;
  }
}
