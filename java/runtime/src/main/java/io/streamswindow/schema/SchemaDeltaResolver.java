package io.streamswindow.schema;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.engine.Clock;
import io.streamswindow.engine.DeltaResolver;
import java.math.BigDecimal;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Resolves {@code delta(attribute, delta)} window policies against a port's schema (the rules:
 * docs/conformance.md, delta policies).
 *
 * <p>The attribute must be a signed or unsigned integer, a float, a decimal or a {@code timestamp},
 * and not optional. Values are read as doubles: unsigned integers as unsigned, decimals through
 * {@code BigDecimal.doubleValue()}, timestamps as seconds since the epoch (seconds plus
 * nanoseconds). The delta object must have the attribute's own Java type ({@code Double} for {@code
 * float64}, {@code Integer} for {@code int32} and {@code uint32}, {@code Long} for {@code int64},
 * {@code BigDecimal} for decimals...), read the same way; for a {@code timestamp} attribute it is a
 * {@code Timestamp} (a duration) or a {@code Double} of seconds. A negative or NaN delta is
 * refused; a float attribute's NaN and infinities are not (docs/decisions.md, "NaN and infinities
 * in a float delta attribute"). A {@code float32} attribute's sums and differences are rounded to a
 * float, as IBM's runtime computes them in float arithmetic.
 *
 * <pre>{@code
 * DeltaResolver.Delta<Tuple> d = new SchemaDeltaResolver(schema).resolve("v", 2.5);
 * double value = d.value().applyAsDouble(tuple);   // tuple's v as a double
 * }</pre>
 *
 * <p>It also resolves the event-time attribute of a timeInterval window ({@link #eventTime}): a
 * {@code timestamp}, or a {@code float64} of seconds since the epoch, read as nanoseconds.
 */
public final class SchemaDeltaResolver implements DeltaResolver<Tuple> {
  private final SplSchema schema;

  /** Creates the resolver for tuples of {@code schema}. */
  public SchemaDeltaResolver(StreamSchema schema) {
    this.schema = SplSchema.from(schema);
  }

  /**
   * Resolves one delta policy.
   *
   * @throws IllegalArgumentException when the attribute is unknown, not numeric or timestamp, or
   *     the delta is null, of the wrong Java type, negative or NaN; the message names the attribute
   *     and its type
   */
  @Override
  public Delta<Tuple> resolve(String attribute, Object delta) {
    int index = schema.getAttributeIndex(attribute);
    if (index < 0) {
      throw new IllegalArgumentException(
          "delta("
              + attribute
              + ", "
              + delta
              + "): "
              + schema.unknownAttribute(attribute).getMessage());
    }
    SplType type = schema.getType(index);
    MetaType metaType = type.getMetaType();
    boolean numeric = type instanceof SplPrimitiveType && ((SplPrimitiveType) type).isNumeric();
    if (!numeric && metaType != MetaType.TIMESTAMP) {
      throw new IllegalArgumentException(
          "delta("
              + attribute
              + ", "
              + delta
              + "): attribute "
              + attribute
              + " has SPL type "
              + type
              + "; a delta policy needs a numeric (integer, float, decimal) or timestamp attribute");
    }
    double threshold = threshold(attribute, type, delta);
    if (Double.isNaN(threshold) || threshold < 0) {
      throw new IllegalArgumentException(
          "delta(" + attribute + ", " + delta + "): the delta must not be negative or NaN");
    }
    return new Delta<>(reader(index, metaType), threshold, metaType == MetaType.FLOAT32);
  }

  /**
   * Resolves the event-time attribute of a timeInterval window.
   *
   * @throws IllegalArgumentException when the attribute is unknown or neither a {@code timestamp}
   *     nor a {@code float64}; the message names the attribute and its type
   */
  @Override
  public ToLongFunction<Tuple> eventTime(String attribute) {
    int index = schema.getAttributeIndex(attribute);
    if (index < 0) {
      throw new IllegalArgumentException(
          "event time " + attribute + ": " + schema.unknownAttribute(attribute).getMessage());
    }
    SplType type = schema.getType(index);
    switch (type.getMetaType()) {
      case TIMESTAMP:
        return tuple -> {
          Timestamp t = (Timestamp) AbstractSchemaTuple.storedValue(tuple, index);
          return Math.addExact(
              Math.multiplyExact(t.getSeconds(), 1_000_000_000L), t.getNanoseconds());
        };
      case FLOAT64:
        return tuple -> {
          double seconds = numeric(tuple, index, MetaType.FLOAT64);
          if (Double.isNaN(seconds) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException(
                "event time "
                    + attribute
                    + ": a tuple's event time is "
                    + seconds
                    + ", not a number of seconds");
          }
          return Clock.secondsToNanos(seconds);
        };
      default:
        throw new IllegalArgumentException(
            "event time "
                + attribute
                + ": attribute "
                + attribute
                + " has SPL type "
                + type
                + "; the event time of a timeInterval window must be a timestamp or a float64"
                + " (seconds since the epoch)");
    }
  }

  private static double threshold(String attribute, SplType type, Object delta) {
    if (type.getMetaType() == MetaType.TIMESTAMP) {
      if (delta instanceof Timestamp) {
        return seconds((Timestamp) delta);
      }
      if (delta instanceof Double) {
        return (Double) delta;
      }
      throw wrongDeltaType(
          attribute,
          type,
          delta,
          "com.ibm.streams.operator.types.Timestamp or" + " java.lang.Double (seconds)");
    }
    if (delta == null || delta.getClass() != type.getObjectType()) {
      throw wrongDeltaType(attribute, type, delta, type.getObjectType().getName());
    }
    return asDouble(type.getMetaType(), delta);
  }

  private static IllegalArgumentException wrongDeltaType(
      String attribute, SplType type, Object delta, String expected) {
    return new IllegalArgumentException(
        "delta("
            + attribute
            + ", "
            + delta
            + "): attribute "
            + attribute
            + " has SPL type "
            + type
            + ", so the delta must be a "
            + expected
            + ", not "
            + (delta == null ? "null" : delta.getClass().getName()));
  }

  /**
   * Returns the attribute reader: it reads this runtime's tuples directly (no allocation) and any
   * other {@code Tuple} through {@code getObject}. A float's NaN or infinity is read as it is: the
   * engine compares it as IBM's runtime does (docs/decisions.md, "NaN and infinities in a float
   * delta attribute").
   */
  private static ToDoubleFunction<Tuple> reader(int index, MetaType metaType) {
    return tuple -> numeric(tuple, index, metaType);
  }

  /** A numeric attribute of a tuple as a double, read unboxed from tuples that keep it so. */
  private static double numeric(Tuple tuple, int index, MetaType metaType) {
    if (tuple instanceof AbstractSchemaTuple) {
      AbstractSchemaTuple ours = (AbstractSchemaTuple) tuple;
      int slot = ours.schema.bitSlots[index];
      if (slot >= 0) {
        return bitsAsDouble(metaType, ours.bits[slot]);
      }
    }
    return asDouble(metaType, AbstractSchemaTuple.storedValue(tuple, index));
  }

  /** As {@link #asDouble} for a value kept unboxed ({@link UnboxedValues}). */
  private static double bitsAsDouble(MetaType metaType, long bits) {
    switch (metaType) {
      case UINT8:
        return Byte.toUnsignedInt((byte) bits);
      case UINT16:
        return Short.toUnsignedInt((short) bits);
      case UINT32:
        return Integer.toUnsignedLong((int) bits);
      case UINT64:
        return unsignedToDouble(bits);
      case FLOAT32:
        return Float.intBitsToFloat((int) bits);
      case FLOAT64:
        return Double.longBitsToDouble(bits);
      default:
        return bits;
    }
  }

  static double asDouble(MetaType metaType, Object value) {
    switch (metaType) {
      case UINT8:
        return Byte.toUnsignedInt((Byte) value);
      case UINT16:
        return Short.toUnsignedInt((Short) value);
      case UINT32:
        return Integer.toUnsignedLong((Integer) value);
      case UINT64:
        return unsignedToDouble((Long) value);
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        return ((BigDecimal) value).doubleValue();
      case TIMESTAMP:
        return seconds((Timestamp) value);
      default:
        return ((Number) value).doubleValue();
    }
  }

  private static double seconds(Timestamp timestamp) {
    return timestamp.getSeconds() + timestamp.getNanoseconds() / 1e9;
  }

  private static double unsignedToDouble(long bits) {
    if (bits >= 0) {
      return bits;
    }
    // Halve (keeping the low bit so rounding stays correct), convert, double again.
    return ((bits >>> 1) | (bits & 1)) * 2.0;
  }
}
