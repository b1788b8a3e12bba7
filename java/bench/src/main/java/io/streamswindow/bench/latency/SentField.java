package io.streamswindow.bench.latency;

/**
 * Reads the {@code sent} field (a whole number) of a JSON object as Spark's {@code to_json} or the
 * probe writes it, without a JSON library: the probe only needs that one number.
 *
 * <pre>{@code
 * SentField.of("{\"key\":\"k1\",\"sent\":1700000000000}"); // 1700000000000
 * }</pre>
 */
final class SentField {
  private static final String NAME = "\"sent\":";

  private SentField() {}

  /** The value of {@code "sent"} in {@code json}, or -1 when it has none. */
  static long of(String json) {
    int at = json == null ? -1 : json.indexOf(NAME);
    if (at < 0) {
      return -1;
    }
    int i = at + NAME.length();
    while (i < json.length() && json.charAt(i) == ' ') {
      i++;
    }
    long value = 0;
    int digits = 0;
    for (; i < json.length() && Character.isDigit(json.charAt(i)); i++, digits++) {
      value = value * 10 + (json.charAt(i) - '0');
    }
    return digits == 0 ? -1 : value;
  }
}
