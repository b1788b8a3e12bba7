package io.streamswindow.spark.rows;

import com.ibm.streams.operator.Tuple;
import io.streamswindow.schema.SchemaTupleCodec;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A tuple's {@code order_by} values, as a key's saved state keeps those of the last tuple it
 * processed ({@code SavedKeyState}), so that a later micro-batch can tell a row that comes after it
 * in {@code order_by} order from one that goes back (docs/python.md, "Streams"). Encoded with
 * {@link SchemaTupleCodec} as a tuple of the order attributes alone.
 *
 * <pre>{@code
 * OrderValues values = new OrderValues(schema, List.of("seq"));
 * Object[] last = values.of(tuple);
 * values.order().compareValues(values.of(next), last) < 0;   // next goes back
 * values.decode(values.encode(last));                         // equal to last
 * }</pre>
 */
public final class OrderValues {
  private final TupleOrder order;
  private final SchemaTupleCodec codec;

  /**
   * @param tuples the tuples' schema
   * @param orderColumns the {@code order_by} attributes, at least one
   */
  public OrderValues(SplSchema tuples, List<String> orderColumns) {
    this.order = new TupleOrder(tuples, orderColumns);
    List<SplType> types = new ArrayList<>();
    for (int attribute : order.attributes()) {
      types.add(tuples.getType(attribute));
    }
    this.codec = new SchemaTupleCodec(SplSchema.of(orderColumns, types));
  }

  /** The order the values compare in. */
  TupleOrder order() {
    return order;
  }

  /** {@code tuple}'s order values, in {@code order_by} order. */
  public Object[] of(Tuple tuple) {
    int[] attributes = order.attributes();
    Object[] values = new Object[attributes.length];
    for (int i = 0; i < attributes.length; i++) {
      values[i] = tuple.getObject(attributes[i]);
    }
    return values;
  }

  /** Whether {@code tuple} comes before the values {@code last} in {@code order_by} order. */
  public boolean before(Tuple tuple, Object[] last) {
    return order.compareValues(of(tuple), last) < 0;
  }

  /** The values as the saved state keeps them: never empty. */
  public byte[] encode(Object[] values) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream out = new DataOutputStream(bytes);
      codec.write(out, codec.getSchema().getTuple(values));
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException(e); // a byte array stream does not fail
    }
  }

  /** The values {@link #encode} wrote. */
  public Object[] decode(byte[] saved) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(saved));
    Tuple tuple = codec.read(in);
    if (in.available() != 0) {
      throw new IOException(in.available() + " bytes follow the last order value");
    }
    Object[] values = new Object[codec.getSchema().getAttributeCount()];
    for (int i = 0; i < values.length; i++) {
      values[i] = tuple.getObject(i);
    }
    return values;
  }

  /** The values as a message shows them: {@code [7]}, {@code [7, "b"]}. */
  public static String show(Object[] values) {
    return values.length == 1 ? String.valueOf(values[0]) : Arrays.toString(values);
  }
}
