package io.streamswindow.aggregate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code output} parameter of the {@link Aggregate} operator: assignments of the form
 * {@code attribute = Function(argument, ...)}, where the function is one of {@link
 * AggregateFunction} and each argument is an input attribute's name or an SPL expression over the
 * input attributes ({@code vwap = Sum(price * volume)}), as SPL's Aggregate allows. Spaces may
 * appear between any two tokens.
 *
 * <pre>{@code
 * OutputAssignment a = OutputAssignmentParser.parse("who = ArgMax(price, symbol)");
 * a.attribute();   // "who"
 * a.function();    // AggregateFunction.ARG_MAX
 * a.arguments();   // [price, symbol]
 * }</pre>
 *
 * <p>Errors are {@link OutputAssignmentException}s naming the bad token and its 0-based position.
 * Only the form and the number of arguments are checked here (an expression argument is kept as its
 * text, {@link OutputAssignment#isExpression}); attribute names and types are checked against the
 * schemas later ({@link AggregatePlan}, {@link AggregateSchema}).
 */
public final class OutputAssignmentParser {
  private final String text;
  private int position;

  private OutputAssignmentParser(String text) {
    this.text = text;
  }

  /**
   * Parses one assignment.
   *
   * @param text the assignment, e.g. {@code "total=Sum(cost)"}
   * @return the assignment
   * @throws OutputAssignmentException when the text is not an assignment of a known function with
   *     the right number of arguments
   */
  public static OutputAssignment parse(String text) {
    if (text == null) {
      throw new OutputAssignmentException("null", "", 0, "the assignment is missing (null)");
    }
    return new OutputAssignmentParser(text).assignment();
  }

  /**
   * Parses every assignment of the {@code output} parameter and checks that no attribute is
   * assigned twice.
   *
   * @param texts the assignments
   * @return the assignments, in the given order
   * @throws OutputAssignmentException for the first bad or repeated assignment
   */
  public static List<OutputAssignment> parseAll(List<String> texts) {
    List<OutputAssignment> assignments = new ArrayList<>(texts.size());
    Map<String, OutputAssignment> byAttribute = new HashMap<>();
    for (String text : texts) {
      OutputAssignment assignment = parse(text);
      OutputAssignment earlier = byAttribute.putIfAbsent(assignment.attribute(), assignment);
      if (earlier != null) {
        throw assignment.error(
            assignment.attribute(),
            assignment.attributePosition(),
            "attribute '"
                + assignment.attribute()
                + "' at position "
                + assignment.attributePosition()
                + " is already assigned by \""
                + earlier.text()
                + "\"");
      }
      assignments.add(assignment);
    }
    return assignments;
  }

  private OutputAssignment assignment() {
    skipSpaces();
    if (position == text.length()) {
      throw error("the assignment is empty");
    }
    int attributePosition = position;
    String attribute = identifier("an output attribute name");
    skipSpaces();
    expect('=', "'=' after attribute '" + attribute + "'");
    skipSpaces();
    int functionPosition = position;
    String functionName = identifier("an output function name");
    AggregateFunction function = AggregateFunction.forSplName(functionName);
    if (function == null) {
      throw new OutputAssignmentException(
          text,
          functionName,
          functionPosition,
          "unknown function '"
              + functionName
              + "' at position "
              + functionPosition
              + "; known functions are "
              + AggregateFunction.splNames());
    }
    skipSpaces();
    expect('(', "'(' after function " + functionName);
    List<String> arguments = new ArrayList<>();
    List<Integer> argumentPositions = new ArrayList<>();
    skipSpaces();
    if (!at(')')) {
      while (true) {
        skipSpaces();
        argumentPositions.add(position);
        int end = expressionEnd();
        if (end >= 0) {
          arguments.add(text.substring(position, end).strip());
          position = end;
        } else {
          arguments.add(identifier("an input attribute name"));
        }
        skipSpaces();
        if (at(')')) {
          break;
        }
        expect(',', "',' or ')'");
      }
    }
    position++; // the ')'
    skipSpaces();
    if (position < text.length()) {
      throw error("unexpected " + quotedToken() + " at position " + position + " after the ')'");
    }
    if (arguments.size() != function.arity()) {
      throw new OutputAssignmentException(
          text,
          functionName,
          functionPosition,
          functionName
              + " at position "
              + functionPosition
              + " takes "
              + function.arity()
              + (function.arity() == 1 ? " argument" : " arguments")
              + " ("
              + function.signature()
              + "), but was given "
              + arguments.size());
    }
    return new OutputAssignment(
        text,
        attribute,
        attributePosition,
        function,
        functionPosition,
        arguments,
        argumentPositions);
  }

  /**
   * Where the argument at the current position ends when it is an SPL expression ({@code Sum(price
   * * volume)}), which {@link AggregatePlan} computes per tuple; -1 when it is not one. An argument
   * is an expression when, up to the {@code ,} or {@code )} that ends it, it holds an operator, a
   * parenthesis, a subscript or a string; any other argument is an attribute's name, and a bad one
   * is left to the messages that name its first bad token.
   */
  private int expressionEnd() {
    int depth = 0;
    boolean quoted = false;
    boolean expression = false;
    int end = position;
    for (; end < text.length(); end++) {
      char c = text.charAt(end);
      if (quoted) {
        quoted = c != '"' || text.charAt(end - 1) == '\\';
        continue;
      }
      if (c == '"') {
        quoted = true;
        expression = true;
      } else if (c == '(' || c == '[') {
        depth++;
        expression = true;
      } else if ((c == ')' || c == ']') && depth > 0) {
        depth--;
      } else if (depth == 0 && (c == ',' || c == ')')) {
        break;
      } else if ("+-*/%<>=!&|^~?:".indexOf(c) >= 0) {
        expression = true;
      }
    }
    if (expression && end == text.length()) {
      position = end;
      throw error("expected ',' or ')' at position " + end + ", found the end of the assignment");
    }
    return expression ? end : -1;
  }

  private String identifier(String expected) {
    int start = position;
    if (position < text.length() && isIdentifierStart(text.charAt(position))) {
      position++;
      while (position < text.length() && isIdentifierPart(text.charAt(position))) {
        position++;
      }
      return text.substring(start, position);
    }
    throw error("expected " + expected + " at position " + position + ", found " + quotedToken());
  }

  private void expect(char c, String expected) {
    if (!at(c)) {
      throw error("expected " + expected + " at position " + position + ", found " + quotedToken());
    }
    position++;
  }

  private boolean at(char c) {
    return position < text.length() && text.charAt(position) == c;
  }

  private void skipSpaces() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  /** The token starting at the current position: an identifier, or one character. */
  private String token() {
    if (position >= text.length()) {
      return "";
    }
    int end = position + 1;
    if (isIdentifierPart(text.charAt(position))) {
      while (end < text.length() && isIdentifierPart(text.charAt(end))) {
        end++;
      }
    }
    return text.substring(position, end);
  }

  private String quotedToken() {
    String token = token();
    return token.isEmpty() ? "the end of the assignment" : "'" + token + "'";
  }

  private OutputAssignmentException error(String detail) {
    return new OutputAssignmentException(text, token(), position, detail);
  }

  private static boolean isIdentifierStart(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
  }

  private static boolean isIdentifierPart(char c) {
    return isIdentifierStart(c) || (c >= '0' && c <= '9');
  }
}
