package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.meta.TupleType;
import io.streamswindow.api.spi.SchemaProvider;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class SplSchemaProviderTest {

  @Test
  void isRegisteredAsTheServiceProvider() {
    SchemaProvider provider = ServiceLoader.load(SchemaProvider.class).findFirst().orElseThrow();
    assertTrue(provider instanceof SplSchemaProvider, provider.getClass().getName());
  }

  @Test
  void ibmsFactoryParsesThroughIt() {
    StreamSchema schema = Type.Factory.getStreamSchema("tuple<rstring id, float64 v>");

    assertSame(SplSchema.parse("tuple<rstring id,float64 v>"), schema);
    TupleType tupleType = Type.Factory.getTupleType("tuple<int32 x>");
    assertEquals("tuple<int32 x>", tupleType.getTupleSchema().getLanguageType());
  }

  @Test
  void parseErrorsReachTheCaller() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Type.Factory.getStreamSchema("tuple<>"));
    assertTrue(e.getMessage().startsWith("Invalid SPL type at position 6"), e.getMessage());
  }
}
