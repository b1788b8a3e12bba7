package com.ibm.streams.operator.window;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/** Helpers for setting up windows. */
public abstract class WindowUtilities {

  private static final Set<MetaType> STRING_TYPES =
      EnumSet.of(MetaType.RSTRING, MetaType.USTRING, MetaType.BSTRING);

  private static final Set<MetaType> INTEGER_TYPES =
      EnumSet.of(
          MetaType.INT8,
          MetaType.INT16,
          MetaType.INT32,
          MetaType.INT64,
          MetaType.UINT8,
          MetaType.UINT16,
          MetaType.UINT32,
          MetaType.UINT64);

  private static final Set<MetaType> PARTITIONABLE_TYPES = partitionableTypes();

  /** Strings, booleans and integers: the types whose values make partition keys. */
  private static Set<MetaType> partitionableTypes() {
    Set<MetaType> types = EnumSet.of(MetaType.BOOLEAN);
    types.addAll(STRING_TYPES);
    types.addAll(INTEGER_TYPES);
    return types;
  }

  /** Creates an instance; all members are static. */
  public WindowUtilities() {}

  /**
   * Partitions a window by the values of one or more attributes of its tuples.
   *
   * <p>The partition key of a tuple is:
   *
   * <ul>
   *   <li>with one attribute, that attribute's value: a {@code String} for the string types ({@code
   *       rstring}, {@code ustring}, bounded {@code rstring}), otherwise the value of {@link
   *       Tuple#getObject(int)} ({@code Boolean}, {@code Byte}, {@code Short}, {@code Integer},
   *       {@code Long}). Strings are used rather than IBM's {@code RString} objects so that keys
   *       are the same plain values on every runtime, Spark included;
   *   <li>with several attributes, an unmodifiable {@code List<Object>} of those values in the
   *       order the names are given.
   * </ul>
   *
   * <pre>{@code
   * WindowUtilities.registerAttributePartitioner(getInput(0).getStreamWindow(), "symbol", "venue");
   * }</pre>
   *
   * @param window the window to partition, whose port must be partitioned
   * @param attributeNames the attributes whose values make the key
   * @throws IllegalArgumentException when no name is given, a name is not an attribute of the
   *     port's schema, or an attribute's type is not a string, boolean or integer type
   * @throws IllegalStateException when the window is not partitioned
   */
  public static void registerAttributePartitioner(
      StreamWindow<Tuple> window, String... attributeNames) {
    if (attributeNames == null || attributeNames.length == 0) {
      throw new IllegalArgumentException("At least one partition attribute name is required");
    }
    StreamSchema schema = window.getInputPort().getStreamSchema();
    int[] indexes = new int[attributeNames.length];
    boolean[] asString = new boolean[attributeNames.length];
    for (int i = 0; i < attributeNames.length; i++) {
      Attribute attribute = schema.getAttribute(attributeNames[i]);
      if (attribute == null) {
        throw new IllegalArgumentException(
            "Unknown partition attribute '"
                + attributeNames[i]
                + "'; the port's attributes are "
                + schema.getAttributeNames());
      }
      MetaType type = attribute.getType().getMetaType();
      if (!PARTITIONABLE_TYPES.contains(type)) {
        throw new IllegalArgumentException(
            "Partition attribute '"
                + attributeNames[i]
                + "' has type "
                + attribute.getType().getLanguageType()
                + "; partition attributes must be strings, booleans or integers");
      }
      indexes[i] = attribute.getIndex();
      asString[i] = STRING_TYPES.contains(type);
    }
    if (indexes.length == 1) {
      int index = indexes[0];
      window.registerPartitioner(
          asString[0]
              ? tuple -> tuple.getString(index)
              : INTEGER_TYPES.contains(schema.getAttribute(index).getType().getMetaType())
                  ? new IntegerAttributeKey(index)
                  : tuple -> tuple.getObject(index));
    } else {
      window.registerPartitioner(
          tuple -> {
            Object[] values = new Object[indexes.length];
            for (int i = 0; i < indexes.length; i++) {
              values[i] = asString[i] ? tuple.getString(indexes[i]) : tuple.getObject(indexes[i]);
            }
            return Collections.unmodifiableList(Arrays.asList(values));
          });
    }
  }

  /**
   * The key of one integer attribute, {@link Tuple#getObject(int)}'s value, boxed once for each run
   * of tuples with the same value rather than once per tuple: a partition's tuples mostly come
   * together (on Spark every tuple of an operator instance has its key), and the window then finds
   * the partition by identity. The last key is one reference to an immutable pair, so a thread
   * never sees one key's value with another's bits.
   */
  private static final class IntegerAttributeKey implements StreamWindowPartitioner<Tuple, Object> {
    private final int index;
    private Last last;

    IntegerAttributeKey(int index) {
      this.index = index;
    }

    @Override
    public Object getPartition(Tuple tuple) {
      long value = tuple.getLong(index);
      Last seen = last;
      if (seen != null && seen.value == value) {
        return seen.key;
      }
      Object key = tuple.getObject(index);
      last = new Last(value, key);
      return key;
    }

    private static final class Last {
      final long value;
      final Object key;

      Last(long value, Object key) {
        this.value = value;
        this.key = key;
      }
    }
  }
}
