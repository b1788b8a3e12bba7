package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SchemaTupleCodec;
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

  @Test
  void attributesWrittenFromARowAreTheBytesOfTheirTuple() throws Exception {
    StructType rows =
        StructType.fromDDL(
            "b boolean, i8 tinyint, i16 smallint, i32 int, i64 bigint, f float, d double, s string, at timestamp, raw binary");
    // The row's columns in another order than the tuple's: attributes are read by name.
    StructType shuffled = StructType.fromDDL("d double, s string, raw binary, at timestamp, i64 bigint, b boolean, f float, i32 int, i16 smallint, i8 tinyint");
    RowTupleConverter converter = new RowTupleConverter(rows, shuffled);
    SchemaTupleCodec codec = new SchemaTupleCodec(converter.schema());
    Row row =
        new GenericRowWithSchema(
            new Object[] {-2.5, "h\u00e9", new byte[] {1, 2}, java.sql.Timestamp.valueOf("2026-11-22 10:00:00.5"), -7L, true, 1.5f, 40000, (short) -3, (byte) 9},
            shuffled);

    ByteArraySink written = new ByteArraySink(16);
    for (int i = 0; i < rows.size(); i++) {
      converter.writeAttribute(row, i, codec, written);
    }
    ByteArraySink expected = new ByteArraySink(16);
    codec.write(expected, converter.toTuple(row));
    assertArrayEquals(expected.toByteArray(), written.toByteArray());
  }

  @Test
  void aNullNumberIsRefusedNamingItsColumn() {
    StructType rows = StructType.fromDDL("id bigint, v double");
    RowTupleConverter converter = new RowTupleConverter(rows);
    Row row = new GenericRowWithSchema(new Object[] {1L, null}, rows);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> converter.writeAttribute(row, 1, new SchemaTupleCodec(converter.schema()), new ByteArraySink(16)));
    assertTrue(e.getMessage().contains("Column 'v' holds a null"), e.getMessage());
  }
}
