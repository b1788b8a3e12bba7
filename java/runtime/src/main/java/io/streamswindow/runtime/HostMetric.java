package io.streamswindow.runtime;

import com.ibm.streams.operator.metrics.Metric;
import java.util.Objects;

/**
 * A metric of a hosted operator: a custom metric, or a system metric of a port that the host
 * counts.
 *
 * <p>The value is a plain {@code long}: the host counts tuples and marks on paths it already takes
 * (under the host's lock for inputs, serialised per port for outputs), so counting is one increment
 * with no allocation. A reader on another thread may see a value that lags behind.
 */
final class HostMetric implements Metric {
  private final String name;
  private final String description;
  private final Kind kind;
  private final boolean readOnly;

  /** The value; written by the host's counting paths or by the operator's calls. */
  long value;

  private HostMetric(String name, String description, Kind kind, boolean readOnly) {
    this.name = name;
    this.description = description;
    this.kind = kind;
    this.readOnly = readOnly;
  }

  /** A custom metric, which the operator sets. */
  static HostMetric custom(String name, String description, Kind kind) {
    return new HostMetric(name, description, Objects.requireNonNull(kind, "kind"), false);
  }

  /**
   * A system metric, which only the host changes: as in IBM's runtime its setters throw {@link
   * UnsupportedOperationException}. Named as IBM names port metrics: the metric and the port
   * number, {@code nTuplesProcessed0}; the name and description strings are {@code family}'s,
   * shared by every host.
   */
  static HostMetric system(PortMetricNames family, int port, Enum<?> metric, Kind kind) {
    return new HostMetric(family.name(port, metric), family.description(port, metric), kind, true);
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public String getDescription() {
    return description;
  }

  @Override
  public Kind getKind() {
    return kind;
  }

  @Override
  public long getValue() {
    return value;
  }

  @Override
  public void setValue(long newValue) {
    writable("setValue");
    value = newValue;
  }

  @Override
  public void incrementValue(long delta) {
    writable("incrementValue");
    value += delta;
  }

  @Override
  public void increment() {
    writable("increment");
    value++;
  }

  private void writable(String method) {
    if (readOnly) {
      throw new UnsupportedOperationException(
          "Metric." + method + ": " + name + " is a system metric; only the runtime changes it");
    }
  }

  @Override
  public String toString() {
    return name + "=" + value;
  }
}
