package com.ibm.streams.operator.encoding;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.meta.CollectionType;
import com.ibm.streams.operator.meta.MapType;
import com.ibm.streams.operator.meta.OptionalType;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The JSON encoding of {@link JSONEncoding}, for any {@code Map} and {@code List} classes: the
 * value mapping is described there. {@link #encodeAsString} writes the structure with {@link
 * JsonText}.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
class TupleJsonEncoding<O extends Map, A extends List> implements JSONEncoding<O, A> {
  private final Class<O> objectClass;
  private final Class<A> arrayClass;

  TupleJsonEncoding(Class<O> objectClass, Class<A> arrayClass) {
    this.objectClass = objectClass;
    this.arrayClass = arrayClass;
    newJSONObject(); // refuse a class without a usable constructor now, not at the first tuple
    newJSONArray();
  }

  @Override
  public O newJSONObject() {
    return instance(objectClass);
  }

  @Override
  public A newJSONArray() {
    return instance(arrayClass);
  }

  private static <T> T instance(Class<T> type) {
    try {
      return type.getConstructor().newInstance();
    } catch (NoSuchMethodException
        | InstantiationException
        | IllegalAccessException
        | InvocationTargetException e) {
      throw new IllegalArgumentException(
          "JSON encoding: " + type.getName() + " has no public no-argument constructor", e);
    }
  }

  @Override
  public Object getAttributeObject(Tuple tuple, String name) {
    Attribute attribute = tuple.getStreamSchema().getAttribute(name);
    if (attribute == null) {
      throw new IllegalArgumentException(
          "getAttributeObject: the tuple has no attribute named '" + name + "'");
    }
    return getAttributeObject(tuple, attribute);
  }

  @Override
  public Object getAttributeObject(Tuple tuple, Attribute attr) {
    int index = attr.getIndex();
    Type type = attr.getType();
    switch (type.getMetaType()) {
      case LIST:
      case BLIST:
        return array((CollectionType) type, tuple.getList(index));
      case SET:
      case BSET:
        return array((CollectionType) type, tuple.getSet(index));
      case MAP:
      case BMAP:
        return object((MapType) type, tuple.getMap(index));
      case TUPLE:
        return encodeTuple(tuple.getTuple(index));
      default:
        return value(type, tuple.getObject(index));
    }
  }

  /** The JSON value of one stored value of {@code type}. */
  private Object value(Type type, Object value) {
    switch (type.getMetaType()) {
      case BLOB:
      case XML:
      case COMPLEX32:
      case COMPLEX64:
        throw unsupported(type);
      case RSTRING:
      case BSTRING:
        return value instanceof RString r ? r.getString() : String.valueOf(value);
      case UINT8:
        return ((Number) value).intValue() & 0xFF;
      case UINT16:
        return ((Number) value).intValue() & 0xFFFF;
      case UINT32:
        return ((Number) value).longValue() & 0xFFFFFFFFL;
      case UINT64:
        long bits = ((Number) value).longValue();
        BigInteger unsigned = BigInteger.valueOf(bits & Long.MAX_VALUE);
        return bits < 0 ? unsigned.setBit(63) : unsigned;
      case TIMESTAMP:
        return ((Timestamp) value).getTimeAsSeconds();
      case TUPLE:
        return encodeTuple((Tuple) value);
      case LIST:
      case BLIST:
      case SET:
      case BSET:
        return array((CollectionType) type, asCollection(value));
      case MAP:
      case BMAP:
        return object((MapType) type, (Map) value);
      case OPTIONAL:
        return value == null ? null : value(((OptionalType) type).getValueType(), value);
      default:
        return value;
    }
  }

  /** A collection as stored, or a list of a Java array's elements (IBM's list objects). */
  private static Collection<?> asCollection(Object value) {
    if (value == null || !value.getClass().isArray()) {
      return (Collection<?>) value;
    }
    int length = Array.getLength(value);
    List<Object> elements = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      elements.add(Array.get(value, i));
    }
    return elements;
  }

  private A array(CollectionType type, Collection<?> elements) {
    A array = newJSONArray();
    for (Object element : elements) {
      array.add(value(type.getElementType(), element));
    }
    return array;
  }

  private O object(MapType type, Map<?, ?> map) {
    switch (type.getKeyType().getMetaType()) {
      case BLOB:
      case XML:
      case TIMESTAMP:
      case LIST:
      case BLIST:
      case SET:
      case BSET:
      case MAP:
      case BMAP:
      case COMPLEX32:
      case COMPLEX64:
      case TUPLE:
      case OPTIONAL:
        throw unsupported(type); // the key's text would not stand for its value
      default:
        break;
    }
    O object = newJSONObject();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      Object key = value(type.getKeyType(), entry.getKey());
      object.put(String.valueOf(key), value(type.getValueType(), entry.getValue()));
    }
    return object;
  }

  private static UnsupportedOperationException unsupported(Type type) {
    return new UnsupportedOperationException(
        "JSON encoding: SPL type "
            + type.getLanguageType()
            + " (MetaType."
            + type.getMetaType()
            + ") has no JSON form");
  }

  @Override
  public O encodeTuple(Tuple tuple, O data) {
    for (Attribute attribute : tuple.getStreamSchema()) {
      data.put(attribute.getName(), getAttributeObject(tuple, attribute));
    }
    return data;
  }

  @Override
  public O encodeTuple(Tuple tuple) {
    return encodeTuple(tuple, newJSONObject());
  }

  @Override
  public String encodeAsString(Tuple tuple) throws java.io.IOException {
    return JsonText.write(encodeTuple(tuple));
  }
}
