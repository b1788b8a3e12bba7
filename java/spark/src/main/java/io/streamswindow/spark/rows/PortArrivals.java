package io.streamswindow.spark.rows;

import com.ibm.streams.operator.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * The reduce side of a run with several input ports: hands a group's tuples of every port on in one
 * arrival order (docs/python.md, "Several input ports"). Each port's packed rows are unpacked by
 * its own {@link ArrivalOrder} (its tuples, its schema); the ports then arrive:
 *
 * <ul>
 *   <li>without {@code order_by}: port 0's tuples of the call in their arrival order, then port
 *       1's, and so on;
 *   <li>with {@code order_by}: by the {@code order_by} values across all ports, ties going to the
 *       lower port, then to the earlier tuple of the port (input order). The group's tuples are
 *       decoded first and sorted (stable): a call holds them all at once.
 * </ul>
 *
 * <pre>{@code
 * PortArrivals arrivals = new PortArrivals(packedSchema, List.of(port0, port1), orders);
 * arrivals.deliver(packedRows, (port, tuple, marker) -> host.submit(port, tuple));
 * }</pre>
 */
public final class PortArrivals {
  private final int originColumn;
  private final List<ArrivalOrder> ports;

  /** Each port's {@code order_by} order, or null when the input order is the arrival order. */
  private final List<TupleOrder> orders;

  /** Takes the arrivals of a group, one at a time, in order. */
  @FunctionalInterface
  public interface Arrivals {
    /** A tuple arrives on {@code port} ({@code marker} false), or a window marker. */
    void arrive(int port, Tuple tuple, boolean marker) throws Exception;
  }

  /**
   * @param packed the schema of the packed rows (every port's have the same columns)
   * @param ports each input port's unpacking, port 0 first
   * @param orders each port's {@code order_by} order (the same columns, of the same SPL types, in
   *     every port), or null without {@code order_by}
   */
  public PortArrivals(StructType packed, List<ArrivalOrder> ports, List<TupleOrder> orders) {
    this.originColumn = packed.fieldIndex(PackedRows.ORIGIN_COLUMN);
    this.ports = List.copyOf(ports);
    this.orders = orders == null ? null : List.copyOf(orders);
  }

  /** Hands the group's arrivals on every port to {@code to} in order. */
  public void deliver(Iterator<Row> packedRows, Arrivals to) throws Exception {
    List<List<Row>> byPort = new ArrayList<>();
    for (int port = 0; port < ports.size(); port++) {
      byPort.add(new ArrayList<>());
    }
    while (packedRows.hasNext()) {
      Row pack = packedRows.next();
      byPort.get(PackedRows.portOf(pack.getLong(originColumn))).add(pack);
    }
    if (orders == null) {
      for (int port = 0; port < ports.size(); port++) {
        int from = port;
        ports.get(port).deliver(byPort.get(port).iterator(), (t, m) -> to.arrive(from, t, m));
      }
      return;
    }
    // Collected port by port, each port's in its own order: the stable sort then breaks ties by
    // port, then by input order.
    List<Arrival> all = new ArrayList<>();
    for (int port = 0; port < ports.size(); port++) {
      int from = port;
      int[] attributes = orders.get(port).attributes();
      ports
          .get(port)
          .deliver(
              byPort.get(port).iterator(),
              (tuple, marker) -> {
                Object[] values = new Object[attributes.length];
                for (int i = 0; i < values.length; i++) {
                  values[i] = tuple.getObject(attributes[i]);
                }
                all.add(new Arrival(from, tuple, marker, values));
              });
    }
    TupleOrder order = orders.get(0);
    all.sort(Comparator.comparing(Arrival::values, order::compareValues));
    for (Arrival arrival : all) {
      to.arrive(arrival.port(), arrival.tuple(), arrival.marker());
    }
  }

  /** A tuple (or marker) of a port, with its {@code order_by} values. */
  private record Arrival(int port, Tuple tuple, boolean marker, Object[] values) {}
}
