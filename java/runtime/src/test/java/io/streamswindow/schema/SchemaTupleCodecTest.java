package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.Timestamp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SchemaTupleCodecTest {

  private static byte[] encode(SchemaTupleCodec codec, Tuple... tuples) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      for (Tuple tuple : tuples) {
        codec.write(out, tuple);
      }
    }
    return bytes.toByteArray();
  }

  private static Tuple roundTrip(Tuple tuple) throws IOException {
    SchemaTupleCodec codec = new SchemaTupleCodec(tuple.getStreamSchema());
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(encode(codec, tuple)));
    Tuple back = codec.read(in);
    assertEquals(-1, in.read(), "the codec reads exactly what it wrote");
    return back;
  }

  /**
   * The bytes of {@link ImmutableTupleTest#sample()} as the codec wrote them when every value was
   * stored boxed: checkpoints saved then must read the same, and a tuple must still write them.
   */
  private static final String SAMPLE_BYTES =
      "01f8fff0ffffffe0ffffffffffffffc0ffffffffffffffffffffffffffffff3fa000004004000000"
          + "000000040201450602101d080300c5c10372617703756e690000000000000064000001f400000002"
          + "02010204626f756e030000000100000002000000030201610162010000000701016b000000090100"
          + "00002a0000000503776879";

  @Test
  void writesAndReadsTheBytesEarlierBuildsWrote() throws IOException {
    Tuple sample = ImmutableTupleTest.sample();
    SchemaTupleCodec codec = new SchemaTupleCodec(sample.getStreamSchema());
    byte[] saved = java.util.HexFormat.of().parseHex(SAMPLE_BYTES);

    assertArrayEquals(saved, encode(codec, sample));
    Tuple back = codec.read(new DataInputStream(new ByteArrayInputStream(saved)));
    assertEquals(sample, back);
    assertEquals(sample.hashCode(), back.hashCode());
  }

  @Test
  void roundTripsEveryType() throws IOException {
    Tuple tuple = ImmutableTupleTest.sample();
    Tuple back = roundTrip(tuple);

    assertEquals(tuple, back);
    assertSame(tuple.getStreamSchema(), back.getStreamSchema());
    assertEquals(new Timestamp(100, 500, 2), back.getTimestamp("ts"));
    assertEquals(2, back.getTimestamp("ts").getMachineId());
  }

  @Test
  void roundTripsDefaults() throws IOException {
    Tuple defaults = ImmutableTupleTest.ALL_TYPES.getTuple();
    assertEquals(defaults, roundTrip(defaults));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "tuple<list<list<int32>> a, map<rstring,list<tuple<int8 x, ustring y>>> b>",
        "tuple<set<list<float64>> a, map<int64,map<rstring,set<int16>>> b>",
        "tuple<tuple<tuple<rstring s, list<uint64> u> inner, optional<int32> o> outer, int8 n>",
        "tuple<list<optional<rstring>> a, optional<map<int32,blob>> b, optional<tuple<int32 x>> c>",
        "tuple<list<int32>[2] a, set<rstring>[3] b, map<int8,int8>[1] c, rstring[5] d>",
        "tuple<decimal32 a, decimal64 b, decimal128 c, list<decimal64> d, uint64 e, uint8 f>",
        "tuple<list<timestamp> a, map<timestamp,boolean> b, list<blob> c, list<float32> d>"
      })
  void roundTripsRandomNestedValues(String type) throws IOException {
    SplTupleType tupleType = SplTypeParser.parseTupleType(type);
    Random random = new Random(type.hashCode());
    for (int i = 0; i < 50; i++) {
      Tuple tuple = (Tuple) tupleType.randomValue(random);
      assertEquals(tuple, roundTrip(tuple), type);
    }
  }

  @Test
  void keepsTheOrderOfSetsAndMaps() throws IOException {
    SplSchema schema = SplSchema.parse("tuple<set<int32> s, map<int32,int32> m>");
    Set<Integer> set = new LinkedHashSet<>(List.of(3, 1, 2));
    Map<Integer, Integer> map = new LinkedHashMap<>();
    map.put(9, 0);
    map.put(1, 0);
    Tuple back = roundTrip(schema.getTuple(new Object[] {set, map}));

    assertEquals(List.of(3, 1, 2), List.copyOf(back.getSet("s")));
    assertEquals(List.of(9, 1), List.copyOf(back.getMap("m").keySet()));
  }

  @Test
  void ustringSurvivesAnyChars() throws IOException {
    SplSchema schema = SplSchema.parse("tuple<ustring s, rstring r>");
    String text = "a\u0000é\u20ac\uD83D\uDE00\uD800 lone surrogate";
    Tuple back = roundTrip(schema.getTuple(new Object[] {text, "grüß"}));

    assertEquals(text, back.getString("s"));
    assertEquals("grüß", back.getString("r"));
  }

  @Test
  void extremeNumbersSurvive() throws IOException {
    SplSchema schema =
        SplSchema.parse("tuple<int64 a, float64 b, float32 c, decimal128 d, decimal32 e, int8 f>");
    Tuple tuple =
        schema.getTuple(
            new Object[] {
              Long.MIN_VALUE,
              Double.NaN,
              Float.NEGATIVE_INFINITY,
              new BigDecimal("-1234567890123456789012345678901234E-6000"),
              new BigDecimal("9.999999E96"),
              Byte.MIN_VALUE
            });
    assertEquals(tuple, roundTrip(tuple));
  }

  @Test
  void isCompact() throws IOException {
    SplSchema schema = SplSchema.parse("tuple<int64 seq, float64 v>");
    byte[] bytes = encode(new SchemaTupleCodec(schema), schema.getTuple(new Object[] {1L, 2.0}));
    assertEquals(16, bytes.length, "8 bytes per attribute, nothing else");

    SplSchema text = SplSchema.parse("tuple<rstring id>");
    assertEquals(4, encode(new SchemaTupleCodec(text), text.getTuple(new Object[] {"abc"})).length);
  }

  @Test
  void writesManyTuplesBackToBack() throws IOException {
    SplSchema schema = SplSchema.parse("tuple<rstring id, list<int32> xs>");
    SchemaTupleCodec codec = new SchemaTupleCodec(schema);
    Tuple first = schema.getTuple(new Object[] {"a", List.of(1)});
    Tuple second = schema.getTuple(new Object[] {"bb", List.of()});
    DataInputStream in =
        new DataInputStream(new ByteArrayInputStream(encode(codec, first, second)));

    assertEquals(first, codec.read(in));
    assertEquals(second, codec.read(in));
    assertThrows(EOFException.class, () -> codec.read(in));
  }

  @Test
  void writesAnOutputTupleAsItsValues() throws IOException {
    MutableOutputTuple out = SplSchema.parse("tuple<int32 n>").newOutputTuple();
    out.setInt("n", 5);
    assertEquals(out.asReadOnlyTuple(), roundTrip(out));
  }

  @Test
  void refusesATupleOfAnotherSchema() {
    SchemaTupleCodec codec = new SchemaTupleCodec(SplSchema.parse("tuple<int32 n>"));
    Tuple other = SplSchema.parse("tuple<int64 n>").getTuple();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> codec.write(new DataOutputStream(new ByteArrayOutputStream()), other));
    assertEquals(
        "A tuple of tuple<int64 n> cannot be written by the codec for tuple<int32 n>",
        e.getMessage());
  }

  @Test
  void corruptLengthsAreReported() {
    SchemaTupleCodec codec = new SchemaTupleCodec(SplSchema.parse("tuple<rstring s>"));
    byte[] negative = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
    IOException e =
        assertThrows(
            IOException.class,
            () -> codec.read(new DataInputStream(new ByteArrayInputStream(negative))));
    assertTrue(e.getMessage().contains("Negative length"), e.getMessage());
  }

  @Test
  void writingEachAttributeGivesTheBytesOfTheTuple() throws IOException {
    Tuple tuple = ImmutableTupleTest.sample();
    SchemaTupleCodec codec = new SchemaTupleCodec(tuple.getStreamSchema());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    for (int i = 0; i < tuple.getStreamSchema().getAttributeCount(); i++) {
      codec.writeAttribute(out, i, tuple.getObject(i));
    }
    assertArrayEquals(encode(codec, tuple), bytes.toByteArray());
  }

  @Test
  void writeAttributeTakesTheValuesGetTupleTakes() throws IOException {
    SplSchema schema = SplSchema.parse("tuple<rstring s, int64 n>");
    SchemaTupleCodec codec = new SchemaTupleCodec(schema);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    codec.writeAttribute(out, 0, "IBM"); // a String for an rstring, as getTuple allows
    codec.writeAttribute(out, 1, 42L);
    Tuple back = codec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(schema.getTuple(new Object[] {"IBM", 42L}), back);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> codec.writeAttribute(out, 1, "x"));
    assertTrue(e.getMessage().contains("Attribute n"), e.getMessage());
  }

  @Test
  void exposesItsSchema() {
    SplSchema schema = SplSchema.parse("tuple<int32 n>");
    assertSame(schema, new SchemaTupleCodec(schema).getSchema());
  }

  @Test
  void attributesLeftOutAreReadBackFromTheirSharedValues() throws IOException {
    SplSchema schema = SplSchema.parse("tuple<rstring sym, int64 seq, float64 price>");
    SchemaTupleCodec codec = new SchemaTupleCodec(schema);
    Tuple tuple = schema.getTuple(new Object[] {"IBM", 7L, 2.5});
    boolean[] omitted = {true, false, false};
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    codec.write(new DataOutputStream(bytes), tuple, omitted);
    assertEquals(16, bytes.size()); // seq and price only

    Object[] shared = codec.omittedValues(new Object[] {"IBM", null, null});
    Tuple back =
        codec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())), shared);
    assertEquals(tuple, back);
    assertEquals("IBM", back.getString("sym"));
    // Writing attribute by attribute, skipping the same ones, gives the same bytes.
    ByteArrayOutputStream each = new ByteArrayOutputStream();
    codec.writeAttribute(new DataOutputStream(each), 1, 7L);
    codec.writeAttribute(new DataOutputStream(each), 2, 2.5);
    assertArrayEquals(bytes.toByteArray(), each.toByteArray());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            codec.write(
                new DataOutputStream(bytes),
                SplSchema.parse("tuple<int32 n>").getTuple(new Object[] {1}),
                new boolean[] {false}));
  }

  @Test
  void fixedWidthTuplesHaveEachAttributeAtItsOffset() throws IOException {
    SplSchema schema =
        SplSchema.parse(
            "tuple<rstring sym, int64 seq, float64 price, int32 n, boolean b, timestamp ts,"
                + " uint16 u, int8 i>");
    SchemaTupleCodec codec = new SchemaTupleCodec(schema);
    boolean[] omitted = {true, false, false, false, false, false, false, false};
    int[] at = codec.fixedOffsets(omitted);
    assertArrayEquals(new int[] {-1, 0, 8, 16, 20, 21, 37, 39, 40}, at);
    Tuple tuple =
        schema.getTuple(
            new Object[] {
              "IBM", 7L, 2.5, 42, true, new Timestamp(9, 1000, 0), (short) 3, (byte) -4
            });
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    codec.write(new DataOutputStream(bytes), tuple, omitted);
    byte[] written = bytes.toByteArray();
    assertEquals(at[8], written.length);
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(written));
    in.skipBytes(at[3]);
    assertEquals(42, in.readInt()); // n, read where its offset says
    in = new DataInputStream(new ByteArrayInputStream(written));
    in.skipBytes(at[5]);
    assertEquals(9L, in.readLong()); // ts: seconds first
    // Widths that vary per value: none for the tuple, unless the attribute is left out.
    assertEquals(null, codec.fixedOffsets(new boolean[8]));
    for (String varying : List.of("decimal64", "optional<int32>", "list<int32>", "ustring")) {
      SchemaTupleCodec other =
          new SchemaTupleCodec(SplSchema.parse("tuple<int64 seq, " + varying + " v>"));
      assertEquals(null, other.fixedOffsets(new boolean[] {false, false}), varying);
      assertArrayEquals(new int[] {0, -1, 8}, other.fixedOffsets(new boolean[] {false, true}));
    }
  }
}
