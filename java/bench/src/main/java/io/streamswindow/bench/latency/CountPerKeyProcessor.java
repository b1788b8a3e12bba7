package io.streamswindow.bench.latency;

import java.util.Iterator;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.streaming.StatefulProcessor;
import org.apache.spark.sql.streaming.TTLConfig;
import org.apache.spark.sql.streaming.TimeMode;
import org.apache.spark.sql.streaming.TimerValues;
import org.apache.spark.sql.streaming.ValueState;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The least a stateful per-key query does on Spark: one {@code ValueState<Long>} count per key,
 * raised by each input row, which goes out at once as {@code (key, count, sent)}. Rows are read
 * from {@code (key, sent long)}, the key a string ({@link FloorQuery#apply}) or a long ({@link
 * FloorQuery#perLongKey}); each output row is made as Spark takes it, so none waits for the rest of
 * its group.
 *
 * @param <K> the key's type, as the grouping's encoder gives it
 */
final class CountPerKeyProcessor<K> extends StatefulProcessor<K, Row, Row> {
  private transient ValueState<Long> count;

  @Override
  public void init(OutputMode outputMode, TimeMode timeMode) {
    count = getHandle().getValueState("count", Encoders.LONG(), TTLConfig.NONE());
  }

  @Override
  public scala.collection.Iterator<Row> handleInputRows(
      K key, scala.collection.Iterator<Row> rows, TimerValues timerValues) {
    Iterator<Row> in = CollectionConverters.asJava(rows);
    Iterator<Row> out =
        new Iterator<>() {
          private long seen = count.exists() ? count.get() : 0L;

          @Override
          public boolean hasNext() {
            return in.hasNext();
          }

          @Override
          public Row next() {
            Row row = in.next();
            seen++;
            count.update(seen);
            return RowFactory.create(key, seen, row.getLong(1));
          }
        };
    return CollectionConverters.asScala(out);
  }
}
