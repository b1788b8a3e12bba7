package io.streamswindow.bench.latency;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads the output topic from its end (every partition, no consumer group), and for each record
 * received in the measurement window records its latency: the wall clock (ms) when the poll that
 * returned it came back, less the {@code sent} field the query carried through. Counts every record
 * received per second of the run, window or not, for the lag trend. With {@code --interval S} it
 * also keeps the latencies of the records received in each S seconds from the run's start apart
 * ({@link #intervals()}), warm-up included.
 *
 * <pre>{@code
 * OutputConsumer c = new OutputConsumer(settings, startMillis, seconds);
 * new Thread(c).start();
 * c.awaitPositioned(); // at the end of every partition: start writing now
 * }</pre>
 */
final class OutputConsumer implements Runnable {
  private final ProbeSettings settings;
  private final PerSecondCounts received;
  private final LatencyHistogram latencies = new LatencyHistogram();
  private final LatencyHistogram[] intervals;
  private final CountDownLatch positioned = new CountDownLatch(1);
  private volatile long startMillis;
  private volatile Exception failure;
  private long withoutSent;

  OutputConsumer(ProbeSettings settings, int seconds) {
    this.settings = settings;
    this.received = new PerSecondCounts(seconds);
    int every = settings.intervalSeconds();
    this.intervals = new LatencyHistogram[every == 0 ? 0 : (seconds + every - 1) / every];
  }

  /** Sets second 0 of the run, before the producer starts; the consumer reads until its end. */
  void start(long startMillis) {
    this.startMillis = startMillis;
  }

  @Override
  public void run() {
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config())) {
      List<TopicPartition> partitions = partitions(consumer);
      consumer.assign(partitions);
      consumer.seekToEnd(partitions);
      for (TopicPartition p : partitions) {
        consumer.position(p); // resolves the end now, before anything is written
      }
      positioned.countDown();
      while (startMillis == 0) {
        Thread.onSpinWait();
      }
      long windowStart = startMillis + settings.warmupSeconds() * 1000L;
      long end = windowStart + settings.seconds() * 1000L;
      while (System.currentTimeMillis() < end) {
        ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(20));
        long now = System.currentTimeMillis();
        if (records.isEmpty()) {
          continue;
        }
        received.add(now - startMillis, records.count());
        if (intervals.length > 0 && now >= startMillis) {
          count(records, now, interval(now - startMillis));
        }
        if (now < windowStart || now >= end) {
          continue;
        }
        for (ConsumerRecord<String, String> record : records) {
          long sent = SentField.of(record.value());
          if (sent < 0) {
            withoutSent++;
          } else {
            latencies.add(now - sent);
          }
        }
      }
    } catch (Exception e) {
      failure = e;
    } finally {
      positioned.countDown();
    }
  }

  /** The histogram of the interval that {@code elapsedMs} after the start falls in. */
  private LatencyHistogram interval(long elapsedMs) {
    int index =
        (int) Math.min(intervals.length - 1, elapsedMs / (settings.intervalSeconds() * 1000L));
    if (intervals[index] == null) {
      intervals[index] = new LatencyHistogram();
    }
    return intervals[index];
  }

  /**
   * Adds the latency of each record with a {@code sent} field, received at {@code now}, to {@code
   * histogram}.
   */
  private static void count(
      ConsumerRecords<String, String> records, long now, LatencyHistogram histogram) {
    for (ConsumerRecord<String, String> record : records) {
      long sent = SentField.of(record.value());
      if (sent >= 0) {
        histogram.add(now - sent);
      }
    }
  }

  private List<TopicPartition> partitions(KafkaConsumer<String, String> consumer)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + 30_000;
    while (true) {
      List<PartitionInfo> infos = consumer.partitionsFor(settings.outputTopic());
      if (infos != null && !infos.isEmpty()) {
        List<TopicPartition> partitions = new ArrayList<>();
        for (PartitionInfo info : infos) {
          partitions.add(new TopicPartition(info.topic(), info.partition()));
        }
        return partitions;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IllegalStateException("topic " + settings.outputTopic() + " has no partitions");
      }
      Thread.sleep(200);
    }
  }

  private Properties config() {
    Properties p = new Properties();
    p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrap());
    p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "20");
    p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "10000");
    return p;
  }

  /** Waits until the consumer sits at the end of every partition (or has failed). */
  void awaitPositioned() throws InterruptedException {
    positioned.await();
    if (failure != null) {
      throw new IllegalStateException("the output consumer failed: " + failure, failure);
    }
  }

  PerSecondCounts received() {
    return received;
  }

  LatencyHistogram latencies() {
    return latencies;
  }

  /**
   * The latencies of the records received in each interval of {@code --interval} seconds from the
   * start (an element is null when none came in that interval); empty without {@code --interval}.
   */
  LatencyHistogram[] intervals() {
    return intervals;
  }

  /** Output records without a {@code sent} field. */
  long withoutSent() {
    return withoutSent;
  }

  Exception failure() {
    return failure;
  }
}
