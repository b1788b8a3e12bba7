package io.streamswindow.conformance;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.operator.types.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;

/**
 * One call of IBM's {@code InputPortDeclaration} window builder, such as {@code
 * evictDelta(temperature, 1.5)}, written in a scenario's {@code "declare"} list or derived from its
 * SPL clause.
 *
 * <p>Arguments are written as Java would see them: a name ({@code temperature}) is a String, a
 * whole number an Integer ({@code 2}) or, with an {@code L} suffix, a Long ({@code 2L}), a number
 * with a point or exponent a Double ({@code 1.5}), a {@code TimeUnit} constant ({@code SECONDS}),
 * and {@code Timestamp(seconds, nanos)} a Timestamp.
 *
 * @param method the builder method's name
 * @param arguments its arguments, already converted
 */
record DeclarationCall(String method, List<Object> arguments) {

  /** Parses {@code name(arg, ...)}. */
  static DeclarationCall parse(String text) {
    String call = text.trim();
    int open = call.indexOf('(');
    if (open <= 0 || !call.endsWith(")")) {
      throw new ScenarioFormatException(
          "not a builder call: \"" + text + "\" (expected name(args))");
    }
    String method = call.substring(0, open).trim();
    String inside = call.substring(open + 1, call.length() - 1).trim();
    List<Object> arguments = new ArrayList<>();
    for (String argument : splitTopLevel(inside)) {
      arguments.add(argument(argument.trim(), text));
    }
    return new DeclarationCall(method, List.copyOf(arguments));
  }

  private static List<String> splitTopLevel(String text) {
    List<String> parts = new ArrayList<>();
    if (text.isEmpty()) {
      return parts;
    }
    int depth = 0;
    int from = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        parts.add(text.substring(from, i));
        from = i + 1;
      }
    }
    parts.add(text.substring(from));
    return parts;
  }

  private static Object argument(String text, String call) {
    if (text.startsWith("Timestamp(") && text.endsWith(")")) {
      List<String> parts = splitTopLevel(text.substring("Timestamp(".length(), text.length() - 1));
      if (parts.size() != 2) {
        throw new ScenarioFormatException(call + ": Timestamp(seconds, nanos) takes two numbers");
      }
      return new Timestamp(
          Long.parseLong(parts.get(0).trim()), Integer.parseInt(parts.get(1).trim()));
    }
    if (text.matches("-?\\d+L")) {
      return Long.valueOf(text.substring(0, text.length() - 1));
    }
    if (text.matches("-?\\d+")) {
      return Integer.valueOf(text);
    }
    if (text.matches("-?\\d*\\.?\\d+([eE][-+]?\\d+)?")) {
      return Double.valueOf(text);
    }
    for (TimeUnit unit : TimeUnit.values()) {
      if (unit.name().equals(text)) {
        return unit;
      }
    }
    if (text.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      return text;
    }
    throw new ScenarioFormatException(call + ": cannot read the argument \"" + text + "\"");
  }

  /** Makes this call on {@code port}. */
  void applyTo(InputPortDeclaration port) {
    switch (method + "/" + arguments.size()) {
      case "tumbling/0" -> port.tumbling();
      case "sliding/0" -> port.sliding();
      case "partitioned/0" -> port.partitioned();
      case "evictPunctuation/0" -> port.evictPunctuation();
      case "evictCount/1" -> port.evictCount(intArg(0));
      case "triggerCount/1" -> port.triggerCount(intArg(0));
      case "evictTime/1" -> port.evictTime(doubleArg(0));
      case "evictTime/2" -> port.evictTime(longArg(0), (TimeUnit) arguments.get(1));
      case "triggerTime/1" -> port.triggerTime(doubleArg(0));
      case "triggerTime/2" -> port.triggerTime(longArg(0), (TimeUnit) arguments.get(1));
      case "evictDelta/2" -> port.evictDelta((String) arguments.get(0), arguments.get(1));
      case "triggerDelta/2" -> port.triggerDelta((String) arguments.get(0), arguments.get(1));
      case "partitionEvictionAge/1" -> port.partitionEvictionAge(doubleArg(0));
      case "partitionEvictionAge/2" ->
          port.partitionEvictionAge(longArg(0), (TimeUnit) arguments.get(1));
      case "partitionEvictionCount/1" -> port.partitionEvictionCount(intArg(0));
      case "partitionEvictionTupleCount/1" -> port.partitionEvictionTupleCount(intArg(0));
      default -> throw new ScenarioFormatException("unknown window builder call " + this);
    }
  }

  private int intArg(int index) {
    return ((Number) arguments.get(index)).intValue();
  }

  private long longArg(int index) {
    return ((Number) arguments.get(index)).longValue();
  }

  private double doubleArg(int index) {
    return ((Number) arguments.get(index)).doubleValue();
  }

  /** The call as written: {@code evictDelta(temperature, 1.5)}; a Long prints with {@code L}. */
  @Override
  public String toString() {
    StringJoiner joined = new StringJoiner(", ", method + "(", ")");
    for (Object argument : arguments) {
      if (argument instanceof Long value) {
        joined.add(value + "L");
      } else if (argument instanceof Timestamp ts) {
        joined.add("Timestamp(" + ts.getSeconds() + ", " + ts.getNanoseconds() + ")");
      } else {
        joined.add(String.valueOf(argument));
      }
    }
    return joined.toString();
  }
}
