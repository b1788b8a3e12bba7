package com.ibm.streams.operator.fakes;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A schema of simple SPL types, written like {@code FakeSchema.of("rstring id", "int32 n")}. */
public final class FakeSchema {

  private final List<Attribute> attributes = new ArrayList<>();
  private final StreamSchema schema;

  /** The attribute names of the last {@code getAttributesComparator} call, for assertions. */
  public List<String> lastComparatorAttributes;

  /** Whether the last {@code getAttributesComparator} call asked for ascending order. */
  public Boolean lastComparatorAscending;

  private FakeSchema(String... declarations) {
    for (String declaration : declarations) {
      String[] parts = declaration.trim().split("\\s+");
      attributes.add(attribute(parts[1], attributes.size(), type(parts[0])));
    }
    schema = Fakes.of(StreamSchema.class, this);
  }

  /**
   * Creates a schema.
   *
   * @param declarations one {@code "type name"} per attribute
   * @return the schema holder
   */
  public static FakeSchema of(String... declarations) {
    return new FakeSchema(declarations);
  }

  /** Returns the schema. */
  public StreamSchema schema() {
    return schema;
  }

  /** Returns a tuple of this schema with the values in attribute order. */
  public Tuple tuple(Object... values) {
    return FakeTuple.of(this, values);
  }

  // ---- StreamSchema methods the fake supports ----

  public Attribute getAttribute(int index) {
    return attributes.get(index);
  }

  public Attribute getAttribute(String name) {
    for (Attribute attribute : attributes) {
      if (attribute.getName().equals(name)) {
        return attribute;
      }
    }
    return null;
  }

  public int getAttributeIndex(String name) {
    Attribute attribute = getAttribute(name);
    return attribute == null ? -1 : attribute.getIndex();
  }

  public int getAttributeCount() {
    return attributes.size();
  }

  public java.util.Iterator<Attribute> iterator() {
    return List.copyOf(attributes).iterator();
  }

  public Set<String> getAttributeNames() {
    Set<String> names = new LinkedHashSet<>();
    for (Attribute attribute : attributes) {
      names.add(attribute.getName());
    }
    return names;
  }

  public String getLanguageType() {
    StringBuilder text = new StringBuilder("tuple<");
    for (Attribute attribute : attributes) {
      if (attribute.getIndex() > 0) {
        text.append(',');
      }
      text.append(attribute.getType().getLanguageType()).append(' ').append(attribute.getName());
    }
    return text.append('>').toString();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  public Comparator<Tuple> getAttributesComparator(boolean ascending, String... names) {
    lastComparatorAttributes = Arrays.asList(names);
    lastComparatorAscending = ascending;
    // Without names the real schema picks the attributes; the fake's order is then "all equal".
    Comparator<Tuple> order = names.length == 0 ? (a, b) -> 0 : null;
    for (String name : names) {
      if (getAttribute(name) == null) {
        throw new IllegalArgumentException("unknown attribute " + name);
      }
      Comparator<Tuple> byName =
          (a, b) ->
              ((Comparable) comparable(a.getObject(name))).compareTo(comparable(b.getObject(name)));
      order = order == null ? byName : order.thenComparing(byName);
    }
    return ascending ? order : order.reversed();
  }

  private static Object comparable(Object value) {
    return value instanceof RString ? value.toString() : value;
  }

  private static Type type(String splType) {
    MetaType metaType = null;
    for (MetaType candidate : MetaType.values()) {
      if (splType.equals(candidate.getLanguageType())) {
        metaType = candidate;
      }
    }
    if (metaType == null) {
      metaType = splType.startsWith("list<") ? MetaType.LIST : MetaType.TUPLE;
    }
    MetaType kind = metaType;
    return Fakes.of(
        Type.class,
        new Object() {
          public MetaType getMetaType() {
            return kind;
          }

          public String getLanguageType() {
            return splType;
          }
        });
  }

  private static Attribute attribute(String name, int index, Type type) {
    return Fakes.of(
        Attribute.class,
        new Object() {
          public String getName() {
            return name;
          }

          public int getIndex() {
            return index;
          }

          public Type getType() {
            return type;
          }
        });
  }
}
