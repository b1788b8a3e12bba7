package com.ibm.json.java;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

@SuppressWarnings("unchecked")
class OrderedJSONObjectTest {

  private static List<Object> order(OrderedJSONObject object) {
    List<Object> names = new ArrayList<>();
    object.getOrder().forEachRemaining(names::add);
    return names;
  }

  @Test
  void serializesInTheOrderMembersWereFirstPut() throws IOException {
    OrderedJSONObject object = new OrderedJSONObject();
    // Names a HashMap would iterate in another order.
    for (String name : List.of("zeta", "alpha", "mid", "b", "a")) {
      object.put(name, name.length());
    }
    object.put("alpha", "again");
    assertEquals(List.of("zeta", "alpha", "mid", "b", "a"), order(object));
    assertEquals("{\"zeta\":4,\"alpha\":\"again\",\"mid\":3,\"b\":1,\"a\":1}", object.serialize());
    object.remove("mid");
    object.put("mid", 0);
    assertEquals(List.of("zeta", "alpha", "b", "a", "mid"), order(object));
  }

  @Test
  void parsingKeepsTheTextsOrderAtEveryDepth() throws IOException {
    String text = "{\"z\":1,\"y\":{\"q\":1,\"p\":2},\"x\":[{\"d\":1,\"c\":2}]}";
    JSONObject parsed = OrderedJSONObject.parse(text);
    assertInstanceOf(OrderedJSONObject.class, parsed);
    assertEquals(text, parsed.serialize());
    assertEquals(text, JSON.parse(text, true).serialize());
    assertInstanceOf(OrderedJSONObject.class, parsed.get("y"));
  }

  @Test
  void copiesAndClearsKeepOrderApart() {
    OrderedJSONObject object = new OrderedJSONObject();
    object.put("b", 1);
    object.put("a", 2);
    OrderedJSONObject copy = (OrderedJSONObject) object.clone();
    copy.put("c", 3);
    assertEquals(List.of("b", "a"), order(object));
    assertEquals(List.of("b", "a", "c"), order(copy));
    object.clear();
    assertEquals(List.of(), order(object));
    Iterator<?> names = copy.getOrder();
    names.next();
    assertThrows(UnsupportedOperationException.class, names::remove);
  }

  @Test
  void membersChangedThroughTheMapsViewsStayInStep() throws IOException {
    OrderedJSONObject object = new OrderedJSONObject();
    object.put("b", 1);
    object.put("a", 2);
    object.keySet().remove("b");
    object.putIfAbsent("c", 3);
    assertEquals("{\"a\":2,\"c\":3}", object.serialize());
  }
}
