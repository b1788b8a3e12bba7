package io.streamswindow.engine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Writes partition keys in checkpoints. Keys made by {@code WindowUtilities} (strings, booleans,
 * integers, and lists of them) get a compact tagged form; any other {@code Serializable} key falls
 * back to Java serialization; anything else is refused with a message naming its class.
 */
final class PartitionKeyCodec {
  private static final byte NULL = 0;
  private static final byte STRING = 1;
  private static final byte INT = 2;
  private static final byte LONG = 3;
  private static final byte BOOLEAN = 4;
  private static final byte SHORT = 5;
  private static final byte BYTE = 6;
  private static final byte DOUBLE = 7;
  private static final byte LIST = 8;
  private static final byte SERIALIZED = 9;

  private PartitionKeyCodec() {}

  static void write(DataOutput out, Object key) throws IOException {
    if (key == null) {
      out.writeByte(NULL);
    } else if (key instanceof String s) {
      out.writeByte(STRING);
      out.writeUTF(s);
    } else if (key instanceof Integer i) {
      out.writeByte(INT);
      out.writeInt(i);
    } else if (key instanceof Long l) {
      out.writeByte(LONG);
      out.writeLong(l);
    } else if (key instanceof Boolean b) {
      out.writeByte(BOOLEAN);
      out.writeBoolean(b);
    } else if (key instanceof Short s) {
      out.writeByte(SHORT);
      out.writeShort(s);
    } else if (key instanceof Byte b) {
      out.writeByte(BYTE);
      out.writeByte(b);
    } else if (key instanceof Double d) {
      out.writeByte(DOUBLE);
      out.writeDouble(d);
    } else if (key instanceof List<?> list) {
      out.writeByte(LIST);
      out.writeInt(list.size());
      for (Object element : list) {
        write(out, element);
      }
    } else if (key instanceof Serializable) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream oos = new ObjectOutputStream(bytes)) {
        oos.writeObject(key);
      }
      out.writeByte(SERIALIZED);
      out.writeInt(bytes.size());
      out.write(bytes.toByteArray());
    } else {
      throw new NotSerializableException(
          "Partition key of class "
              + key.getClass().getName()
              + " cannot be checkpointed: use strings, numbers, booleans, lists of them, or a Serializable key");
    }
  }

  static Object read(DataInput in) throws IOException {
    byte tag = in.readByte();
    switch (tag) {
      case NULL:
        return null;
      case STRING:
        return in.readUTF();
      case INT:
        return in.readInt();
      case LONG:
        return in.readLong();
      case BOOLEAN:
        return in.readBoolean();
      case SHORT:
        return in.readShort();
      case BYTE:
        return in.readByte();
      case DOUBLE:
        return in.readDouble();
      case LIST:
        int n = in.readInt();
        List<Object> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
          values.add(read(in));
        }
        return Collections.unmodifiableList(values);
      case SERIALIZED:
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        try (ObjectInputStream ois = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
          return ois.readObject();
        } catch (ClassNotFoundException e) {
          throw new IOException("Partition key class not found: " + e.getMessage(), e);
        }
      default:
        throw new IOException("Corrupt window checkpoint: unknown partition key tag " + tag);
    }
  }
}
