package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SplSchemaTest {
  private final SplSchema schema = SplSchema.parse("tuple<rstring id, float64 v, timestamp ts>");

  @Test
  void findsAttributesByIndexAndName() {
    assertEquals(3, schema.getAttributeCount());
    assertEquals("v", schema.getAttribute(1).getName());
    assertEquals(1, schema.getAttribute("v").getIndex());
    assertEquals(2, schema.getAttributeIndex("ts"));
    assertSame(SplPrimitiveType.FLOAT64, schema.getType(1));
  }

  @Test
  void unknownNamesGiveNullOrMinusOneAsIbmDoes() {
    assertNull(schema.getAttribute("nope"));
    assertEquals(-1, schema.getAttributeIndex("nope"));
  }

  @Test
  void requireIndexNamesTheAttributeAndListsTheSchema() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> schema.requireIndex("nope"));
    assertEquals(
        "Attribute nope is not in the schema tuple<rstring id,float64 v,timestamp ts>"
            + " (attributes: id, v, ts)",
        e.getMessage());
  }

  @Test
  void namesAndIterationAreOrderedAndReadOnly() {
    assertEquals(List.of("id", "v", "ts"), new ArrayList<>(schema.getAttributeNames()));
    assertThrows(UnsupportedOperationException.class, () -> schema.getAttributeNames().add("x"));
    List<String> iterated = new ArrayList<>();
    for (Attribute attribute : schema) {
      iterated.add(attribute.getName());
    }
    assertEquals(List.of("id", "v", "ts"), iterated);
    Iterator<Attribute> iterator = schema.iterator();
    iterator.next();
    assertThrows(UnsupportedOperationException.class, iterator::remove);
  }

  @Test
  void spellsItselfAsSpl() {
    assertEquals("tuple<rstring id,float64 v,timestamp ts>", schema.getLanguageType());
    assertEquals(schema.getLanguageType(), schema.toString());
  }

  @Test
  void parsingIsInternedAndEqualityFollowsNamesTypesAndOrder() {
    SplSchema same = SplSchema.parse("tuple<rstring id,float64 v,timestamp ts>");
    assertSame(schema, same);
    assertEquals(schema.hashCode(), same.hashCode());
    assertNotEquals(schema, SplSchema.parse("tuple<float64 v, rstring id, timestamp ts>"));
    assertNotEquals(schema, SplSchema.parse("tuple<rstring id, float32 v, timestamp ts>"));
    assertNotEquals(schema, SplSchema.parse("tuple<rstring id, float64 w, timestamp ts>"));
  }

  @Test
  void ofBuildsTheSameSchema() {
    SplSchema built =
        SplSchema.of(
            List.of("id", "v", "ts"),
            List.of(
                SplPrimitiveType.RSTRING, SplPrimitiveType.FLOAT64, SplPrimitiveType.TIMESTAMP));
    assertSame(schema, built);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            SplSchema.of(
                List.of("a", "a"), List.of(SplPrimitiveType.INT32, SplPrimitiveType.INT32)));
    assertThrows(
        IllegalArgumentException.class,
        () -> SplSchema.of(List.of("1a"), List.of(SplPrimitiveType.INT32)));
    assertThrows(IllegalArgumentException.class, () -> SplSchema.of(List.of(), List.of()));
  }

  @Test
  void getTupleGivesDefaults() {
    Tuple tuple = schema.getTuple();
    assertEquals("", tuple.getString("id"));
    assertEquals(0.0, tuple.getDouble("v"));
    assertEquals(new Timestamp(0, 0), tuple.getTimestamp("ts"));
    assertSame(tuple, schema.getTuple());
  }

  @Test
  void getTupleFromAnArrayOrListTakesValuesByPosition() {
    Tuple fromArray = schema.getTuple(new Object[] {"a", 1.5});
    assertEquals("a", fromArray.getString(0));
    assertEquals(1.5, fromArray.getDouble(1));
    assertEquals(new Timestamp(0, 0), fromArray.getTimestamp(2));

    Tuple fromList = schema.getTuple(List.of(new RString("a"), 1.5, new Timestamp(0, 0), "extra"));
    assertEquals(fromArray, fromList);
  }

  @Test
  void getTupleFromAMapTakesValuesByNameAndIgnoresOtherKeys() {
    Map<String, Object> values = new HashMap<>();
    values.put("v", 2.5);
    values.put("other", "ignored");
    Tuple tuple = schema.getTuple(values);

    assertEquals(2.5, tuple.getDouble("v"));
    assertEquals("", tuple.getString("id"));
  }

  @Test
  void getTupleNamesTheAttributeOfAWrongValue() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> schema.getTuple(new Object[] {"a", "b"}));
    assertEquals(
        "Attribute v (float64): SPL type float64 cannot hold a value of Java type java.lang.String"
            + " (accepted: java.lang.Double)",
        e.getMessage());
  }

  @Test
  void getTupleFromATupleCopiesMatchingAttributes() {
    SplSchema other = SplSchema.parse("tuple<float64 v, int32 id, optional<rstring> note>");
    Tuple source = other.getTuple(new Object[] {7.5, 3, "n"});
    SplSchema target = SplSchema.parse("tuple<rstring id, float64 v, optional<rstring> note>");

    Tuple copied = target.getTuple(source);
    assertEquals("", copied.getString("id"), "int32 id does not match rstring id");
    assertEquals(7.5, copied.getDouble("v"));
    assertEquals("n", copied.getString("note"));

    SplSchema optionalTarget = SplSchema.parse("tuple<optional<float64> v>");
    assertEquals(7.5, optionalTarget.getTuple(source).getObject("v"), "T fills optional<T>");
  }

  @Test
  void getTupleOfItsOwnTupleIsThatTuple() {
    Tuple tuple = schema.getTuple(new Object[] {"a"});
    assertSame(tuple, schema.getTuple(tuple));
  }

  @Test
  void comparatorOrdersByTheNamedAttributesInTurn() {
    SplSchema scores = SplSchema.parse("tuple<int32 group, float64 score, rstring name>");
    Tuple a = scores.getTuple(new Object[] {1, 2.0, "a"});
    Tuple b = scores.getTuple(new Object[] {1, 1.0, "b"});
    Tuple c = scores.getTuple(new Object[] {0, 5.0, "c"});
    List<Tuple> tuples = new ArrayList<>(List.of(a, b, c));

    tuples.sort(scores.getAttributesComparator(true, "group", "score"));
    assertEquals(List.of(c, b, a), tuples);
    tuples.sort(scores.getAttributesComparator(false, "group", "score"));
    assertEquals(List.of(a, b, c), tuples);
    tuples.sort(scores.getAttributesComparator(true, "score"));
    assertEquals(List.of(b, a, c), tuples);
  }

  @Test
  void comparatorWithoutNamesUsesEveryComparableAttribute() {
    SplSchema scores = SplSchema.parse("tuple<rstring name, int32 group, float64 score>");
    Tuple a = scores.getTuple(new Object[] {"z", 1, 2.0});
    Tuple b = scores.getTuple(new Object[] {"a", 1, 1.0});
    Comparator<Tuple> order = scores.getAttributesComparator(true);

    assertTrue(order.compare(b, a) < 0, "rstring is skipped; group ties; score decides");
  }

  @Test
  void comparatorRefusesUnknownAndNotComparableAttributes() {
    SplSchema scores = SplSchema.parse("tuple<rstring name, list<int32> xs, int32 n>");
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class, () -> scores.getAttributesComparator(true, "nope"));
    assertTrue(unknown.getMessage().startsWith("Attribute nope is not in the schema"));
    IllegalArgumentException notComparable =
        assertThrows(
            IllegalArgumentException.class, () -> scores.getAttributesComparator(true, "name"));
    assertTrue(
        notComparable
            .getMessage()
            .startsWith(
                "Attribute name has SPL type rstring whose Java type"
                    + " com.ibm.streams.operator.types.RString is not Comparable"),
        notComparable.getMessage());
    assertThrows(IllegalArgumentException.class, () -> scores.getAttributesComparator(true, "xs"));
  }

  @Test
  void extendAddsMissingAttributesOnce() {
    SplSchema extended = schema.extend("list<int32>", "xs");
    assertEquals(
        "tuple<rstring id,float64 v,timestamp ts,list<int32> xs>", extended.getLanguageType());
    assertSame(schema, schema.extend(SplPrimitiveType.FLOAT64, "v"));
    assertThrows(IllegalArgumentException.class, () -> schema.extend(SplPrimitiveType.INT32, "v"));

    StreamSchema other = SplSchema.parse("tuple<float64 v, int32 n>");
    assertEquals(
        "tuple<rstring id,float64 v,timestamp ts,int32 n>",
        schema.extendBySchemas(other).getLanguageType());
    assertEquals(
        "tuple<rstring id,float64 v,timestamp ts,int32 n>",
        schema.extendByAttributes(other.getAttribute(1), other.getAttribute(1)).getLanguageType());
  }

  @Test
  void removeDropsNamedAttributes() {
    assertEquals("tuple<float64 v>", schema.remove("id", "ts", "unknown").getLanguageType());
    assertSame(schema, schema.remove("unknown"));
    assertThrows(IllegalArgumentException.class, () -> schema.remove("id", "v", "ts"));
  }

  @Test
  void fromReturnsOrParsesASchema() {
    assertSame(schema, SplSchema.from(schema));
  }

  @Test
  void newOutputTupleStartsAtDefaults() {
    MutableOutputTuple out = schema.newOutputTuple();
    assertEquals(schema.getTuple(), out.asReadOnlyTuple());
    out.setDouble("v", 3.0);
    assertEquals(0.0, schema.newOutputTuple().getDouble("v"), "each output tuple is fresh");
  }

  @Test
  void xmlAndEncodingsAreOutOfScope() {
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, schema::newNativeBinaryEncoding);
    assertTrue(e.getMessage().contains("not supported by streams-window"), e.getMessage());
    assertThrows(UnsupportedOperationException.class, schema::newCharacterEncoding);
    assertThrows(UnsupportedOperationException.class, schema::getXMLTupleType);
    assertThrows(UnsupportedOperationException.class, () -> schema.getXMLTupleType("p"));
    assertThrows(
        UnsupportedOperationException.class, () -> schema.getXMLTupleTypeElement(null, "p"));
  }

  @Test
  void serialisesAsItsSpellingAndComesBackInterned() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(schema);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertSame(schema, in.readObject());
    }
  }
}
