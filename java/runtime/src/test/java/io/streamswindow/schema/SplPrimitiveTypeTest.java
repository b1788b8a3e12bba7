package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.ValueFactory;
import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SplPrimitiveTypeTest {

  @Test
  void objectTypesFollowIbmsMapping() {
    assertEquals(Boolean.class, SplPrimitiveType.BOOLEAN.getObjectType());
    assertEquals(Byte.class, SplPrimitiveType.INT8.getObjectType());
    assertEquals(Byte.class, SplPrimitiveType.UINT8.getObjectType());
    assertEquals(Short.class, SplPrimitiveType.UINT16.getObjectType());
    assertEquals(Integer.class, SplPrimitiveType.INT32.getObjectType());
    assertEquals(Integer.class, SplPrimitiveType.UINT32.getObjectType());
    assertEquals(Long.class, SplPrimitiveType.UINT64.getObjectType());
    assertEquals(Float.class, SplPrimitiveType.FLOAT32.getObjectType());
    assertEquals(Double.class, SplPrimitiveType.FLOAT64.getObjectType());
    assertEquals(BigDecimal.class, SplPrimitiveType.DECIMAL64.getObjectType());
    assertEquals(RString.class, SplPrimitiveType.RSTRING.getObjectType());
    assertEquals(String.class, SplPrimitiveType.USTRING.getObjectType());
    assertEquals(Timestamp.class, SplPrimitiveType.TIMESTAMP.getObjectType());
    assertEquals(Blob.class, SplPrimitiveType.BLOB.getObjectType());
  }

  @Test
  void metaTypesAndSpellingsMatch() {
    for (SplPrimitiveType type : SplPrimitiveType.values()) {
      assertEquals(type.name(), type.getMetaType().name());
      assertEquals(type.name().toLowerCase(), type.getLanguageType());
      assertEquals(type.getLanguageType(), type.toString());
      assertSame(type, SplPrimitiveType.forLanguageType(type.getLanguageType()));
      assertSame(type.getObjectType(), type.getAsCompositeElementType());
    }
  }

  @Test
  void defaultsAreZeroOrEmpty() {
    assertEquals(Boolean.FALSE, SplPrimitiveType.BOOLEAN.getDefaultValue());
    assertEquals((byte) 0, SplPrimitiveType.INT8.getDefaultValue());
    assertEquals((short) 0, SplPrimitiveType.UINT16.getDefaultValue());
    assertEquals(0, SplPrimitiveType.INT32.getDefaultValue());
    assertEquals(0L, SplPrimitiveType.UINT64.getDefaultValue());
    assertEquals(0.0f, SplPrimitiveType.FLOAT32.getDefaultValue());
    assertEquals(0.0d, SplPrimitiveType.FLOAT64.getDefaultValue());
    assertEquals(BigDecimal.ZERO, SplPrimitiveType.DECIMAL128.getDefaultValue());
    assertEquals(new RString(""), SplPrimitiveType.RSTRING.getDefaultValue());
    assertEquals("", SplPrimitiveType.USTRING.getDefaultValue());
    assertEquals(new Timestamp(0, 0), SplPrimitiveType.TIMESTAMP.getDefaultValue());
    assertEquals(0L, ((Blob) SplPrimitiveType.BLOB.getDefaultValue()).getLength());
  }

  @Test
  void storesExactClassesOnly() {
    assertEquals(5, SplPrimitiveType.INT32.toStored(5));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SplPrimitiveType.INT32.toStored(5L));
    assertEquals(
        "SPL type int32 cannot hold a value of Java type java.lang.Long (accepted:"
            + " java.lang.Integer)",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SplPrimitiveType.FLOAT64.toStored(1.0f));
    assertThrows(
        IllegalArgumentException.class, () -> SplPrimitiveType.USTRING.toStored(new RString("x")));
  }

  @Test
  void nullIsRefusedWithAHintAboutOptional() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SplPrimitiveType.FLOAT64.toStored(null));
    assertTrue(e.getMessage().contains("cannot hold null"), e.getMessage());
    assertTrue(e.getMessage().contains("optional"), e.getMessage());
  }

  @Test
  void rstringAcceptsAStringAndEncodesUtf8() {
    RString stored = (RString) SplPrimitiveType.RSTRING.toStored("grüß");
    assertEquals("grüß", stored.getString());
    assertEquals(6, stored.getLength());
    RString given = new RString("x");
    assertSame(given, SplPrimitiveType.RSTRING.toStored(given));
  }

  @Test
  void blobAcceptsAnyBlobOrBytesAndStoresAPrivateCopy() {
    byte[] bytes = {1, 2, 3};
    ByteArrayBlob fromBytes = (ByteArrayBlob) SplPrimitiveType.BLOB.toStored(bytes);
    bytes[0] = 9;
    assertArrayEquals(new byte[] {1, 2, 3}, fromBytes.getData());

    Object fromOtherBlob =
        SplPrimitiveType.BLOB.toStored(ValueFactory.newBlob(new byte[] {1, 2, 3}));
    assertEquals(fromBytes, fromOtherBlob);
    assertSame(fromBytes, SplPrimitiveType.BLOB.toStored(fromBytes));
  }

  @Test
  void decimalsAreRoundedToTheirPrecision() {
    BigDecimal pi = new BigDecimal("3.14159265358979323846264338327950288419716939937510");

    assertEquals(new BigDecimal("3.141593"), SplPrimitiveType.DECIMAL32.toStored(pi));
    assertEquals(new BigDecimal("3.141592653589793"), SplPrimitiveType.DECIMAL64.toStored(pi));
    assertEquals(34, ((BigDecimal) SplPrimitiveType.DECIMAL128.toStored(pi)).precision());
  }

  @Test
  void decimalsBeyondTheirRangeAreRefused() {
    assertThrows(
        ArithmeticException.class,
        () -> SplPrimitiveType.DECIMAL32.toStored(new BigDecimal("1e97")));
    assertEquals(
        new BigDecimal("1E+96"), SplPrimitiveType.DECIMAL32.toStored(new BigDecimal("1e96")));
  }

  @Test
  void toStringGivesTheTextOfAValue() {
    assertEquals("abc", SplPrimitiveType.RSTRING.toString(new RString("abc")));
    assertEquals("1.5", SplPrimitiveType.FLOAT64.toString(1.5));
    assertEquals("(1,2,0)", SplPrimitiveType.TIMESTAMP.toString(new Timestamp(1, 2)));
    assertThrows(ClassCastException.class, () -> SplPrimitiveType.INT32.toString("x"));
  }

  @Test
  void comparabilityFollowsTheObjectType() {
    assertTrue(SplPrimitiveType.INT32.isComparable());
    assertTrue(SplPrimitiveType.USTRING.isComparable());
    assertTrue(SplPrimitiveType.TIMESTAMP.isComparable());
    assertTrue(SplPrimitiveType.DECIMAL32.isComparable());
    assertFalse(SplPrimitiveType.RSTRING.isComparable());
    assertFalse(SplPrimitiveType.BLOB.isComparable());
  }

  @Test
  void classifiesNumbers() {
    assertTrue(SplPrimitiveType.UINT8.isNumeric());
    assertTrue(SplPrimitiveType.DECIMAL128.isNumeric());
    assertFalse(SplPrimitiveType.BOOLEAN.isNumeric());
    assertFalse(SplPrimitiveType.TIMESTAMP.isNumeric());
    assertTrue(SplPrimitiveType.UINT64.isUnsigned());
    assertFalse(SplPrimitiveType.INT64.isUnsigned());
    assertTrue(SplPrimitiveType.DECIMAL32.isDecimal());
  }

  @Test
  void unsignedIntegersWidenToBigDecimalAsUnsigned() {
    assertEquals(new BigDecimal(255), SplPrimitiveType.UINT8.integerAsBigDecimal((byte) -1));
    assertEquals(new BigDecimal(65535), SplPrimitiveType.UINT16.integerAsBigDecimal((short) -1));
    assertEquals(new BigDecimal(4294967295L), SplPrimitiveType.UINT32.integerAsBigDecimal(-1));
    assertEquals(
        new BigDecimal("18446744073709551615"), SplPrimitiveType.UINT64.integerAsBigDecimal(-1L));
    assertEquals(new BigDecimal(-1), SplPrimitiveType.INT64.integerAsBigDecimal(-1L));
  }

  @Test
  void randomValuesAreValuesOfTheType() {
    Random random = new Random(42);
    for (SplPrimitiveType type : SplPrimitiveType.values()) {
      Object value = type.randomValue(random);
      assertEquals(value, type.toStored(value), type.toString());
      assertTrue(type.getObjectType().isInstance(value), type.toString());
    }
  }

  @Test
  void metaTypeOfValuesIsTheTypeItself() {
    assertEquals(MetaType.INT32, SplPrimitiveType.INT32.getValueMetaType());
  }
}
