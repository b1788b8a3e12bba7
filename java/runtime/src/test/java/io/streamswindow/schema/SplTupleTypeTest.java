package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type.MetaType;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SplTupleTypeTest {
  private final SplTupleType point = SplTypeParser.parseTupleType("tuple<int32 x, int32 y>");

  @Test
  void describesItself() {
    assertEquals(MetaType.TUPLE, point.getMetaType());
    assertEquals("tuple<int32 x,int32 y>", point.getLanguageType());
    assertEquals(Tuple.class, point.getObjectType());
    assertSame(point.getTupleSchema().getTuple(), point.getDefaultValue());
  }

  @Test
  void acceptsTuplesOfItsSchemaOrMaps() {
    Tuple tuple = point.getTupleSchema().getTuple(new Object[] {1, 2});
    assertSame(tuple, point.toStored(tuple));
    assertEquals(tuple, point.toStored(Map.of("x", 1, "y", 2)));

    MutableOutputTuple out = point.getTupleSchema().newOutputTuple();
    Tuple stored = (Tuple) point.toStored(out);
    out.setInt("x", 9);
    assertEquals(0, stored.getInt("x"), "an output tuple is copied");
  }

  @Test
  void refusesOtherValues() {
    Tuple other = SplSchema.parse("tuple<int32 x>").getTuple();
    assertThrows(IllegalArgumentException.class, () -> point.toStored(other));
    assertThrows(IllegalArgumentException.class, () -> point.toStored("x"));
  }

  @Test
  void randomValuesAreTuplesOfTheSchema() {
    Tuple random = (Tuple) point.randomValue(new Random(7));
    assertSame(point.getTupleSchema(), random.getStreamSchema());
  }
}
