package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import org.junit.jupiter.api.Test;

class SplBoundedStringTypeTest {
  private final SplBoundedStringType code = new SplBoundedStringType(3);

  @Test
  void describesItself() {
    assertEquals("rstring[3]", code.getLanguageType());
    assertEquals(MetaType.BSTRING, code.getMetaType());
    assertEquals(RString.class, code.getObjectType());
    assertEquals(3, code.getBoundedSize());
    assertEquals(new RString(""), code.getDefaultValue());
  }

  @Test
  void keepsTheFirstBytes() {
    assertEquals(new RString("abc"), code.toStored("abcdef"));
    RString shortEnough = new RString("ab");
    assertSame(shortEnough, code.toStored(shortEnough));
    // "é" is two bytes in UTF-8: the bound cuts bytes, not characters, as SPL does.
    assertEquals(3, ((RString) code.toStored("aéé")).getLength());
  }

  @Test
  void refusesOtherValuesAndBadBounds() {
    assertThrows(IllegalArgumentException.class, () -> code.toStored(12));
    assertThrows(IllegalArgumentException.class, () -> new SplBoundedStringType(0));
  }

  @Test
  void equalityFollowsTheBound() {
    assertEquals(code, new SplBoundedStringType(3));
    assertEquals(false, code.equals(new SplBoundedStringType(4)));
    assertEquals(false, code.equals(SplPrimitiveType.RSTRING));
  }
}
