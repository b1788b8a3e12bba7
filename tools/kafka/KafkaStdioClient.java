import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Future;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * One Kafka client for tests/python/kafka_broker.py's KafkaClient, kept running for as long as
 * its caller: one request a line on standard input, one answer a line on standard output, both
 * JSON. Each of Kafka's console tools is a JVM of its own, about a second a call (more on a busy
 * machine); this is one JVM per caller, and a few milliseconds a call.
 *
 * <p>Requests: {@code {"op": "create", "topic": t, "partitions": n}}; {@code {"op": "produce",
 * "topic": t, "records": [[key or null, value], ...]}} (acknowledged by every replica, in order;
 * records with one key in one partition, by Kafka's default partitioner, as the console producer
 * places them); {@code {"op": "offsets", "topic": t}} (each partition's end offset); {@code
 * {"op": "consume", "topic": t, "timeout_ms": ms}} (every record up to the end offsets as they are
 * when asked, in partition and offset order, with no consumer group). Answers: {@code {"ok": ...}}
 * or {@code {"error": message}}. It ends when its standard input does.
 *
 * <p>Run from source, with the broker's jars (which hold the client and Jackson): {@code java -cp
 * 'tools/kafka/target/broker/*' tools/kafka/KafkaStdioClient.java host:port}.
 */
public final class KafkaStdioClient {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String bootstrap;
  private Admin admin;
  private KafkaProducer<String, String> producer;
  private KafkaConsumer<String, String> consumer;

  private KafkaStdioClient(String bootstrap) {
    this.bootstrap = bootstrap;
  }

  public static void main(String[] args) throws Exception {
    KafkaStdioClient client = new KafkaStdioClient(args[0]);
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    try {
      String line;
      while ((line = in.readLine()) != null) {
        ObjectNode answer = JSON.createObjectNode();
        try {
          answer.set("ok", client.answer(JSON.readTree(line)));
        } catch (Exception e) {
          answer.put("error", e.toString());
        }
        out.println(JSON.writeValueAsString(answer));
      }
    } finally {
      client.close();
    }
  }

  private JsonNode answer(JsonNode request) throws Exception {
    String topic = request.get("topic").asText();
    switch (request.get("op").asText()) {
      case "create":
        admin()
            .createTopics(List.of(new NewTopic(topic, request.get("partitions").asInt(), (short) 1)))
            .all()
            .get();
        return JSON.nullNode();
      case "produce":
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (JsonNode record : request.get("records")) {
          String key = record.get(0).isNull() ? null : record.get(0).asText();
          sent.add(producer().send(new ProducerRecord<>(topic, key, record.get(1).asText())));
        }
        producer().flush();
        for (Future<RecordMetadata> acknowledged : sent) {
          acknowledged.get(); // a record the broker refused fails the request
        }
        return JSON.getNodeFactory().numberNode(request.get("records").size());
      case "offsets":
        ObjectNode offsets = JSON.createObjectNode();
        endOffsets(topic).forEach((p, offset) -> offsets.put(String.valueOf(p.partition()), offset));
        return offsets;
      case "consume":
        return consume(topic, request.get("timeout_ms").asLong());
      default:
        throw new IllegalArgumentException("unknown op " + request.get("op"));
    }
  }

  private Map<TopicPartition, Long> endOffsets(String topic) {
    List<TopicPartition> partitions = new ArrayList<>();
    for (PartitionInfo info : consumer().partitionsFor(topic, Duration.ofSeconds(30))) {
      partitions.add(new TopicPartition(topic, info.partition()));
    }
    return consumer().endOffsets(partitions, Duration.ofSeconds(30));
  }

  private ArrayNode consume(String topic, long timeoutMs) {
    Map<TopicPartition, Long> ends = endOffsets(topic);
    KafkaConsumer<String, String> reader = consumer();
    reader.assign(ends.keySet());
    reader.seekToBeginning(ends.keySet());
    List<ConsumerRecord<String, String>> records = new ArrayList<>();
    long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
    while (!reachedEnd(reader, ends)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "read " + records.size() + " records of " + topic + " in " + timeoutMs + " ms");
      }
      for (ConsumerRecord<String, String> record : reader.poll(Duration.ofMillis(100))) {
        if (record.offset() < ends.get(new TopicPartition(topic, record.partition()))) {
          records.add(record);
        }
      }
    }
    reader.assign(Set.of());
    records.sort(
        Comparator.<ConsumerRecord<String, String>>comparingInt(ConsumerRecord::partition)
            .thenComparingLong(ConsumerRecord::offset));
    ArrayNode answer = JSON.createArrayNode();
    for (ConsumerRecord<String, String> record : records) {
      answer
          .addArray()
          .add(record.partition())
          .add(record.offset())
          .add(record.key())
          .add(record.value());
    }
    return answer;
  }

  private static boolean reachedEnd(
      KafkaConsumer<String, String> reader, Map<TopicPartition, Long> ends) {
    for (Map.Entry<TopicPartition, Long> end : ends.entrySet()) {
      if (reader.position(end.getKey()) < end.getValue()) {
        return false;
      }
    }
    return true;
  }

  private Properties properties() {
    Properties properties = new Properties();
    properties.put("bootstrap.servers", bootstrap);
    return properties;
  }

  private Admin admin() {
    if (admin == null) {
      admin = Admin.create(properties());
    }
    return admin;
  }

  private KafkaProducer<String, String> producer() {
    if (producer == null) {
      Properties properties = properties();
      properties.put("acks", "all");
      producer =
          new KafkaProducer<>(properties, new StringSerializer(), new StringSerializer());
    }
    return producer;
  }

  private KafkaConsumer<String, String> consumer() {
    if (consumer == null) {
      Properties properties = properties();
      properties.put("enable.auto.commit", "false");
      properties.put("auto.offset.reset", "earliest");
      consumer =
          new KafkaConsumer<>(properties, new StringDeserializer(), new StringDeserializer());
    }
    return consumer;
  }

  private void close() {
    if (producer != null) {
      producer.close();
    }
    if (consumer != null) {
      consumer.close();
    }
    if (admin != null) {
      admin.close();
    }
  }
}
