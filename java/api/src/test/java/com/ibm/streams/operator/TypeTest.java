package com.ibm.streams.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.fakes.FakeSchema;
import com.ibm.streams.operator.meta.CollectionType;
import com.ibm.streams.operator.meta.MapType;
import com.ibm.streams.operator.meta.TupleType;
import io.streamswindow.api.spi.SchemaProvider;
import java.math.MathContext;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeTest {

  @Test
  void metaTypesKeepIbmOrder() {
    assertEquals(
        List.of(
            "BOOLEAN",
            "INT8",
            "INT16",
            "INT32",
            "INT64",
            "UINT8",
            "UINT16",
            "UINT32",
            "UINT64",
            "FLOAT32",
            "FLOAT64",
            "DECIMAL32",
            "DECIMAL64",
            "DECIMAL128",
            "COMPLEX32",
            "COMPLEX64",
            "TIMESTAMP",
            "RSTRING",
            "USTRING",
            "BSTRING",
            "BLOB",
            "LIST",
            "BLIST",
            "SET",
            "BSET",
            "MAP",
            "BMAP",
            "OPTIONAL",
            "TUPLE",
            "XML",
            "ENUM"),
        Arrays.stream(MetaType.values()).map(Enum::name).toList());
  }

  @Test
  void languageTypes() {
    assertEquals("rstring", MetaType.RSTRING.getLanguageType());
    assertEquals("float64", MetaType.FLOAT64.getLanguageType());
    assertEquals("uint16", MetaType.UINT16.getLanguageType());
    assertEquals("timestamp", MetaType.TIMESTAMP.getLanguageType());
    assertEquals("xml", MetaType.XML.getLanguageType());
    assertNull(MetaType.LIST.getLanguageType(), "composite types have no single SPL name");
    assertNull(MetaType.BSTRING.getLanguageType());
  }

  @Test
  void kindPredicates() {
    assertTrue(MetaType.BLIST.isList());
    assertTrue(MetaType.BMAP.isMap());
    assertTrue(MetaType.SET.isSet());
    assertTrue(MetaType.BSET.isCollectionType());
    assertTrue(MetaType.OPTIONAL.isOptional());
    assertFalse(MetaType.TUPLE.isCollectionType());
    assertFalse(MetaType.RSTRING.isList());
  }

  @Test
  void metaTypeInterfaces() {
    assertSame(CollectionType.class, MetaType.LIST.getMetaTypeInteface());
    assertSame(MapType.class, MetaType.BMAP.getMetaTypeInteface());
    assertSame(TupleType.class, MetaType.TUPLE.getMetaTypeInteface());
    assertSame(Type.class, MetaType.INT32.getMetaTypeInteface());
  }

  @Test
  void mathContexts() {
    assertEquals(MathContext.DECIMAL32, MetaType.DECIMAL32.getMathContext());
    assertEquals(MathContext.DECIMAL64, MetaType.DECIMAL64.getMathContext());
    assertEquals(MathContext.DECIMAL128, MetaType.DECIMAL128.getMathContext());
    assertEquals(MathContext.UNLIMITED, MetaType.INT32.getMathContext());
    assertEquals(MathContext.UNLIMITED, MetaType.FLOAT64.getMathContext());
    assertNull(MetaType.RSTRING.getMathContext());
    assertNull(MetaType.TIMESTAMP.getMathContext());
  }

  @Test
  void factoryUsesTheRegisteredSchemaProvider() {
    StreamSchema schema = Type.Factory.getStreamSchema("tuple<int32 n, rstring s>");
    assertEquals(List.of("n", "s"), List.copyOf(schema.getAttributeNames()));
    TupleType tupleType = Type.Factory.getTupleType("tuple<int32 n>");
    assertEquals(MetaType.TUPLE, tupleType.getMetaType());
    assertEquals(1, tupleType.getTupleSchema().getAttributeCount());
    assertEquals("tuple<int32 n>", tupleType.getLanguageType());
    assertSame(Tuple.class, tupleType.getObjectType());
  }

  @Test
  void factoryWithoutAProviderSaysWhichJarToAdd() {
    ClassLoader empty = new URLClassLoader(new URL[0], null);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> Type.Factory.findSchemaProvider(empty, null));
    assertTrue(e.getMessage().contains("streams-window-runtime"), e.getMessage());
  }

  @Test
  void xmlTupleTypeModelsAreNotSupported() {
    assertThrows(
        UnsupportedOperationException.class,
        () -> Type.Factory.getTupleType((org.w3c.dom.Node) null));
  }

  /** Registered in META-INF/services for these tests; understands {@code tuple<type name,...>}. */
  public static final class TestSchemaProvider implements SchemaProvider {
    @Override
    public StreamSchema getStreamSchema(String splTupleType) {
      String body = splTupleType.substring("tuple<".length(), splTupleType.length() - 1);
      return FakeSchema.of(body.split(",")).schema();
    }
  }
}
