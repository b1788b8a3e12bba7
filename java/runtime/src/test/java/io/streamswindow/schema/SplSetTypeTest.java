package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SplSetTypeTest {
  private final SplSetType strings = new SplSetType(SplPrimitiveType.RSTRING, -1);

  @Test
  void describesItself() {
    assertEquals("set<rstring>", strings.getLanguageType());
    assertEquals(MetaType.SET, strings.getMetaType());
    assertEquals(Set.class, strings.getObjectType());
    assertEquals(Set.of(), strings.getDefaultValue());
    assertEquals(SplPrimitiveType.RSTRING, strings.getElementType());
  }

  @Test
  void storesConvertedElementsInTheOrderGiven() {
    Set<String> source = new LinkedHashSet<>(List.of("b", "a", "c"));
    Set<?> stored = (Set<?>) strings.toStored(source);

    assertEquals(
        List.of(new RString("b"), new RString("a"), new RString("c")), List.copyOf(stored));
    assertThrows(UnsupportedOperationException.class, () -> stored.clear());
  }

  @Test
  void listElementsAreStoredAsLists() {
    SplSetType setOfLists = new SplSetType(new SplListType(SplPrimitiveType.INT32, -1), -1);
    Set<?> stored = (Set<?>) setOfLists.toStored(Set.of(List.of(1, 2)));
    assertEquals(Set.of(List.of(1, 2)), stored);
    assertEquals(Set.class, setOfLists.getObjectType());
  }

  @Test
  void aBoundedSetKeepsAtMostItsBound() {
    SplSetType bounded = new SplSetType(SplPrimitiveType.INT32, 2);

    assertEquals("set<int32>[2]", bounded.getLanguageType());
    assertEquals(MetaType.BSET, bounded.getMetaType());
    assertEquals(Set.of(1, 2), bounded.toStored(new LinkedHashSet<>(List.of(1, 2, 3))));
  }

  @Test
  void refusesOtherCollectionsAndWrongElements() {
    assertThrows(IllegalArgumentException.class, () -> strings.toStored(List.of("a")));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> strings.toStored(Set.of(1)));
    assertTrue(e.getMessage().startsWith("an element of set<rstring>: "), e.getMessage());
  }

  @Test
  void randomValuesAreSets() {
    assertTrue(strings.randomValue(new Random(3)) instanceof Set);
  }
}
