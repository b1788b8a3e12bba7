package io.streamswindow.schema;

import com.ibm.streams.operator.types.Blob;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Random;

/**
 * The SPL types that have no parameters: {@code boolean}, the signed and unsigned integers, the
 * floats and decimals, {@code rstring}, {@code ustring}, {@code timestamp} and {@code blob}.
 *
 * <p>Java object types follow IBM's mapping: an unsigned integer uses the Java type of the signed
 * integer of the same size ({@code uint32} is an {@code Integer} holding the same bits), {@code
 * rstring} is {@code RString}, {@code ustring} is {@code String}, decimals are {@code BigDecimal}.
 * Each constant's {@link #toString()} is its SPL spelling.
 *
 * <p>Example: {@code SplPrimitiveType.INT32.getObjectType() == Integer.class}.
 */
public enum SplPrimitiveType implements SplType {
  BOOLEAN(MetaType.BOOLEAN, Boolean.class, Boolean.FALSE),
  INT8(MetaType.INT8, Byte.class, (byte) 0),
  INT16(MetaType.INT16, Short.class, (short) 0),
  INT32(MetaType.INT32, Integer.class, 0),
  INT64(MetaType.INT64, Long.class, 0L),
  UINT8(MetaType.UINT8, Byte.class, (byte) 0),
  UINT16(MetaType.UINT16, Short.class, (short) 0),
  UINT32(MetaType.UINT32, Integer.class, 0),
  UINT64(MetaType.UINT64, Long.class, 0L),
  FLOAT32(MetaType.FLOAT32, Float.class, 0.0f),
  FLOAT64(MetaType.FLOAT64, Double.class, 0.0d),
  DECIMAL32(MetaType.DECIMAL32, BigDecimal.class, BigDecimal.ZERO),
  DECIMAL64(MetaType.DECIMAL64, BigDecimal.class, BigDecimal.ZERO),
  DECIMAL128(MetaType.DECIMAL128, BigDecimal.class, BigDecimal.ZERO),
  RSTRING(MetaType.RSTRING, RString.class, new RString("")),
  USTRING(MetaType.USTRING, String.class, ""),
  TIMESTAMP(MetaType.TIMESTAMP, Timestamp.class, new Timestamp(0L, 0)),
  BLOB(MetaType.BLOB, Blob.class, ByteArrayBlob.EMPTY);

  private final MetaType metaType;
  private final Class<?> objectType;
  private final Object defaultValue;

  SplPrimitiveType(MetaType metaType, Class<?> objectType, Object defaultValue) {
    this.metaType = metaType;
    this.objectType = objectType;
    this.defaultValue = defaultValue;
  }

  /** Returns the primitive type with this SPL spelling, or null when there is none. */
  static SplPrimitiveType forLanguageType(String splName) {
    for (SplPrimitiveType type : values()) {
      if (type.metaType.getLanguageType().equals(splName)) {
        return type;
      }
    }
    return null;
  }

  @Override
  public MetaType getMetaType() {
    return metaType;
  }

  @Override
  public String getLanguageType() {
    return metaType.getLanguageType();
  }

  @Override
  public Class<?> getObjectType() {
    return objectType;
  }

  @Override
  public Class<?> getAsCompositeElementType() {
    return objectType;
  }

  @Override
  public Object getDefaultValue() {
    return defaultValue;
  }

  /** Tells whether this is one of the integer, float or decimal types. */
  public boolean isNumeric() {
    return ordinal() >= INT8.ordinal() && ordinal() <= DECIMAL128.ordinal();
  }

  /** Tells whether this is {@code uint8}, {@code uint16}, {@code uint32} or {@code uint64}. */
  public boolean isUnsigned() {
    return this == UINT8 || this == UINT16 || this == UINT32 || this == UINT64;
  }

  /** Tells whether this is {@code decimal32}, {@code decimal64} or {@code decimal128}. */
  public boolean isDecimal() {
    return this == DECIMAL32 || this == DECIMAL64 || this == DECIMAL128;
  }

  @Override
  public Object toStored(Object value) {
    switch (this) {
      case RSTRING:
        if (value instanceof RString) {
          return value;
        }
        if (value instanceof String) {
          return new RString((String) value);
        }
        throw SplType.mismatch(this, value, "RString or String");
      case BLOB:
        if (value instanceof ByteArrayBlob) {
          return value;
        }
        if (value instanceof Blob) {
          return ByteArrayBlob.copyOf(((Blob) value).getData());
        }
        if (value instanceof byte[]) {
          return ByteArrayBlob.copyOf((byte[]) value);
        }
        throw SplType.mismatch(this, value, "Blob or byte[]");
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        if (value instanceof BigDecimal) {
          return roundDecimal((BigDecimal) value);
        }
        throw SplType.mismatch(this, value, "java.math.BigDecimal");
      default:
        // Only exact classes: IBM's setObject takes the mapped class and converts nothing.
        if (value != null && value.getClass() == objectType) {
          return value;
        }
        throw SplType.mismatch(this, value, objectType.getName());
    }
  }

  /**
   * Rounds a decimal to this type's precision (7, 16 or 34 digits, IEEE 754 decimal), and rejects
   * magnitudes beyond the type's largest exponent as SPL does.
   */
  private BigDecimal roundDecimal(BigDecimal value) {
    MathContext context = metaType.getMathContext();
    BigDecimal rounded = value.round(context);
    if (rounded.signum() != 0) {
      long adjustedExponent = (long) rounded.precision() - rounded.scale() - 1;
      if (adjustedExponent > maxDecimalExponent()) {
        throw new ArithmeticException(
            value
                + " is out of range for "
                + getLanguageType()
                + " (largest exponent "
                + maxDecimalExponent()
                + ")");
      }
    }
    return rounded;
  }

  private int maxDecimalExponent() {
    switch (this) {
      case DECIMAL32:
        return 96;
      case DECIMAL64:
        return 384;
      default:
        return 6144;
    }
  }

  @Override
  public Object randomValue(Random random) {
    switch (this) {
      case BOOLEAN:
        return random.nextBoolean();
      case INT8:
      case UINT8:
        return (byte) random.nextInt();
      case INT16:
      case UINT16:
        return (short) random.nextInt();
      case INT32:
      case UINT32:
        return random.nextInt();
      case INT64:
      case UINT64:
        return random.nextLong();
      case FLOAT32:
        return random.nextFloat();
      case FLOAT64:
        return random.nextDouble();
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return roundDecimal(BigDecimal.valueOf(random.nextLong(), random.nextInt(10)));
      case RSTRING:
        return new RString(randomText(random));
      case USTRING:
        return randomText(random);
      case TIMESTAMP:
        return new Timestamp(random.nextInt(Integer.MAX_VALUE), random.nextInt(1_000_000_000));
      case BLOB:
        byte[] data = new byte[random.nextInt(16)];
        random.nextBytes(data);
        return ByteArrayBlob.copyOf(data);
      default:
        throw new AssertionError(this);
    }
  }

  private static String randomText(Random random) {
    char[] text = new char[random.nextInt(12)];
    for (int i = 0; i < text.length; i++) {
      text[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(text);
  }

  /**
   * Returns the text of a value: the string itself for {@code rstring} and {@code ustring}, the
   * unsigned number for unsigned integers (255, not -1, for a {@code uint8} holding 0xFF), {@code
   * Object.toString()} otherwise.
   *
   * @throws ClassCastException when {@code value} is not of this type's object type
   */
  @Override
  public String toString(Object value) {
    Object typed = objectType.cast(value);
    switch (this) {
      case RSTRING:
        return ((RString) typed).getString();
      case UINT8:
      case UINT16:
      case UINT32:
      case UINT64:
        return integerAsBigDecimal(typed).toPlainString();
      default:
        return String.valueOf(typed);
    }
  }

  /** Returns the SPL spelling, for example {@code int32}. */
  @Override
  public String toString() {
    return getLanguageType();
  }

  /**
   * Returns an integer value as a {@code BigDecimal}, reading the unsigned types as unsigned. Only
   * for integer types.
   */
  BigDecimal integerAsBigDecimal(Object stored) {
    switch (this) {
      case UINT8:
        return BigDecimal.valueOf(Byte.toUnsignedInt((Byte) stored));
      case UINT16:
        return BigDecimal.valueOf(Short.toUnsignedInt((Short) stored));
      case UINT32:
        return BigDecimal.valueOf(Integer.toUnsignedLong((Integer) stored));
      case UINT64:
        long bits = (Long) stored;
        return bits >= 0
            ? BigDecimal.valueOf(bits)
            : new BigDecimal(new BigInteger(Long.toUnsignedString(bits)));
      default:
        return BigDecimal.valueOf(((Number) stored).longValue());
    }
  }
}
