package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.operator.Tuple;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

class RowTupleConverterTest {

  @Test
  void nestedStructsAndListsRoundTrip() {
    StructType point = StructType.fromDDL("x double, y double");
    StructType rows = StructType.fromDDL("id string, at struct<x: double, y: double>, tags array<string>");
    RowTupleConverter converter = new RowTupleConverter(rows);
    for (int i = 0; i < 3; i++) {
      Row row =
          new GenericRowWithSchema(
              new Object[] {"p" + i, new GenericRowWithSchema(new Object[] {1.0 * i, 2.0}, point), List.of("a", "b" + i)},
              rows);
      Tuple tuple = converter.toTuple(row);
      assertEquals("p" + i, tuple.getString("id"));
      assertEquals(1.0 * i, tuple.getTuple("at").getDouble("x"));
      Row back = converter.toRow(tuple);
      assertEquals("p" + i, back.getString(0));
      assertEquals(2.0, back.getStruct(1).getDouble(1));
      assertEquals(List.of("a", "b" + i), CollectionConverters.asJava((scala.collection.Seq<?>) back.get(2)));
    }
  }
}
