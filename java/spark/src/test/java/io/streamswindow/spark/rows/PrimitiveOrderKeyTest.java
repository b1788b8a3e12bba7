package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.schema.SplPrimitiveType;
import io.streamswindow.schema.SplSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Primitive order keys compare as TupleOrder compares the values they stand for. */
class PrimitiveOrderKeyTest {
  private static SplSchema schemaOf(SplPrimitiveType type) {
    return SplSchema.of(List.of("k", "v"), List.of(SplPrimitiveType.RSTRING, type));
  }

  /**
   * Every pair of the values: the keys' order is TupleOrder's order; and each value's key read from
   * the bytes the codec writes for it is the key of the value.
   */
  private static void keysOrderAsValues(SplPrimitiveType type, List<Object> values) {
    SplSchema schema = schemaOf(type);
    PrimitiveOrderKey key = PrimitiveOrderKey.of(schema, List.of("v"));
    assertNotNull(key, type.toString());
    TupleOrder order = new TupleOrder(schema, List.of("v"));
    SchemaTupleCodec codec = new SchemaTupleCodec(schema);
    for (Object a : values) {
      assertEquals(key.ofValue(a), encodedKey(key, codec, a), type + ": " + a);
    }
    for (Object a : values) {
      for (Object b : values) {
        int byValue = Integer.signum(order.compareValues(new Object[] {a}, new Object[] {b}));
        int byKey = Integer.signum(Long.compare(key.ofValue(a), key.ofValue(b)));
        assertEquals(byValue, byKey, type + ": " + a + " against " + b);
      }
    }
  }

  /** The key of {@code value} read back from the bytes the codec writes for attribute v. */
  private static long encodedKey(PrimitiveOrderKey key, SchemaTupleCodec codec, Object value) {
    ByteArraySink out = new ByteArraySink(16);
    try {
      codec.writeAttribute(out, 1, value);
      ByteArraySource in = new ByteArraySource();
      out.readBack(in, 0, out.size());
      long read = key.ofEncoded(in);
      assertEquals(0, in.available(), "the key's bytes are all read");
      return read;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Object> values(Supplier<Object> random, Object... edges) {
    List<Object> values = new ArrayList<>(List.of(edges));
    for (int i = 0; i < 40; i++) {
      values.add(random.get());
    }
    return values;
  }

  @Test
  void integerKeysOrderSignedAndUnsignedValues() {
    Random r = new Random(1);
    keysOrderAsValues(
        SplPrimitiveType.INT8,
        values(() -> (byte) r.nextInt(), Byte.MIN_VALUE, (byte) 0, Byte.MAX_VALUE));
    keysOrderAsValues(
        SplPrimitiveType.INT16,
        values(() -> (short) r.nextInt(), Short.MIN_VALUE, (short) -1, Short.MAX_VALUE));
    keysOrderAsValues(
        SplPrimitiveType.INT32, values(r::nextInt, Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE));
    keysOrderAsValues(
        SplPrimitiveType.INT64, values(r::nextLong, Long.MIN_VALUE, -1L, 0L, Long.MAX_VALUE));
    keysOrderAsValues(
        SplPrimitiveType.UINT8, values(() -> (byte) r.nextInt(), (byte) -1, (byte) 0, (byte) 127));
    keysOrderAsValues(
        SplPrimitiveType.UINT16,
        values(() -> (short) r.nextInt(), (short) -1, (short) 0, Short.MAX_VALUE));
    keysOrderAsValues(
        SplPrimitiveType.UINT32, values(r::nextInt, -1, 0, Integer.MIN_VALUE, Integer.MAX_VALUE));
    keysOrderAsValues(
        SplPrimitiveType.UINT64, values(r::nextLong, -1L, 0L, Long.MIN_VALUE, Long.MAX_VALUE));
  }

  @Test
  void floatingPointKeysOrderAsDoubleCompareWithSignedZerosAndNan() {
    Random r = new Random(2);
    keysOrderAsValues(
        SplPrimitiveType.FLOAT64,
        values(
            () -> r.nextGaussian() * 1e6,
            Double.NaN,
            Double.NEGATIVE_INFINITY,
            -Double.MAX_VALUE,
            -Double.MIN_VALUE,
            -0.0,
            0.0,
            Double.MIN_VALUE,
            Double.POSITIVE_INFINITY));
    keysOrderAsValues(
        SplPrimitiveType.FLOAT32,
        values(
            () -> (float) r.nextGaussian(),
            Float.NaN,
            Float.NEGATIVE_INFINITY,
            -0.0f,
            0.0f,
            Float.MIN_VALUE,
            Float.MAX_VALUE));
  }

  @Test
  void booleanAndTimestampKeysOrderTheirValues() {
    Random r = new Random(3);
    keysOrderAsValues(SplPrimitiveType.BOOLEAN, List.of(true, false, true));
    keysOrderAsValues(
        SplPrimitiveType.TIMESTAMP,
        values(
            () -> new Timestamp(r.nextInt() / 8, r.nextInt(1_000_000) * 1000, 0),
            new Timestamp(-62_135_596_800L, 0, 0), // 0001-01-01, Spark's least
            new Timestamp(-1, 999_999_000, 0),
            new Timestamp(0, 0, 0),
            new Timestamp(253_402_300_799L, 999_999_000, 0))); // 9999-12-31, Spark's greatest
  }

  @Test
  void aTimestampNotFromSparkIsRefusedRatherThanOrderedWrongly() {
    PrimitiveOrderKey key =
        PrimitiveOrderKey.of(schemaOf(SplPrimitiveType.TIMESTAMP), List.of("v"));
    assertThrows(IllegalStateException.class, () -> key.ofValue(new Timestamp(1, 1, 0)));
    assertThrows(IllegalStateException.class, () -> key.ofValue(new Timestamp(1, 0, 7)));
    SchemaTupleCodec codec = new SchemaTupleCodec(schemaOf(SplPrimitiveType.TIMESTAMP));
    assertThrows(IllegalStateException.class, () -> encodedKey(key, codec, new Timestamp(1, 0, 7)));
  }

  @Test
  void severalColumnsAndTypesWithoutAPrimitiveOrderHaveNoKey() {
    assertNull(PrimitiveOrderKey.of(schemaOf(SplPrimitiveType.INT64), List.of("v", "k")));
    assertNull(PrimitiveOrderKey.of(schemaOf(SplPrimitiveType.INT64), List.of("k"))); // rstring
    assertNull(PrimitiveOrderKey.of(schemaOf(SplPrimitiveType.DECIMAL64), List.of("v")));
    assertEquals(
        1, PrimitiveOrderKey.of(schemaOf(SplPrimitiveType.INT64), List.of("v")).attribute());
  }
}
