package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.meta.XMLType;
import com.ibm.streams.operator.types.ValueFactory;
import com.ibm.streams.operator.types.XML;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The SPL {@code xml} type: parsing, tuple access, default value and checkpoint codec. */
class SplXmlTypeTest {

  private static XML xml(String text) throws Exception {
    return ValueFactory.newXML(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void parsesXmlAndXmlWithASchema() {
    StreamSchema schema =
        Type.Factory.getStreamSchema("tuple<xml document, xml<\"http://x.org/a.xsd\"> typed>");
    assertEquals(MetaType.XML, schema.getAttribute(0).getType().getMetaType());
    assertEquals(XML.class, schema.getAttribute(0).getType().getObjectType());
    assertNull(((XMLType) schema.getAttribute(0).getType()).getDeclaredSchema());
    XMLType typed = (XMLType) schema.getAttribute(1).getType();
    assertEquals("xml<\"http://x.org/a.xsd\">", typed.getLanguageType());
    assertEquals("http://x.org/a.xsd", typed.getDeclaredSchema().toString());
  }

  @Test
  void tuplesHoldXmlValues() throws Exception {
    StreamSchema schema = Type.Factory.getStreamSchema("tuple<xml document, int32 n>");
    Tuple empty = schema.getTuple();
    assertTrue(empty.getXML(0).isDefaultValue());
    assertEquals("", empty.getString(0));

    XML doc = xml("<a b=\"1\"/>");
    Tuple tuple = schema.getTuple(new Object[] {doc, 1});
    assertEquals(doc, tuple.getXML("document"));
    assertEquals("<a b=\"1\"/>", tuple.getString(0));
    assertThrows(UnsupportedOperationException.class, () -> tuple.getXML(1));

    OutputTuple out = ((SplSchema) schema).newOutputTuple();
    out.setXML("document", xml("<c/>"));
    assertEquals("<c/>", out.getString(0));
    assertThrows(UnsupportedOperationException.class, () -> out.setXML(1, doc));
    // A String is the document's text.
    assertEquals(doc, schema.getTuple(new Object[] {"<a b=\"1\"/>", 1}).getXML(0));
  }

  @Test
  void codecKeepsTheDocumentsBytes() throws Exception {
    StreamSchema schema = Type.Factory.getStreamSchema("tuple<xml document, list<xml> more>");
    Tuple tuple =
        schema.getTuple(new Object[] {xml("<r>é</r>"), java.util.List.of(xml("<x/>"), xml(""))});
    SchemaTupleCodec codec = new SchemaTupleCodec(schema);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    codec.write(new DataOutputStream(bytes), tuple);
    Tuple again = codec.read(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(tuple, again);
    assertEquals("<r>é</r>", again.getString(0));
  }
}
