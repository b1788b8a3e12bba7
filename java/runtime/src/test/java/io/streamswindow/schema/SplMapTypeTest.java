package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SplMapTypeTest {
  private final SplMapType counts =
      new SplMapType(SplPrimitiveType.RSTRING, SplPrimitiveType.INT64, -1);

  @Test
  void describesItself() {
    assertEquals("map<rstring,int64>", counts.getLanguageType());
    assertEquals(MetaType.MAP, counts.getMetaType());
    assertEquals(Map.class, counts.getObjectType());
    assertEquals(Map.of(), counts.getDefaultValue());
    assertEquals(SplPrimitiveType.RSTRING, counts.getKeyType());
    assertEquals(SplPrimitiveType.INT64, counts.getValueType());
  }

  @Test
  void storesConvertedKeysAndValuesInOrder() {
    Map<String, Long> source = new LinkedHashMap<>();
    source.put("b", 2L);
    source.put("a", 1L);
    Map<?, ?> stored = (Map<?, ?>) counts.toStored(source);

    assertEquals(List.of(new RString("b"), new RString("a")), List.copyOf(stored.keySet()));
    assertEquals(2L, stored.get(new RString("b")));
    assertThrows(UnsupportedOperationException.class, () -> stored.clear());
  }

  @Test
  void aBoundedMapKeepsItsFirstKeys() {
    SplMapType bounded = new SplMapType(SplPrimitiveType.INT32, SplPrimitiveType.INT32, 1);
    Map<Integer, Integer> source = new LinkedHashMap<>();
    source.put(1, 10);
    source.put(2, 20);

    assertEquals("map<int32,int32>[1]", bounded.getLanguageType());
    assertEquals(MetaType.BMAP, bounded.getMetaType());
    assertEquals(Map.of(1, 10), bounded.toStored(source));
  }

  @Test
  void namesTheWrongPart() {
    IllegalArgumentException key =
        assertThrows(IllegalArgumentException.class, () -> counts.toStored(Map.of(1, 1L)));
    assertTrue(key.getMessage().startsWith("a key of map<rstring,int64>: "), key.getMessage());
    IllegalArgumentException value =
        assertThrows(IllegalArgumentException.class, () -> counts.toStored(Map.of("a", 1)));
    assertTrue(
        value.getMessage().startsWith("a value of map<rstring,int64>: "), value.getMessage());
    assertThrows(IllegalArgumentException.class, () -> counts.toStored(List.of()));
  }

  @Test
  void randomValuesAreMaps() {
    assertTrue(counts.randomValue(new Random(5)) instanceof Map);
  }
}
