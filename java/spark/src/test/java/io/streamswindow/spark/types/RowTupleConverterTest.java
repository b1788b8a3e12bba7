package io.streamswindow.spark.types;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.spark.line.ScalaCollections;
import io.streamswindow.spark.rows.ByteArraySink;
import io.streamswindow.spark.types.SplSparkTypes.Direction;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class RowTupleConverterTest {

  @Test
  void nestedStructsAndListsRoundTrip() {
    StructType point = StructType.fromDDL("x double, y double");
    StructType rows =
        StructType.fromDDL("id string, at struct<x: double, y: double>, tags array<string>");
    RowTupleConverter converter = new RowTupleConverter(rows);
    for (int i = 0; i < 3; i++) {
      Row row =
          new GenericRowWithSchema(
              new Object[] {
                "p" + i,
                new GenericRowWithSchema(new Object[] {1.0 * i, 2.0}, point),
                List.of("a", "b" + i)
              },
              rows);
      Tuple tuple = converter.toTuple(row);
      assertEquals("p" + i, tuple.getString("id"));
      assertEquals(1.0 * i, tuple.getTuple("at").getDouble("x"));
      Row back = converter.toRow(tuple);
      assertEquals("p" + i, back.getString(0));
      assertEquals(2.0, back.getStruct(1).getDouble(1));
      assertEquals(
          List.of("a", "b" + i), ScalaCollections.list((scala.collection.Seq<?>) back.get(2)));
    }
  }

  @Test
  void attributesWrittenFromARowAreTheBytesOfTheirTuple() throws Exception {
    StructType rows =
        StructType.fromDDL(
            "b boolean, i8 tinyint, i16 smallint, i32 int, i64 bigint, f float, d double, s string, at timestamp, raw binary");
    // The row's columns in another order than the tuple's: attributes are read by name.
    StructType shuffled =
        StructType.fromDDL(
            "d double, s string, raw binary, at timestamp, i64 bigint, b boolean, f float, i32 int, i16 smallint, i8 tinyint");
    RowTupleConverter converter = new RowTupleConverter(rows, shuffled);
    SchemaTupleCodec codec = new SchemaTupleCodec(converter.schema());
    Row row =
        new GenericRowWithSchema(
            new Object[] {
              -2.5,
              "h\u00e9",
              new byte[] {1, 2},
              java.sql.Timestamp.valueOf("2026-11-22 10:00:00.5"),
              -7L,
              true,
              1.5f,
              40000,
              (short) -3,
              (byte) 9
            },
            shuffled);

    ByteArraySink written = new ByteArraySink(16);
    for (int i = 0; i < rows.size(); i++) {
      converter.writeAttribute(row, i, codec, written);
    }
    ByteArraySink expected = new ByteArraySink(16);
    codec.write(expected, converter.toTuple(row));
    assertArrayEquals(expected.toByteArray(), written.toByteArray());
  }

  /** Columns with SPL types stated for them, as run_operator's spl_types gives them. */
  private static final StructType STATED =
      StructType.fromDDL("id string, amount decimal(20,6), n bigint, ratio double, note string");

  private static RowTupleConverter stated(Direction direction) {
    Map<String, String> types =
        Map.of(
            "id",
            "ustring",
            "amount",
            "decimal64",
            "n",
            "uint32",
            "ratio",
            "float32",
            "note",
            "optional<rstring[4]>");
    return new RowTupleConverter(STATED, STATED, SplSparkTypes.toSpl(STATED, types, direction));
  }

  @Test
  void statedTypesGiveTheOperatorTheirOwnValues() {
    RowTupleConverter converter = stated(Direction.INPUT);
    Tuple tuple =
        converter.toTuple(
            new GenericRowWithSchema(
                new Object[] {
                  "h\u00e9", new BigDecimal("12345678901234.567891"), 4294967295L, 0.1, "abcdef"
                },
                STATED));
    assertEquals(
        "tuple<ustring id,decimal64 amount,uint32 n,float32 ratio,optional<rstring[4]> note>",
        tuple.getStreamSchema().getLanguageType());
    assertEquals("h\u00e9", tuple.getObject("id")); // a ustring is a String, not an RString
    assertEquals(
        new BigDecimal("12345678901234.57"), tuple.getBigDecimal("amount")); // rounded to 16 digits
    assertEquals(-1, tuple.getInt("n"));
    assertEquals(0.1f, tuple.getFloat("ratio"));
    assertEquals("abcd", tuple.getString("note"));

    Row back = converter.toRow(tuple);
    assertEquals(
        List.of("h\u00e9", new BigDecimal("12345678901234.57"), 4294967295L, (double) 0.1f, "abcd"),
        List.of(back.get(0), back.get(1), back.get(2), back.get(3), back.get(4)));
    Tuple absent =
        converter.toTuple(
            new GenericRowWithSchema(new Object[] {"a", BigDecimal.ONE, 1L, 1.0, null}, STATED));
    assertNull(converter.toRow(absent).get(4));
  }

  @Test
  void attributesOfStatedTypesWrittenFromARowAreTheBytesOfTheirTuple() throws Exception {
    RowTupleConverter converter = stated(Direction.INPUT);
    SchemaTupleCodec codec = new SchemaTupleCodec(converter.schema());
    for (Object note : new Object[] {"abcdef", null}) {
      Row row =
          new GenericRowWithSchema(
              new Object[] {"x", new BigDecimal("0.12345678901234567890"), 7L, 2.5, note}, STATED);
      ByteArraySink written = new ByteArraySink(16);
      for (int i = 0; i < STATED.size(); i++) {
        converter.writeAttribute(row, i, codec, written);
      }
      ByteArraySink expected = new ByteArraySink(16);
      codec.write(expected, converter.toTuple(row));
      assertArrayEquals(expected.toByteArray(), written.toByteArray());
    }
  }

  @Test
  void aValueOutsideAStatedIntegerTypeIsRefusedNamingItsColumn() {
    RowTupleConverter converter = stated(Direction.INPUT);
    Row row = new GenericRowWithSchema(new Object[] {"x", BigDecimal.ONE, -1L, 2.5, "n"}, STATED);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                converter.writeAttribute(
                    row, 2, new SchemaTupleCodec(converter.schema()), new ByteArraySink(16)));
    assertEquals(
        "Column 'n' holds -1, which SPL type uint32 cannot hold (0 to 4294967295)", e.getMessage());
  }

  @Test
  void outputAttributesOfStatedTypesBecomeTheirColumnsValues() {
    StructType out = StructType.fromDDL("total decimal(38,18), count bigint, small smallint");
    RowTupleConverter converter =
        new RowTupleConverter(
            out,
            out,
            SplSparkTypes.toSpl(
                out,
                Map.of("total", "decimal64", "count", "uint32", "small", "uint8"),
                Direction.OUTPUT));
    Row row =
        converter.toRow(
            converter.schema().getTuple(new Object[] {new BigDecimal("3E+10"), -2, (byte) -1}));
    assertEquals(new BigDecimal("3E+10"), row.get(0));
    assertEquals(4294967294L, row.get(1));
    assertEquals((short) 255, row.get(2));
  }

  @Test
  void aNullNumberIsRefusedNamingItsColumn() {
    StructType rows = StructType.fromDDL("id bigint, v double");
    RowTupleConverter converter = new RowTupleConverter(rows);
    Row row = new GenericRowWithSchema(new Object[] {1L, null}, rows);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                converter.writeAttribute(
                    row, 1, new SchemaTupleCodec(converter.schema()), new ByteArraySink(16)));
    assertTrue(e.getMessage().contains("Column 'v' holds a null"), e.getMessage());
  }
}
