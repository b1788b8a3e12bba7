package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.engine.DeltaResolver.Delta;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class SchemaDeltaResolverTest {
  private static final SplSchema SCHEMA =
      SplSchema.parse(
          "tuple<float64 f64, float32 f32, int32 i32, int64 i64, int16 i16, int8 i8, uint32 u32,"
              + " uint64 u64, uint8 u8, decimal64 d64, timestamp ts, rstring name,"
              + " optional<float64> of, list<float64> xs>");
  private final SchemaDeltaResolver resolver = new SchemaDeltaResolver(SCHEMA);

  private static Tuple tuple(String attribute, Object value) {
    return SCHEMA.getTuple(java.util.Map.of(attribute, value));
  }

  @Test
  void readsNumbersAsDoubles() {
    assertEquals(2.5, resolver.resolve("f64", 1.0).value().applyAsDouble(tuple("f64", 2.5)));
    assertEquals(1.5, resolver.resolve("f32", 1.0f).value().applyAsDouble(tuple("f32", 1.5f)));
    assertEquals(-7, resolver.resolve("i32", 1).value().applyAsDouble(tuple("i32", -7)));
    assertEquals(
        1L << 40, resolver.resolve("i64", 1L).value().applyAsDouble(tuple("i64", 1L << 40)));
    assertEquals(
        3, resolver.resolve("i16", (short) 1).value().applyAsDouble(tuple("i16", (short) 3)));
    assertEquals(
        -3, resolver.resolve("i8", (byte) 1).value().applyAsDouble(tuple("i8", (byte) -3)));
    assertEquals(
        0.125,
        resolver
            .resolve("d64", BigDecimal.ONE)
            .value()
            .applyAsDouble(tuple("d64", new BigDecimal("0.125"))));
  }

  @Test
  void readsUnsignedNumbersAsUnsigned() {
    assertEquals(4294967295.0, resolver.resolve("u32", 1).value().applyAsDouble(tuple("u32", -1)));
    assertEquals(
        255, resolver.resolve("u8", (byte) 1).value().applyAsDouble(tuple("u8", (byte) -1)));
    assertEquals(
        18446744073709551615.0,
        resolver.resolve("u64", 1L).value().applyAsDouble(tuple("u64", -1L)));
    assertEquals(4294967295.0, resolver.resolve("u32", -1).threshold(), "the delta too");
  }

  @Test
  void thresholdIsTheDeltaAsADouble() {
    assertEquals(1.5, resolver.resolve("f64", 1.5).threshold());
    assertEquals(3, resolver.resolve("i32", 3).threshold());
    assertEquals(0.25, resolver.resolve("d64", new BigDecimal("0.25")).threshold());
  }

  @Test
  void timestampsAreSeconds() {
    Delta<Tuple> delta = resolver.resolve("ts", new Timestamp(2, 500_000_000));
    assertEquals(2.5, delta.threshold());
    assertEquals(
        1_700_000_000.25,
        delta.value().applyAsDouble(tuple("ts", new Timestamp(1_700_000_000L, 250_000_000))),
        1e-6);
    assertEquals(30.0, resolver.resolve("ts", 30.0).threshold(), "a Double of seconds is accepted");
  }

  @Test
  void theDeltaMustHaveTheAttributesOwnJavaType() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> resolver.resolve("f64", 1));
    assertEquals(
        "delta(f64, 1): attribute f64 has SPL type float64, so the delta must be a"
            + " java.lang.Double, not java.lang.Integer",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("i32", 1L));
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("i64", 1));
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("f32", 1.0));
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("d64", 1.0));
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("ts", 30));
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("f64", null));
  }

  @Test
  void nonNumericAttributesAreRefusedNamingTheType() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> resolver.resolve("name", 1.0));
    assertTrue(
        e.getMessage()
            .startsWith(
                "delta(name, 1.0): attribute name has SPL type rstring; a delta"
                    + " policy needs a numeric"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("of", 1.0));
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("xs", 1.0));
  }

  @Test
  void unknownAttributesAreRefusedListingTheSchema() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> resolver.resolve("nope", 1.0));
    assertTrue(
        e.getMessage().startsWith("delta(nope, 1.0): Attribute nope is not in the schema"),
        e.getMessage());
  }

  @Test
  void negativeAndNanDeltasAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("f64", -0.5));
    assertThrows(IllegalArgumentException.class, () -> resolver.resolve("f64", Double.NaN));
    assertEquals(0.0, resolver.resolve("f64", 0.0).threshold());
  }

  @Test
  void nanAndInfiniteDeltaValuesAreReadAsTheyAre() {
    for (double value :
        new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -2.5}) {
      assertEquals(
          value, resolver.resolve("f64", 1.0).value().applyAsDouble(tuple("f64", value)), 0.0);
      assertEquals(
          value,
          resolver.resolve("f32", 1.0f).value().applyAsDouble(tuple("f32", (float) value)),
          0.0);
    }
  }

  @Test
  void onlyFloat32AttributesRoundToAFloat() {
    assertTrue(resolver.resolve("f32", 1.0f).float32());
    assertFalse(resolver.resolve("f64", 1.0).float32());
    assertFalse(resolver.resolve("i32", 1).float32());
  }

  @Test
  void readsOutputTuplesToo() {
    MutableOutputTuple out = SCHEMA.newOutputTuple();
    out.setDouble("f64", 4.0);
    assertEquals(4.0, resolver.resolve("f64", 1.0).value().applyAsDouble(out));
  }

  // ---- the event-time attribute of a timeInterval window

  @Test
  void eventTimeReadsATimestampAsNanoseconds() {
    assertEquals(
        1_700_000_000_250_000_000L,
        resolver
            .eventTime("ts")
            .applyAsLong(tuple("ts", new Timestamp(1_700_000_000L, 250_000_000))));
  }

  @Test
  void eventTimeReadsAFloat64AsSeconds() {
    assertEquals(7_500_000_000L, resolver.eventTime("f64").applyAsLong(tuple("f64", 7.5)));
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> resolver.eventTime("f64").applyAsLong(tuple("f64", Double.NaN)));
    assertTrue(nan.getMessage().contains("event time f64"), nan.getMessage());
  }

  @Test
  void eventTimeRefusesAnUnknownAttributeAndOtherTypesByName() {
    IllegalArgumentException unknown =
        assertThrows(IllegalArgumentException.class, () -> resolver.eventTime("when"));
    assertTrue(unknown.getMessage().startsWith("event time when: "), unknown.getMessage());
    for (String attribute : new String[] {"i64", "f32", "name", "of"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> resolver.eventTime(attribute));
      assertTrue(
          e.getMessage().contains("attribute " + attribute + " has SPL type"), e.getMessage());
      assertTrue(e.getMessage().contains("must be a timestamp or a float64"), e.getMessage());
    }
  }
}
