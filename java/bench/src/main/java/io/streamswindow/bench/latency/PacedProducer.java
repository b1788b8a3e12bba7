package io.streamswindow.bench.latency;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes the input topic at a fixed rate: record i is due {@code i / rate} seconds after the start,
 * by {@link System#nanoTime()}; each pass sends every record due by now, then parks until the next
 * one is due (no sleep per record, so a late wake-up is made up at once). Keys go round k0 ...
 * k(N-1); each value is {@code {"key","seq","cost","sent"}}, {@code sent} the wall clock (ms) at
 * the send.
 *
 * <pre>{@code
 * PacedProducer p = new PacedProducer(settings, startNanos, seconds);
 * p.run(); // returns after warm-up + measurement seconds
 * p.produced(); // per second
 * }</pre>
 */
final class PacedProducer implements Runnable {
  private final ProbeSettings settings;
  private final long startNanos;
  private final PerSecondCounts produced;
  private final AtomicLong failed = new AtomicLong();
  private final AtomicReference<Exception> firstFailure = new AtomicReference<>();

  PacedProducer(ProbeSettings settings, long startNanos, int seconds) {
    this.settings = settings;
    this.startNanos = startNanos;
    this.produced = new PerSecondCounts(seconds);
  }

  @Override
  public void run() {
    double nanosPerRecord = 1e9 / settings.rate();
    long endNanos = startNanos + (settings.warmupSeconds() + settings.seconds()) * 1_000_000_000L;
    String[] keys = new String[settings.keys()];
    for (int k = 0; k < keys.length; k++) {
      keys[k] = "k" + k;
    }
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(config())) {
      long seq = 0;
      while (true) {
        long now = System.nanoTime();
        if (now >= endNanos) {
          break;
        }
        long due = (long) ((now - startNanos) / nanosPerRecord) + 1;
        for (; seq < due; seq++) {
          String key = keys[(int) (seq % keys.length)];
          String value =
              "{\"key\":\""
                  + key
                  + "\",\"seq\":"
                  + seq
                  + ",\"cost\":"
                  + (seq % 17)
                  + ".0,\"sent\":"
                  + System.currentTimeMillis()
                  + "}";
          producer.send(new ProducerRecord<>(settings.inputTopic(), key, value), this::sent);
          produced.add((System.nanoTime() - startNanos) / 1_000_000, 1);
        }
        long wait = startNanos + (long) (seq * nanosPerRecord) - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(wait);
        }
      }
      producer.flush();
    }
  }

  private void sent(Object metadata, Exception failure) {
    if (failure != null) {
      failed.incrementAndGet();
      firstFailure.compareAndSet(null, failure);
    }
  }

  private Properties config() {
    Properties p = new Properties();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrap());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    p.put(ProducerConfig.LINGER_MS_CONFIG, Integer.toString(settings.lingerMs()));
    p.put(ProducerConfig.ACKS_CONFIG, "1");
    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
    return p;
  }

  /** Records handed to the producer, per second of the run. */
  PerSecondCounts produced() {
    return produced;
  }

  /** Records the broker refused or the producer could not send. */
  long failed() {
    return failed.get();
  }

  /** The first failure, or null. */
  Exception firstFailure() {
    return firstFailure.get();
  }
}
