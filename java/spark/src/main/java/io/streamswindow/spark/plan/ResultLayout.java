package io.streamswindow.spark.plan;

import java.io.Serializable;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Where a result row holds what the operator submitted. With one output port, the row is the port's
 * tuple, column for column. With several, a Spark query has one result and a streaming one one
 * sink, so every port's tuples share the result: a column names the port ({@value #PORT_COLUMN}),
 * and one struct column per port ({@code output_0}, {@code output_1}...) holds the tuple, the other
 * ports' columns null (docs/python.md, "Several output ports"). The punctuation and late-tuple
 * columns, when asked for, follow in either layout.
 *
 * <pre>{@code
 * ResultLayout layout = new ResultLayout(List.of(totals, alerts)); // two output ports
 * layout.leadColumns(); // output_port int, output_0 struct<...>, output_1 struct<...>
 * }</pre>
 *
 * @param ports each output port's schema, port 0's first
 */
public record ResultLayout(List<StructType> ports) implements Serializable {

  /** With several output ports, the result column that names the port a row's tuple went out on. */
  public static final String PORT_COLUMN = "output_port";

  /** With several output ports, the struct column that holds a tuple of {@code port}. */
  static String portColumn(int port) {
    return "output_" + port;
  }

  /** Whether the operator has more than one output port. */
  public boolean severalPorts() {
    return ports.size() > 1;
  }

  /** The result's columns that hold the operator's tuples (before punctuation and late columns). */
  public StructType leadColumns() {
    if (!severalPorts()) {
      return ports.get(0);
    }
    // Nullable: a late-tuple row belongs to no output port.
    StructType lead = new StructType().add(PORT_COLUMN, DataTypes.IntegerType, true);
    for (int port = 0; port < ports.size(); port++) {
      lead = lead.add(portColumn(port), ports.get(port), true);
    }
    return lead;
  }

  /** How many result columns {@link #leadColumns()} are. */
  public int leadWidth() {
    return severalPorts() ? 1 + ports.size() : ports.get(0).fields().length;
  }

  /**
   * Puts a tuple of {@code port} (as a row of the port's schema) into {@code values}, a result row
   * of at least {@link #leadWidth()} columns, all null: with several ports, the port's number and
   * struct column; with one, the tuple's columns first.
   */
  public void place(int port, Row tuple, Object[] values) {
    if (severalPorts()) {
      values[0] = port;
      values[1 + port] = tuple;
    } else {
      for (int i = 0; i < tuple.length(); i++) {
        values[i] = tuple.get(i);
      }
    }
  }
}
