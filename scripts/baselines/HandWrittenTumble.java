package baselines;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The benchmark's hand-written baseline (scripts/bench_spark.py, variant C0): a partitioned
 * tumbling count(N) sum in seq order, written straight on Spark's flatMapGroupsWithState, with no
 * IBM API and no window engine, as a Spark developer would port the operator by hand. Each key
 * keeps the count and sum of its pending tuples; each group's rows are sorted by seq first, as
 * streams-window's order_by does. Compiled by the benchmark against the installed pyspark's jars.
 */
public final class HandWrittenTumble {
  private HandWrittenTumble() {}

  /** The pending part of a key's window between micro-batches. */
  public static final class Pending implements Serializable {
    private long count;
    private double sum;

    public long getCount() {
      return count;
    }

    public void setCount(long count) {
      this.count = count;
    }

    public double getSum() {
      return sum;
    }

    public void setSum(double sum) {
      this.sum = sum;
    }
  }

  /** Rows (key long, seq long, total double, count long) per full window of {@code size}. */
  public static Dataset<Row> run(Dataset<Row> input, int size) {
    StructType out =
        new StructType()
            .add("key", DataTypes.LongType)
            .add("seq", DataTypes.LongType)
            .add("total", DataTypes.DoubleType)
            .add("count", DataTypes.LongType);
    int key = input.schema().fieldIndex("key");
    int seq = input.schema().fieldIndex("seq");
    int value = input.schema().fieldIndex("value");
    FlatMapGroupsWithStateFunction<Long, Row, Pending, Row> tumble =
        (Long k, Iterator<Row> rows, GroupState<Pending> state) -> {
          List<Row> ordered = new ArrayList<>();
          rows.forEachRemaining(ordered::add);
          ordered.sort(Comparator.comparingLong(r -> r.getLong(seq)));
          Pending pending = state.exists() ? state.get() : new Pending();
          List<Row> windows = new ArrayList<>();
          for (Row r : ordered) {
            pending.sum += r.getDouble(value);
            if (++pending.count == size) {
              windows.add(RowFactory.create(k, r.getLong(seq), pending.sum, pending.count));
              pending.count = 0;
              pending.sum = 0;
            }
          }
          state.update(pending);
          return windows.iterator();
        };
    return input
        .groupByKey((MapFunction<Row, Long>) r -> r.getLong(key), Encoders.LONG())
        .flatMapGroupsWithState(
            tumble, OutputMode.Append(), Encoders.bean(Pending.class), Encoders.row(out), GroupStateTimeout.NoTimeout());
  }
}
