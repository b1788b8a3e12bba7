package io.streamswindow.schema;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.encoding.BinaryEncoding;
import com.ibm.streams.operator.encoding.CharacterEncoding;
import com.ibm.streams.operator.meta.OptionalType;
import com.ibm.streams.operator.types.XML;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The schema of a stream or of a {@code tuple<...>} attribute: named, typed attributes in order.
 *
 * <p>Parse one with {@link #parse(String)} (or IBM's {@code Type.Factory.getStreamSchema}, which
 * lands here). Schemas are immutable, thread-safe and interned: parsing the same type twice gives
 * the same instance. Two schemas are equal when they have the same attribute names and types in the
 * same order.
 *
 * <pre>{@code
 * SplSchema schema = SplSchema.parse("tuple<rstring id, float64 v, timestamp ts>");
 * MutableOutputTuple out = schema.newOutputTuple();   // every attribute at its default
 * out.setString("id", "a");
 * out.setDouble("v", 1.5);
 * Tuple t = out.asReadOnlyTuple();
 * Tuple u = schema.getTuple(new Object[] {"b", 2.5});  // ts keeps its default
 * }</pre>
 *
 * <p>XML and encoding members of {@link StreamSchema} are outside this project's scope and throw
 * {@link UnsupportedOperationException}.
 */
public final class SplSchema implements StreamSchema, Serializable {
  private static final long serialVersionUID = 1L;

  // Interning keeps one instance per tuple type, so schema comparisons are mostly identity
  // checks; the caps only guard against a caller generating types without end.
  private static final int CACHE_LIMIT = 10_000;
  private static final Map<String, SplSchema> BY_LANGUAGE_TYPE = new ConcurrentHashMap<>();
  private static final Map<String, SplSchema> BY_INPUT_TEXT = new ConcurrentHashMap<>();

  private final SplAttribute[] attributes;
  private final List<Attribute> attributeList;
  final SplType[] types;

  /** Meta type of each attribute's values: {@code optional<T>} answers with T's meta type. */
  final MetaType[] valueMetaTypes;

  private final Map<String, Integer> indexes;

  /** The attribute names, interned, in schema order. */
  private final String[] internedNames;

  private final Set<String> names;
  private final Object[] defaults;

  /**
   * Per attribute, its place in a tuple's {@code long[]} of unboxed values ({@link UnboxedValues}),
   * or -1 for an attribute a tuple keeps as an object.
   */
  final int[] bitSlots;

  /** How many attributes are kept unboxed. */
  final int bitCount;

  /** Whether any attribute is kept as an object: tuples of other schemas have no object array. */
  final boolean hasObjects;

  /** The default values split as tuples keep them: copied for every new output tuple. */
  private final Object[] defaultObjects;

  /** The default values' unboxed part, as {@link #defaultObjects}. */
  private final long[] defaultBits;

  private final String languageType;
  private final ImmutableTuple defaultTuple;

  /**
   * For {@code assign} and {@code getTuple(Tuple)}: matching attribute indexes per source schema.
   */
  private final transient Map<StreamSchema, int[]> assignPlans = new ConcurrentHashMap<>();

  private SplSchema(String[] attributeNames, SplType[] attributeTypes) {
    int count = attributeNames.length;
    if (count == 0 || count != attributeTypes.length) {
      throw new IllegalArgumentException("A tuple type needs at least one attribute");
    }
    this.attributes = new SplAttribute[count];
    this.types = attributeTypes.clone();
    this.valueMetaTypes = new MetaType[count];
    this.defaults = new Object[count];
    Map<String, Integer> indexByName = new HashMap<>(count * 2);
    Set<String> orderedNames = new LinkedHashSet<>(count * 2);
    StringBuilder spelling = new StringBuilder("tuple<");
    this.internedNames = new String[count];
    for (int i = 0; i < count; i++) {
      // Interned so that an operator's literal names ("total") are found by reference (indexOf).
      String name = attributeNames[i].intern();
      internedNames[i] = name;
      SplType type = types[i];
      if (!isIdentifier(name)) {
        throw new IllegalArgumentException("\"" + name + "\" is not a valid SPL attribute name");
      }
      if (indexByName.put(name, i) != null) {
        throw new IllegalArgumentException(
            "Attribute " + name + " is declared twice in a tuple type");
      }
      orderedNames.add(name);
      attributes[i] = new SplAttribute(name, type, i);
      valueMetaTypes[i] = type.getValueMetaType();
      defaults[i] = type.getDefaultValue();
      spelling.append(i == 0 ? "" : ",").append(type.getLanguageType()).append(' ').append(name);
    }
    this.attributeList = Collections.unmodifiableList(Arrays.asList(attributes));
    this.indexes = indexByName;
    this.names = Collections.unmodifiableSet(orderedNames);
    this.languageType = spelling.append('>').toString();
    this.bitSlots = new int[count];
    int slots = 0;
    for (int i = 0; i < count; i++) {
      bitSlots[i] = UnboxedValues.keepsUnboxed(types[i]) ? slots++ : -1;
    }
    this.bitCount = slots;
    this.hasObjects = slots < count;
    this.defaultBits = bitsOf(defaults);
    this.defaultObjects = objectsOf(defaults.clone());
    // A read-only tuple never writes its arrays, and output tuples copy these: it can share them.
    this.defaultTuple = new ImmutableTuple(this, defaultObjects, defaultBits);
  }

  /**
   * The unboxed part of a tuple's values given in stored form, one per attribute; null when no
   * attribute is kept unboxed.
   */
  long[] bitsOf(Object[] stored) {
    if (bitCount == 0) {
      return null;
    }
    long[] bits = new long[bitCount];
    for (int i = 0; i < stored.length; i++) {
      if (bitSlots[i] >= 0) {
        bits[bitSlots[i]] = UnboxedValues.bits(valueMetaTypes[i], stored[i]);
      }
    }
    return bits;
  }

  /**
   * The object part of a tuple's values given in stored form: {@code stored} itself with the
   * unboxed attributes' places emptied, or null when every attribute is kept unboxed.
   */
  Object[] objectsOf(Object[] stored) {
    if (!hasObjects) {
      return null;
    }
    for (int i = 0; i < stored.length; i++) {
      if (bitSlots[i] >= 0) {
        stored[i] = null;
      }
    }
    return stored;
  }

  /** Returns a read-only tuple of values in stored form, one per attribute (taken over). */
  ImmutableTuple tupleOfStored(Object[] stored) {
    long[] bits = bitsOf(stored);
    return new ImmutableTuple(this, objectsOf(stored), bits);
  }

  /**
   * Parses an SPL tuple type such as {@code tuple<rstring id, float64 v, timestamp ts>}.
   *
   * @throws IllegalArgumentException naming the bad token and its position
   * @see SplTypeParser
   */
  public static SplSchema parse(String splTupleType) {
    SplSchema cached = BY_INPUT_TEXT.get(splTupleType);
    if (cached != null) {
      return cached;
    }
    SplSchema schema = SplTypeParser.parseTupleType(splTupleType).getTupleSchema();
    if (BY_INPUT_TEXT.size() >= CACHE_LIMIT) {
      BY_INPUT_TEXT.clear();
    }
    BY_INPUT_TEXT.put(splTupleType, schema);
    return schema;
  }

  /**
   * Returns the schema with these attributes, in this order.
   *
   * @throws IllegalArgumentException for no attributes, a name that is not an SPL identifier, a
   *     name given twice, or lists of different lengths
   */
  public static SplSchema of(List<String> attributeNames, List<? extends SplType> attributeTypes) {
    if (attributeNames.size() != attributeTypes.size()) {
      throw new IllegalArgumentException(
          attributeNames.size() + " names for " + attributeTypes.size() + " types");
    }
    return intern(
        new SplSchema(
            attributeNames.toArray(new String[0]), attributeTypes.toArray(new SplType[0])));
  }

  /**
   * Returns {@code schema} itself when it is an {@code SplSchema}, else the {@code SplSchema} with
   * the same SPL tuple type.
   */
  public static SplSchema from(StreamSchema schema) {
    return schema instanceof SplSchema ? (SplSchema) schema : parse(schema.getLanguageType());
  }

  private static SplSchema intern(SplSchema schema) {
    SplSchema known = BY_LANGUAGE_TYPE.get(schema.languageType);
    if (known != null) {
      return known;
    }
    if (BY_LANGUAGE_TYPE.size() >= CACHE_LIMIT) {
      BY_LANGUAGE_TYPE.clear();
    }
    known = BY_LANGUAGE_TYPE.putIfAbsent(schema.languageType, schema);
    return known != null ? known : schema;
  }

  static boolean isIdentifier(String name) {
    if (name == null || name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
      if (!letter && !(i > 0 && c >= '0' && c <= '9')) {
        return false;
      }
    }
    return true;
  }

  /** Returns a new mutable tuple of this schema with every attribute at its default value. */
  public MutableOutputTuple newOutputTuple() {
    return new MutableOutputTuple(
        this,
        defaultObjects == null ? null : defaultObjects.clone(),
        defaultBits == null ? null : defaultBits.clone());
  }

  /** Returns the SPL type of the attribute at {@code index}. */
  public SplType getType(int index) {
    return types[index];
  }

  // ---- attributes -------------------------------------------------------------------------

  @Override
  public SplAttribute getAttribute(int attributeIndex) {
    return attributes[attributeIndex];
  }

  /** Returns the attribute with this name, or null when the schema has none (as IBM's does). */
  @Override
  public SplAttribute getAttribute(String attributeName) {
    Integer index = indexOf(attributeName);
    return index == null ? null : attributes[index];
  }

  /** Returns the index of the attribute with this name, or -1 when the schema has none. */
  @Override
  public int getAttributeIndex(String attributeName) {
    Integer index = indexOf(attributeName);
    return index == null ? -1 : index;
  }

  private Integer indexOf(String attributeName) {
    // No "last name looked up" cache here: schemas are shared by every thread of a JVM (Spark's
    // task threads), and a field they all write moved between cores on every change of name
    // (one partitioner lookup per group against the operator's own per tuple), costing more than
    // the hash lookup it saved. Names written as literals in an operator are interned, like
    // ours: a reference scan of a small schema finds them without hashing.
    if (internedNames.length <= 16) {
      for (int i = 0; i < internedNames.length; i++) {
        if (internedNames[i] == attributeName) {
          return i;
        }
      }
    }
    return indexes.get(attributeName);
  }

  /**
   * Returns the index of the attribute with this name.
   *
   * @throws IllegalArgumentException naming the attribute and listing the schema's attributes when
   *     there is no such attribute
   */
  public int requireIndex(String attributeName) {
    Integer index = indexOf(attributeName);
    if (index == null) {
      throw unknownAttribute(attributeName);
    }
    return index;
  }

  UnknownAttributeException unknownAttribute(String attributeName) {
    return new UnknownAttributeException(
        "Attribute "
            + attributeName
            + " is not in the schema "
            + languageType
            + " (attributes: "
            + String.join(", ", names)
            + ")"
            + SimilarNames.hint(attributeName, names),
        attributeName,
        this);
  }

  @Override
  public int getAttributeCount() {
    return attributes.length;
  }

  /** Returns the attributes in index order; the iterator does not support {@code remove}. */
  @Override
  public Iterator<Attribute> iterator() {
    return attributeList.iterator();
  }

  /** Returns the attribute names in index order, unmodifiable. */
  @Override
  public Set<String> getAttributeNames() {
    return names;
  }

  /** Returns the SPL spelling, for example {@code tuple<rstring id,float64 v>}. */
  @Override
  public String getLanguageType() {
    return languageType;
  }

  // ---- tuples -----------------------------------------------------------------------------

  /** Returns the tuple with every attribute at its default value. */
  @Override
  public Tuple getTuple() {
    return defaultTuple;
  }

  /**
   * Returns a tuple of this schema taking the attributes of {@code source} that match one of this
   * schema by name and type (or whose type is the value type of an optional attribute here); the
   * others take their default values.
   */
  @Override
  public Tuple getTuple(Tuple source) {
    if (source instanceof AbstractSchemaTuple && ((AbstractSchemaTuple) source).schema == this) {
      return source.asReadOnlyTuple();
    }
    MutableOutputTuple tuple = newOutputTuple();
    copyMatching(source, tuple);
    return tuple.asReadOnlyTuple();
  }

  /**
   * Returns a tuple whose attributes are taken from the map by name; attributes not in the map take
   * their default values and keys that are not attributes are ignored.
   *
   * @throws IllegalArgumentException when a value does not suit its attribute's type
   */
  @Override
  public Tuple getTuple(Map<String, ?> attributeValues) {
    Object[] values = defaults.clone();
    for (int i = 0; i < attributes.length; i++) {
      String name = attributes[i].getName();
      if (attributeValues.containsKey(name)) {
        values[i] = toStored(i, attributeValues.get(name));
      }
    }
    return tupleOfStored(values);
  }

  /**
   * Returns a tuple whose attributes are taken from the list by position; missing trailing
   * attributes take their default values and extra elements are ignored.
   *
   * @throws IllegalArgumentException when a value does not suit its attribute's type
   */
  @Override
  public Tuple getTuple(List<?> attributeValues) {
    Object[] values = defaults.clone();
    int count = Math.min(values.length, attributeValues.size());
    for (int i = 0; i < count; i++) {
      values[i] = toStored(i, attributeValues.get(i));
    }
    return tupleOfStored(values);
  }

  /**
   * Returns a tuple whose attributes are taken from the array by position; missing trailing
   * attributes take their default values and extra elements are ignored.
   *
   * @throws IllegalArgumentException when a value does not suit its attribute's type
   */
  @Override
  public Tuple getTuple(Object[] attributeValues) {
    Object[] values = defaults.clone();
    int count = Math.min(values.length, attributeValues.length);
    for (int i = 0; i < count; i++) {
      values[i] = toStored(i, attributeValues[i]);
    }
    return tupleOfStored(values);
  }

  /** Converts a caller's value for attribute {@code index}, naming the attribute on failure. */
  Object toStored(int index, Object value) {
    try {
      return types[index].toStored(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Attribute " + attributes[index].getName() + " (" + types[index] + "): " + e.getMessage(),
          e);
    }
  }

  /**
   * Copies into {@code target}, a tuple of this schema whose arrays it may write, the attributes of
   * {@code source} that match this schema's.
   */
  void copyMatching(Tuple source, AbstractSchemaTuple target) {
    int[] plan = assignPlan(source.getStreamSchema());
    if (source instanceof AbstractSchemaTuple) {
      // Matching types share one stored form, so stored values are taken as they are.
      AbstractSchemaTuple from = (AbstractSchemaTuple) source;
      int[] fromSlots = from.schema.bitSlots;
      for (int k = 0; k < plan.length; k += 2) {
        int to = bitSlots[plan[k]];
        int at = fromSlots[plan[k + 1]];
        if (to >= 0 && at >= 0) {
          target.bits[to] = from.bits[at];
        } else {
          target.put(plan[k], from.stored(plan[k + 1]));
        }
      }
    } else {
      for (int k = 0; k < plan.length; k += 2) {
        target.put(plan[k], toStored(plan[k], source.getObject(plan[k + 1])));
      }
    }
  }

  /**
   * The source schema of the last assignment and its plan: an operator assigns from the same schema
   * tuple after tuple, and the map lookup compares whole schema spellings when the two schema
   * objects differ. Immutable, in a plain field: threads sharing the schema may see an older pair,
   * never a torn one, and it is written only when the source schema changes.
   */
  private record LastPlan(StreamSchema source, int[] plan) {}

  private transient LastPlan lastPlan;

  /** Returns pairs (index here, index in {@code source}) of attributes that match. */
  private int[] assignPlan(StreamSchema source) {
    LastPlan last = lastPlan;
    if (last != null && last.source == source) {
      return last.plan;
    }
    int[] plan = assignPlans.get(source);
    if (plan == null) {
      plan = newAssignPlan(source);
      if (assignPlans.size() < CACHE_LIMIT) {
        assignPlans.put(source, plan);
      }
    }
    lastPlan = new LastPlan(source, plan);
    return plan;
  }

  /**
   * Tells whether {@code assign()} copies an attribute of type {@code source} into a same-named one
   * of type {@code target}: when the types are equal, or {@code target} is {@code optional} of
   * {@code source}; for every other pair it leaves the target's value as it is, as IBM's does.
   */
  public static boolean assignCopies(Type source, Type target) {
    return target.equals(source)
        || (target.getMetaType() == MetaType.OPTIONAL
            && ((OptionalType) target).getValueType().equals(source));
  }

  private int[] newAssignPlan(StreamSchema source) {
    int[] pairs = new int[attributes.length * 2];
    int size = 0;
    for (SplAttribute attribute : attributes) {
      Attribute match = source.getAttribute(attribute.getName());
      if (match == null) {
        continue;
      }
      if (assignCopies(match.getType(), attribute.getType())) {
        pairs[size++] = attribute.getIndex();
        pairs[size++] = match.getIndex();
      }
    }
    return Arrays.copyOf(pairs, size);
  }

  /**
   * Returns a comparator ordering tuples of this schema by the named attributes, the first name
   * deciding first. With no names it orders by every comparable attribute, lowest index first.
   *
   * <p>An attribute is comparable when its Java object type implements {@code Comparable} and it is
   * not optional (IBM's rule): the numbers, {@code boolean}, {@code ustring}, {@code timestamp} and
   * the decimals, but not {@code rstring} (IBM's {@code RString} is not {@code Comparable}),
   * collections, blobs or tuples. Unsigned integers are ordered as unsigned.
   *
   * @throws IllegalArgumentException for an unknown or not comparable attribute name
   */
  @Override
  public Comparator<Tuple> getAttributesComparator(boolean ascending, String... attributeNames) {
    int[] keys;
    if (attributeNames == null || attributeNames.length == 0) {
      keys =
          Arrays.stream(attributes)
              .filter(a -> a.getType().isComparable())
              .mapToInt(SplAttribute::getIndex)
              .toArray();
    } else {
      keys = new int[attributeNames.length];
      for (int k = 0; k < attributeNames.length; k++) {
        int index = requireIndex(attributeNames[k]);
        if (!types[index].isComparable()) {
          throw new IllegalArgumentException(
              "Attribute "
                  + attributeNames[k]
                  + " has SPL type "
                  + types[index]
                  + " whose Java type "
                  + types[index].getObjectType().getName()
                  + " is not Comparable, so tuples of "
                  + languageType
                  + " cannot be ordered by it");
        }
        keys[k] = index;
      }
    }
    Comparator<Tuple> order = new TupleAttributeComparator(this, keys);
    return ascending ? order : order.reversed();
  }

  // ---- derived schemas --------------------------------------------------------------------

  /**
   * Returns this schema followed by the attributes of {@code schemas} it lacks; an attribute
   * already present with the same type is kept once, at its first position.
   *
   * @throws IllegalArgumentException when a name appears with two different types
   */
  @Override
  public SplSchema extendBySchemas(StreamSchema... schemas) {
    List<Attribute> added = new ArrayList<>();
    for (StreamSchema schema : schemas) {
      for (Attribute attribute : schema) {
        added.add(attribute);
      }
    }
    return extendWith(added);
  }

  /**
   * Returns this schema followed by the given attributes it lacks; see {@link
   * #extendBySchemas(StreamSchema...)}.
   */
  @Override
  public SplSchema extendByAttributes(Attribute... extraAttributes) {
    return extendWith(Arrays.asList(extraAttributes));
  }

  /** Returns this schema with one more attribute, or this schema when it already has it. */
  @Override
  public SplSchema extend(Type type, String attributeName) {
    return extendWith(List.of(new SplAttribute(attributeName, asSplType(type), attributes.length)));
  }

  /**
   * Returns this schema with one more attribute whose SPL type is spelled {@code splType} (for
   * example {@code list<int32>}), or this schema when it already has it.
   */
  @Override
  public SplSchema extend(String splType, String attributeName) {
    return extend(SplTypeParser.parseType(splType), attributeName);
  }

  private SplSchema extendWith(List<Attribute> extra) {
    List<String> newNames = new ArrayList<>(names);
    List<SplType> newTypes = new ArrayList<>(Arrays.asList(types));
    for (Attribute attribute : extra) {
      int known = newNames.indexOf(attribute.getName());
      SplType type = asSplType(attribute.getType());
      if (known < 0) {
        newNames.add(attribute.getName());
        newTypes.add(type);
      } else if (!newTypes.get(known).equals(type)) {
        throw new IllegalArgumentException(
            "Attribute "
                + attribute.getName()
                + " cannot be both "
                + newTypes.get(known)
                + " and "
                + type);
      }
    }
    return newNames.size() == attributes.length ? this : of(newNames, newTypes);
  }

  private static SplType asSplType(Type type) {
    return type instanceof SplType
        ? (SplType) type
        : SplTypeParser.parseType(type.getLanguageType());
  }

  /**
   * Returns this schema without the named attributes (unknown names are ignored), or this schema
   * when none was removed.
   *
   * @throws IllegalArgumentException when every attribute would be removed
   */
  @Override
  public SplSchema remove(String... attributeNames) {
    Set<String> removed = new LinkedHashSet<>(Arrays.asList(attributeNames));
    List<String> keptNames = new ArrayList<>();
    List<SplType> keptTypes = new ArrayList<>();
    for (SplAttribute attribute : attributes) {
      if (!removed.contains(attribute.getName())) {
        keptNames.add(attribute.getName());
        keptTypes.add(attribute.getType());
      }
    }
    if (keptNames.isEmpty()) {
      throw new IllegalArgumentException(
          "Removing " + removed + " from " + languageType + " would leave no attributes");
    }
    return keptNames.size() == attributes.length ? this : of(keptNames, keptTypes);
  }

  // ---- outside this project's scope -------------------------------------------------------

  @Override
  public BinaryEncoding newNativeBinaryEncoding() {
    throw outOfScope("SPL native binary encoding (newNativeBinaryEncoding)");
  }

  @Override
  public CharacterEncoding newCharacterEncoding() {
    throw outOfScope("SPL character encoding (newCharacterEncoding)");
  }

  @Override
  public XML getXMLTupleType() {
    throw outOfScope("XML tuple type models (getXMLTupleType)");
  }

  @Override
  public XML getXMLTupleType(String namespacePrefix) {
    throw outOfScope("XML tuple type models (getXMLTupleType)");
  }

  @Override
  public Element getXMLTupleTypeElement(Document document, String namespacePrefix) {
    throw outOfScope("XML tuple type models (getXMLTupleTypeElement)");
  }

  private static UnsupportedOperationException outOfScope(String what) {
    return new UnsupportedOperationException(
        what + " is not supported by streams-window; use SchemaTupleCodec for a binary form");
  }

  // ---- identity ---------------------------------------------------------------------------

  /** Tells whether {@code other} has the same attribute names and types in the same order. */
  @Override
  public boolean equals(Object other) {
    return other == this
        || (other instanceof SplSchema && languageType.equals(((SplSchema) other).languageType));
  }

  @Override
  public int hashCode() {
    return languageType.hashCode();
  }

  /** Returns the SPL spelling, as {@link #getLanguageType()}. */
  @Override
  public String toString() {
    return languageType;
  }

  /** Serialises a schema as its SPL spelling, which is parsed (and interned) again on reading. */
  private Object writeReplace() throws ObjectStreamException {
    return new SerializedSchema(languageType);
  }

  private static final class SerializedSchema implements Serializable {
    private static final long serialVersionUID = 1L;
    private final String languageType;

    SerializedSchema(String languageType) {
      this.languageType = languageType;
    }

    private Object readResolve() throws ObjectStreamException {
      return parse(languageType);
    }
  }
}
