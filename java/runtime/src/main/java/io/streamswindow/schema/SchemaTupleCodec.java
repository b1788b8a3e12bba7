package io.streamswindow.schema;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import com.ibm.streams.operator.types.XML;
import io.streamswindow.engine.TupleCodec;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.StreamCorruptedException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes and reads tuples of one schema in a compact binary form, for window checkpoints.
 *
 * <p>The form carries values only, attribute after attribute in schema order: no schema, names or
 * class names, and no Java serialisation, so the reader must use the same schema. Per type:
 * booleans one byte; integers and floats their fixed width, big-endian; decimals the scale then the
 * unscaled value's two's-complement bytes; {@code rstring}, {@code blob} and {@code xml} a length
 * then the bytes; {@code ustring} a length in chars then each char in one to three bytes (lossless,
 * even for unpaired surrogates); {@code timestamp} seconds, nanoseconds and machine id; lists, sets
 * and maps a count then their elements (entries: key then value) in iteration order; {@code
 * optional<T>} a presence byte then the value; nested tuples their attributes. Lengths, counts and
 * scales are variable-length integers (7 bits a byte; scales zig-zag encoded).
 *
 * <pre>{@code
 * SchemaTupleCodec codec = new SchemaTupleCodec(schema);
 * codec.write(out, tuple);
 * Tuple again = codec.read(in);   // equals tuple
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class SchemaTupleCodec implements TupleCodec<Tuple> {
  private final SplSchema schema;

  /** Creates the codec for tuples of {@code schema}. */
  public SchemaTupleCodec(StreamSchema schema) {
    this.schema = SplSchema.from(schema);
  }

  /** Returns the schema whose tuples this codec writes and reads. */
  public SplSchema getSchema() {
    return schema;
  }

  /**
   * Writes one tuple.
   *
   * @throws IllegalArgumentException when the tuple is not of this codec's schema
   */
  @Override
  public void write(DataOutput out, Tuple tuple) throws IOException {
    if (tuple instanceof AbstractSchemaTuple && ((AbstractSchemaTuple) tuple).schema == schema) {
      writeValues(out, (AbstractSchemaTuple) tuple);
      return;
    }
    requireSchema(tuple);
    Object[] values = new Object[schema.getAttributeCount()];
    for (int i = 0; i < values.length; i++) {
      values[i] = AbstractSchemaTuple.storedValue(tuple, i);
    }
    for (int i = 0; i < values.length; i++) {
      writeValue(out, schema.types[i], values[i]);
    }
  }

  /**
   * Writes the value of attribute {@code index} as {@link #write} writes it, so that writing every
   * attribute in schema order this way gives exactly the bytes of {@code write(tuple)} and {@link
   * #read} reads the tuple back. For callers that have a tuple's values but no tuple (the rows of a
   * Spark DataFrame), to save building one. The value may be of any type the attribute accepts in
   * {@code StreamSchema.getTuple}, e.g. a {@code String} for an {@code rstring}:
   *
   * <pre>{@code
   * codec.writeAttribute(out, 0, 42L);        // int64 id
   * codec.writeAttribute(out, 1, "IBM");      // rstring symbol
   * Tuple t = codec.read(in);                 // {id=42, symbol="IBM"}
   * }</pre>
   *
   * @throws IllegalArgumentException when the value does not suit the attribute's type
   */
  public void writeAttribute(DataOutput out, int index, Object value) throws IOException {
    writeValue(out, schema.types[index], schema.toStored(index, value));
  }

  /** Reads one tuple written by {@link #write}; it is immutable. */
  @Override
  public Tuple read(DataInput in) throws IOException {
    return readTuple(in, schema);
  }

  /**
   * Writes a tuple without the attributes {@code omitted} marks; the others as {@link #write}
   * writes them. For stores that keep a value all their tuples share (a window partition's key)
   * once, beside the tuples; {@link #read(DataInput, Object[])} puts it back:
   *
   * <pre>{@code
   * boolean[] omitted = {true, false};                // symbol left out, price written
   * codec.write(out, tuple, omitted);
   * Object[] shared = codec.omittedValues(new Object[] {"IBM", null});
   * Tuple again = codec.read(in, shared);              // equals tuple if its symbol is "IBM"
   * }</pre>
   *
   * @throws IllegalArgumentException when the tuple is not of this codec's schema
   */
  public void write(DataOutput out, Tuple tuple, boolean[] omitted) throws IOException {
    requireSchema(tuple);
    for (int i = 0; i < omitted.length; i++) {
      if (!omitted[i]) {
        writeValue(out, schema.types[i], AbstractSchemaTuple.storedValue(tuple, i));
      }
    }
  }

  /**
   * Where each attribute's bytes begin in what {@link #write(DataOutput, Tuple, boolean[])} writes
   * with {@code omitted}, when every attribute written takes the same number of bytes in every
   * tuple (numbers, booleans, timestamps): element {@code i} is attribute {@code i}'s offset (-1
   * when it is left out), and the extra last element the width of the whole tuple. Null when an
   * attribute written has a width of its own per value (strings, decimals, collections, optional
   * values). A store of such tuples finds its {@code n}th tuple, and any attribute of it, without
   * reading the ones before:
   *
   * <pre>{@code
   * int[] at = codec.fixedOffsets(new boolean[] {true, false, false});  // symbol left out
   * // int64 seq, float64 price: at = {-1, 0, 8, 16}
   * }</pre>
   */
  public int[] fixedOffsets(boolean[] omitted) {
    int count = schema.getAttributeCount();
    int[] offsets = new int[count + 1];
    int width = 0;
    for (int i = 0; i < count; i++) {
      if (omitted[i]) {
        offsets[i] = -1;
        continue;
      }
      int bytes = fixedWidth(schema.types[i].getMetaType());
      if (bytes < 0) {
        return null;
      }
      offsets[i] = width;
      width += bytes;
    }
    offsets[count] = width;
    return offsets;
  }

  /** The bytes {@link #writeValue} writes for every value of a type, or -1 when they vary. */
  private static int fixedWidth(MetaType type) {
    switch (type) {
      case BOOLEAN:
      case INT8:
      case UINT8:
        return 1;
      case INT16:
      case UINT16:
        return 2;
      case INT32:
      case UINT32:
      case FLOAT32:
        return 4;
      case INT64:
      case UINT64:
      case FLOAT64:
        return 8;
      case TIMESTAMP:
        return 16; // seconds, nanoseconds, machine id
      default:
        return -1;
    }
  }

  /**
   * The values of left-out attributes in the form {@link #read(DataInput, Object[])} takes: {@code
   * values} holds, for each attribute left out, any value {@code StreamSchema.getTuple} accepts for
   * it, and null for each attribute written.
   *
   * @throws IllegalArgumentException when a value does not suit its attribute's type
   */
  public Object[] omittedValues(Object[] values) {
    Object[] stored = new Object[schema.getAttributeCount()];
    for (int i = 0; i < stored.length; i++) {
      stored[i] = values[i] == null ? null : schema.toStored(i, values[i]);
    }
    return stored;
  }

  /**
   * Reads one tuple that {@link #write(DataOutput, Tuple, boolean[])} (or {@link #writeAttribute}
   * for the attributes written) wrote without some attributes, taking their values from {@code
   * omitted} ({@link #omittedValues}: non-null exactly for the attributes left out).
   */
  public Tuple read(DataInput in, Object[] omitted) throws IOException {
    return readTuple(in, schema, omitted);
  }

  private void requireSchema(Tuple tuple) {
    if (tuple.getStreamSchema() != schema
        && !schema.equals(SplSchema.from(tuple.getStreamSchema()))) {
      throw new IllegalArgumentException(
          "A tuple of "
              + tuple.getStreamSchema().getLanguageType()
              + " cannot be written by the codec for "
              + schema.getLanguageType());
    }
  }

  // ---- writing ----------------------------------------------------------------------------

  private static void writeValues(DataOutput out, AbstractSchemaTuple tuple) throws IOException {
    SplSchema schema = tuple.schema;
    for (int i = 0; i < schema.types.length; i++) {
      int slot = schema.bitSlots[i];
      if (slot >= 0) {
        writeBits(out, schema.valueMetaTypes[i], tuple.bits[slot]);
      } else {
        writeValue(out, schema.types[i], tuple.values[i]);
      }
    }
  }

  /** Writes an unboxed value ({@link UnboxedValues}) exactly as {@link #writeValue} writes it. */
  private static void writeBits(DataOutput out, MetaType metaType, long bits) throws IOException {
    switch (metaType) {
      case BOOLEAN:
        out.writeBoolean(bits != 0);
        break;
      case INT8:
      case UINT8:
        out.writeByte((int) bits);
        break;
      case INT16:
      case UINT16:
        out.writeShort((int) bits);
        break;
      case INT32:
      case UINT32:
        out.writeInt((int) bits);
        break;
      case FLOAT32:
        out.writeFloat(Float.intBitsToFloat((int) bits));
        break;
      case FLOAT64:
        out.writeDouble(Double.longBitsToDouble(bits));
        break;
      default:
        out.writeLong(bits);
        break;
    }
  }

  private static void writeValue(DataOutput out, SplType type, Object value) throws IOException {
    switch (type.getMetaType()) {
      case BOOLEAN:
        out.writeBoolean((Boolean) value);
        break;
      case INT8:
      case UINT8:
        out.writeByte((Byte) value);
        break;
      case INT16:
      case UINT16:
        out.writeShort((Short) value);
        break;
      case INT32:
      case UINT32:
        out.writeInt((Integer) value);
        break;
      case INT64:
      case UINT64:
        out.writeLong((Long) value);
        break;
      case FLOAT32:
        out.writeFloat((Float) value);
        break;
      case FLOAT64:
        out.writeDouble((Double) value);
        break;
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        BigDecimal decimal = (BigDecimal) value;
        writeVarInt(out, zigZag(decimal.scale()));
        writeBytes(out, decimal.unscaledValue().toByteArray());
        break;
      case RSTRING:
      case BSTRING:
        writeBytes(out, ((RString) value).getData());
        break;
      case USTRING:
        writeChars(out, (String) value);
        break;
      case TIMESTAMP:
        Timestamp timestamp = (Timestamp) value;
        out.writeLong(timestamp.getSeconds());
        out.writeInt(timestamp.getNanoseconds());
        out.writeInt(timestamp.getMachineId());
        break;
      case BLOB:
        writeBytes(out, ((ByteArrayBlob) value).bytes());
        break;
      case XML:
        writeBytes(out, SplXmlType.bytes((XML) value));
        break;
      case LIST:
      case BLIST:
        writeElements(out, ((SplListType) type).getElementType(), (List<?>) value);
        break;
      case SET:
      case BSET:
        writeElements(out, ((SplSetType) type).getElementType(), (Set<?>) value);
        break;
      case MAP:
      case BMAP:
        SplMapType mapType = (SplMapType) type;
        Map<?, ?> map = (Map<?, ?>) value;
        writeVarInt(out, map.size());
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          writeValue(out, mapType.getKeyType(), entry.getKey());
          writeValue(out, mapType.getValueType(), entry.getValue());
        }
        break;
      case OPTIONAL:
        out.writeBoolean(value != null);
        if (value != null) {
          writeValue(out, ((SplOptionalType) type).getValueType(), value);
        }
        break;
      case TUPLE:
        AbstractSchemaTuple nested = (AbstractSchemaTuple) value;
        writeValues(out, nested);
        break;
      default:
        throw new IllegalStateException("No binary form for SPL type " + type);
    }
  }

  private static void writeElements(DataOutput out, SplType elementType, Collection<?> elements)
      throws IOException {
    writeVarInt(out, elements.size());
    for (Object element : elements) {
      writeValue(out, elementType, element);
    }
  }

  private static void writeBytes(DataOutput out, byte[] bytes) throws IOException {
    writeVarInt(out, bytes.length);
    out.write(bytes);
  }

  /** Writes chars one by one in one to three bytes each, so any Java string survives. */
  private static void writeChars(DataOutput out, String text) throws IOException {
    int length = text.length();
    writeVarInt(out, length);
    for (int i = 0; i < length; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        out.write(c);
      } else if (c < 0x800) {
        out.write(0xC0 | (c >> 6));
        out.write(0x80 | (c & 0x3F));
      } else {
        out.write(0xE0 | (c >> 12));
        out.write(0x80 | ((c >> 6) & 0x3F));
        out.write(0x80 | (c & 0x3F));
      }
    }
  }

  private static void writeVarInt(DataOutput out, int value) throws IOException {
    int rest = value;
    while ((rest & ~0x7F) != 0) {
      out.write((rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    out.write(rest);
  }

  private static int zigZag(int value) {
    return (value << 1) ^ (value >> 31);
  }

  // ---- reading ----------------------------------------------------------------------------

  private static ImmutableTuple readTuple(DataInput in, SplSchema schema) throws IOException {
    return readTuple(in, schema, null);
  }

  /**
   * Reads a tuple's values straight into the arrays a tuple keeps: the unboxed ones as bits, with
   * no boxed value in between (decoding is on every tuple's way from a packed row or a checkpoint
   * to a window), the others as objects. {@code omitted}, when given, holds the stored values of
   * the attributes left out ({@link #omittedValues}).
   */
  private static ImmutableTuple readTuple(DataInput in, SplSchema schema, Object[] omitted)
      throws IOException {
    long[] bits = schema.bitCount == 0 ? null : new long[schema.bitCount];
    Object[] values = schema.hasObjects ? new Object[schema.types.length] : null;
    for (int i = 0; i < schema.types.length; i++) {
      Object given = omitted == null ? null : omitted[i];
      int slot = schema.bitSlots[i];
      if (slot >= 0) {
        MetaType metaType = schema.valueMetaTypes[i];
        bits[slot] = given != null ? UnboxedValues.bits(metaType, given) : readBits(in, metaType);
      } else {
        values[i] = given != null ? given : readValue(in, schema.types[i]);
      }
    }
    return new ImmutableTuple(schema, values, bits);
  }

  /**
   * Reads an unboxed value as {@link #writeBits} wrote it: the bits {@link UnboxedValues} keeps.
   */
  private static long readBits(DataInput in, MetaType metaType) throws IOException {
    switch (metaType) {
      case BOOLEAN:
        return in.readBoolean() ? 1L : 0L;
      case INT8:
      case UINT8:
        return in.readByte();
      case INT16:
      case UINT16:
        return in.readShort();
      case INT32:
      case UINT32:
      case FLOAT32: // writeFloat wrote the float's bits as an int
        return in.readInt();
      default: // INT64, UINT64, FLOAT64 (writeDouble wrote the double's bits as a long)
        return in.readLong();
    }
  }

  private static Object readValue(DataInput in, SplType type) throws IOException {
    if (UnboxedValues.keepsUnboxed(type)) {
      // Numbers and booleans: their bits, boxed as a tuple boxes them.
      return UnboxedValues.box(type.getMetaType(), readBits(in, type.getMetaType()));
    }
    switch (type.getMetaType()) {
      case DECIMAL32:
      case DECIMAL64:
      case DECIMAL128:
        int scale = unZigZag(readVarInt(in));
        return new BigDecimal(new BigInteger(readBytes(in)), scale);
      case RSTRING:
      case BSTRING:
        return new RString(readBytes(in));
      case USTRING:
        return readChars(in);
      case TIMESTAMP:
        long seconds = in.readLong();
        int nanoseconds = in.readInt();
        return new Timestamp(seconds, nanoseconds, in.readInt());
      case BLOB:
        return ByteArrayBlob.adopt(readBytes(in));
      case XML:
        return SplXmlType.fromBytes(readBytes(in));
      case LIST:
      case BLIST:
        return readList(in, ((SplListType) type).getElementType());
      case SET:
      case BSET:
        return readSet(in, ((SplSetType) type).getElementType());
      case MAP:
      case BMAP:
        return readMap(in, (SplMapType) type);
      case OPTIONAL:
        return in.readBoolean() ? readValue(in, ((SplOptionalType) type).getValueType()) : null;
      case TUPLE:
        return readTuple(in, ((SplTupleType) type).getTupleSchema());
      default:
        throw new IllegalStateException("No binary form for SPL type " + type);
    }
  }

  private static List<Object> readList(DataInput in, SplType elementType) throws IOException {
    int size = readCount(in);
    if (size == 0) {
      return Collections.emptyList();
    }
    List<Object> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(readValue(in, elementType));
    }
    return Collections.unmodifiableList(list);
  }

  private static Set<Object> readSet(DataInput in, SplType elementType) throws IOException {
    int size = readCount(in);
    if (size == 0) {
      return Collections.emptySet();
    }
    Set<Object> set = new LinkedHashSet<>();
    for (int i = 0; i < size; i++) {
      set.add(readValue(in, elementType));
    }
    return Collections.unmodifiableSet(set);
  }

  private static Map<Object, Object> readMap(DataInput in, SplMapType type) throws IOException {
    int size = readCount(in);
    if (size == 0) {
      return Collections.emptyMap();
    }
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < size; i++) {
      Object key = readValue(in, type.getKeyType());
      map.put(key, readValue(in, type.getValueType()));
    }
    return Collections.unmodifiableMap(map);
  }

  private static byte[] readBytes(DataInput in) throws IOException {
    byte[] bytes = new byte[readCount(in)];
    in.readFully(bytes);
    return bytes;
  }

  private static String readChars(DataInput in) throws IOException {
    int length = readCount(in);
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      int first = in.readUnsignedByte();
      if (first < 0x80) {
        chars[i] = (char) first;
      } else if ((first & 0xE0) == 0xC0) {
        chars[i] = (char) (((first & 0x1F) << 6) | continuation(in));
      } else if ((first & 0xF0) == 0xE0) {
        int middle = continuation(in);
        chars[i] = (char) (((first & 0x0F) << 12) | (middle << 6) | continuation(in));
      } else {
        throw new StreamCorruptedException("Bad ustring byte " + first + " in a tuple checkpoint");
      }
    }
    return new String(chars);
  }

  private static int continuation(DataInput in) throws IOException {
    int b = in.readUnsignedByte();
    if ((b & 0xC0) != 0x80) {
      throw new StreamCorruptedException("Bad ustring byte " + b + " in a tuple checkpoint");
    }
    return b & 0x3F;
  }

  /** Reads a length or count, refusing negative ones, which only corrupt input produces. */
  private static int readCount(DataInput in) throws IOException {
    int count = readVarInt(in);
    if (count < 0) {
      throw new StreamCorruptedException("Negative length " + count + " in a tuple checkpoint");
    }
    return count;
  }

  private static int readVarInt(DataInput in) throws IOException {
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = in.readUnsignedByte();
      value |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw new StreamCorruptedException("Variable-length integer too long in a tuple checkpoint");
  }

  private static int unZigZag(int value) {
    return (value >>> 1) ^ -(value & 1);
  }
}
