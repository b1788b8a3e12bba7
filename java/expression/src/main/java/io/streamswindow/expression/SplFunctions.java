package io.streamswindow.expression;

import static io.streamswindow.expression.SplTypeRules.isDecimal;
import static io.streamswindow.expression.SplTypeRules.isFloat;
import static io.streamswindow.expression.SplTypeRules.isIntegral;
import static io.streamswindow.expression.SplTypeRules.isOrdered;
import static io.streamswindow.expression.SplTypeRules.isString;

import com.ibm.streams.operator.Type.MetaType;
import com.ibm.streams.operator.types.RString;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.schema.SplListType;
import io.streamswindow.schema.SplPrimitiveType;
import io.streamswindow.schema.SplType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The SPL standard functions this layer runs, by name, each with the overloads SPL's runtime
 * declares and the behaviour of its implementation: {@code rstring} functions count and cut bytes
 * (UTF-8), {@code ustring} ones characters; math on the floats is IEEE's (docs/semantics.md, "SPL
 * expressions", lists them all).
 */
final class SplFunctions {
  /** One overload: its SPL signature and its resolution for given argument types (null: no). */
  private record Overload(String signature, Function<List<SplType>, SplFunction> resolve) {}

  private static final Map<String, List<Overload>> FUNCTIONS = new LinkedHashMap<>();

  private SplFunctions() {}

  /** The overload of {@code name} that takes {@code arguments}, or null when none does. */
  static SplFunction resolve(String name, List<SplType> arguments) {
    for (Overload overload : FUNCTIONS.getOrDefault(name, List.of())) {
      SplFunction function = overload.resolve().apply(arguments);
      if (function != null) {
        return function;
      }
    }
    return null;
  }

  static boolean exists(String name) {
    return FUNCTIONS.containsKey(name);
  }

  static List<String> signatures(String name) {
    List<String> signatures = new ArrayList<>();
    for (Overload overload : FUNCTIONS.getOrDefault(name, List.of())) {
      signatures.add(overload.signature());
    }
    return signatures;
  }

  static Collection<String> names() {
    return FUNCTIONS.keySet();
  }

  private static void define(
      String name, String signature, Function<List<SplType>, SplFunction> resolve) {
    FUNCTIONS.computeIfAbsent(name, n -> new ArrayList<>()).add(new Overload(signature, resolve));
  }

  /** An overload of one type parameter T for every argument, returning {@code result(T)}. */
  private static void generic(
      String name,
      String signature,
      int arity,
      java.util.function.Predicate<SplType> constraint,
      Function<SplType, SplType> result,
      Function<SplType, SplFunction.Body> body) {
    define(
        name,
        signature,
        args -> {
          if (args.size() != arity || !constraint.test(args.get(0))) {
            return null;
          }
          for (SplType arg : args) {
            if (!arg.equals(args.get(0))) {
              return null;
            }
          }
          SplFunction.Body computed = body.apply(args.get(0));
          return computed == null
              ? null
              : new SplFunction(name, signature, result.apply(args.get(0)), false, computed);
        });
  }

  /** An overload with fixed parameter types. */
  private static void fixed(
      String name,
      String signature,
      SplType result,
      boolean stateful,
      SplFunction.Body body,
      SplType... parameters) {
    define(
        name,
        signature,
        args ->
            args.equals(List.of(parameters))
                ? new SplFunction(name, signature, result, stateful, body)
                : null);
  }

  private static boolean isRString(SplType type) {
    return type.getMetaType() == MetaType.RSTRING;
  }

  private static final SplType INT32 = SplPrimitiveType.INT32;
  private static final SplType INT64 = SplPrimitiveType.INT64;
  private static final SplType UINT32 = SplPrimitiveType.UINT32;
  private static final SplType FLOAT64 = SplPrimitiveType.FLOAT64;
  private static final SplType BOOLEAN = SplPrimitiveType.BOOLEAN;
  private static final SplType RSTRING = SplPrimitiveType.RSTRING;
  private static final SplType USTRING = SplPrimitiveType.USTRING;
  private static final SplType TIMESTAMP = SplPrimitiveType.TIMESTAMP;

  static {
    strings();
    math();
    time();
    timeParts();
    collections();
  }

  // ---- strings: rstring is bytes, ustring is characters

  private static byte[] bytes(Object value) {
    return ((RString) value).getData();
  }

  private static RString rstring(byte[] bytes, int from, int to) {
    return new RString(java.util.Arrays.copyOfRange(bytes, from, to));
  }

  private static void strings() {
    generic(
        "length",
        "<string T> int32 length(T str)",
        1,
        SplTypeRules::isString,
        t -> INT32,
        t ->
            isRString(t)
                ? a -> bytes(a[0]).length
                : a -> ((String) a[0]).codePointCount(0, ((String) a[0]).length()));
    generic(
        "upper",
        "<string T> T upper(T str)",
        1,
        SplTypeRules::isString,
        t -> t,
        t ->
            isRString(t)
                ? a -> asciiCase(bytes(a[0]), true)
                : a -> ((String) a[0]).toUpperCase(Locale.ROOT));
    generic(
        "lower",
        "<string T> T lower(T str)",
        1,
        SplTypeRules::isString,
        t -> t,
        t ->
            isRString(t)
                ? a -> asciiCase(bytes(a[0]), false)
                : a -> ((String) a[0]).toLowerCase(Locale.ROOT));
    define(
        "substring",
        "<string T> T substring(T str, int32 sidx, int32 slen)",
        args ->
            args.size() == 3
                    && isString(args.get(0))
                    && args.get(1).equals(INT32)
                    && args.get(2).equals(INT32)
                ? new SplFunction(
                    "substring",
                    "<string T> T substring(T str, int32 sidx, int32 slen)",
                    args.get(0),
                    false,
                    isRString(args.get(0))
                        ? a -> substringBytes(bytes(a[0]), (Integer) a[1], (Integer) a[2])
                        : a -> substringChars((String) a[0], (Integer) a[1], (Integer) a[2]))
                : null);
    for (int arity = 2; arity <= 3; arity++) {
      int n = arity;
      String signature =
          n == 2
              ? "<string T> int32 findFirst(T str, T ps)"
              : "<string T> int32 findFirst(T str, T ps, int32 sidx)";
      define(
          "findFirst",
          signature,
          args -> {
            if (args.size() != n
                || !isString(args.get(0))
                || !args.get(1).equals(args.get(0))
                || (n == 3 && !args.get(2).equals(INT32))) {
              return null;
            }
            SplFunction.Body body =
                isRString(args.get(0))
                    ? a ->
                        indexOf(bytes(a[0]), bytes(a[1]), n == 3 ? Math.max(0, (Integer) a[2]) : 0)
                    : a ->
                        ((String) a[0])
                            .indexOf((String) a[1], n == 3 ? Math.max(0, (Integer) a[2]) : 0);
            return new SplFunction("findFirst", signature, INT32, false, body);
          });
    }
    fixed(
        "tokenize",
        "list<rstring> tokenize(rstring str, rstring delim, boolean keepEmptyTokens)",
        new SplListType(RSTRING, -1),
        false,
        a -> tokenize(bytes(a[0]), bytes(a[1]), (Boolean) a[2]),
        RSTRING,
        RSTRING,
        BOOLEAN);
    fixed(
        "convertToBlob",
        "blob convertToBlob(rstring str)",
        SplPrimitiveType.BLOB,
        false,
        a -> io.streamswindow.schema.ByteArrayBlob.copyOf(bytes(a[0])),
        RSTRING);
    fixed(
        "concat",
        "rstring concat(rstring lstr, rstring rstr)",
        RSTRING,
        false,
        a -> concat(bytes(a[0]), bytes(a[1])),
        RSTRING,
        RSTRING);
  }

  static RString concat(byte[] left, byte[] right) {
    byte[] both = java.util.Arrays.copyOf(left, left.length + right.length);
    System.arraycopy(right, 0, both, left.length, right.length);
    return new RString(both);
  }

  /** C's toupper/tolower in the C locale: ASCII letters only, byte by byte. */
  private static RString asciiCase(byte[] bytes, boolean upper) {
    byte[] changed = bytes.clone();
    for (int i = 0; i < changed.length; i++) {
      byte b = changed[i];
      if (upper && b >= 'a' && b <= 'z') {
        changed[i] = (byte) (b - 32);
      } else if (!upper && b >= 'A' && b <= 'Z') {
        changed[i] = (byte) (b + 32);
      }
    }
    return new RString(changed);
  }

  /** SPL's substring: a negative start shortens the length; a start past the end fails. */
  private static RString substringBytes(byte[] bytes, int start, int length) {
    int[] range = substringRange(bytes.length, start, length);
    return range == null ? new RString("") : rstring(bytes, range[0], range[1]);
  }

  private static String substringChars(String text, int start, int length) {
    int count = text.codePointCount(0, text.length());
    int[] range = substringRange(count, start, length);
    if (range == null) {
      return "";
    }
    return text.substring(
        text.offsetByCodePoints(0, range[0]), text.offsetByCodePoints(0, range[1]));
  }

  private static int[] substringRange(int size, int start, int length) {
    int from = start;
    long count = length;
    if (from < 0) {
      count += from;
      from = 0;
    }
    if (count <= 0) {
      return null;
    }
    if (from > size) {
      throw new SplEvaluationException(
          "substring: the start index "
              + start
              + " is past the string's end (its length is "
              + size
              + ")");
    }
    return new int[] {from, (int) Math.min(size, from + count)};
  }

  private static int indexOf(byte[] text, byte[] pattern, int from) {
    outer:
    for (int i = from; i <= text.length - pattern.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (text[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** SPL's tokenize: every byte of {@code delimiters} ends a token. */
  private static List<RString> tokenize(byte[] text, byte[] delimiters, boolean keepEmpty) {
    List<RString> tokens = new ArrayList<>();
    int last = 0;
    int at = firstOf(text, delimiters, 0);
    while (at >= 0) {
      if (at != last) {
        tokens.add(rstring(text, last, at));
      } else if (keepEmpty) {
        tokens.add(new RString(""));
      }
      last = at + 1;
      at = firstOf(text, delimiters, last);
    }
    if (last != text.length) {
      tokens.add(rstring(text, last, text.length));
    } else if (keepEmpty) {
      tokens.add(new RString(""));
    }
    return tokens;
  }

  private static int firstOf(byte[] text, byte[] delimiters, int from) {
    for (int i = from; i < text.length; i++) {
      for (byte d : delimiters) {
        if (text[i] == d) {
          return i;
        }
      }
    }
    return -1;
  }

  // ---- math

  private static SplFunction.Body floats(SplType t, java.util.function.DoubleUnaryOperator op) {
    return t.getMetaType() == MetaType.FLOAT32
        ? a -> (float) op.applyAsDouble((Float) a[0])
        : a -> op.applyAsDouble((Double) a[0]);
  }

  private static void math() {
    for (String name : List.of("log", "log10", "exp")) {
      java.util.function.DoubleUnaryOperator op =
          name.equals("log") ? Math::log : name.equals("log10") ? Math::log10 : Math::exp;
      generic(
          name,
          "<floatingpoint T> T " + name + "(T " + (name.equals("exp") ? "val" : "f") + ")",
          1,
          SplTypeRules::isFloatingPoint,
          t -> t,
          t -> isFloat(t) ? floats(t, op) : decimalThroughDouble(t, op, name));
    }
    generic(
        "sqrt",
        "<numeric T> T sqrt(T f)",
        1,
        t -> isFloat(t) || isDecimal(t),
        t -> t,
        t ->
            isFloat(t)
                ? floats(t, Math::sqrt)
                : a -> ((BigDecimal) a[0]).sqrt(SplArithmetic.context(t)));
    generic(
        "floor",
        "<floatingpoint T> T floor(T f)",
        1,
        SplTypeRules::isFloatingPoint,
        t -> t,
        t ->
            isFloat(t)
                ? floats(t, Math::floor)
                : a -> ((BigDecimal) a[0]).setScale(0, RoundingMode.FLOOR));
    generic(
        "ceil",
        "<float T> T ceil(T f)",
        1,
        SplTypeRules::isFloatingPoint,
        t -> t,
        t ->
            isFloat(t)
                ? floats(t, Math::ceil)
                : a -> ((BigDecimal) a[0]).setScale(0, RoundingMode.CEILING));
    generic(
        "round",
        "<floatingpoint T> T round(T f)",
        1,
        SplTypeRules::isFloatingPoint,
        t -> t,
        t ->
            isFloat(t)
                ? floats(t, SplFunctions::roundHalfAway)
                : a -> ((BigDecimal) a[0]).setScale(0, RoundingMode.HALF_UP));
    generic(
        "abs",
        "<numeric T> T abs(T f)",
        1,
        SplTypeRules::isNumeric,
        t -> t,
        t ->
            isFloat(t)
                ? floats(t, Math::abs)
                : isDecimal(t)
                    ? a -> ((BigDecimal) a[0]).abs()
                    : SplTypeRules.isUnsigned(t)
                        ? a -> a[0]
                        : a -> SplArithmetic.narrow(t, Math.abs(SplArithmetic.signed(a[0]))));
    generic(
        "pow",
        "<floatingpoint T> T pow(T val, T pwr)",
        2,
        t -> isFloat(t) || isIntegral(t),
        t -> t,
        t ->
            isFloat(t)
                ? (t.getMetaType() == MetaType.FLOAT32
                    ? a -> (float) Math.pow((Float) a[0], (Float) a[1])
                    : a -> Math.pow((Double) a[0], (Double) a[1]))
                : a ->
                    SplArithmetic.narrow(
                        t,
                        (long)
                            Math.pow(
                                SplArithmetic.longValue(t, a[0]),
                                SplArithmetic.longValue(t, a[1]))));
    generic(
        "fmod",
        "<float T> T fmod(T x, T y)",
        2,
        SplTypeRules::isFloat,
        t -> t,
        t ->
            t.getMetaType() == MetaType.FLOAT32
                ? a -> (Float) a[0] % (Float) a[1]
                : a -> (Double) a[0] % (Double) a[1]);
    generic(
        "isNaN",
        "<floatingpoint T> boolean isNaN(T f)",
        1,
        SplTypeRules::isFloatingPoint,
        t -> BOOLEAN,
        t -> isFloat(t) ? a -> Double.isNaN(((Number) a[0]).doubleValue()) : a -> false);
    for (String name : List.of("min", "max")) {
      boolean max = name.equals("max");
      generic(
          name,
          "<ordered T> T " + name + "(T v1, T v2)",
          2,
          SplTypeRules::isOrdered,
          t -> t,
          t ->
              a -> {
                int order = SplArithmetic.compare(t, a[0], a[1]);
                return (max ? order >= 0 : order <= 0) ? a[0] : a[1];
              });
      define(
          name,
          "<ordered T> T " + name + "(list<T> vals)",
          args -> {
            if (args.size() != 1 || !SplTypeRules.isList(args.get(0))) {
              return null;
            }
            SplType t = ((SplListType) args.get(0)).getElementType();
            if (!isOrdered(t)) {
              return null;
            }
            return new SplFunction(
                name,
                "<ordered T> T " + name + "(list<T> vals)",
                t,
                false,
                a -> {
                  List<?> values = (List<?>) a[0];
                  if (values.isEmpty()) {
                    throw new SplEvaluationException(name + ": the list is empty");
                  }
                  Object best = values.get(0);
                  for (Object value : values) {
                    int order = SplArithmetic.compare(t, value, best);
                    if (max ? order > 0 : order < 0) {
                      best = value;
                    }
                  }
                  return best;
                });
          });
    }
  }

  /**
   * A decimal's logarithm or exponential through {@code double}: 15 to 17 significant digits,
   * rounded to the decimal's width (docs/decisions.md, "SPL expressions", says what this gives up).
   */
  private static SplFunction.Body decimalThroughDouble(
      SplType type, java.util.function.DoubleUnaryOperator op, String name) {
    return a -> {
      double value = op.applyAsDouble(((BigDecimal) a[0]).doubleValue());
      if (Double.isNaN(value) || Double.isInfinite(value)) {
        throw new SplEvaluationException(name + " of " + a[0] + " has no decimal value");
      }
      return new BigDecimal(value).round(SplArithmetic.context(type));
    };
  }

  /** C's round: halves away from zero. */
  static double roundHalfAway(double x) {
    if (Double.isNaN(x) || Double.isInfinite(x)) {
      return x;
    }
    double magnitude = Math.abs(x);
    double whole = Math.floor(magnitude);
    if (magnitude - whole >= 0.5) {
      whole += 1;
    }
    return Math.copySign(whole, x);
  }

  // ---- time

  private static final DateTimeFormatter CTIME =
      DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.ROOT);
  private static final DateTimeFormatter DMY_HMS =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("dd-MMM-yyyy HH:mm:ss.SSS")
          .toFormatter(Locale.ROOT);

  private static void time() {
    fixed(
        "getSeconds",
        "int64 getSeconds(timestamp t)",
        INT64,
        false,
        a -> ((Timestamp) a[0]).getSeconds(),
        TIMESTAMP);
    fixed(
        "getNanoseconds",
        "uint32 getNanoseconds(timestamp t)",
        UINT32,
        false,
        a -> ((Timestamp) a[0]).getNanoseconds(),
        TIMESTAMP);
    fixed(
        "getTimestamp",
        "stateful timestamp getTimestamp()",
        TIMESTAMP,
        true,
        a -> Timestamp.currentTime());
    fixed(
        "getTimestampInSecs",
        "stateful float64 getTimestampInSecs()",
        FLOAT64,
        true,
        a -> Timestamp.currentTime().getTimeAsSeconds().doubleValue());
    fixed(
        "createTimestamp",
        "timestamp createTimestamp(int64 secs, uint32 nanos)",
        TIMESTAMP,
        false,
        a -> new Timestamp((Long) a[0], (Integer) a[1]),
        INT64,
        UINT32);
    fixed(
        "ctime",
        "rstring ctime(timestamp time)",
        RSTRING,
        false,
        a ->
            new RString(
                CTIME.format(
                        LocalDateTime.ofInstant(
                            Instant.ofEpochSecond(((Timestamp) a[0]).getSeconds()),
                            ZoneId.systemDefault()))
                    + "\n"),
        TIMESTAMP);
    fixed(
        "timeStringToTimestamp",
        "timestamp timeStringToTimestamp(rstring dmy, rstring hmsmilli, boolean useLocaleMonth)",
        TIMESTAMP,
        false,
        a -> timeStringToTimestamp(((RString) a[0]).getString(), ((RString) a[1]).getString()),
        RSTRING,
        RSTRING,
        BOOLEAN);
  }

  /** SPL's year, month (0 to 11, as C's tm_mon), day, hour, minute and second, in local time. */
  private static void timeParts() {
    for (String name : List.of("year", "month", "day", "hour", "minute", "second")) {
      fixed(
          name,
          "uint32 " + name + "(timestamp time)",
          UINT32,
          false,
          a -> {
            LocalDateTime local =
                LocalDateTime.ofInstant(
                    Instant.ofEpochSecond(((Timestamp) a[0]).getSeconds()), ZoneId.systemDefault());
            switch (name) {
              case "year":
                return local.getYear();
              case "month":
                return local.getMonthValue() - 1;
              case "day":
                return local.getDayOfMonth();
              case "hour":
                return local.getHour();
              case "minute":
                return local.getMinute();
              default:
                return local.getSecond();
            }
          },
          TIMESTAMP);
    }
  }

  /** "04-OCT-2005" and "14:18:19.324" in the JVM's time zone (SPL: the current one). */
  private static Timestamp timeStringToTimestamp(String dmy, String hms) {
    LocalDateTime time;
    try {
      time = LocalDateTime.parse(dmy.trim() + " " + hms.trim(), DMY_HMS);
    } catch (java.time.format.DateTimeParseException bad) {
      throw new SplEvaluationException(
          "timeStringToTimestamp: '"
              + dmy
              + "' and '"
              + hms
              + "' are not of the forms 04-OCT-2005 and 14:18:19.324");
    }
    Instant instant = time.atZone(ZoneId.systemDefault()).toInstant();
    return new Timestamp(instant.getEpochSecond(), instant.getNano());
  }

  // ---- collections

  private static void collections() {
    define(
        "size",
        "<collection T> int32 size(T values)",
        args -> {
          if (args.size() != 1) {
            return null;
          }
          SplType t = args.get(0);
          if (SplTypeRules.isList(t) || SplTypeRules.isSet(t)) {
            return new SplFunction(
                "size",
                "<collection T> int32 size(T values)",
                INT32,
                false,
                a -> ((Collection<?>) a[0]).size());
          }
          if (SplTypeRules.isMap(t)) {
            return new SplFunction(
                "size",
                "<collection T> int32 size(T values)",
                INT32,
                false,
                a -> ((Map<?, ?>) a[0]).size());
          }
          return null;
        });
  }
}
