package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import java.util.List;
import org.junit.jupiter.api.Test;

class SplOptionalTypeTest {
  private final SplOptionalType optionalText = new SplOptionalType(SplPrimitiveType.RSTRING);

  @Test
  void describesItself() {
    assertEquals("optional<rstring>", optionalText.getLanguageType());
    assertEquals(MetaType.OPTIONAL, optionalText.getMetaType());
    assertEquals(MetaType.RSTRING, optionalText.getValueMetaType());
    assertEquals(RString.class, optionalText.getObjectType());
    assertEquals(SplPrimitiveType.RSTRING, optionalText.getValueType());
    assertNull(optionalText.getDefaultValue());
    assertFalse(optionalText.isComparable());
  }

  @Test
  void holdsAValueAsItsTypeDoesOrNothing() {
    assertNull(optionalText.toStored(null));
    assertEquals(new RString("x"), optionalText.toStored("x"));
    assertThrows(IllegalArgumentException.class, () -> optionalText.toStored(3));
  }

  @Test
  void givesBackTheValuesObject() {
    SplOptionalType optionalInts = new SplOptionalType(new SplListType(SplPrimitiveType.INT32, -1));
    assertArrayEquals(new int[] {1}, (int[]) optionalInts.toObject(List.of(1)));
    assertNull(optionalInts.toObject(null));
  }

  @Test
  void textOfNoValueIsNull() {
    assertEquals("null", optionalText.toString(null));
    assertEquals("x", optionalText.toString(new RString("x")));
  }

  @Test
  void cannotBeNested() {
    assertThrows(IllegalArgumentException.class, () -> new SplOptionalType(optionalText));
  }
}
