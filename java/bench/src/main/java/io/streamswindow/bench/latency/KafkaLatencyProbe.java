package io.streamswindow.bench.latency;

import java.util.Locale;

/**
 * The load driver of {@code scripts/bench latency}: writes an input topic at a fixed rate ({@link
 * PacedProducer}) while reading the output topic a query writes ({@link OutputConsumer}, positioned
 * at its end before the first record is written), then prints one JSON line: the latency
 * percentiles of the records received in the measurement window after the warm-up, and the lag
 * trend ({@link LagTrend}) that tells a sustained rate from one the query falls behind, and the
 * wall clock of its start ({@code start_ms}: the warm-up begins then, the measurement window {@code
 * warmup_s} later), for what else is read from the output topic. With {@code --interval S} (the
 * cold-start mode of {@code scripts/bench latency}, with {@code --warmup 0}) the line also has
 * {@code intervals}: the count, p50, p99 and max of the latencies received in each S seconds from
 * the start; with {@code --start-on-stdin 1} it starts only when a line comes on its standard
 * input, after its consumer is positioned.
 *
 * <pre>
 * java -cp java/bench/target/benchmarks.jar io.streamswindow.bench.latency.KafkaLatencyProbe \
 *     --bootstrap 127.0.0.1:9092 --input in --output out --rate 1000 --warmup 15 --seconds 60
 * </pre>
 *
 * <p>Exit status 0 with the JSON line on stdout; 2 for bad arguments; 1 when the probe itself
 * failed (the JSON line is still printed when it got that far, with an {@code error}).
 */
public final class KafkaLatencyProbe {
  private KafkaLatencyProbe() {}

  public static void main(String[] args) throws Exception {
    ProbeSettings settings;
    try {
      settings = ProbeSettings.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(ProbeSettings.USAGE);
      System.exit(2);
      return;
    }
    int seconds = settings.warmupSeconds() + settings.seconds();
    OutputConsumer consumer = new OutputConsumer(settings, seconds);
    Thread reading = new Thread(consumer, "output-consumer");
    reading.start();
    consumer.awaitPositioned();
    if (settings.startOnStdin()) {
      awaitLine();
    }

    long startNanos = System.nanoTime();
    long startMillis = System.currentTimeMillis();
    consumer.start(startMillis);
    PacedProducer producer = new PacedProducer(settings, startNanos, seconds);
    Thread writing = new Thread(producer, "paced-producer");
    writing.start();
    writing.join();
    reading.join();

    LagTrend trend =
        new LagTrend(
            producer.produced(),
            consumer.received(),
            settings.warmupSeconds(),
            settings.seconds(),
            settings.rate());
    String error = null;
    if (consumer.failure() != null) {
      error = "output consumer: " + consumer.failure();
    } else if (producer.failed() > 0) {
      error = producer.failed() + " sends failed, the first: " + producer.firstFailure();
    }
    System.out.println(report(settings, startMillis, producer, consumer, trend, error));
    System.exit(error == null ? 0 : 1);
  }

  private static String report(
      ProbeSettings settings,
      long startMillis,
      PacedProducer producer,
      OutputConsumer consumer,
      LagTrend trend,
      String error) {
    LatencyHistogram latencies = consumer.latencies();
    int seconds = settings.warmupSeconds() + settings.seconds();
    StringBuilder json = new StringBuilder("{");
    field(json, "rate", settings.rate());
    field(json, "warmup_s", settings.warmupSeconds());
    field(json, "seconds", settings.seconds());
    field(json, "start_ms", startMillis);
    field(json, "count", latencies.count());
    field(json, "p50_ms", latencies.percentile(0.50));
    field(json, "p99_ms", latencies.percentile(0.99));
    field(json, "max_ms", latencies.max());
    field(json, "mean_ms", round(latencies.mean()));
    field(json, "produced_per_s", round(trend.producedRate()));
    field(json, "received_per_s", round(trend.receivedRate()));
    field(json, "lag_slope_per_s", round(trend.slope()));
    field(json, "lag_growing", trend.growing());
    field(json, "kept_up", trend.keptUp());
    field(json, "sustained", trend.sustained());
    field(json, "without_sent", consumer.withoutSent());
    json.append("\"produced\":").append(series(producer.produced(), seconds)).append(',');
    json.append("\"received\":").append(series(consumer.received(), seconds)).append(',');
    json.append("\"lag\":").append(java.util.Arrays.toString(trend.lag()).replace(" ", ""));
    if (settings.intervalSeconds() > 0) {
      json.append(",\"interval_s\":").append(settings.intervalSeconds());
      json.append(",\"intervals\":").append(intervals(consumer.intervals(), settings));
    }
    if (error != null) {
      String text = error.replace("\\", "/").replace('"', '\'').replaceAll("\\s+", " ");
      json.append(",\"error\":\"").append(text).append('"');
    }
    return json.append('}').toString();
  }

  /**
   * One object per interval from the start: {@code from_s}, and the {@code count}, {@code p50_ms},
   * {@code p99_ms} and {@code max_ms} of the latencies received in it ({@code count} 0 and no
   * percentiles when none came).
   */
  private static String intervals(LatencyHistogram[] intervals, ProbeSettings settings) {
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < intervals.length; i++) {
      LatencyHistogram h = intervals[i];
      s.append(i == 0 ? "{" : ",{");
      s.append("\"from_s\":").append(i * settings.intervalSeconds());
      s.append(",\"count\":").append(h == null ? 0 : h.count());
      if (h != null && h.count() > 0) {
        s.append(",\"p50_ms\":").append(h.percentile(0.50));
        s.append(",\"p99_ms\":").append(h.percentile(0.99));
        s.append(",\"max_ms\":").append(h.max());
      }
      s.append('}');
    }
    return s.append(']').toString();
  }

  /** Waits for a line (or the end) on standard input: {@code --start-on-stdin 1}. */
  private static void awaitLine() throws java.io.IOException {
    new java.io.BufferedReader(
            new java.io.InputStreamReader(System.in, java.nio.charset.StandardCharsets.UTF_8))
        .readLine();
  }

  private static void field(StringBuilder json, String name, Object value) {
    json.append('"').append(name).append("\":").append(value).append(',');
  }

  private static String round(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }

  private static String series(PerSecondCounts counts, int seconds) {
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < seconds; i++) {
      s.append(i == 0 ? "" : ",").append(counts.at(i));
    }
    return s.append(']').toString();
  }
}
