package io.streamswindow.spark.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.schema.SplTypeParser;
import io.streamswindow.spark.line.ScalaCollections;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class SplValueConversionTest {

  private static SplValueConversion conversion(String spark, String spl) {
    return SplValueConversion.of(DataType.fromDDL(spark), SplTypeParser.parseType(spl), "c");
  }

  private static String refusal(Runnable conversion) {
    return assertThrows(IllegalArgumentException.class, conversion::run).getMessage();
  }

  @Test
  void unsignedIntegersHoldTheBitsOfTheirValueAndGoBackAsTheUnsignedNumber() {
    SplValueConversion uint8 = conversion("bigint", "uint8");
    assertEquals((byte) -56, uint8.toSpl(200L));
    assertEquals(200L, uint8.toSpark((byte) -56));
    assertEquals((short) 200, conversion("smallint", "uint8").toSpark((byte) -56));
    SplValueConversion uint32 = conversion("bigint", "uint32");
    assertEquals(-1, uint32.toSpl(4294967295L));
    assertEquals(4294967295L, uint32.toSpark(-1));
    SplValueConversion uint64 = conversion("decimal(20,0)", "uint64");
    assertEquals(-1L, uint64.toSpl(new BigDecimal("18446744073709551615")));
    assertEquals(new BigDecimal("18446744073709551615"), uint64.toSpark(-1L));
    assertEquals(BigDecimal.valueOf(7), uint64.toSpark(7L));
  }

  @Test
  void narrowerIntegersTakeTheValuesInTheirRange() {
    SplValueConversion int8 = conversion("int", "int8");
    assertEquals((byte) -128, int8.toSpl(-128));
    assertEquals((byte) 127, int8.toSpl(127));
    assertEquals(-128, int8.toSpark((byte) -128));
    assertEquals(Integer.MAX_VALUE, conversion("bigint", "int32").toSpl((long) Integer.MAX_VALUE));
    assertEquals(5L, conversion("tinyint", "int64").toSpl((byte) 5));
  }

  @Test
  void aValueOutsideTheRangeIsRefusedNamingColumnValueAndRange() {
    assertEquals(
        "Column 'c' holds 300, which SPL type uint8 cannot hold (0 to 255)",
        refusal(() -> conversion("bigint", "uint8").toSpl(300L)));
    assertEquals(
        "Column 'c' holds -1, which SPL type uint64 cannot hold (0 to 18446744073709551615)",
        refusal(() -> conversion("bigint", "uint64").toSpl(-1L)));
    assertEquals(
        "Column 'c' holds 2147483648, which SPL type int32 cannot hold (-2147483648 to 2147483647)",
        refusal(() -> conversion("bigint", "int32").toSpl(2147483648L)));
    assertEquals(
        "Column 'c' holds 18446744073709551615, which SPL type int64 cannot hold (-9223372036854775808 to"
            + " 9223372036854775807)",
        refusal(
            () ->
                conversion("decimal(20,0)", "int64")
                    .toSpl(new BigDecimal("18446744073709551615"))));
    // Back into the column: a uint64 read from a bigint column goes back into it, a larger one
    // cannot.
    assertEquals(
        "Column 'c' holds 18446744073709551615, which its bigint column cannot hold (-9223372036854775808 to"
            + " 9223372036854775807)",
        refusal(() -> conversion("bigint", "uint64").toSpark(-1L)));
  }

  @Test
  void aNullIsNoValueOfAnOptionalAndRefusedOtherwise() {
    SplValueConversion optional = conversion("bigint", "optional<int32>");
    assertNull(optional.toSpl(null));
    assertNull(optional.toSpark(null));
    assertEquals(4, optional.toSpl(4L));
    assertEquals(4L, optional.toSpark(4));
    assertEquals(
        "Column 'c' holds a null, and SPL type decimal64 cannot be null: filter or fill it first, or state an"
            + " optional<decimal64> SPL type for it (spl_types)",
        refusal(() -> conversion("decimal(10,2)", "decimal64").toSpl(null)));
  }

  @Test
  void floatsConvertAsJavasCasts() {
    assertEquals(0.1f, conversion("double", "float32").toSpl(0.1d));
    assertEquals((double) 0.1f, conversion("float", "float64").toSpl(0.1f));
    assertEquals((double) 0.1f, conversion("double", "float32").toSpark(0.1f));
    assertEquals(0.5f, conversion("float", "float64").toSpark(0.5d));
  }

  @Test
  void stringsDecimalsTimestampsAndBlobsPassAsTheSplTypeTakesThem() {
    assertEquals("h\u00e9", conversion("string", "ustring").toSpl("h\u00e9"));
    assertEquals("h\u00e9", conversion("string", "ustring").toSpark("h\u00e9"));
    assertEquals("abc", conversion("string", "rstring[3]").toSpark(new RString("abc")));
    BigDecimal amount = new BigDecimal("9999999999.999999");
    assertEquals(amount, conversion("decimal(16,6)", "decimal64").toSpl(amount));
    java.sql.Timestamp at = java.sql.Timestamp.valueOf("2026-11-22 10:00:00.5");
    SplValueConversion timestamps = conversion("timestamp", "optional<timestamp>");
    assertEquals(at, timestamps.toSpark(timestamps.toSpl(at)));
  }

  @Test
  void listsAndSetsConvertTheirElements() {
    SplValueConversion list = conversion("array<bigint>", "list<uint8>");
    assertEquals(List.of((byte) 1, (byte) -1), list.toSpl(ScalaCollections.seq(List.of(1L, 255L))));
    // IBM's getObject gives a list of a primitive type as a Java array.
    assertEquals(
        List.of(1L, 255L),
        ScalaCollections.list((scala.collection.Seq<?>) list.toSpark(new byte[] {1, -1})));
    SplValueConversion set = conversion("array<string>", "set<ustring>");
    Object stored = set.toSpl(List.of("a", "b", "a"));
    assertEquals(new LinkedHashSet<>(List.of("a", "b")), stored);
    assertEquals(
        List.of("a", "b"),
        ScalaCollections.list((scala.collection.Seq<?>) set.toSpark(Set.copyOf((Set<?>) stored)))
            .stream()
            .sorted()
            .toList());
    assertEquals(
        "Column 'c[]' holds 256, which SPL type uint8 cannot hold (0 to 255)",
        refusal(() -> list.toSpl(List.of(256L))));
  }

  @Test
  void mapsConvertTheirKeysAndValues() {
    SplValueConversion map = conversion("map<string, bigint>", "map<ustring, optional<int16>>");
    Map<Object, Object> given = new LinkedHashMap<>();
    given.put("a", 1L);
    given.put("b", null);
    Map<Object, Object> expected = new LinkedHashMap<>();
    expected.put("a", (short) 1);
    expected.put("b", null);
    assertEquals(expected, map.toSpl(ScalaCollections.scalaMap(given)));
    assertEquals(given, ScalaCollections.map((scala.collection.Map<?, ?>) map.toSpark(expected)));
  }

  @Test
  void tuplesConvertTheirFieldsByPosition() {
    StructType point = StructType.fromDDL("x double, y bigint");
    SplValueConversion tuple =
        conversion("struct<x: double, y: bigint>", "tuple<float32 x, uint16 y>");
    Tuple converted =
        (Tuple) tuple.toSpl(new GenericRowWithSchema(new Object[] {1.5, 65535L}, point));
    assertEquals(1.5f, converted.getFloat("x"));
    assertEquals((short) -1, converted.getShort("y"));
    Row back = (Row) tuple.toSpark(converted);
    assertEquals(1.5, back.getDouble(0));
    assertEquals(65535L, back.getLong(1));
  }

  @Test
  void theColumnOfANestedValueIsNamedByItsPath() {
    SplValueConversion nested = conversion("struct<xs: array<bigint>>", "tuple<list<int8> xs>");
    StructType row = StructType.fromDDL("xs array<bigint>");
    String message =
        refusal(() -> nested.toSpl(new GenericRowWithSchema(new Object[] {List.of(1000L)}, row)));
    assertTrue(
        message.startsWith("Column 'c.xs[]' holds 1000, which SPL type int8 cannot hold"), message);
  }
}
