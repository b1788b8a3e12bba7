package io.streamswindow.expression;

import io.streamswindow.expression.ExpressionToken.Kind;
import io.streamswindow.schema.SplType;
import io.streamswindow.schema.SplTypeParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses an SPL expression by the precedence of SPL's grammar, loosest first: {@code ?:}, {@code
 * ||}, {@code &&}, {@code in}, {@code |}, {@code ^}, {@code &}, the comparisons ({@code < <= > >=
 * == !=}, one level, left to right), {@code << >>}, {@code + -}, {@code * / %}, the prefix
 * operators and casts ({@code ! - ~ (T)}), then calls, members and subscripts (docs/semantics.md,
 * "SPL expressions"). What SPL's expressions have but this layer does not run (assignments, {@code
 * ++}, the element-wise dotted operators, optional types' {@code ?:} and {@code ??}) is refused by
 * name.
 */
final class ExpressionParser {
  private static final Set<String> TYPE_WORDS =
      Set.of(
          "boolean",
          "int8",
          "int16",
          "int32",
          "int64",
          "uint8",
          "uint16",
          "uint32",
          "uint64",
          "float32",
          "float64",
          "decimal32",
          "decimal64",
          "decimal128",
          "complex32",
          "complex64",
          "rstring",
          "ustring",
          "timestamp",
          "blob",
          "xml",
          "list",
          "map",
          "set",
          "tuple",
          "optional",
          "enum");
  private static final Set<String> COMPARISONS = Set.of("<", "<=", ">", ">=", "==", "!=");
  private static final Set<String> ASSIGNMENTS =
      Set.of("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=");

  private final String text;
  private final List<ExpressionToken> tokens;
  private int at;

  private ExpressionParser(String text) {
    this.text = text;
    this.tokens = ExpressionTokenizer.tokens(text);
  }

  /** The tree of {@code text}, which must be one whole expression. */
  static Expression parse(String text) {
    if (text == null || text.isBlank()) {
      throw new SplExpressionException(
          String.valueOf(text),
          0,
          "the expression is empty: give an SPL expression, e.g. price * volume");
    }
    ExpressionParser parser = new ExpressionParser(text);
    Expression expression = parser.conditional();
    ExpressionToken rest = parser.peek();
    if (rest.kind() != Kind.END) {
      if (rest.is("=") || ASSIGNMENTS.contains(rest.text())) {
        throw parser.error(
            rest,
            "is an assignment, which an SPL expression here cannot hold:"
                + " write the value alone");
      }
      throw parser.error(
          rest, "follows a complete expression: an operator or the end was" + " expected");
    }
    return expression;
  }

  private Expression conditional() {
    Expression condition = logicalOr();
    if (peek().is("?")) {
      int position = take().position();
      Expression then = conditional();
      expect(":");
      Expression otherwise = conditional();
      return new Expression.Conditional(condition, then, otherwise, position);
    }
    return condition;
  }

  private Expression logicalOr() {
    Expression left = logicalAnd();
    while (peek().is("||")) {
      ExpressionToken op = take();
      left = new Expression.Binary("||", left, logicalAnd(), op.position());
    }
    return left;
  }

  private Expression logicalAnd() {
    Expression left = membership();
    while (peek().is("&&")) {
      ExpressionToken op = take();
      left = new Expression.Binary("&&", left, membership(), op.position());
    }
    return left;
  }

  private Expression membership() {
    Expression left = bitOr();
    while (peek().kind() == Kind.NAME && peek().text().equals("in")) {
      ExpressionToken op = take();
      left = new Expression.Binary("in", left, bitOr(), op.position());
    }
    return left;
  }

  private Expression bitOr() {
    Expression left = bitXor();
    while (peek().is("|")) {
      ExpressionToken op = take();
      left = new Expression.Binary("|", left, bitXor(), op.position());
    }
    return left;
  }

  private Expression bitXor() {
    Expression left = bitAnd();
    while (peek().is("^")) {
      ExpressionToken op = take();
      left = new Expression.Binary("^", left, bitAnd(), op.position());
    }
    return left;
  }

  private Expression bitAnd() {
    Expression left = comparison();
    while (peek().is("&")) {
      ExpressionToken op = take();
      left = new Expression.Binary("&", left, comparison(), op.position());
    }
    return left;
  }

  private Expression comparison() {
    Expression left = shift();
    while (peek().kind() == Kind.SYMBOL && COMPARISONS.contains(peek().text())) {
      ExpressionToken op = take();
      left = new Expression.Binary(op.text(), left, shift(), op.position());
    }
    return left;
  }

  private Expression shift() {
    Expression left = additive();
    while (peek().is("<<") || peek().is(">>")) {
      ExpressionToken op = take();
      left = new Expression.Binary(op.text(), left, additive(), op.position());
    }
    return left;
  }

  private Expression additive() {
    Expression left = multiplicative();
    while (peek().is("+") || peek().is("-")) {
      ExpressionToken op = take();
      left = new Expression.Binary(op.text(), left, multiplicative(), op.position());
    }
    return left;
  }

  private Expression multiplicative() {
    Expression left = prefix();
    while (peek().is("*") || peek().is("/") || peek().is("%") || peek().is("?:")) {
      ExpressionToken op = take();
      if (op.is("?:")) {
        throw error(
            op,
            "is SPL's unwrap-or-else for optional types, which this layer does not"
                + " run: attributes here are never null");
      }
      left = new Expression.Binary(op.text(), left, prefix(), op.position());
    }
    return left;
  }

  private Expression prefix() {
    ExpressionToken token = peek();
    if (token.is("!") || token.is("-") || token.is("~")) {
      take();
      return new Expression.Unary(token.text(), prefix(), token.position());
    }
    if (token.is("++") || token.is("--")) {
      throw error(token, "changes a variable, which an SPL expression here cannot hold");
    }
    if (token.is("(") && isCast()) {
      return cast();
    }
    return postfix();
  }

  private boolean isCast() {
    ExpressionToken next = tokens.get(at + 1);
    return next.kind() == Kind.NAME && TYPE_WORDS.contains(next.text());
  }

  private Expression cast() {
    ExpressionToken open = take();
    int depth = 1;
    int close = at;
    while (depth > 0) {
      ExpressionToken token = tokens.get(close);
      if (token.kind() == Kind.END) {
        throw error(
            open, "opens a cast that is not closed: write (type)value, e.g." + " (float64)salary");
      }
      if (token.is("(")) {
        depth++;
      } else if (token.is(")")) {
        depth--;
      }
      close++;
    }
    ExpressionToken closing = tokens.get(close - 1);
    String written = text.substring(tokens.get(at).position(), closing.position()).trim();
    SplType target;
    try {
      target = SplTypeParser.parseType(written);
    } catch (RuntimeException badType) {
      throw new SplExpressionException(
          text,
          tokens.get(at).position(),
          "the cast to '"
              + written
              + "' at position "
              + tokens.get(at).position()
              + " names no SPL type this layer knows: "
              + badType.getMessage());
    }
    at = close;
    return new Expression.Cast(target, written, prefix(), open.position());
  }

  private Expression postfix() {
    Expression expression = primary();
    while (true) {
      ExpressionToken token = peek();
      if (token.is("(")) {
        if (!(expression instanceof Expression.Name)) {
          throw error(token, "calls something that is not a function name");
        }
        take();
        List<Expression> arguments = new ArrayList<>();
        if (!peek().is(")")) {
          arguments.add(conditional());
          while (peek().is(",")) {
            take();
            arguments.add(conditional());
          }
        }
        expect(")");
        expression =
            new Expression.Call(
                ((Expression.Name) expression).name(), arguments, expression.position());
      } else if (token.is(".")) {
        take();
        ExpressionToken name = take();
        if (name.kind() != Kind.NAME) {
          throw error(name, "follows '.': an attribute name was expected");
        }
        expression = new Expression.Member(expression, name.text(), name.position());
      } else if (token.is("[")) {
        take();
        Expression index = null;
        Expression to = null;
        boolean slice = false;
        if (!peek().is(":")) {
          index = conditional();
        }
        if (peek().is(":")) {
          take();
          slice = true;
          if (!peek().is("]")) {
            to = conditional();
          }
        }
        expect("]");
        expression = new Expression.Subscript(expression, index, to, slice, token.position());
      } else if (token.is("::")) {
        throw error(
            token,
            "qualifies a name with a namespace, which this layer does not resolve:"
                + " call SPL's standard functions by their plain name");
      } else if (token.is("++") || token.is("--")) {
        throw error(token, "changes a variable, which an SPL expression here cannot hold");
      } else if (token.is("??")) {
        throw error(
            token,
            "tests an optional value, which this layer does not run: attributes"
                + " here are never null");
      } else {
        return expression;
      }
    }
  }

  private Expression primary() {
    ExpressionToken token = take();
    switch (token.kind()) {
      case NUMBER:
        return new Expression.NumberLiteral(token.text(), token.position());
      case STRING:
        return new Expression.StringLiteral(token.text(), token.suffix(), token.position());
      case NAME:
        if (token.text().equals("true") || token.text().equals("false")) {
          return new Expression.BooleanLiteral(token.text().equals("true"), token.position());
        }
        if (token.text().equals("null")) {
          throw error(
              token,
              "is SPL's null for optional types, which this layer does not run:"
                  + " attributes here are never null");
        }
        return new Expression.Name(token.text(), token.position());
      case SYMBOL:
        if (token.is("(")) {
          Expression inner = conditional();
          expect(")");
          return inner;
        }
        if (token.is("[")) {
          List<Expression> elements = new ArrayList<>();
          if (!peek().is("]")) {
            elements.add(conditional());
            while (peek().is(",")) {
              take();
              elements.add(conditional());
            }
          }
          expect("]");
          return new Expression.ListLiteral(elements, token.position());
        }
        if (token.is("{")) {
          return curly(token);
        }
        throw error(
            token,
            "cannot start an operand: a value, an attribute, a call or '('" + " was expected");
      default:
        throw new SplExpressionException(
            text,
            token.position(),
            "The expression ends where an"
                + " operand was expected (position "
                + token.position()
                + ")");
    }
  }

  private Expression curly(ExpressionToken open) {
    List<Expression> keys = new ArrayList<>();
    List<Expression> values = new ArrayList<>();
    if (!peek().is("}")) {
      do {
        if (!keys.isEmpty()) {
          take();
        }
        Expression key = conditional();
        if (!peek().is(":")) {
          throw error(
              peek(),
              "follows a key of a map literal, where ':' was expected (tuple and"
                  + " set literals are not run by this layer)");
        }
        take();
        keys.add(key);
        values.add(conditional());
      } while (peek().is(","));
    }
    expect("}");
    return new Expression.MapLiteral(keys, values, open.position());
  }

  private ExpressionToken peek() {
    return tokens.get(at);
  }

  private ExpressionToken take() {
    ExpressionToken token = tokens.get(at);
    if (token.kind() != Kind.END) {
      at++;
    }
    return token;
  }

  private void expect(String symbol) {
    ExpressionToken token = take();
    if (!token.is(symbol)) {
      throw error(token, "is where '" + symbol + "' was expected");
    }
  }

  private SplExpressionException error(ExpressionToken token, String what) {
    String where = token.kind() == Kind.END ? "" : " at position " + token.position();
    return new SplExpressionException(
        text, token.position(), capitalised(token.described()) + where + " " + what);
  }

  private static String capitalised(String text) {
    return text.startsWith("'") ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }
}
