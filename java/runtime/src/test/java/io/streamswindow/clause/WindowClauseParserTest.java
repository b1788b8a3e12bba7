package io.streamswindow.clause;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.window.StreamWindow;
import io.streamswindow.engine.PartitionEvictionSpec;
import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.TimeIntervalSpec;
import io.streamswindow.engine.WindowSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WindowClauseParserTest {

  // ---- accepted clauses

  @ParameterizedTest
  @ValueSource(
      strings = {
        "tumbling, count(4)",
        "tumbling, time(5.0)",
        "tumbling, delta(temperature, 1.5)",
        "tumbling, delta(i, 10)",
        "tumbling, delta(seq, 10000000000)",
        "tumbling, punct()",
        "sliding, count(3), count(1)",
        "sliding, time(300.0), time(1.0)",
        "sliding, delta(ts, 60.0), delta(ts, 1.0)",
        "sliding, time(10.0), count(5)",
        "partitioned, tumbling, count(3)",
        "partitioned, tumbling, punct(), partitionCount(100)",
        "partitioned, sliding, count(3), count(1), partitionAge(60.0)",
        "partitioned, sliding, time(2.5), delta(price, 3), tupleCount(1000)",
        "partitioned, tumbling, time(1.0E-7)",
        "timeInterval, intervalDuration(10.0)",
        "timeInterval, intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0)",
        "timeInterval, intervalDuration(60.0), intervalOffset(30.0)",
        "partitioned, timeInterval, intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0), intervalOffset(2.5)",
      })
  void everyPrintedClauseParsesBackToAnEqualSpec(String clause) {
    WindowSpec spec = parse(clause);
    assertEquals(clause, spec.toString());
    assertEquals(spec, parse(spec.toString()));
  }

  @Test
  void timeIntervalOptionsInAnyOrderWithDefaultsLeftOut() {
    WindowSpec expected =
        WindowSpec.timeInterval(TimeIntervalSpec.of(10).withCreationPeriod(5).withDiscardAge(15))
            .partitioned();
    assertEquals(
        expected,
        parse(
            "timeInterval, discardAge(15), creationPeriod(5), intervalDuration(10), partitioned;"));
    assertEquals(
        expected,
        parse(
            "partitioned, timeInterval, intervalDuration(10.0), creationPeriod(5.0), discardAge(15.0)"));
    assertEquals(
        "timeInterval, intervalDuration(10.0)",
        parse(
                "timeInterval, intervalDuration(10), creationPeriod(10.0), discardAge(0), intervalOffset(0.0)")
            .toString());
    WindowSpec spec = parse("timeInterval, intervalDuration(10.0)");
    assertTrue(spec.isTimeInterval());
    assertEquals(StreamWindow.Type.SLIDING, spec.type(), "the type IBM's API reports");
    assertNull(spec.eviction());
    assertNull(spec.trigger());
    assertNull(spec.eventTime(), "the event time comes from the stream, not the clause");
    WindowSpec withTs = spec.withEventTime("ts");
    assertEquals(withTs, parse(withTs.toString()).withEventTime(withTs.eventTime()));
  }

  @Test
  void tumblingCount() {
    WindowSpec spec = parse("tumbling, count(4)");
    assertEquals(StreamWindow.Type.TUMBLING, spec.type());
    assertEquals(PolicySpec.count(4), spec.eviction());
    assertNull(spec.trigger());
    assertFalse(spec.isPartitioned());
    assertNull(spec.partitionEviction());
  }

  @Test
  void slidingWithoutTriggerTriggersOnEveryTuple() {
    WindowSpec spec = parse("sliding, time(300.0)");
    assertEquals(WindowSpec.sliding(PolicySpec.time(300), PolicySpec.count(1)), spec);
    assertEquals(
        WindowSpec.sliding(PolicySpec.count(3), PolicySpec.count(1)).partitioned(),
        parse("sliding, count(3), partitioned"));
  }

  @Test
  void partitionedAfterThePoliciesAsInTheSplReference() {
    WindowSpec expected =
        WindowSpec.tumbling(PolicySpec.count(4))
            .partitioned()
            .withPartitionEviction(PartitionEvictionSpec.age(60));
    assertEquals(expected, parse("tumbling, count(4), partitioned, partitionAge(60.0)"));
    assertEquals(expected, parse("partitioned, tumbling, count(4), partitionAge(60)"));
    assertEquals(
        WindowSpec.sliding(PolicySpec.time(10), PolicySpec.count(5)).partitioned(),
        parse("sliding, time(10), count(5), partitioned"));
    assertEquals(
        "partitioned, sliding, count(3), count(1), tupleCount(50)",
        parse("sliding, count(3), partitioned, tupleCount(50)").toString());
  }

  @Test
  void whitespaceIsFreeAndAFinalSemicolonIsAllowed() {
    assertEquals(
        parse("partitioned, sliding, count(3), count(1)"),
        parse("  partitioned,sliding ,\tcount ( 3 ),\ncount(1) ; "));
    assertEquals(parse("tumbling, count(4)"), parse("tumbling,count(4);"));
  }

  @Test
  void numbersAreReadInEveryPlainForm() {
    assertEquals(5.0, parse("tumbling, time(5)").eviction().seconds());
    assertEquals(5.0, parse("tumbling, time(5.0)").eviction().seconds());
    assertEquals(1000.0, parse("tumbling, time(1e3)").eviction().seconds());
    assertEquals(0.5, parse("tumbling, time(.5)").eviction().seconds());
    assertEquals(0.25, parse("tumbling, time(2.5E-1)").eviction().seconds());
    assertEquals(120.0, parse("tumbling, time(1.2e+2)").eviction().seconds());
    assertEquals(7, parse("tumbling, count(007)").eviction().count());
  }

  @Test
  void deltaValuesKeepTheTypeTheyAreWrittenIn() {
    assertEquals(Integer.valueOf(10), delta("tumbling, delta(i, 10)"));
    assertEquals(Integer.valueOf(0), delta("tumbling, delta(i, 0)"));
    assertEquals(Integer.valueOf(Integer.MAX_VALUE), delta("tumbling, delta(i, 2147483647)"));
    assertEquals(Long.valueOf(2147483648L), delta("tumbling, delta(i, 2147483648)"));
    assertEquals(Double.valueOf(1.5), delta("tumbling, delta(temperature, 1.5)"));
    assertEquals(Double.valueOf(10.0), delta("tumbling, delta(temperature, 10.0)"));
    assertEquals(Double.valueOf(1000.0), delta("tumbling, delta(temperature, 1e3)"));
    assertEquals("temperature", parse("tumbling, delta(temperature, 1.5)").eviction().attribute());
    assertEquals(
        PolicySpec.delta("ts", 1.0), parse("sliding, delta(ts, 60.0), delta(ts, 1.0)").trigger());
  }

  private static WindowSpec parse(String clause) {
    return WindowClauseParser.parse(clause);
  }

  private static Object delta(String clause) {
    return parse(clause).eviction().delta();
  }

  @Test
  void theLargestCountIsAccepted() {
    assertEquals(Integer.MAX_VALUE, parse("tumbling, count(2147483647)").eviction().count());
  }

  // ---- rejected clauses: every error names the token and its position

  @Test
  void theExampleMessageFromTheDesign() {
    WindowClauseException e = fails("sliding, cnt(3)", "cnt", 9);
    assertEquals(
        List.of(
            "bad window clause \"sliding, cnt(3)\": unexpected 'cnt' at position 9; expected"
                + " count(n), time(seconds) or delta(attribute, value)",
            WindowClauseException.CLAUSE_FORM),
        List.of(e.getMessage().split("\n", -1)),
        "what is wrong and where on the first line, the grammar on the second");
    assertEquals("sliding, cnt(3)", e.getClause());
  }

  @Test
  void aMissingCommaIsSaidInOneShortLineWithoutAHintOnTheRightWord() {
    WindowClauseException e = fails("partitioned, tumbling count(2)", "count", 22);
    String[] lines = e.getMessage().split("\n", -1);
    assertEquals(
        "bad window clause \"partitioned, tumbling count(2)\": unexpected 'count' at position 22;"
            + " expected ',' after tumbling",
        lines[0]);
    assertEquals(WindowClauseException.CLAUSE_FORM, lines[1]);
    assertEquals(2, lines.length);
  }

  // Columns: clause | offending token | its position | words the message must contain.
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          hopping, count(3) | hopping | 0 | expected tumbling, sliding, timeInterval or partitioned
          Tumbling, count(3) | Tumbling | 0 | did you mean 'tumbling'
          count(3) | count | 0 | expected tumbling, sliding, timeInterval or partitioned
          sliding, punct() | punct | 9 | a sliding window cannot use punct()
          sliding, count(3), punct() | punct | 19 | a sliding window cannot use punct()
          tumbling, count(0) | 0 | 16 | count(n) needs a whole number of at least 1
          sliding, count(3), count(0) | 0 | 25 | count(n) needs a whole number of at least 1
          tumbling, count(2147483648) | 2147483648 | 16 | at most 2147483647
          tumbling, count(99999999999999999999) | 99999999999999999999 | 16 | at most 2147483647
          tumbling, count(2.0) | 2.0 | 16 | needs a whole number
          tumbling, count(-3) | - | 16 | negative numbers are not allowed
          tumbling, time(-1.0) | - | 15 | negative numbers are not allowed
          tumbling, delta(x, -1) | - | 19 | negative numbers are not allowed
          tumbling, time(0) | 0 | 15 | a positive number of seconds
          tumbling, time(0.0) | 0.0 | 15 | a positive number of seconds
          tumbling, time(1e999) | 1e999 | 15 | not infinite
          tumbling, delta(x, 1e999) | 1e999 | 19 | the delta is too large
          tumbling, delta(x, 99999999999999999999) | 99999999999999999999 | 19 | the delta is too large
          tumbling, count 4 | 4 | 16 | expected '(' after count
          tumbling, count(4 | '' | 17 | unexpected end of clause at position 17; expected ')'
          tumbling, punct | '' | 15 | expected '(' after punct
          tumbling, punct(1) | 1 | 16 | punct() takes no argument
          tumbling, count() | ) | 16 | expected count(n)
          tumbling, time(x) | x | 15 | expected time(seconds)
          tumbling, delta(1.5) | 1.5 | 16 | expected an attribute name
          tumbling, delta(x) | ) | 17 | expected ',' after the attribute
          tumbling, delta(x, y) | y | 19 | expected a number
          tumbling, count(10l) | 10l | 16 | without an SPL type suffix
          tumbling, count(4) extra | extra | 19 | expected ',' or the end of the clause
          tumbling, count(4)); | ) | 18 | expected ',' or the end of the clause
          tumbling, count(4); tumbling | tumbling | 20 | expected ',' or the end of the clause
          tumbling, count(4) # | # | 19 | expected ',' or the end of the clause
          tumbling, count(4), | '' | 19 | unexpected end of clause at position 19; expected partitioned
          tumbling count(4) | count | 9 | expected ',' after tumbling
          tumbling | '' | 8 | expected ',' after tumbling
          sliding, | '' | 8 | expected count(n), time(seconds) or delta(attribute, value)
          tumbling, count(4), count(1) | count | 20 | a tumbling window has only an eviction policy
          sliding, count(4), count(1), count(2) | count | 29 | at most one trigger policy
          sliding, count(4), partitioned, count(1) | count | 32 | policies come before partitioned
          tumbling, count(4), partitionAge(60.0) | partitionAge | 20 | partitionAge needs a partitioned window
          sliding, count(4), count(1), tupleCount(9) | tupleCount | 29 | tupleCount needs a partitioned window
          partitioned, tumbling, count(4), partitioned | partitioned | 33 | the window is already partitioned
          partitioned, partitioned, tumbling, count(4) | partitioned | 13 | the window is already partitioned
          tumbling, count(4), partitioned, partitionAge(1), tupleCount(3) | tupleCount | 50 | at most one partition eviction policy
          partitioned, tumbling, count(4), partitionAge(0) | 0 | 46 | partitionAge(seconds) needs a positive number of seconds
          partitioned, tumbling, count(4), partitionCount(0) | 0 | 48 | partitionCount(n) needs a whole number of at least 1
          partitioned, tumbling, count(4), tupleCount(1.5) | 1.5 | 44 | tupleCount(n) needs a whole number of at least 1
          partitioned, tumbling, count(4), partitionAge(60.0), partitioned | partitioned | 53 | the window is already partitioned
          partitioned tumbling, count(4) | tumbling | 12 | expected ',' after partitioned
          partitioned, count(4) | count | 13 | expected tumbling, sliding or timeInterval
          sliding, time(5.0), discardAge(3.0) | discardAge | 20 | discardAge is an option of timeInterval windows, not of tumbling or sliding ones
          tumbling, intervalDuration(3.0) | intervalDuration | 10 | intervalDuration is an option of timeInterval windows
          timeinterval, intervalDuration(10) | timeinterval | 0 | did you mean 'timeInterval'
          timeInterval, intervalDuration(0) | 0 | 31 | intervalDuration(seconds) needs a positive number of seconds
          timeInterval, intervalDuration(-10.0) | - | 31 | negative numbers are not allowed
          timeInterval, intervalDuration(1e999) | 1e999 | 31 | that is not infinite
          timeInterval, intervalDuration 10 | 10 | 31 | expected '(' after intervalDuration
          timeInterval intervalDuration(10) | intervalDuration | 13 | expected ',' after timeInterval
          timeInterval, intervalDuration(10), creationPeriod(0.0) | 0.0 | 51 | creationPeriod(seconds) needs a positive number of seconds
          timeInterval, intervalDuration(10), discardAge(-1) | - | 47 | negative numbers are not allowed; discardAge(seconds) needs a number of seconds, 0 or more
          timeInterval, intervalDuration(10), intervalOffset(10) | 10 | 51 | intervalOffset(seconds) must be less than intervalDuration(10.0)
          timeInterval, intervalOffset(12), intervalDuration(10) | 12 | 29 | must be less than intervalDuration(10.0)
          timeInterval, intervalDuration(10), intervalOffset(-1) | - | 51 | negative numbers are not allowed
          timeInterval, creationPeriod(5.0) | timeInterval | 0 | a timeInterval window needs intervalDuration(seconds)
          partitioned, timeInterval, discardAge(1) | timeInterval | 13 | needs intervalDuration(seconds)
          timeInterval, intervalDuration(10), intervalDuration(20) | intervalDuration | 36 | intervalDuration is given twice
          timeInterval, intervalDuration(10), discardAge(1), discardAge(1) | discardAge | 51 | discardAge is given twice
          timeInterval, intervalDuration(10), count(3) | count | 36 | a timeInterval window has no eviction or trigger policies
          timeInterval, intervalDuration(10), time(3.0) | time | 36 | no eviction or trigger policies
          timeInterval, punct() | punct | 14 | no eviction or trigger policies
          partitioned, timeInterval, intervalDuration(10), partitionAge(60.0) | partitionAge | 49 | a timeInterval window has no partition eviction policies
          timeInterval, intervalDuration(10), tupleCount(5) | tupleCount | 36 | no partition eviction policies
          timeInterval, intervalDuration(10), partitioned, discardAge(1) | discardAge | 49 | the options of a timeInterval window come before partitioned
          partitioned, timeInterval, intervalDuration(10), partitioned | partitioned | 49 | the window is already partitioned
          timeInterval, intervalDuration(10), hopping(3) | hopping | 36 | expected creationPeriod(seconds), discardAge(seconds), intervalOffset(seconds), partitioned
          timeInterval, intervalDuration(10), | '' | 35 | unexpected end of clause at position 35
          timeInterval, intervalDuration(10)) | ) | 34 | expected ',' or the end of the clause
          sliding, COUNT(3) | COUNT | 9 | did you mean 'count'
          """)
  void rejectedClausesNameTheTokenAndItsPosition(
      String clause, String token, int position, String words) {
    WindowClauseException e = fails(clause, token, position);
    assertTrue(e.getMessage().contains(words), e.getMessage());
  }

  @Test
  void emptyAndBlankClausesAreRejectedAtTheirEnd() {
    WindowClauseException empty = fails("", "", 0);
    assertTrue(
        empty.getMessage().contains("unexpected end of clause at position 0"), empty.getMessage());
    fails("   ", "", 3);
  }

  @Test
  void theExceptionIsAnIllegalArgumentException() {
    assertThrows(IllegalArgumentException.class, () -> parse("sliding"));
  }

  private static WindowClauseException fails(String clause, String token, int position) {
    WindowClauseException e =
        assertThrows(WindowClauseException.class, () -> WindowClauseParser.parse(clause), clause);
    assertEquals(token, e.getToken(), e.getMessage());
    assertEquals(position, e.getPosition(), e.getMessage());
    assertTrue(e.getMessage().contains("at position " + position), e.getMessage());
    if (!token.isEmpty()) {
      assertTrue(e.getMessage().contains("'" + token + "'"), e.getMessage());
      assertEquals(token, clause.substring(position, position + token.length()));
    }
    return e;
  }

  // ---- delta literals typed by their attribute (the Spark path's clauses)

  private static final io.streamswindow.schema.SplSchema TYPED =
      io.streamswindow.schema.SplSchema.parse(
          "tuple<float32 f32, float64 f64, int64 i64, int32 i32, int8 i8, decimal64 d,"
              + " rstring name>");

  private static Object typedDelta(String clause) {
    return WindowClauseParser.typed(WindowClauseParser.parse(clause), TYPED).eviction().delta();
  }

  @Test
  void deltaLiteralsTakeTheirAttributesTypes() {
    assertEquals(0.1f, typedDelta("tumbling, delta(f32, 0.1)"));
    assertEquals(2.0f, typedDelta("tumbling, delta(f32, 2)"));
    assertEquals(2.0, typedDelta("tumbling, delta(f64, 2)"));
    assertEquals(2L, typedDelta("tumbling, delta(i64, 2)"));
    assertEquals(2, typedDelta("tumbling, delta(i32, 2)"));
    assertEquals((byte) 2, typedDelta("tumbling, delta(i8, 2)"));
    assertEquals(new java.math.BigDecimal(2), typedDelta("tumbling, delta(d, 2)"));
    WindowSpec both =
        WindowClauseParser.typed(
            WindowClauseParser.parse("partitioned, sliding, delta(f32, 1.5), delta(i64, 3)"),
            TYPED);
    assertEquals(1.5f, both.eviction().delta());
    assertEquals(3L, both.trigger().delta());
    assertTrue(both.isPartitioned());
  }

  @Test
  void deltaLiteralsThatDoNotFitTheirTypeAreLeftForTheSchemaToRefuse() {
    assertEquals(2.5, typedDelta("tumbling, delta(i32, 2.5)"));
    assertEquals(300, typedDelta("tumbling, delta(i8, 300)"));
    assertEquals(1.5, typedDelta("tumbling, delta(name, 1.5)"));
    assertEquals(1.5, typedDelta("tumbling, delta(missing, 1.5)"));
    WindowSpec untouched = WindowClauseParser.parse("tumbling, delta(f64, 1.5)");
    assertTrue(untouched == WindowClauseParser.typed(untouched, TYPED));
  }
}
