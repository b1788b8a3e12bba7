package io.streamswindow.expression;

import static io.streamswindow.expression.SplTypeRules.isBoolean;
import static io.streamswindow.expression.SplTypeRules.isIntegral;
import static io.streamswindow.expression.SplTypeRules.isNumeric;
import static io.streamswindow.expression.SplTypeRules.isString;

import com.ibm.streams.operator.types.RString;
import io.streamswindow.expression.TypedExpression.Kind;
import io.streamswindow.schema.SimilarNames;
import io.streamswindow.schema.SplListType;
import io.streamswindow.schema.SplMapType;
import io.streamswindow.schema.SplPrimitiveType;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplSetType;
import io.streamswindow.schema.SplType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Types a parsed SPL expression by SPL's rules, as SPL's compiler does, and refuses what SPL
 * refuses with the token, its position, the types found and the fix: no implicit widening (both
 * sides of an arithmetic or comparison operator have one type), each operator's type family
 * (docs/semantics.md, "SPL expressions"), literals typed by their suffixes, functions resolved by
 * their arguments' exact types.
 */
final class ExpressionTypeChecker {
  private final String text;
  private final ExpressionScope scope;

  private ExpressionTypeChecker(String text, ExpressionScope scope) {
    this.text = text;
    this.scope = scope;
  }

  static TypedExpression check(String text, Expression expression, ExpressionScope scope) {
    return new ExpressionTypeChecker(text, scope).typed(expression);
  }

  private TypedExpression typed(Expression expression) {
    if (expression instanceof Expression.NumberLiteral number) {
      return number(number.text(), false, number.position());
    }
    if (expression instanceof Expression.StringLiteral string) {
      return string.suffix().equals("u")
          ? TypedExpression.constant(SplPrimitiveType.USTRING, string.value(), string.position())
          : TypedExpression.constant(
              SplPrimitiveType.RSTRING, new RString(string.value()), string.position());
    }
    if (expression instanceof Expression.BooleanLiteral bool) {
      return TypedExpression.constant(SplPrimitiveType.BOOLEAN, bool.value(), bool.position());
    }
    if (expression instanceof Expression.Name name) {
      return attribute(name.name(), name.position());
    }
    if (expression instanceof Expression.Member member) {
      return member(member);
    }
    if (expression instanceof Expression.Unary unary) {
      return unary(unary);
    }
    if (expression instanceof Expression.Binary binary) {
      return binary(binary);
    }
    if (expression instanceof Expression.Conditional conditional) {
      return conditional(conditional);
    }
    if (expression instanceof Expression.Cast cast) {
      return cast(cast);
    }
    if (expression instanceof Expression.Call call) {
      return call(call);
    }
    if (expression instanceof Expression.ListLiteral list) {
      return list(list);
    }
    if (expression instanceof Expression.MapLiteral map) {
      return map(map);
    }
    return subscript((Expression.Subscript) expression);
  }

  // ---- literals

  /** A number by SPL's suffixes: type s, u, f, d and width b, h, w, l, q. */
  private TypedExpression number(String written, boolean negative, int position) {
    boolean hex = written.startsWith("0x") || written.startsWith("0X");
    int end = written.length();
    char typeSuffix = hex ? 's' : isFloatText(written) ? 'f' : 's';
    int bits = -1;
    String suffixes = hex ? "su" : "sufdbhwlq";
    while (end > (hex ? 2 : 0) && suffixes.indexOf(written.charAt(end - 1)) >= 0) {
      char c = written.charAt(end - 1);
      switch (c) {
        case 'b':
          bits = 8;
          break;
        case 'h':
          bits = 16;
          break;
        case 'w':
          bits = 32;
          break;
        case 'l':
          bits = 64;
          break;
        case 'q':
          bits = 128;
          break;
        default:
          typeSuffix = c;
          break;
      }
      end--;
    }
    String digits = written.substring(hex ? 2 : 0, end);
    if (hex) {
      bits =
          digits.length() > 16
              ? 128
              : digits.length() > 8 ? 64 : digits.length() > 4 ? 32 : digits.length() > 2 ? 16 : 8;
    }
    SplType type = numberType(typeSuffix, bits, written, position);
    try {
      if (SplTypeRules.isIntegral(type)) {
        BigInteger value =
            hex
                ? new BigInteger(digits.isEmpty() ? "0" : digits, 16)
                : new BigDecimal(digits).toBigIntegerExact();
        if (negative) {
          value = value.negate();
        }
        return TypedExpression.constant(
            type, integer(type, value, hex, written, position), position);
      }
      BigDecimal value = new BigDecimal(digits);
      if (negative) {
        value = value.negate();
      }
      Object constant;
      switch (type.getMetaType()) {
        case FLOAT32:
          constant = Float.parseFloat((negative ? "-" : "") + digits);
          break;
        case FLOAT64:
          constant = Double.parseDouble((negative ? "-" : "") + digits);
          break;
        default:
          constant = value.round(SplArithmetic.context(type));
          break;
      }
      return TypedExpression.constant(type, constant, position);
    } catch (ArithmeticException | NumberFormatException notWhole) {
      throw error(
          position,
          "the number '"
              + written
              + "' at position "
              + position
              + " is not a whole number, which its type "
              + type.getLanguageType()
              + " needs: drop the fraction, or write it as a float (e.g. "
              + digits
              + "f)");
    }
  }

  private static boolean isFloatText(String written) {
    return written.indexOf('.') >= 0 || written.indexOf('e') >= 0 || written.indexOf('E') >= 0;
  }

  private SplType numberType(char typeSuffix, int bits, String written, int position) {
    switch (typeSuffix) {
      case 's':
        switch (bits) {
          case 8:
            return SplPrimitiveType.INT8;
          case 16:
            return SplPrimitiveType.INT16;
          case 64:
            return SplPrimitiveType.INT64;
          case 128:
            break;
          default:
            return SplPrimitiveType.INT32;
        }
        break;
      case 'u':
        switch (bits) {
          case 8:
            return SplPrimitiveType.UINT8;
          case 16:
            return SplPrimitiveType.UINT16;
          case 64:
            return SplPrimitiveType.UINT64;
          case 128:
            break;
          default:
            return SplPrimitiveType.UINT32;
        }
        break;
      case 'f':
        if (bits == 32) {
          return SplPrimitiveType.FLOAT32;
        }
        if (bits == -1 || bits == 64) {
          return SplPrimitiveType.FLOAT64;
        }
        break;
      default:
        switch (bits) {
          case 32:
            return SplPrimitiveType.DECIMAL32;
          case 128:
            return SplPrimitiveType.DECIMAL128;
          case -1:
          case 64:
            return SplPrimitiveType.DECIMAL64;
          default:
            break;
        }
    }
    throw error(
        position,
        "the number '"
            + written
            + "' at position "
            + position
            + " has a width its type has not: integers are 8 to 64 bits (b h w l), floats 32 or 64"
            + " (w l), decimals 32 to 128 (w l q)");
  }

  private Object integer(
      SplType type, BigInteger value, boolean hex, String written, int position) {
    int bits = bitsOf(type);
    boolean unsigned = SplTypeRules.isUnsigned(type);
    BigInteger min = unsigned ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(bits - 1).negate();
    BigInteger max =
        unsigned || hex
            ? BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE)
            : BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
    if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
      throw error(
          position,
          "the number '"
              + written
              + "' at position "
              + position
              + " does not fit its type "
              + type.getLanguageType()
              + " ("
              + min
              + " to "
              + max
              + "): give it a wider suffix, e.g. "
              + written.replaceAll("[a-z]+$", "")
              + "l");
    }
    return SplArithmetic.narrow(type, value.longValue());
  }

  private static int bitsOf(SplType type) {
    switch (type.getMetaType()) {
      case INT8:
      case UINT8:
        return 8;
      case INT16:
      case UINT16:
        return 16;
      case INT32:
      case UINT32:
        return 32;
      default:
        return 64;
    }
  }

  // ---- names

  private TypedExpression attribute(String name, int position) {
    List<ExpressionScope.Port> ports = scope.ports();
    int found = -1;
    for (int port = 0; port < ports.size(); port++) {
      if (ports.get(port).schema().getAttributeIndex(name) >= 0) {
        if (found >= 0) {
          throw error(
              position,
              "'"
                  + name
                  + "' at position "
                  + position
                  + " is an attribute of"
                  + " several input ports: qualify it with its port's name, e.g. "
                  + ports.get(found).names().stream().findFirst().orElse("L")
                  + "."
                  + name);
        }
        found = port;
      }
    }
    if (found < 0) {
      if (name.startsWith("$")) {
        throw error(
            position,
            "'"
                + name
                + "' at position "
                + position
                + " is a composite"
                + " operator's parameter, which this layer does not expand: write its value in the"
                + " expression, or pass it as a named value (getSubmissionTimeValue)");
      }
      if (scope.portNamed(name) >= 0) {
        throw error(
            position,
            "'"
                + name
                + "' at position "
                + position
                + " names an input port:"
                + " name one of its attributes, e.g. "
                + name
                + "."
                + ports.get(scope.portNamed(name)).schema().getAttribute(0).getName());
      }
      if (SplFunctions.exists(name)) {
        throw error(
            position,
            "'"
                + name
                + "' at position "
                + position
                + " is a function: call"
                + " it, e.g. "
                + SplFunctions.signatures(name).get(0));
      }
      throw error(
          position,
          "'"
              + name
              + "' at position "
              + position
              + " is not an attribute of"
              + " the input"
              + SimilarNames.hint(name, scope.attributeNames())
              + "; its attributes"
              + " are "
              + scope.attributeNames());
    }
    return attributeOf(found, name, position);
  }

  private TypedExpression attributeOf(int port, String name, int position) {
    SplSchema schema = scope.ports().get(port).schema();
    int index = schema.getAttributeIndex(name);
    if (index < 0) {
      throw error(
          position,
          "'"
              + name
              + "' at position "
              + position
              + " is not an attribute of"
              + " that port"
              + SimilarNames.hint(name, schema.getAttributeNames())
              + "; its"
              + " attributes are "
              + schema.getAttributeNames());
    }
    SplType type = SplTypeRules.unbounded(schema.getType(index));
    return new TypedExpression(
        Kind.ATTRIBUTE, type, null, null, port, index, null, List.of(), position);
  }

  private TypedExpression member(Expression.Member member) {
    if (member.base() instanceof Expression.Name base) {
      int port = scope.portNamed(base.name());
      if (port >= 0) {
        return attributeOf(port, member.name(), member.position());
      }
    }
    throw error(
        member.position(),
        "'."
            + member.name()
            + "' at position "
            + member.position()
            + " reads an attribute of something that is not an input port's name: qualify attributes"
            + " with a port's name (tuple-typed attributes are not run by this layer)");
  }

  // ---- operators

  private TypedExpression unary(Expression.Unary unary) {
    if (unary.operator().equals("-") && unary.operand() instanceof Expression.NumberLiteral n) {
      // A sign on a literal makes one constant: -2147483648 is an int32.
      return number(n.text(), true, unary.position());
    }
    TypedExpression operand = typed(unary.operand());
    SplType type = operand.type();
    boolean fits;
    String family;
    switch (unary.operator()) {
      case "!":
        fits = isBoolean(type);
        family = "boolean";
        break;
      case "~":
        fits = isIntegral(type);
        family = "an integer type";
        break;
      default:
        fits = isNumeric(type);
        family = "a numeric type";
    }
    if (!fits) {
      throw error(
          unary.position(),
          "'"
              + unary.operator()
              + "' at position "
              + unary.position()
              + " takes "
              + family
              + ", and its operand is "
              + type.getLanguageType());
    }
    return TypedExpression.node(
        Kind.UNARY, type, unary.operator(), unary.position(), List.of(operand));
  }

  private TypedExpression binary(Expression.Binary binary) {
    String op = binary.operator();
    TypedExpression left = typed(binary.left());
    TypedExpression right = typed(binary.right());
    SplType l = left.type();
    SplType r = right.type();
    int at = binary.position();
    List<TypedExpression> both = List.of(left, right);
    switch (op) {
      case "in":
        return membership(left, right, at);
      case "<<":
      case ">>":
        if (!isIntegral(l) || !isIntegral(r)) {
          throw error(
              at,
              "'"
                  + op
                  + "' at position "
                  + at
                  + " shifts an integer by an integer,"
                  + " and its operands are "
                  + l.getLanguageType()
                  + " and "
                  + r.getLanguageType());
        }
        return TypedExpression.node(Kind.BINARY, l, op, at, both);
      default:
        break;
    }
    if (!l.equals(r)) {
      throw error(
          at,
          "'"
              + op
              + "' at position "
              + at
              + ": the operands are "
              + l.getLanguageType()
              + " and "
              + r.getLanguageType()
              + ", and SPL needs one type on"
              + " both sides (no implicit widening): "
              + widening(binary, left, right));
    }
    String family;
    boolean fits;
    SplType result = l;
    switch (op) {
      case "+":
        fits = isNumeric(l) || isString(l);
        family = "numbers or strings";
        break;
      case "-":
      case "*":
      case "/":
        fits = isNumeric(l);
        family = "numbers";
        break;
      case "%":
      case "^":
        fits = isIntegral(l);
        family = "integers";
        break;
      case "&":
      case "|":
        fits = isIntegral(l) || isBoolean(l);
        family = "integers or booleans";
        break;
      case "&&":
      case "||":
        fits = isBoolean(l);
        family = "booleans";
        break;
      case "<":
      case "<=":
      case ">":
      case ">=":
        fits = SplTypeRules.isOrdered(l);
        family = "ordered values (numbers, strings, timestamps)";
        result = SplPrimitiveType.BOOLEAN;
        break;
      default: // == !=
        fits = true;
        family = "";
        result = SplPrimitiveType.BOOLEAN;
    }
    if (!fits) {
      throw error(
          at,
          "'"
              + op
              + "' at position "
              + at
              + " takes "
              + family
              + ", and its operands"
              + " are "
              + l.getLanguageType()
              + fixFor(op, l));
    }
    return TypedExpression.node(Kind.BINARY, result, op, at, both);
  }

  private static String fixFor(String op, SplType type) {
    if (op.equals("%") && SplTypeRules.isFloat(type)) {
      return ": for floats, call fmod(x, y)";
    }
    return "";
  }

  /** The fix for two operand types: a literal written in the other's type, or a cast. */
  private static String widening(
      Expression.Binary binary, TypedExpression left, TypedExpression right) {
    String wanted =
        left.kind() == Kind.CONSTANT
            ? right.type().getLanguageType()
            : left.type().getLanguageType();
    Expression literal =
        left.kind() == Kind.CONSTANT
            ? binary.left()
            : right.kind() == Kind.CONSTANT ? binary.right() : null;
    if (literal instanceof Expression.NumberLiteral number) {
      String suffix = SUFFIXES.getOrDefault(wanted, null);
      if (suffix != null) {
        String plain = number.text().replaceAll("[sufdbhwlq]+$", "");
        boolean fractional = wanted.startsWith("float") || wanted.startsWith("decimal");
        if (fractional && !plain.contains(".")) {
          plain = plain + ".0";
        }
        if (!fractional && plain.matches("[0-9.eE+-]*[.eE][0-9.eE+-]*")) {
          // A float literal beside an integer: its integer form, or the other side cast up.
          Expression other = literal == binary.left() ? binary.right() : binary.left();
          String otherText = other instanceof Expression.Name name ? name.name() : "x";
          String literalType = (literal == binary.left() ? left : right).type().getLanguageType();
          String cast = "cast one side, e.g. (" + literalType + ")" + otherText;
          java.math.BigDecimal value = new java.math.BigDecimal(plain);
          if (value.signum() == 0 || value.stripTrailingZeros().scale() <= 0) {
            return "write " + value.toBigInteger() + suffix + ", or " + cast;
          }
          return cast;
        }
        return "write " + plain + suffix + ", or cast one side, e.g. (" + wanted + ")" + plain;
      }
    }
    return "cast one side, e.g. (" + wanted + ")" + (left.kind() == Kind.CONSTANT ? "..." : "x");
  }

  private static final java.util.Map<String, String> SUFFIXES =
      java.util.Map.ofEntries(
          java.util.Map.entry("int8", "b"),
          java.util.Map.entry("int16", "h"),
          java.util.Map.entry("int32", ""),
          java.util.Map.entry("int64", "l"),
          java.util.Map.entry("uint8", "ub"),
          java.util.Map.entry("uint16", "uh"),
          java.util.Map.entry("uint32", "u"),
          java.util.Map.entry("uint64", "ul"),
          java.util.Map.entry("float32", "w"),
          java.util.Map.entry("float64", ""),
          java.util.Map.entry("decimal32", "dw"),
          java.util.Map.entry("decimal64", "d"),
          java.util.Map.entry("decimal128", "dq"));

  private TypedExpression membership(TypedExpression element, TypedExpression collection, int at) {
    SplType c = collection.type();
    SplType wanted;
    if (SplTypeRules.isList(c)) {
      wanted = ((SplListType) c).getElementType();
    } else if (SplTypeRules.isSet(c)) {
      wanted = ((SplSetType) c).getElementType();
    } else if (SplTypeRules.isMap(c)) {
      wanted = ((SplMapType) c).getKeyType();
    } else {
      throw error(
          at,
          "'in' at position "
              + at
              + " looks in a list, set or map, and its right"
              + " side is "
              + c.getLanguageType());
    }
    if (!SplTypeRules.unbounded(wanted).equals(element.type())) {
      throw error(
          at,
          "'in' at position "
              + at
              + ": the value is "
              + element.type().getLanguageType()
              + " and the "
              + c.getLanguageType()
              + " holds "
              + wanted.getLanguageType()
              + ": cast the value, e.g. ("
              + wanted.getLanguageType()
              + ")x");
    }
    return TypedExpression.node(
        Kind.BINARY, SplPrimitiveType.BOOLEAN, "in", at, List.of(element, collection));
  }

  private TypedExpression conditional(Expression.Conditional conditional) {
    TypedExpression condition = typed(conditional.condition());
    TypedExpression then = typed(conditional.then());
    TypedExpression otherwise = typed(conditional.otherwise());
    int at = conditional.position();
    if (!isBoolean(condition.type())) {
      throw error(
          at,
          "'?' at position "
              + at
              + " needs a boolean condition, and it is "
              + condition.type().getLanguageType());
    }
    if (!then.type().equals(otherwise.type())) {
      throw error(
          at,
          "'?' at position "
              + at
              + ": its two values are "
              + then.type().getLanguageType()
              + " and "
              + otherwise.type().getLanguageType()
              + ", and SPL needs one type: cast one of them, e.g. ("
              + then.type().getLanguageType()
              + ")...");
    }
    return TypedExpression.node(
        Kind.CONDITIONAL, then.type(), "?", at, List.of(condition, then, otherwise));
  }

  private TypedExpression cast(Expression.Cast cast) {
    TypedExpression operand = typed(cast.operand());
    SplType target = SplTypeRules.unbounded(cast.target());
    if (!SplTypeRules.castAllowed(operand.type(), target)) {
      throw error(
          cast.position(),
          "the cast to "
              + cast.written()
              + " at position "
              + cast.position()
              + " takes a value of type "
              + operand.type().getLanguageType()
              + ", which SPL does not convert to "
              + cast.written()
              + " (numbers convert to numbers,"
              + " anything to and from strings, float64 to and from timestamp)");
    }
    return TypedExpression.node(Kind.CAST, target, null, cast.position(), List.of(operand));
  }

  /** SPL's functions of the values given when the application is compiled or submitted. */
  private static final java.util.Set<String> NAMED_VALUES =
      java.util.Set.of(
          "getSubmissionTimeValue",
          "getSubmissionTimeListValue",
          "getCompileTimeValue",
          "getCompileTimeListValue");

  private TypedExpression call(Expression.Call call) {
    if (NAMED_VALUES.contains(call.function())) {
      return namedValue(call);
    }
    List<TypedExpression> arguments = new ArrayList<>();
    for (Expression argument : call.arguments()) {
      arguments.add(typed(argument));
    }
    List<SplType> types = arguments.stream().map(TypedExpression::type).toList();
    SplFunction function = SplFunctions.resolve(call.function(), types);
    int at = call.position();
    if (function == null) {
      if (!SplFunctions.exists(call.function())) {
        throw error(
            at,
            "'"
                + call.function()
                + "' at position "
                + at
                + " is not an SPL standard"
                + " function this layer runs"
                + SimilarNames.hint(call.function(), SplFunctions.names())
                + " (user-defined SPL functions are not run: write the"
                + " operator in Java, or compute the value in Spark)");
      }
      throw error(
          at,
          "'"
              + call.function()
              + "' at position "
              + at
              + " takes no arguments of"
              + " types ("
              + types.stream().map(SplType::getLanguageType).collect(Collectors.joining(", "))
              + "); its overloads are "
              + String.join("; ", SplFunctions.signatures(call.function())));
    }
    return new TypedExpression(
        Kind.CALL, function.returnType(), call.function(), null, -1, -1, function, arguments, at);
  }

  /**
   * A named value, fixed when the plan is built: the scope's value, else the default given as the
   * second argument; with neither, a node {@link #unboundValue} finds, which {@link
   * SplExpression#compile} refuses.
   */
  private TypedExpression namedValue(Expression.Call call) {
    boolean list = call.function().endsWith("ListValue");
    int at = call.position();
    if (call.arguments().isEmpty()
        || call.arguments().size() > 2
        || !(call.arguments().get(0) instanceof Expression.StringLiteral name)) {
      throw error(
          at,
          "'"
              + call.function()
              + "' at position "
              + at
              + " takes the value's name as"
              + " a string literal, and optionally a default, e.g. "
              + call.function()
              + "(\"threshold\""
              + (list ? ", [\"a\", \"b\"]" : ", \"10\"")
              + ")");
    }
    SplType type = list ? new SplListType(SplPrimitiveType.RSTRING, -1) : SplPrimitiveType.RSTRING;
    String given = scope.value(name.value());
    if (given != null) {
      return TypedExpression.constant(type, namedConstant(given, list), at);
    }
    if (call.arguments().size() == 2) {
      TypedExpression fallback = typed(call.arguments().get(1));
      if (!fallback.type().equals(type)) {
        throw error(
            at,
            "'"
                + call.function()
                + "' at position "
                + at
                + " takes a default of"
                + " type "
                + type.getLanguageType()
                + ", and it is "
                + fallback.type().getLanguageType());
      }
      return fallback;
    }
    return new TypedExpression(
        Kind.CALL, type, call.function(), name.value(), -1, -1, null, List.of(), at);
  }

  private static Object namedConstant(String value, boolean list) {
    if (!list) {
      return new RString(value);
    }
    List<RString> parts = new ArrayList<>();
    for (String part : value.split(",", -1)) {
      parts.add(new RString(part));
    }
    return List.copyOf(parts);
  }

  /** A named value the scope does not give and that has no default, or null. */
  static TypedExpression unboundValue(TypedExpression node) {
    if (node.kind() == Kind.CALL && node.function() == null) {
      return node;
    }
    for (TypedExpression operand : node.operands()) {
      TypedExpression found = operand == null ? null : unboundValue(operand);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private TypedExpression list(Expression.ListLiteral list) {
    if (list.elements().isEmpty()) {
      throw error(
          list.position(),
          "the empty list at position "
              + list.position()
              + " has no element type: cast it, e.g. (list<int32>)[]");
    }
    List<TypedExpression> elements = new ArrayList<>();
    for (Expression element : list.elements()) {
      elements.add(typed(element));
    }
    SplType first = elements.get(0).type();
    for (TypedExpression element : elements) {
      if (!element.type().equals(first)) {
        throw error(
            element.position(),
            "the list element at position "
                + element.position()
                + " is "
                + element.type().getLanguageType()
                + ", and the list's first is "
                + first.getLanguageType()
                + ": a list holds one type");
      }
    }
    return TypedExpression.node(
        Kind.LIST, new SplListType(first, -1), null, list.position(), elements);
  }

  private TypedExpression map(Expression.MapLiteral map) {
    if (map.keys().isEmpty()) {
      throw error(
          map.position(),
          "the empty map at position "
              + map.position()
              + " has no key and value types: cast it, e.g. (map<rstring, int32>){}");
    }
    List<TypedExpression> operands = new ArrayList<>();
    SplType keyType = null;
    SplType valueType = null;
    for (int i = 0; i < map.keys().size(); i++) {
      TypedExpression key = typed(map.keys().get(i));
      TypedExpression value = typed(map.values().get(i));
      if (keyType == null) {
        keyType = key.type();
        valueType = value.type();
      } else if (!key.type().equals(keyType) || !value.type().equals(valueType)) {
        throw error(
            key.position(),
            "the map entry at position "
                + key.position()
                + " is "
                + key.type().getLanguageType()
                + ": "
                + value.type().getLanguageType()
                + ", and the map's first is "
                + keyType.getLanguageType()
                + ": "
                + valueType.getLanguageType()
                + ": a map holds one key type and one value type");
      }
      operands.add(key);
      operands.add(value);
    }
    return TypedExpression.node(
        Kind.MAP, new SplMapType(keyType, valueType, -1), null, map.position(), operands);
  }

  private TypedExpression subscript(Expression.Subscript subscript) {
    TypedExpression base = typed(subscript.base());
    SplType type = base.type();
    int at = subscript.position();
    if (subscript.slice()) {
      if (!SplTypeRules.isList(type) && !isString(type)) {
        throw error(
            at,
            "the slice at position "
                + at
                + " cuts a list or a string, and its"
                + " operand is "
                + type.getLanguageType());
      }
      List<TypedExpression> operands = new ArrayList<>();
      operands.add(base);
      operands.add(subscript.index() == null ? null : index(subscript.index(), at));
      operands.add(subscript.to() == null ? null : index(subscript.to(), at));
      return new TypedExpression(
          Kind.SLICE,
          type,
          null,
          null,
          -1,
          -1,
          null,
          java.util.Collections.unmodifiableList(operands),
          at);
    }
    if (SplTypeRules.isMap(type)) {
      SplMapType map = (SplMapType) type;
      TypedExpression key = typed(subscript.index());
      if (!key.type().equals(SplTypeRules.unbounded(map.getKeyType()))) {
        throw error(
            at,
            "the subscript at position "
                + at
                + " looks up a key of type "
                + key.type().getLanguageType()
                + " in a "
                + type.getLanguageType()
                + ": cast it, e.g. ("
                + map.getKeyType().getLanguageType()
                + ")k");
      }
      return TypedExpression.node(
          Kind.INDEX, SplTypeRules.unbounded(map.getValueType()), null, at, List.of(base, key));
    }
    if (SplTypeRules.isList(type)) {
      return TypedExpression.node(
          Kind.INDEX,
          SplTypeRules.unbounded(((SplListType) type).getElementType()),
          null,
          at,
          List.of(base, index(subscript.index(), at)));
    }
    throw error(
        at,
        "the subscript at position "
            + at
            + " indexes a list or a map, and its"
            + " operand is "
            + type.getLanguageType());
  }

  private TypedExpression index(Expression index, int at) {
    TypedExpression typed = typed(index);
    if (!isIntegral(typed.type())) {
      throw error(
          at,
          "the subscript at position "
              + at
              + " needs an integer index, and it is "
              + typed.type().getLanguageType());
    }
    return typed;
  }

  private SplExpressionException error(int position, String message) {
    return new SplExpressionException(
        text, position, Character.toUpperCase(message.charAt(0)) + message.substring(1));
  }
}
