package io.streamswindow.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * Restores the arrival order of a group's rows in one micro-batch.
 *
 * <p>Spark keeps the rows of a key together but not in source order (several input partitions
 * arrive one after another; a spilled sort interleaves them), and streaming queries refuse a sort
 * before a stateful operator, so the order is restored here: by the {@code order_by} columns, or
 * by the input position when there are none. Rows that already arrive in order are only checked,
 * not sorted (the common case costs one comparison per row).
 */
final class ArrivalOrder implements Serializable {
  private static final long serialVersionUID = 1L;

  private final int[] columns;

  ArrivalOrder(StructType rows, List<String> orderColumns) {
    this.columns = new int[orderColumns.size()];
    for (int i = 0; i < columns.length; i++) {
      columns[i] = rows.fieldIndex(orderColumns.get(i));
    }
  }

  /** The group's rows in arrival order. */
  List<Row> arrange(Iterator<Row> rows) {
    List<Row> list = new ArrayList<>();
    rows.forEachRemaining(list::add);
    if (columns.length == 0) {
      return list;
    }
    Comparator<Row> order = this::compare;
    for (int i = 1; i < list.size(); i++) {
      if (order.compare(list.get(i - 1), list.get(i)) > 0) {
        list.sort(order); // stable: equal keys keep the order Spark gave them
        break;
      }
    }
    return list;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private int compare(Row a, Row b) {
    for (int column : columns) {
      boolean aNull = a.isNullAt(column);
      boolean bNull = b.isNullAt(column);
      if (aNull || bNull) {
        if (aNull != bNull) {
          return aNull ? -1 : 1; // nulls first, as Spark's ascending sort
        }
        continue;
      }
      int c = ((Comparable) a.get(column)).compareTo(b.get(column));
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }
}
