package io.streamswindow.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SplAttributeTest {

  @Test
  void sameIgnoresTheIndexButEqualsDoesNot() {
    SplAttribute first = SplSchema.parse("tuple<int32 a, rstring b>").getAttribute("b");
    SplAttribute moved = SplSchema.parse("tuple<rstring b>").getAttribute("b");
    SplAttribute retyped = SplSchema.parse("tuple<ustring b>").getAttribute("b");

    assertTrue(first.same(moved));
    assertNotEquals(first, moved);
    assertFalse(first.same(retyped));
    assertFalse(first.same(null));
    assertEquals(first, SplSchema.parse("tuple<int32 a, rstring b>").getAttribute(1));
  }

  @Test
  void describesItselfAsSplDoes() {
    SplAttribute attribute = SplSchema.parse("tuple<list<int32> xs>").getAttribute(0);
    assertEquals("xs", attribute.getName());
    assertEquals(0, attribute.getIndex());
    assertEquals("list<int32>", attribute.getType().getLanguageType());
    assertEquals("list<int32> xs", attribute.toString());
  }
}
