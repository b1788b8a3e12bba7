package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ImmutableTupleTest {
  static final SplSchema ALL_TYPES =
      SplSchema.parse(
          "tuple<boolean b, int8 i8, int16 i16, int32 i32, int64 i64, uint8 u8, uint16 u16,"
              + " uint32 u32, uint64 u64, float32 f32, float64 f64, decimal32 d32, decimal64 d64,"
              + " decimal128 d128, rstring rs, ustring us, timestamp ts, blob bl, rstring[4] bs,"
              + " list<int32> li, list<rstring> lr, set<int32> si, map<rstring,int32> m,"
              + " optional<int32> oi, tuple<int32 x, rstring y> nt>");

  /** A tuple with a non-default value in every attribute of {@link #ALL_TYPES}. */
  static Tuple sample() {
    return ALL_TYPES.getTuple(
        new Object[] {
          true,
          (byte) -8,
          (short) -16,
          -32,
          -64L,
          (byte) -1,
          (short) -1,
          -1,
          -1L,
          1.25f,
          2.5,
          new BigDecimal("3.25"),
          new BigDecimal("4.125"),
          new BigDecimal("5.0625"),
          "raw",
          "uni",
          new Timestamp(100, 500, 2),
          new byte[] {1, 2},
          "bounded",
          new int[] {1, 2, 3},
          List.of("a", "b"),
          Set.of(7),
          Map.of("k", 9),
          42,
          Map.of("x", 5, "y", "why")
        });
  }

  private final Tuple tuple = sample();

  @Test
  void typedGettersReturnTheValues() {
    assertTrue(tuple.getBoolean("b"));
    assertEquals(-8, tuple.getByte("i8"));
    assertEquals(-16, tuple.getShort("i16"));
    assertEquals(-32, tuple.getInt("i32"));
    assertEquals(-64L, tuple.getLong("i64"));
    assertEquals(1.25f, tuple.getFloat("f32"));
    assertEquals(2.5, tuple.getDouble("f64"));
    assertEquals(new BigDecimal("3.25"), tuple.getBigDecimal("d32"));
    assertEquals("raw", tuple.getString("rs"));
    assertEquals("uni", tuple.getString("us"));
    assertEquals(new Timestamp(100, 500, 2), tuple.getTimestamp("ts"));
    assertArrayEquals(new byte[] {1, 2}, tuple.getBlob("bl").getData());
    assertEquals("boun", tuple.getString("bs"));
    assertEquals(List.of(1, 2, 3), tuple.getList("li"));
    assertEquals(List.of(new RString("a"), new RString("b")), tuple.getList("lr"));
    assertEquals(Set.of(7), tuple.getSet("si"));
    assertEquals(Map.of(new RString("k"), 9), tuple.getMap("m"));
    assertEquals(5, tuple.getTuple("nt").getInt("x"));
    assertEquals(42, tuple.getInt("oi"));
  }

  @Test
  void indexAndNameGettersAgree() {
    for (int i = 0; i < ALL_TYPES.getAttributeCount(); i++) {
      String name = ALL_TYPES.getAttribute(i).getName();
      assertEquals(tuple.getString(i), tuple.getString(name), name);
    }
  }

  @Test
  void gettersWidenAsIbmDocuments() {
    assertEquals(-8, tuple.getShort("i8"));
    assertEquals(-8, tuple.getInt("i8"));
    assertEquals(-16, tuple.getLong("i16"));
    assertEquals(1.25, tuple.getDouble("f32"));
    assertEquals(new BigDecimal("-32"), tuple.getBigDecimal("i32"));
    assertEquals(new BigDecimal("2.5"), tuple.getBigDecimal("f64"));
    assertEquals(new BigDecimal("1.25"), tuple.getBigDecimal("f32"));
  }

  @Test
  void unsignedValuesKeepTheirBitsAndWidenAsUnsigned() {
    assertEquals(-1, tuple.getByte("u8"));
    assertEquals(255, tuple.getShort("u8"));
    assertEquals(255, tuple.getInt("u8"));
    assertEquals(65535, tuple.getInt("u16"));
    assertEquals(-1, tuple.getInt("u32"));
    assertEquals(4294967295L, tuple.getLong("u32"));
    assertEquals(-1L, tuple.getLong("u64"));
    assertEquals(new BigDecimal("18446744073709551615"), tuple.getBigDecimal("u64"));
  }

  @Test
  void aGetterOfAnotherWidthOfTheSameKindAlsoOffersSplTypes() {
    // An int64 column read with getInt: spl_types can make it int32, each value checked.
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> tuple.getInt("i64"));
    assertEquals(
        "getInt is not supported for attribute i64 of SPL type int64 (Java type"
            + " java.lang.Long): getInt reads an int32 attribute. On Spark, cast column 'i64' to"
            + " int before the operator runs (df.withColumn('i64', df['i64'].cast('int'))), or"
            + " state its SPL type: spl_types={'i64': 'int32'} (each value checked against its"
            + " range)",
        e.getMessage());
    UnsupportedOperationException floats =
        assertThrows(UnsupportedOperationException.class, () -> tuple.getFloat("f64"));
    assertTrue(
        floats.getMessage().endsWith(", or state its SPL type: spl_types={'f64': 'float32'}"),
        floats.getMessage());
    // A string column: no SPL type of a number takes it, so only the cast is offered.
    UnsupportedOperationException text =
        assertThrows(UnsupportedOperationException.class, () -> tuple.getDouble("rs"));
    assertTrue(text.getMessage().endsWith(".cast('double')))"), text.getMessage());
  }

  @Test
  void aGetterThatDoesNotFitThrowsUnsupportedOperationNamingTheAttribute() {
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> tuple.getInt("rs"));
    assertEquals(
        "getInt is not supported for attribute rs of SPL type rstring (Java type"
            + " com.ibm.streams.operator.types.RString): getInt reads an int32 attribute. On"
            + " Spark, cast column 'rs' to int before the operator runs (df.withColumn('rs',"
            + " df['rs'].cast('int')))",
        e.getMessage());
    assertThrows(UnsupportedOperationException.class, () -> tuple.getByte("i16"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getFloat("f64"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getLong("f64"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getDouble("i32"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getList("si"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getTimestamp("i64"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getTuple("m"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getBigDecimal("rs"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getXML("rs"));
    assertThrows(
        UnsupportedOperationException.class, () -> tuple.getEnum(Thread.State.class, "rs"));
  }

  @Test
  void anUnknownNameThrowsIllegalArgumentListingTheAttributes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> tuple.getDouble("missing"));
    assertTrue(
        e.getMessage().startsWith("Attribute missing is not in the schema tuple<boolean b,"));
    assertTrue(
        e.getMessage()
            .endsWith(
                "(attributes: b, i8, i16, i32, i64, u8, u16, u32, u64, f32,"
                    + " f64, d32, d64, d128, rs, us, ts, bl, bs, li, lr, si, m, oi, nt)"),
        e.getMessage());
  }

  @Test
  void getObjectReturnsIbmsJavaObjects() {
    assertEquals(new RString("raw"), tuple.getObject("rs"));
    assertEquals("uni", tuple.getObject("us"));
    assertEquals(-32, tuple.getObject("i32"));
    assertArrayEquals(new int[] {1, 2, 3}, (int[]) tuple.getObject("li"));
    assertNotSame(tuple.getObject("li"), tuple.getObject("li"), "arrays are copies");
    assertEquals(List.of(new RString("a"), new RString("b")), tuple.getObject("lr"));
    assertEquals(2.5, tuple.getObject("f64", Double.class));
    assertThrows(ClassCastException.class, () -> tuple.getObject("f64", Float.class));
  }

  @Test
  void getStringGivesTheTextOfEveryType() {
    assertEquals("true", tuple.getString("b"));
    assertEquals("255", tuple.getString("u8"), "unsigned text, though Java holds -1");
    assertEquals("18446744073709551615", tuple.getString("u64"));
    assertEquals("2.5", tuple.getString("f64"));
    assertEquals("(100,500,2)", tuple.getString("ts"));
    assertEquals("0102", tuple.getString("bl"));
    assertEquals("[1, 2, 3]", tuple.getString("li"));
    assertEquals("{k=9}", tuple.getString("m"));
    assertEquals("{x=5, y=why}", tuple.getString("nt"));
    assertEquals("42", tuple.getString("oi"));
  }

  @Test
  void optionalValuesMayBeAbsent() {
    SplSchema schema = SplSchema.parse("tuple<optional<int32> n, optional<list<int32>> xs>");
    Tuple empty = schema.getTuple();

    assertNull(empty.getObject("n"));
    assertEquals(Optional.empty(), empty.getOptional("n", Integer.class));
    assertEquals("null", empty.getString("n"));
    NullPointerException e = assertThrows(NullPointerException.class, () -> empty.getInt("n"));
    assertTrue(
        e.getMessage().contains("attribute n (optional<int32>) has no value"), e.getMessage());

    Tuple full = schema.getTuple(new Object[] {3, List.of(1)});
    assertEquals(Optional.of(3), full.getOptional("n", Integer.class));
    assertEquals(3, full.getInt("n"));
    assertArrayEquals(new int[] {1}, (int[]) full.getObject("xs"));
    assertEquals(List.of(1), full.getList("xs"));
  }

  @Test
  void getOptionalOfAPlainAttributeIsPresent() {
    assertEquals(Optional.of(2.5), tuple.getOptional("f64", Double.class));
  }

  @Test
  void buffersViewCopies() {
    ByteBuffer blob = tuple.getBuffer("bl", ByteBuffer.class);
    assertTrue(blob.isReadOnly());
    assertEquals(2, blob.remaining());
    IntBuffer ints = tuple.getBuffer("li", IntBuffer.class);
    assertEquals(3, ints.get(2));
    assertEquals(3, ((ByteBuffer) tuple.getBuffer("rs")).remaining());
    assertThrows(UnsupportedOperationException.class, () -> tuple.getBuffer("lr"));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getBuffer("i32"));
  }

  @Test
  void valuesCannotBeChangedThroughGetters() {
    assertThrows(UnsupportedOperationException.class, () -> tuple.getList("li").clear());
    assertThrows(UnsupportedOperationException.class, () -> tuple.getMap("m").clear());
    assertThrows(UnsupportedOperationException.class, () -> tuple.getSet("si").clear());
    tuple.getBlob("bl").getData()[0] = 99;
    assertEquals(1, tuple.getBlob("bl").getData()[0]);
  }

  @Test
  void isReadOnlyAlready() {
    assertSame(tuple, tuple.asReadOnlyTuple());
    assertSame(ALL_TYPES, tuple.getStreamSchema());
  }

  @Test
  void equalityIsBySchemaAndValues() {
    assertEquals(sample(), tuple);
    assertEquals(sample().hashCode(), tuple.hashCode());
    SplSchema small = SplSchema.parse("tuple<int32 a>");
    assertNotEquals(small.getTuple(new Object[] {1}), small.getTuple(new Object[] {2}));
    SplSchema renamed = SplSchema.parse("tuple<int32 b>");
    assertNotEquals(small.getTuple(new Object[] {1}), renamed.getTuple(new Object[] {1}));
  }

  @Test
  void printsNamesAndTexts() {
    SplSchema small = SplSchema.parse("tuple<rstring id, float64 v, list<int32> xs>");
    assertEquals(
        "{id=a, v=1.5, xs=[1, 2]}",
        small.getTuple(new Object[] {"a", 1.5, List.of(1, 2)}).toString());
  }

  @Test
  void survivesJavaSerialisation() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(tuple);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      Tuple back = (Tuple) in.readObject();
      assertEquals(tuple, back);
      assertSame(ALL_TYPES, back.getStreamSchema());
    }
  }

  /**
   * A tuple Java-serialised by a build that stored every value boxed (the resource holds it in
   * base64) reads back equal to the same tuple built now, and behaves as one.
   */
  @Test
  void readsTuplesSerialisedBeforeValuesWereUnboxed() throws Exception {
    byte[] saved;
    try (InputStream in = getClass().getResourceAsStream("sample-tuple-before-unboxed.b64")) {
      saved = Base64.getMimeDecoder().decode(in.readAllBytes());
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(saved))) {
      Tuple back = (Tuple) in.readObject();
      Tuple sample = sample();
      assertEquals(sample, back);
      assertEquals(back, sample);
      assertEquals(sample.hashCode(), back.hashCode());
      assertEquals(-8, back.getByte("i8"));
      assertEquals(4294967295L, back.getLong("u32"));
      assertEquals(2.5, back.getDouble("f64"));
      assertEquals(sample.toString(), back.toString());
    }
  }
}
