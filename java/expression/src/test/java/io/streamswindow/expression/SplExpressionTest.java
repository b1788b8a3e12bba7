package io.streamswindow.expression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.types.RString;
import io.streamswindow.schema.SplSchema;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

class SplExpressionTest {
  private static final SplSchema TRADES =
      SplSchema.parse("tuple<rstring ticker, float64 price, int32 volume>");

  @Test
  void theJavadocExampleGivesItsValue() {
    SplExpression notional =
        SplExpression.compile("price * (float64)volume", ExpressionScope.of(TRADES));
    assertEquals("float64", notional.type().getLanguageType());
    assertEquals(20300.0, notional.evaluate(trade("IBM", 101.5, 200)));
    assertFalse(notional.stateful());
  }

  @Test
  void qualifiedNamesPickTheirPortAndAnAmbiguousNameIsRefused() {
    ExpressionScope join =
        ExpressionScope.ports(
            List.of(ExpressionScope.port(TRADES, "L"), ExpressionScope.port(TRADES, "R")));
    SplExpression spread = SplExpression.compile("L.price - R.price", join);
    assertEquals(1.5, spread.evaluate(trade("IBM", 101.5, 1), trade("IBM", 100.0, 1)));
    SplExpressionException refused =
        assertThrows(SplExpressionException.class, () -> SplExpression.compile("price", join));
    assertEquals(
        "'price' at position 0 is an attribute of several input ports: qualify it with its"
            + " port's name, e.g. L.price",
        refused.getMessage());
    assertEquals(0, refused.position());
  }

  @Test
  void aCompiledExpressionTravelsSerialisedAndEvaluatesOnArrival() throws Exception {
    SplExpression filter =
        SplExpression.compile("ticker == \"IBM\" && volume > 100", ExpressionScope.of(TRADES));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(filter);
    }
    SplExpression arrived;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      arrived = (SplExpression) in.readObject();
    }
    assertTrue((Boolean) arrived.evaluate(trade("IBM", 1.0, 200)));
    assertFalse((Boolean) arrived.evaluate(trade("HPQ", 1.0, 200)));
  }

  @Test
  void anExpressionCompiledAtItsPlaceInALongerTextCountsPositionsThere() {
    SplExpressionException refused =
        assertThrows(
            SplExpressionException.class,
            () -> SplExpression.compileAt("price * volume", 6, ExpressionScope.of(TRADES)));
    assertEquals(12, refused.position());
    assertTrue(refused.getMessage().startsWith("'*' at position 12: "), refused.getMessage());
    SplExpression placed =
        SplExpression.compileAt("price * (float64)volume", 6, ExpressionScope.of(TRADES));
    assertEquals("price * (float64)volume", placed.text());
    assertEquals(20300.0, placed.evaluate(trade("IBM", 101.5, 200)));
  }

  @Test
  void theClockMakesAnExpressionStateful() {
    assertTrue(
        SplExpression.compile("getTimestampInSecs() > 0.0", ExpressionScope.of(TRADES)).stateful());
  }

  @Test
  void namedValuesAreFixedWhenThePlanIsBuiltAndAMissingOneIsRefused() {
    ExpressionScope scope =
        ExpressionScope.of(TRADES).withValues(java.util.Map.of("limit", "150", "names", "IBM,HPQ"));
    SplExpression over =
        SplExpression.compile(
            "volume > (int32)getSubmissionTimeValue(\"limit\")"
                + " && ticker in getSubmissionTimeListValue(\"names\")",
            scope);
    assertTrue((Boolean) over.evaluate(trade("HPQ", 1.0, 200)));
    assertFalse((Boolean) over.evaluate(trade("GOOG", 1.0, 200)));
    SplExpression fallback = SplExpression.compile("getCompileTimeValue(\"absent\", \"7\")", scope);
    assertEquals(new RString("7"), fallback.evaluate(trade("IBM", 1.0, 1)));
    SplExpressionException missing =
        assertThrows(
            SplExpressionException.class,
            () -> SplExpression.compile("getSubmissionTimeValue(\"absent\")", scope));
    assertEquals(
        "'getSubmissionTimeValue' at position 0 reads the value named \"absent\", which was not"
            + " given and has no default: give it (submission_values in Python,"
            + " ExpressionScope.withValues in Java), or a default as the second argument",
        missing.getMessage());
  }

  private static Tuple trade(String ticker, double price, int volume) {
    return TRADES.getTuple(List.of(new RString(ticker), price, volume));
  }
}
