package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SplListTypeTest {
  private final SplListType ints = new SplListType(SplPrimitiveType.INT32, -1);
  private final SplListType strings = new SplListType(SplPrimitiveType.RSTRING, -1);

  @Test
  void describesItself() {
    assertEquals("list<int32>", ints.getLanguageType());
    assertEquals(MetaType.LIST, ints.getMetaType());
    assertEquals(SplPrimitiveType.INT32, ints.getElementType());
    assertEquals(List.of(), ints.getDefaultValue());
    assertEquals(List.class, ints.getAsCompositeElementType());
    assertFalse(ints.isComparable());
  }

  @Test
  void objectTypeIsIbmsArrayForPrimitiveElements() {
    assertEquals(int[].class, ints.getObjectType());
    assertEquals(byte[].class, new SplListType(SplPrimitiveType.UINT8, -1).getObjectType());
    assertEquals(boolean[].class, new SplListType(SplPrimitiveType.BOOLEAN, -1).getObjectType());
    assertEquals(double[].class, new SplListType(SplPrimitiveType.FLOAT64, -1).getObjectType());
    assertEquals(String[].class, new SplListType(SplPrimitiveType.USTRING, -1).getObjectType());
    assertEquals(List.class, strings.getObjectType());
    assertEquals(List.class, new SplListType(ints, -1).getObjectType());
  }

  @Test
  void storesAnUnmodifiableCopyOfAList() {
    List<Integer> source = new ArrayList<>(List.of(1, 2, 3));
    List<?> stored = (List<?>) ints.toStored(source);
    source.set(0, 99);

    assertEquals(List.of(1, 2, 3), stored);
    assertThrows(UnsupportedOperationException.class, () -> stored.add(null));
  }

  @Test
  void storesAnArrayAsAListAndGivesBackAFreshArray() {
    List<?> stored = (List<?>) ints.toStored(new int[] {4, 5});
    assertEquals(List.of(4, 5), stored);

    int[] first = (int[]) ints.toObject(stored);
    int[] second = (int[]) ints.toObject(stored);
    assertArrayEquals(new int[] {4, 5}, first);
    assertNotSame(first, second);
  }

  @Test
  void listsWithoutAnArrayTypeAreGivenBackAsStored() {
    Object stored = strings.toStored(List.of("a"));
    assertSame(stored, strings.toObject(stored));
  }

  @Test
  void convertsElements() {
    assertEquals(List.of(new RString("a"), new RString("b")), strings.toStored(List.of("a", "b")));
    assertEquals(
        List.of(List.of(1), List.of(2, 3)),
        new SplListType(ints, -1).toStored(List.of(new int[] {1}, List.of(2, 3))));
  }

  @Test
  void aWrongElementIsNamedByPosition() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ints.toStored(Arrays.asList(1, "two")));
    assertTrue(
        e.getMessage()
            .startsWith(
                "element 1 of list<int32>: SPL type int32 cannot hold a value"
                    + " of Java type java.lang.String"),
        e.getMessage());
  }

  @Test
  void refusesWhatIsNotAList() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ints.toStored(new long[] {1}));
    assertTrue(e.getMessage().contains("java.util.List or int[]"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> strings.toStored(new String[] {"a"}));
  }

  @Test
  void aBoundedListKeepsItsFirstElements() {
    SplListType bounded = new SplListType(SplPrimitiveType.INT32, 2);

    assertEquals("list<int32>[2]", bounded.getLanguageType());
    assertEquals(MetaType.BLIST, bounded.getMetaType());
    assertEquals(List.of(1, 2), bounded.toStored(List.of(1, 2, 3)));
    assertEquals(List.of(7, 8), bounded.toStored(new int[] {7, 8, 9}));
    assertThrows(IllegalArgumentException.class, () -> new SplListType(SplPrimitiveType.INT32, 0));
  }

  @Test
  void equalityFollowsTheSpelling() {
    assertEquals(ints, new SplListType(SplPrimitiveType.INT32, -1));
    assertEquals(ints.hashCode(), new SplListType(SplPrimitiveType.INT32, -1).hashCode());
    assertFalse(ints.equals(new SplListType(SplPrimitiveType.INT32, 3)));
    assertFalse(ints.equals(new SplSetType(SplPrimitiveType.INT32, -1)));
  }

  @Test
  void textIsTheListsText() {
    assertEquals("[1, 2]", ints.toString(new int[] {1, 2}));
    assertEquals("[a, b]", strings.toString(List.of(new RString("a"), new RString("b"))));
  }

  @Test
  void randomValuesAreOfTheObjectType() {
    Object value = ints.randomValue(new Random(1));
    assertTrue(value instanceof int[]);
  }
}
