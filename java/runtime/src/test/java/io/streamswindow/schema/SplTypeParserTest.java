package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Type.MetaType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SplTypeParserTest {

  @Test
  void parsesTheHarnessForm() {
    SplSchema schema =
        SplTypeParser.parseTupleType("tuple<rstring id, float64 v, timestamp ts>").getTupleSchema();

    assertEquals(3, schema.getAttributeCount());
    assertEquals("id", schema.getAttribute(0).getName());
    assertSame(SplPrimitiveType.RSTRING, schema.getAttribute(0).getType());
    assertSame(SplPrimitiveType.FLOAT64, schema.getAttribute("v").getType());
    assertSame(SplPrimitiveType.TIMESTAMP, schema.getAttribute(2).getType());
    assertEquals("tuple<rstring id,float64 v,timestamp ts>", schema.getLanguageType());
  }

  @Test
  void spacesAreOptionalAndFree() {
    SplSchema compact =
        SplTypeParser.parseTupleType("tuple<rstring id,map<int32,list<rstring>>m>")
            .getTupleSchema();
    SplSchema airy =
        SplTypeParser.parseTupleType(
                "  tuple <\n rstring  id ,\tmap < int32 , list< rstring > > m > ")
            .getTupleSchema();

    assertEquals(compact, airy);
    assertEquals("tuple<rstring id,map<int32,list<rstring>> m>", airy.getLanguageType());
  }

  @ParameterizedTest
  @CsvSource({
    "boolean, BOOLEAN",
    "int8, INT8",
    "int16, INT16",
    "int32, INT32",
    "int64, INT64",
    "uint8, UINT8",
    "uint16, UINT16",
    "uint32, UINT32",
    "uint64, UINT64",
    "float32, FLOAT32",
    "float64, FLOAT64",
    "decimal32, DECIMAL32",
    "decimal64, DECIMAL64",
    "decimal128, DECIMAL128",
    "rstring, RSTRING",
    "ustring, USTRING",
    "timestamp, TIMESTAMP",
    "blob, BLOB",
    "rstring[8], BSTRING",
    "list<int32>, LIST",
    "list<int32>[3], BLIST",
    "set<ustring>, SET",
    "set<ustring>[2], BSET",
    "'map<rstring,int64>', MAP",
    "'map<rstring,int64>[5]', BMAP",
    "optional<float64>, OPTIONAL",
    "tuple<int32 x>, TUPLE"
  })
  void parsesEverySupportedType(String spelling, MetaType metaType) {
    SplType type = SplTypeParser.parseType(spelling);

    assertEquals(metaType, type.getMetaType());
    assertEquals(spelling, type.getLanguageType());
  }

  @Test
  void keepsBounds() {
    assertEquals(
        8, ((SplBoundedStringType) SplTypeParser.parseType("rstring[8]")).getBoundedSize());
    assertEquals(3, ((SplListType) SplTypeParser.parseType("list<int32>[3]")).getBoundedSize());
    assertEquals(-1, ((SplListType) SplTypeParser.parseType("list<int32>")).getBoundedSize());
    assertEquals(2, ((SplSetType) SplTypeParser.parseType("set<int8>[2]")).getBoundedSize());
    assertEquals(4, ((SplMapType) SplTypeParser.parseType("map<int8,int8>[4]")).getBoundedSize());
  }

  @Test
  void parsesNestedTuplesAndComposites() {
    SplSchema schema =
        SplTypeParser.parseTupleType(
                "tuple<rstring id, tuple<int32 x, int32 y> point, list<tuple<int8 a>> rows,"
                    + " optional<list<rstring>[2]> tags>")
            .getTupleSchema();

    SplTupleType point = (SplTupleType) schema.getType(1);
    assertEquals("tuple<int32 x,int32 y>", point.getLanguageType());
    assertEquals(2, point.getTupleSchema().getAttributeCount());
    SplListType rows = (SplListType) schema.getType(2);
    assertEquals(MetaType.TUPLE, rows.getElementType().getMetaType());
    SplOptionalType tags = (SplOptionalType) schema.getType(3);
    assertEquals(MetaType.BLIST, tags.getValueType().getMetaType());
  }

  @Test
  void anErrorNamesThePositionTheTokenAndTheExpectedForm() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> SplTypeParser.parseTupleType("tuple<rstring >"));

    assertTrue(
        e.getMessage()
            .startsWith("Invalid SPL type at position 14 ('>'): expected an" + " attribute name"),
        e.getMessage());
    assertTrue(e.getMessage().contains("\n  tuple<rstring >\n                ^\n"), e.getMessage());
    assertTrue(e.getMessage().contains("Expected form: tuple<type name, ...>"), e.getMessage());
  }

  @Test
  void anUnknownTypeIsNamedWithItsPosition() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SplTypeParser.parseTupleType("tuple<int32 a, float b>"));

    assertTrue(
        e.getMessage()
            .startsWith("Invalid SPL type at position 15 ('float'): unknown SPL type float"),
        e.getMessage());
    assertTrue(e.getMessage().contains("float64"), "lists the supported types: " + e.getMessage());
  }

  @Test
  void theTextMustBeATupleType() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> SplTypeParser.parseTupleType("rstring id"));

    assertTrue(
        e.getMessage().startsWith("Invalid SPL type at position 0 ('rstring'): expected tuple<"),
        e.getMessage());
  }

  @Test
  void duplicateAttributeNamesAreRejectedAtTheSecondOne() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SplTypeParser.parseTupleType("tuple<int32 a, rstring a>"));

    assertTrue(
        e.getMessage()
            .startsWith(
                "Invalid SPL type at position 23 ('a'): duplicate attribute name a (first declared"
                    + " at position 12)"),
        e.getMessage());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "tuple<int32 a|13|expected '>'",
        "tuple<int32 a>>|14|expected the end of the type",
        "tuple<>|6|expected an SPL type",
        "tuple<list<int32 a>|17|expected '>'",
        "tuple<map<int32> m>|15|expected ','",
        "tuple<rstring[0] s>|14|expected a positive bound",
        "tuple<rstring[] s>|14|expected a positive bound",
        "tuple<ustring[3] s>|13|ustring cannot be bounded",
        "tuple<optional<optional<int32>> o>|15|an optional type cannot be optional",
        "tuple<xml<s.xsd> x>|10|expected a string literal naming the XML schema",
        "tuple<complex64 c>|6|SPL type complex64 is not supported",
        "tuple<int32 a b>|14|expected '>'",
        "tuple<int32 1a>|12|expected an attribute name",
      })
  void reportsEachKindOfError(String text, int position, String problem) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SplTypeParser.parseTupleType(text));

    assertTrue(
        e.getMessage().startsWith("Invalid SPL type at position " + position + " ("),
        e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void theEndOfTextIsDescribed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> SplTypeParser.parseTupleType("tuple<int32"));

    assertTrue(
        e.getMessage().startsWith("Invalid SPL type at position 11 (end of text)"), e.getMessage());
  }

  @Test
  void nullIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> SplTypeParser.parseTupleType(null));
  }

  @Test
  void parseTypeReadsOneTypeOnly() {
    assertEquals(
        "list<rstring>[4]", SplTypeParser.parseType(" list<rstring>[4] ").getLanguageType());
    assertThrows(IllegalArgumentException.class, () -> SplTypeParser.parseType("int32 x"));
  }
}
