package io.streamswindow.clause;

import com.ibm.streams.operator.Attribute;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type.MetaType;
import io.streamswindow.clause.ClauseToken.Kind;
import io.streamswindow.engine.PartitionEvictionSpec;
import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.TimeIntervalSpec;
import io.streamswindow.engine.WindowSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The parser of SPL window clauses: turns the text after the port name of an SPL {@code window}
 * clause into a {@link WindowSpec}.
 *
 * <p>Example:
 *
 * <pre>{@code
 * WindowSpec spec = WindowClauseParser.parse("sliding, time(300.0), time(1.0), partitioned");
 * spec.toString(); // "partitioned, sliding, time(300.0), time(1.0)"
 * }</pre>
 *
 * <p>Grammar (whitespace is free between tokens; a final {@code ;} is allowed):
 *
 * <pre>
 * clause     = [ "partitioned" "," ] window [ "," "partitioned" ] [ "," partitionEviction ] [ ";" ]
 *            | [ "partitioned" "," ] "timeInterval" "," option { "," option } [ "," "partitioned" ] [ ";" ]
 * window     = "tumbling" "," policy
 *            | "sliding" "," policy [ "," policy ]
 * option     = "intervalDuration" "(" number ")" | "creationPeriod" "(" number ")"
 *            | "discardAge" "(" number ")" | "intervalOffset" "(" number ")"
 * policy     = "count" "(" whole ")" | "time" "(" number ")"
 *            | "delta" "(" attribute "," number ")" | "punct" "(" ")"
 * partitionEviction = "partitionAge" "(" number ")" | "partitionCount" "(" whole ")"
 *            | "tupleCount" "(" whole ")"
 * </pre>
 *
 * <p>{@code partitioned} is accepted in two places. IBM's SPL reference puts it after the policies
 * ({@code tumbling, count(4), partitioned, partitionAge(60.0)}); this project's printed form,
 * {@link WindowSpec#toString()}, puts it first ({@code partitioned, tumbling, count(4),
 * partitionAge(60.0)}). Both mean the same, so both parse, and every clause that {@code
 * WindowSpec.toString()} prints parses back to an equal spec. It may appear only once, and a
 * partition eviction policy always comes last.
 *
 * <p>Meaning follows SPL: a sliding window without a trigger policy triggers on every tuple ({@code
 * count(1)}); {@code punct()} is for tumbling windows only; counts are whole numbers of at least 1;
 * times are positive numbers of seconds ({@code 5}, {@code 5.0}, {@code 1e3}); no number may be
 * negative. A delta value is kept as written: a whole number becomes an {@code Integer} (a {@code
 * Long} when it does not fit), any other number a {@code Double}. Whether the delta attribute
 * exists and whether the value suits its type is checked later, against the port's schema, not
 * here; {@link #typed} first gives the value its attribute's type, as the SPL compiler types the
 * literal.
 *
 * <p>A timeInterval (event-time) window takes its options in any order, each at most once; {@code
 * intervalDuration} is required, the others default to {@code creationPeriod} = the duration,
 * {@code discardAge} = 0 and {@code intervalOffset} = 0. The duration and the period are positive,
 * the offset lies in {@code [0, intervalDuration)}; eviction, trigger and partition eviction
 * policies are refused. The event-time attribute is not part of the clause (SPL takes it from the
 * stream's {@code @eventTime} annotation): the caller adds it with {@link
 * WindowSpec#withEventTime}. The printed form lists the options in the order above and leaves out
 * those at their default.
 *
 * <p>Every error is a {@link WindowClauseException} naming the offending token and its position.
 */
public final class WindowClauseParser {
  private static final String SLIDING_POLICIES =
      "count(n), time(seconds) or delta(attribute, value)";
  private static final String TUMBLING_POLICIES =
      "count(n), time(seconds), delta(attribute, value) or punct()";
  private static final String PARTITION_EVICTIONS =
      "partitionAge(seconds), partitionCount(n) or tupleCount(n)";

  /**
   * The words a clause is made of, for the "did you mean" hint on a wrongly capitalised word (only
   * there: a right word in the wrong place gets none).
   */
  private static final List<String> KEYWORDS =
      List.of(
          "partitioned",
          "tumbling",
          "sliding",
          "count",
          "time",
          "delta",
          "punct",
          "partitionAge",
          "partitionCount",
          "tupleCount",
          "timeInterval",
          "intervalDuration",
          "creationPeriod",
          "discardAge",
          "intervalOffset");

  /** The options of a timeInterval window, in their printed order. */
  private static final List<String> TIME_INTERVAL_OPTIONS =
      List.of("intervalDuration", "creationPeriod", "discardAge", "intervalOffset");

  private final String clause;
  private final List<ClauseToken> tokens;
  private int index;

  /** Inside a timeInterval clause, where its option words are expected, not out of place. */
  private boolean inTimeInterval;

  private WindowClauseParser(String clause) {
    this.clause = clause;
    this.tokens = ClauseTokenizer.tokenize(clause);
  }

  /**
   * Parses an SPL window clause (everything after {@code port :}).
   *
   * @param clause the clause, e.g. {@code "partitioned, sliding, count(3), count(1)"}
   * @return the window declaration it describes
   * @throws WindowClauseException when the clause is not a valid window clause
   */
  public static WindowSpec parse(String clause) {
    Objects.requireNonNull(clause, "clause");
    return new WindowClauseParser(clause).clause();
  }

  /**
   * Gives each delta value of a parsed clause its attribute's Java type, as the SPL compiler types
   * a delta literal by its attribute: a whole number becomes a {@code Long} for an {@code int64}, a
   * {@code Double} for a {@code float64}, a {@code BigDecimal} for a decimal; any number a {@code
   * Float} for a {@code float32} (rounded as {@code Number.floatValue} rounds it, as the harness
   * conformance runner does). What cannot be typed without loss (2.5 for an integer, a number too
   * large for its type) or has no such type is left as it is, for the schema's check to refuse
   * naming the attribute.
   *
   * @param spec a parsed clause
   * @param schema the port's schema
   * @return the clause with typed deltas; {@code spec} itself when none changes
   */
  public static WindowSpec typed(WindowSpec spec, StreamSchema schema) {
    return spec.withDeltaValues((attribute, delta) -> typedDelta(schema, attribute, delta));
  }

  private static Object typedDelta(StreamSchema schema, String attribute, Object delta) {
    Attribute declared = schema.getAttribute(attribute);
    if (declared == null || !(delta instanceof Integer || delta instanceof Long)) {
      return declared != null
              && delta instanceof Double value
              && declared.getType().getMetaType() == MetaType.FLOAT32
          ? (Object) value.floatValue()
          : delta;
    }
    long whole = ((Number) delta).longValue();
    return switch (declared.getType().getMetaType()) {
      case FLOAT64 -> (double) whole;
      case FLOAT32 -> (float) whole;
      case INT64, UINT64 -> whole;
      case INT32, UINT32 -> whole == (int) whole ? (Object) (int) whole : delta;
      case INT16, UINT16 -> whole == (short) whole ? (Object) (short) whole : delta;
      case INT8, UINT8 -> whole == (byte) whole ? (Object) (byte) whole : delta;
      case DECIMAL32, DECIMAL64, DECIMAL128 -> BigDecimal.valueOf(whole);
      default -> delta;
    };
  }

  private WindowSpec clause() {
    boolean partitioned = false;
    if (peek().isWord("partitioned")) {
      next();
      expect(Kind.COMMA, "',' after partitioned");
      partitioned = true;
    }
    ClauseToken kind = next();
    boolean sliding;
    if (kind.isWord("timeInterval")) {
      return timeInterval(kind, partitioned);
    }
    if (kind.isWord("tumbling")) {
      sliding = false;
    } else if (kind.isWord("sliding")) {
      sliding = true;
    } else if (kind.isWord("partitioned")) {
      throw invalid(
          kind, "the window is already partitioned; expected tumbling, sliding or timeInterval");
    } else {
      throw unexpected(
          kind,
          partitioned
              ? "tumbling, sliding or timeInterval"
              : "tumbling, sliding, timeInterval or partitioned");
    }
    expect(Kind.COMMA, "',' after " + kind.text());

    PolicySpec eviction = policy(sliding);
    PolicySpec trigger = null;
    boolean partitionedAfter = false;
    PartitionEvictionSpec partitionEviction = null;
    while (peek().is(Kind.COMMA)) {
      next();
      ClauseToken item = peek();
      if (isPolicyName(item)) {
        if (!sliding) {
          throw invalid(
              item,
              "a tumbling window has only an eviction policy; triggers are for sliding windows");
        }
        if (trigger != null) {
          throw invalid(item, "a sliding window has one eviction and at most one trigger policy");
        }
        if (partitionedAfter || partitionEviction != null) {
          throw invalid(item, "policies come before partitioned and the partition eviction policy");
        }
        trigger = policy(true);
      } else if (item.isWord("partitioned")) {
        if (partitioned) {
          throw invalid(item, "the window is already partitioned");
        }
        if (partitionEviction != null) {
          throw invalid(item, "partitioned comes before the partition eviction policy");
        }
        next();
        partitioned = true;
        partitionedAfter = true;
      } else if (isPartitionEvictionName(item)) {
        if (partitionEviction != null) {
          throw invalid(item, "a window has at most one partition eviction policy");
        }
        if (!partitioned) {
          throw invalid(
              item,
              item.text()
                  + " needs a partitioned window; add partitioned before it: ..., partitioned, "
                  + item.text()
                  + "(...)");
        }
        partitionEviction = partitionEviction();
      } else {
        throw unexpected(
            item, nextItems(sliding, trigger, partitioned, partitionedAfter, partitionEviction));
      }
    }
    end();

    WindowSpec spec =
        sliding
            ? WindowSpec.sliding(eviction, trigger == null ? PolicySpec.count(1) : trigger)
            : WindowSpec.tumbling(eviction);
    if (partitioned) {
      spec = spec.partitioned();
    }
    if (partitionEviction != null) {
      spec = spec.withPartitionEviction(partitionEviction);
    }
    return spec;
  }

  /** An optional final {@code ;}, then the end of the clause. */
  private void end() {
    if (peek().is(Kind.SEMICOLON)) {
      next();
    }
    if (!peek().is(Kind.END)) {
      throw unexpected(peek(), "',' or the end of the clause");
    }
  }

  /** The rest of a timeInterval clause, after the {@code timeInterval} keyword. */
  private WindowSpec timeInterval(ClauseToken keyword, boolean partitioned) {
    inTimeInterval = true;
    expect(Kind.COMMA, "',' after timeInterval");
    Map<String, Double> values = new HashMap<>();
    Map<String, ClauseToken> numbers = new HashMap<>();
    boolean partitionedAfter = false;
    while (true) {
      ClauseToken item = peek();
      if (item.is(Kind.WORD) && TIME_INTERVAL_OPTIONS.contains(item.text())) {
        if (partitionedAfter) {
          throw invalid(item, "the options of a timeInterval window come before partitioned");
        }
        if (values.containsKey(item.text())) {
          throw invalid(
              item,
              item.text()
                  + " is given twice; each option of a timeInterval window appears at most once");
        }
        next();
        expect(Kind.LEFT_PAREN, "'(' after " + item.text());
        ClauseToken number = numberToken(item.text() + "(seconds)", optionForm(item.text()));
        double value = Double.parseDouble(number.text());
        if (Double.isInfinite(value)) {
          throw invalid(number, optionForm(item.text()) + " that is not infinite");
        }
        if (value == 0 && !item.isWord("discardAge") && !item.isWord("intervalOffset")) {
          throw invalid(number, optionForm(item.text()));
        }
        values.put(item.text(), value);
        numbers.put(item.text(), number);
        expect(Kind.RIGHT_PAREN, "')'");
      } else if (item.isWord("partitioned")) {
        if (partitioned) {
          throw invalid(item, "the window is already partitioned");
        }
        next();
        partitioned = true;
        partitionedAfter = true;
      } else if (isPolicyName(item)) {
        throw invalid(
            item,
            "a timeInterval window has no eviction or trigger policies; its panes are set by "
                + "intervalDuration, creationPeriod, discardAge and intervalOffset");
      } else if (isPartitionEvictionName(item)) {
        throw invalid(
            item,
            "a timeInterval window has no partition eviction policies; its panes close after discardAge");
      } else {
        throw unexpected(item, timeIntervalItems(values, partitioned));
      }
      if (!peek().is(Kind.COMMA)) {
        break;
      }
      next();
    }
    end();

    Double duration = values.get("intervalDuration");
    if (duration == null) {
      throw invalid(keyword, "a timeInterval window needs intervalDuration(seconds)");
    }
    Double offset = values.get("intervalOffset");
    if (offset != null && offset >= duration) {
      throw invalid(
          numbers.get("intervalOffset"),
          "intervalOffset(seconds) must be less than intervalDuration(" + duration + ")");
    }
    WindowSpec spec =
        WindowSpec.timeInterval(
            TimeIntervalSpec.of(
                duration,
                values.getOrDefault("creationPeriod", duration),
                values.getOrDefault("discardAge", 0.0),
                offset == null ? 0.0 : offset));
    return partitioned ? spec.partitioned() : spec;
  }

  private static String optionForm(String option) {
    return switch (option) {
      case "discardAge" -> "discardAge(seconds) needs a number of seconds, 0 or more";
      case "intervalOffset" -> "intervalOffset(seconds) needs a number of seconds, 0 or more";
      default -> option + "(seconds) needs a positive number of seconds";
    };
  }

  /** What may follow a comma in a timeInterval clause, given what has been read so far. */
  private static String timeIntervalItems(Map<String, Double> values, boolean partitioned) {
    List<String> options = new ArrayList<>();
    for (String option : TIME_INTERVAL_OPTIONS) {
      if (!values.containsKey(option)) {
        options.add(option + "(seconds)");
      }
    }
    if (!partitioned) {
      options.add("partitioned");
    }
    return options.isEmpty() ? "the end of the clause" : String.join(", ", options);
  }

  /** What may follow a comma after the eviction policy, given what has been read so far. */
  private static String nextItems(
      boolean sliding,
      PolicySpec trigger,
      boolean partitioned,
      boolean partitionedAfter,
      PartitionEvictionSpec partitionEviction) {
    List<String> options = new ArrayList<>();
    if (sliding && trigger == null && !partitionedAfter) {
      options.add("a trigger policy " + SLIDING_POLICIES);
    }
    if (!partitioned) {
      options.add("partitioned");
    } else if (partitionEviction == null) {
      options.add(PARTITION_EVICTIONS);
    }
    return options.isEmpty() ? "the end of the clause" : String.join(", or ", options);
  }

  /** An eviction or trigger policy. */
  private PolicySpec policy(boolean sliding) {
    String expected = sliding ? SLIDING_POLICIES : TUMBLING_POLICIES;
    ClauseToken name = peek();
    if (!isPolicyName(name)) {
      throw unexpected(name, expected);
    }
    if (sliding && name.isWord("punct")) {
      throw invalid(name, "a sliding window cannot use punct(); expected " + expected);
    }
    next();
    expect(Kind.LEFT_PAREN, "'(' after " + name.text());
    PolicySpec policy =
        switch (name.text()) {
          case "count" -> PolicySpec.count(wholeNumber("count"));
          case "time" -> PolicySpec.time(seconds("time"));
          case "delta" -> {
            ClauseToken attribute = next();
            if (!attribute.is(Kind.WORD)) {
              throw unexpected(attribute, "an attribute name: delta(attribute, value)");
            }
            expect(Kind.COMMA, "',' after the attribute: delta(attribute, value)");
            yield PolicySpec.delta(attribute.text(), deltaValue());
          }
          default -> PolicySpec.punct();
        };
    expect(Kind.RIGHT_PAREN, name.isWord("punct") ? "')': punct() takes no argument" : "')'");
    return policy;
  }

  private PartitionEvictionSpec partitionEviction() {
    ClauseToken name = next();
    expect(Kind.LEFT_PAREN, "'(' after " + name.text());
    PartitionEvictionSpec policy =
        switch (name.text()) {
          case "partitionAge" -> PartitionEvictionSpec.age(seconds("partitionAge"));
          case "partitionCount" ->
              PartitionEvictionSpec.partitionCount(wholeNumber("partitionCount"));
          default -> PartitionEvictionSpec.tupleCount(wholeNumber("tupleCount"));
        };
    expect(Kind.RIGHT_PAREN, "')'");
    return policy;
  }

  /** The argument of {@code count}, {@code partitionCount} or {@code tupleCount}. */
  private int wholeNumber(String policy) {
    String form = policy + "(n) needs a whole number of at least 1";
    ClauseToken number = numberToken(policy + "(n)", form);
    if (!isWhole(number.text())) {
      throw invalid(number, form);
    }
    long value = parseWhole(number, form + " and at most " + Integer.MAX_VALUE);
    if (value == 0) {
      throw invalid(number, form);
    }
    if (value > Integer.MAX_VALUE) {
      throw invalid(number, form + " and at most " + Integer.MAX_VALUE);
    }
    return (int) value;
  }

  /** The argument of {@code time} or {@code partitionAge}. */
  private double seconds(String policy) {
    String form = policy + "(seconds) needs a positive number of seconds";
    ClauseToken number = numberToken(policy + "(seconds)", form);
    double value = Double.parseDouble(number.text());
    if (value == 0 || Double.isInfinite(value)) {
      throw invalid(number, form + (value == 0 ? "" : " that is not infinite"));
    }
    return value;
  }

  /** The value of {@code delta(attribute, value)}: Integer, Long or Double as written. */
  private Object deltaValue() {
    String form = "delta(attribute, value) needs a number that is not negative";
    ClauseToken number = numberToken("a number: delta(attribute, value)", form);
    if (isWhole(number.text())) {
      long value = parseWhole(number, "the delta is too large; at most " + Long.MAX_VALUE);
      // Not a conditional expression: that would unbox both branches and widen the Integer.
      if (value <= Integer.MAX_VALUE) {
        return Integer.valueOf((int) value);
      }
      return Long.valueOf(value);
    }
    double value = Double.parseDouble(number.text());
    if (Double.isInfinite(value)) {
      throw invalid(number, "the delta is too large");
    }
    return value;
  }

  /** The next token, which must be a number; a minus sign gets a message of its own. */
  private ClauseToken numberToken(String expected, String form) {
    ClauseToken token = next();
    if (token.is(Kind.MINUS)) {
      throw invalid(token, "negative numbers are not allowed; " + form);
    }
    if (!token.is(Kind.NUMBER)) {
      throw unexpected(token, expected);
    }
    return token;
  }

  private long parseWhole(ClauseToken number, String tooLarge) {
    try {
      return Long.parseLong(number.text());
    } catch (NumberFormatException e) {
      throw invalid(number, tooLarge);
    }
  }

  private static boolean isWhole(String text) {
    return text.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  private static boolean isPolicyName(ClauseToken token) {
    return token.isWord("count")
        || token.isWord("time")
        || token.isWord("delta")
        || token.isWord("punct");
  }

  private static boolean isPartitionEvictionName(ClauseToken token) {
    return token.isWord("partitionAge")
        || token.isWord("partitionCount")
        || token.isWord("tupleCount");
  }

  private ClauseToken peek() {
    return tokens.get(index);
  }

  private ClauseToken next() {
    ClauseToken token = tokens.get(index);
    if (!token.is(Kind.END)) {
      index++;
    }
    return token;
  }

  private void expect(Kind kind, String expected) {
    ClauseToken token = next();
    if (!token.is(kind)) {
      throw unexpected(token, expected);
    }
  }

  /** An error for a token that does not belong where it is, saying what would. */
  private WindowClauseException unexpected(ClauseToken token, String expected) {
    if (!inTimeInterval && token.is(Kind.WORD) && TIME_INTERVAL_OPTIONS.contains(token.text())) {
      return invalid(
          token,
          token.text()
              + " is an option of timeInterval windows, not of tumbling or sliding ones: "
              + "timeInterval, intervalDuration(seconds), ...");
    }
    StringBuilder detail =
        new StringBuilder("unexpected ")
            .append(token.quoted())
            .append(" at position ")
            .append(token.position())
            .append("; expected ")
            .append(expected);
    if (token.is(Kind.WORD)) {
      for (String keyword : KEYWORDS) {
        if (!keyword.equals(token.text())
            && keyword.toLowerCase(Locale.ROOT).equals(token.text().toLowerCase(Locale.ROOT))) {
          detail
              .append(" (did you mean '")
              .append(keyword)
              .append("'? the words are case-sensitive)");
        }
      }
    } else if (token.is(Kind.INVALID) && Character.isDigit(token.text().charAt(0))) {
      detail.append(" (numbers are written plainly, without an SPL type suffix)");
    }
    return new WindowClauseException(clause, token.text(), token.position(), detail.toString());
  }

  /** An error for a token that is in a sensible place but cannot be accepted, saying why. */
  private WindowClauseException invalid(ClauseToken token, String why) {
    String detail = token.quoted() + " at position " + token.position() + ": " + why;
    return new WindowClauseException(clause, token.text(), token.position(), detail);
  }
}
