package io.streamswindow.bench.latency;

import java.util.HashMap;
import java.util.Map;

/**
 * What one run of {@link KafkaLatencyProbe} does, from its command line.
 *
 * <pre>{@code
 * ProbeSettings s = ProbeSettings.parse(new String[] {
 *     "--bootstrap", "127.0.0.1:9092", "--input", "in", "--output", "out",
 *     "--rate", "1000", "--warmup", "15", "--seconds", "60"});
 * }</pre>
 *
 * @param bootstrap the broker, host:port
 * @param inputTopic the topic the query reads, which the probe writes
 * @param outputTopic the topic the query writes, which the probe reads
 * @param rate records per second the probe writes
 * @param warmupSeconds seconds of writing before latencies count (0: from the start)
 * @param seconds seconds of the measurement window after the warm-up
 * @param keys how many keys (k0, k1, ...) the records go round
 * @param lingerMs the producer's linger.ms
 * @param intervalSeconds 0, or the length of the intervals from the run's start (warm-up included)
 *     in which the latencies of the records received are also counted apart, for a query's course
 *     after its start ({@code scripts/bench latency}'s cold-start mode)
 * @param startOnStdin whether the probe, once its consumer is positioned, waits for a line on its
 *     standard input before it starts (second 0 of the run): the cold-start mode starts the probe's
 *     JVM while the query's starts, and lets it go when the query has started
 */
public record ProbeSettings(
    String bootstrap,
    String inputTopic,
    String outputTopic,
    int rate,
    int warmupSeconds,
    int seconds,
    int keys,
    int lingerMs,
    int intervalSeconds,
    boolean startOnStdin) {

  static final String USAGE =
      "usage: KafkaLatencyProbe --bootstrap HOST:PORT --input TOPIC --output TOPIC --rate R"
          + " [--warmup S (15; 0 allowed)] [--seconds S (60)] [--keys N (100)] [--linger-ms MS (1)]"
          + " [--interval S (0: none)] [--start-on-stdin 0|1 (0)]";

  /** The settings of {@code args}; throws {@link IllegalArgumentException} naming a bad one. */
  public static ProbeSettings parse(String[] args) {
    Map<String, String> given = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("expected --name value pairs at " + args[i]);
      }
      given.put(args[i].substring(2), args[i + 1]);
    }
    ProbeSettings settings =
        new ProbeSettings(
            required(given, "bootstrap"),
            required(given, "input"),
            required(given, "output"),
            positive(given, "rate", null),
            atLeastZero(given, "warmup", 15),
            positive(given, "seconds", 60),
            positive(given, "keys", 100),
            Integer.parseInt(given.getOrDefault("linger-ms", "1")),
            atLeastZero(given, "interval", 0),
            atLeastZero(given, "start-on-stdin", 0) > 0);
    given
        .keySet()
        .removeAll(
            java.util.List.of(
                "bootstrap",
                "input",
                "output",
                "rate",
                "warmup",
                "seconds",
                "keys",
                "linger-ms",
                "interval",
                "start-on-stdin"));
    if (!given.isEmpty()) {
      throw new IllegalArgumentException("unknown options " + given.keySet());
    }
    return settings;
  }

  private static String required(Map<String, String> given, String name) {
    String value = given.get(name);
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("--" + name + " is required");
    }
    return value;
  }

  private static int atLeastZero(Map<String, String> given, String name, int fallback) {
    String raw = given.get(name);
    if (raw == null) {
      return fallback;
    }
    int value = Integer.parseInt(raw);
    if (value < 0) {
      throw new IllegalArgumentException("--" + name + " must not be negative, not " + raw);
    }
    return value;
  }

  private static int positive(Map<String, String> given, String name, Integer fallback) {
    String raw = given.get(name);
    if (raw == null) {
      if (fallback == null) {
        throw new IllegalArgumentException("--" + name + " is required");
      }
      return fallback;
    }
    int value = Integer.parseInt(raw);
    if (value <= 0) {
      throw new IllegalArgumentException("--" + name + " must be positive, not " + raw);
    }
    return value;
  }
}
