package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.ValueFactory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MutableOutputTupleTest {
  private final MutableOutputTuple out = ImmutableTupleTest.ALL_TYPES.newOutputTuple();

  @Test
  void setsEveryTypeThroughItsSetter() {
    out.setBoolean("b", true);
    out.setByte("i8", (byte) 1);
    out.setShort("i16", (short) 2);
    out.setInt("i32", 3);
    out.setLong("i64", 4L);
    out.setByte("u8", (byte) -1);
    out.setShort("u16", (short) -1);
    out.setInt("u32", -1);
    out.setLong("u64", -1L);
    out.setFloat("f32", 1.5f);
    out.setDouble("f64", 2.5);
    out.setBigDecimal("d32", new BigDecimal("1.2345678"));
    out.setString("rs", "raw");
    out.setString("us", "uni");
    out.setTimestamp("ts", new Timestamp(1, 2));
    out.setBlob("bl", ValueFactory.newBlob(new byte[] {5}));
    out.setString("bs", "too long");
    out.setList("li", List.of(1, 2));
    out.setSet("si", Set.of(3));
    out.setMap("m", Map.of("k", 1));
    out.setInt("oi", 7);
    out.setTuple(
        "nt", SplSchema.parse("tuple<int32 x, rstring y>").getTuple(new Object[] {1, "y"}));

    assertTrue(out.getBoolean("b"));
    assertEquals(1, out.getByte("i8"));
    assertEquals(2, out.getShort("i16"));
    assertEquals(3, out.getInt("i32"));
    assertEquals(4L, out.getLong("i64"));
    assertEquals(255, out.getInt("u8"));
    assertEquals(65535, out.getInt("u16"));
    assertEquals(4294967295L, out.getLong("u32"));
    assertEquals(-1L, out.getLong("u64"));
    assertEquals(1.5f, out.getFloat("f32"));
    assertEquals(2.5, out.getDouble("f64"));
    assertEquals(new BigDecimal("1.234568"), out.getBigDecimal("d32"), "rounded to 7 digits");
    assertEquals(new RString("raw"), out.getObject("rs"));
    assertEquals("uni", out.getObject("us"));
    assertEquals(new Timestamp(1, 2), out.getTimestamp("ts"));
    assertEquals(1, out.getBlob("bl").getLength());
    assertEquals("too ", out.getString("bs"));
    assertEquals(List.of(1, 2), out.getList("li"));
    assertEquals(Set.of(3), out.getSet("si"));
    assertEquals(Map.of(new RString("k"), 1), out.getMap("m"));
    assertEquals(7, out.getInt("oi"));
    assertEquals("y", out.getTuple("nt").getString("y"));
  }

  @Test
  void settersWidenAsIbmDocuments() {
    out.setByte("i64", (byte) -2);
    assertEquals(Long.valueOf(-2), out.getObject("i64"));
    out.setByte("i16", (byte) 7);
    assertEquals(Short.valueOf((short) 7), out.getObject("i16"));
    out.setShort("i32", (short) -3);
    assertEquals(Integer.valueOf(-3), out.getObject("i32"));
    out.setInt("i64", -4);
    assertEquals(Long.valueOf(-4), out.getObject("i64"));
    out.setFloat("f64", 0.5f);
    assertEquals(Double.valueOf(0.5), out.getObject("f64"));
  }

  @Test
  void aSetterThatDoesNotFitThrowsUnsupportedOperationNamingTheAttribute() {
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> out.setInt("rs", 1));
    assertEquals(
        "setInt is not supported for attribute rs of SPL type rstring (Java type"
            + " com.ibm.streams.operator.types.RString): setInt writes an int32 attribute. On"
            + " Spark, declare column 'rs' as int in output_schema",
        e.getMessage());
    assertThrows(UnsupportedOperationException.class, () -> out.setLong("i32", 1L));
    assertThrows(UnsupportedOperationException.class, () -> out.setDouble("f32", 1.0));
    assertThrows(UnsupportedOperationException.class, () -> out.setInt("u64", 1));
    assertThrows(UnsupportedOperationException.class, () -> out.setString("i32", "1"));
    assertThrows(UnsupportedOperationException.class, () -> out.setList("si", List.of()));
    assertThrows(
        UnsupportedOperationException.class, () -> out.setBigDecimal("f64", BigDecimal.ONE));
    assertThrows(UnsupportedOperationException.class, () -> out.setNull("i32"));
    assertThrows(UnsupportedOperationException.class, () -> out.setOptional("i32", Optional.of(1)));
    assertThrows(UnsupportedOperationException.class, () -> out.setXML("rs", null));
    assertThrows(
        UnsupportedOperationException.class, () -> out.setEnum(Thread.State.class, "rs", null));
  }

  @Test
  void aValueOfTheWrongJavaTypeThrowsIllegalArgumentNamingAttributeAndTypes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> out.setObject("f64", 1));
    assertEquals(
        "Attribute f64 (float64): SPL type float64 cannot hold a value of Java type"
            + " java.lang.Integer (accepted: java.lang.Double)",
        e.getMessage());
    IllegalArgumentException element =
        assertThrows(IllegalArgumentException.class, () -> out.setList("li", List.of(1, "2")));
    assertTrue(
        element.getMessage().startsWith("Attribute li (list<int32>): element 1 of list<int32>:"),
        element.getMessage());
    assertThrows(IllegalArgumentException.class, () -> out.setString("rs", null));
    assertThrows(IllegalArgumentException.class, () -> out.setObject("rs", 5));
  }

  @Test
  void setObjectAcceptsIbmsObjectsAndTheConveniences() {
    out.setObject("rs", "from a String");
    out.setObject("li", new int[] {4});
    out.setObject("bl", new byte[] {1});
    out.setObject("nt", Map.of("x", 2));

    assertEquals("from a String", out.getString("rs"));
    assertEquals(List.of(4), out.getList("li"));
    assertEquals(1, out.getBlob("bl").getLength());
    assertEquals(2, out.getTuple("nt").getInt("x"));
  }

  @Test
  void setTupleRefusesAnotherSchema() {
    Tuple wrong = SplSchema.parse("tuple<int32 x>").getTuple();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> out.setTuple("nt", wrong));
    assertTrue(
        e.getMessage()
            .contains("a tuple of tuple<int32 x> is not a value of tuple<int32 x,rstring y>"),
        e.getMessage());
  }

  @Test
  void assignTupleTakesMatchingNestedAttributes() {
    out.assignTuple(
        "nt", SplSchema.parse("tuple<rstring y, int64 x>").getTuple(new Object[] {"w", 9L}));
    assertEquals("w", out.getTuple("nt").getString("y"));
    assertEquals(0, out.getTuple("nt").getInt("x"), "int64 x does not match int32 x");
  }

  @Test
  void optionalAttributesCanBeEmptied() {
    out.setInt("oi", 5);
    out.setNull("oi");
    assertNull(out.getObject("oi"));
    out.setOptional("oi", Optional.of(6));
    assertEquals(6, out.getInt("oi"));
    out.setOptional("oi", Optional.empty());
    assertNull(out.getObject("oi"));
    out.setObject("oi", null);
    assertNull(out.getObject("oi"));
  }

  @Test
  void collectionsAreCopiedWhenSet() {
    List<Integer> source = new ArrayList<>(List.of(1));
    out.setList("li", source);
    source.add(2);
    assertEquals(List.of(1), out.getList("li"));
  }

  @Test
  void asReadOnlyTupleIsAnIndependentCopy() {
    out.setDouble("f64", 1.0);
    Tuple first = out.asReadOnlyTuple();
    out.setDouble("f64", 2.0);
    Tuple second = out.asReadOnlyTuple();

    assertEquals(1.0, first.getDouble("f64"));
    assertEquals(2.0, second.getDouble("f64"));
    assertNotEquals(first, second);
    assertTrue(second.asReadOnlyTuple() == second);
    assertEquals(out, second, "an output tuple equals its copy while unchanged");
  }

  @Test
  void everyKindOfWriteAfterFreezingLeavesTheReadOnlyTupleAlone() {
    out.setInt("i32", 7);
    out.setString("rs", "kept");
    Tuple frozen = out.asReadOnlyTuple();
    Tuple twice = out.asReadOnlyTuple(); // frozen again before any write: both share the values

    out.setObject("rs", "changed");
    out.setInt("i32", 8);
    out.assign(frozen); // assign writes through the same path
    out.setLong("i64", 9L);

    for (Tuple t : List.of(frozen, twice)) {
      assertEquals(7, t.getInt("i32"));
      assertEquals("kept", t.getString("rs"));
      assertEquals(0L, t.getLong("i64"));
    }
    assertEquals(7, out.getInt("i32"), "assign took the frozen values back");
    assertEquals(9L, out.getLong("i64"));
  }

  @Test
  void assignCopiesAttributesWithMatchingNamesAndTypes() {
    SplSchema source =
        SplSchema.parse("tuple<float64 f64, int64 i32, rstring rs, int32 oi, rstring extra>");
    out.setInt("i32", 11);
    out.assign(source.getTuple(new Object[] {9.5, 77L, "copied", 3, "x"}));

    assertEquals(9.5, out.getDouble("f64"));
    assertEquals(11, out.getInt("i32"), "int64 i32 does not match int32 i32: kept");
    assertEquals("copied", out.getString("rs"));
    assertEquals(3, out.getInt("oi"), "int32 fills optional<int32>");
  }

  @Test
  void aSchemaOfPrimitivesOnlyKeepsValuesApartAfterFreezing() {
    SplSchema numbers = SplSchema.parse("tuple<float64 x, uint8 u, boolean b, float32 f>");
    MutableOutputTuple t = numbers.newOutputTuple();
    t.setDouble("x", 1.5);
    t.setByte("u", (byte) -1);
    t.setBoolean("b", true);
    Tuple frozen = t.asReadOnlyTuple();
    t.setDouble("x", 2.5);
    t.setFloat("f", 0.25f);

    assertEquals(1.5, frozen.getDouble("x"));
    assertEquals(0.0f, frozen.getFloat("f"));
    assertEquals(2.5, t.getDouble("x"));
    assertEquals(255, frozen.getInt("u"), "uint8 widens unsigned");
    assertEquals(true, frozen.getBoolean("b"));
    assertEquals((byte) -1, frozen.getObject("u"));
    assertEquals(numbers.getTuple(new Object[] {1.5, (byte) -1, true, 0.0f}), frozen);
    assertEquals(
        numbers.getTuple(new Object[] {1.5, (byte) -1, true, 0.0f}).hashCode(), frozen.hashCode());
  }

  @Test
  void floatValuesCompareAsTheirBoxedObjectsDo() {
    SplSchema one = SplSchema.parse("tuple<float64 x>");
    double payloadNaN = Double.longBitsToDouble(0x7ff0000000000123L);
    MutableOutputTuple t = one.newOutputTuple();
    t.setDouble(0, payloadNaN);

    assertEquals(
        Double.doubleToRawLongBits(payloadNaN),
        Double.doubleToRawLongBits(t.getDouble(0)),
        "a NaN keeps its bits");
    assertEquals(one.getTuple(new Object[] {Double.NaN}), t.asReadOnlyTuple());
    assertEquals(one.getTuple(new Object[] {Double.NaN}).hashCode(), t.hashCode());
    assertNotEquals(one.getTuple(new Object[] {0.0}), one.getTuple(new Object[] {-0.0}));
  }

  @Test
  void unknownAttributeNamesAreListed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> out.setDouble("nope", 1.0));
    assertTrue(e.getMessage().startsWith("Attribute nope is not in the schema"), e.getMessage());
  }
}
