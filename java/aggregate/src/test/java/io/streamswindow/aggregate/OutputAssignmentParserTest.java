package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link OutputAssignmentParser}: the forms it reads and the errors it names. */
class OutputAssignmentParserTest {

  @Test
  void readsAttributeFunctionAndArgumentsWithTheirPositions() {
    OutputAssignment a = OutputAssignmentParser.parse("  who = ArgMax( price ,symbol )  ");
    assertEquals("who", a.attribute());
    assertEquals(2, a.attributePosition());
    assertEquals(AggregateFunction.ARG_MAX, a.function());
    assertEquals(8, a.functionPosition());
    assertEquals(List.of("price", "symbol"), a.arguments());
    assertEquals(List.of(16, 23), a.argumentPositions());
    assertEquals("who=ArgMax(price, symbol)", a.toString());
  }

  @Test
  void keepsExpressionArgumentsAsTheirTextWithTheirPositions() {
    OutputAssignment a =
        OutputAssignmentParser.parse("w = ArgMax( (float64)s / (float64)a , f(x, \"),\") )");
    assertEquals(List.of("(float64)s / (float64)a", "f(x, \"),\")"), a.arguments());
    assertEquals(List.of(12, 38), a.argumentPositions());
    assertTrue(a.isExpression(0));
    assertTrue(a.isExpression(1));
    OutputAssignment vwap = OutputAssignmentParser.parse("v=Sum(price * volume)");
    assertEquals(List.of("price * volume"), vwap.arguments());
    assertEquals(List.of(6), vwap.argumentPositions());
    assertEquals("v=Sum(price * volume)", vwap.toString());
    OutputAssignment plain = OutputAssignmentParser.parse("w=ArgMax(p, sym[0])");
    assertEquals(List.of("p", "sym[0]"), plain.arguments());
    assertEquals(false, plain.isExpression(0));
    assertTrue(plain.isExpression(1));
  }

  @Test
  void readsFunctionsWithoutArguments() {
    OutputAssignment a = OutputAssignmentParser.parse("n=Count()");
    assertEquals(AggregateFunction.COUNT, a.function());
    assertEquals(List.of(), a.arguments());
    assertEquals(
        AggregateFunction.COUNT_BY_GROUP,
        OutputAssignmentParser.parse("g = CountByGroup( )").function());
  }

  @Test
  void knowsEveryFunctionBySplName() {
    for (AggregateFunction function : AggregateFunction.values()) {
      String args = String.join(", ", List.of("a", "b").subList(0, function.arity()));
      OutputAssignment a =
          OutputAssignmentParser.parse("r=" + function.splName() + "(" + args + ")");
      assertEquals(function, a.function());
    }
    assertEquals(
        21 + 4, AggregateFunction.values().length); // the toolkit's, and the pane functions
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(
      delimiter = '|',
      value = {
        "''                    | ''      | 0  | the assignment is empty",
        "=Sum(x)               | =       | 0  | expected an output attribute name at position 0,"
            + " found '='",
        "total Sum(x)          | Sum     | 6  | expected '=' after attribute 'total' at position 6,"
            + " found 'Sum'",
        "total=                | ''      | 6  | expected an output function name at position 6,"
            + " found the end",
        "total=Summ(cost)      | Summ    | 6  | unknown function 'Summ' at position 6; known"
            + " functions are Count,",
        "total=sum(cost)       | sum     | 6  | unknown function 'sum' at position 6",
        "total=Sum cost        | cost    | 10 | expected '(' after function Sum at position 10,"
            + " found 'cost'",
        "total=Sum(cost        | ''      | 14 | expected ',' or ')' at position 14, found the end"
            + " of the assignment",
        "total=Sum(cost;)      | ;       | 14 | expected ',' or ')' at position 14, found ';'",
        "total=Sum(1cost)      | 1cost   | 10 | expected an input attribute name at position 10,"
            + " found '1cost'",
        "w=ArgMax(a,)          | )       | 11 | expected an input attribute name at position 11,"
            + " found ')'",
        "total=Sum(cost) + 1   | +       | 16 | unexpected '+' at position 16 after the ')'",
        "total=Sum()           | Sum     | 6  | Sum at position 6 takes 1 argument (Sum(x)), but"
            + " was given 0",
        "n=Count(x)            | Count   | 2  | Count at position 2 takes 0 arguments (Count()),"
            + " but was given 1",
        "w=ArgMax(price)       | ArgMax  | 2  | ArgMax at position 2 takes 2 arguments (ArgMax(x,"
            + " y)), but was given 1",
        "v=Sum(price * volume  | ''      | 20 | expected ',' or ')' at position 20, found the end"
            + " of the assignment",
      })
  void namesTheBadTokenAndItsPosition(String text, String token, int position, String detail) {
    OutputAssignmentException e =
        assertThrows(OutputAssignmentException.class, () -> OutputAssignmentParser.parse(text));
    assertEquals(token, e.getToken());
    assertEquals(position, e.getPosition());
    assertEquals(text, e.getAssignment());
    assertTrue(e.getMessage().contains(detail), e.getMessage());
    assertTrue(
        e.getMessage().startsWith("bad output assignment \"" + text + "\": "), e.getMessage());
    assertTrue(
        e.getMessage().endsWith("\n" + OutputAssignmentException.ASSIGNMENT_FORM), e.getMessage());
    assertEquals(2, e.getMessage().split("\n", -1).length, "what is wrong, then the form");
  }

  @Test
  void anAttributeAssignedTwiceIsRefused() {
    OutputAssignmentException e =
        assertThrows(
            OutputAssignmentException.class,
            () -> OutputAssignmentParser.parseAll(List.of("n=Count()", "m=Sum(x)", " n=Max(x)")));
    assertEquals("n", e.getToken());
    assertEquals(1, e.getPosition());
    assertTrue(
        e.getMessage().contains("attribute 'n' at position 1 is already assigned by \"n=Count()\""),
        e.getMessage());
  }

  @Test
  void aMissingAssignmentIsRefused() {
    assertThrows(OutputAssignmentException.class, () -> OutputAssignmentParser.parse(null));
  }
}
