package io.streamswindow.spark.state;

import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.plan.OperatorPlan;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * What a key's saved window state depends on, saved with it so that a query restarted from its
 * checkpoint with a different definition is refused instead of reading state it was not written for
 * (docs/reliability.md, "Restarts that change the query"): the operator class, the window
 * declaration (clause and event-time column), the {@code partition_by} and {@code order_by}
 * columns, and the SPL schema of the operator's input tuples.
 *
 * <p>Parameters and the output schema are left out on purpose: they shape what the operator emits
 * from now on, not how the saved windows read, and changing a threshold across a restart is what
 * users do. Example:
 *
 * <pre>{@code
 * PlanFingerprint now = PlanFingerprint.of(plan);
 * List<DefinitionChange> changed = now.changesFrom(savedBytes); // saved toBytes() or digest(); empty: same
 * }</pre>
 *
 * @param parts each part's name (as the message names it) and its value, in a fixed order
 */
public record PlanFingerprint(Map<String, String> parts) {

  static final String OPERATOR = "operator class";
  static final String WINDOW = "window clause";
  static final String PARTITION_BY = "partition_by";
  static final String ORDER_BY = "order_by";
  static final String INPUT_SCHEMA = "input schema";

  public PlanFingerprint {
    parts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parts));
  }

  /**
   * The fingerprint of {@code plan}. With input ports beyond 0, the window and the input schema
   * parts name every port's, port 0's first, then {@code "; port 1: "} and port 1's..., so that a
   * restart with another port's window or schema is told apart; with one port, they are port 0's
   * alone, as before there were several.
   */
  public static PlanFingerprint of(OperatorPlan plan) {
    StringBuilder windows = new StringBuilder(plan.windowSpec().toString());
    StringBuilder schemas = new StringBuilder(plan.inputSchema(plan.tuplesOf(0)).toString());
    for (int port = 1; port < plan.inputPorts(); port++) {
      OperatorPlan portPlan = plan.ofPort(port);
      windows.append("; port ").append(port).append(": ").append(portPlan.windowSpec());
      schemas
          .append("; port ")
          .append(port)
          .append(": ")
          .append(portPlan.inputSchema(plan.tuplesOf(port)));
    }
    Map<String, String> parts = new LinkedHashMap<>();
    parts.put(OPERATOR, plan.operatorClass());
    parts.put(WINDOW, windows.toString());
    parts.put(PARTITION_BY, String.valueOf(plan.partitionBy()));
    parts.put(ORDER_BY, String.valueOf(plan.orderBy()));
    parts.put(INPUT_SCHEMA, schemas.toString());
    return new PlanFingerprint(parts);
  }

  /** The fingerprint as bytes: the number of parts, then each name and value (modified UTF-8). */
  public byte[] toBytes() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeShort(parts.size());
      for (Map.Entry<String, String> part : parts.entrySet()) {
        out.writeUTF(part.getKey());
        out.writeUTF(part.getValue());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array stream does not fail
    }
    return bytes.toByteArray();
  }

  /** The first byte of a {@link #digest()}; {@link #toBytes()} starts with a short count. */
  private static final byte DIGEST = (byte) 0xFF;

  /**
   * The fingerprint in 4 bytes per part: a CRC-32C of each value, in order. What each key's saved
   * value carries (the full text would add a few hundred bytes to every write of a small window);
   * the query's definition record carries {@link #toBytes()}, which names the values of then.
   */
  public byte[] digest() {
    ByteBuffer out = ByteBuffer.allocate(2 + 4 * parts.size()).put(DIGEST).put((byte) parts.size());
    for (String value : parts.values()) {
      out.putInt(crc(value));
    }
    return out.array();
  }

  /**
   * What differs from the saved {@link #toBytes()} or {@link #digest()}, one line per part (see
   * {@link #changesFrom(PlanFingerprint)}); a digest names the part and its value now.
   */
  public List<DefinitionChange> changesFrom(byte[] saved) throws IOException {
    if (saved.length == 0 || saved[0] != DIGEST) {
      return changesFrom(read(new DataInputStream(new ByteArrayInputStream(saved))));
    }
    ByteBuffer in = ByteBuffer.wrap(saved, 1, saved.length - 1);
    List<DefinitionChange> changes = new ArrayList<>();
    if (in.get() != parts.size() || in.remaining() != 4 * parts.size()) {
      changes.add(DefinitionChange.otherParts(String.valueOf(parts.keySet())));
      return changes;
    }
    for (Map.Entry<String, String> part : parts.entrySet()) {
      if (in.getInt() != crc(part.getValue())) {
        changes.add(DefinitionChange.digestDiffers(part.getKey(), part.getValue()));
      }
    }
    return changes;
  }

  private static int crc(String value) {
    CRC32C crc = new CRC32C();
    crc.update(value.getBytes(StandardCharsets.UTF_8));
    return (int) crc.getValue();
  }

  /** Reads what {@link #toBytes()} wrote. */
  static PlanFingerprint read(DataInputStream in) throws IOException {
    int count = in.readUnsignedShort();
    Map<String, String> parts = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      parts.put(in.readUTF(), in.readUTF());
    }
    return new PlanFingerprint(parts);
  }

  /**
   * What differs from {@code saved}, one line per part: the part, its value when the state was
   * saved and its value now. Empty when the saved state was written for this definition.
   */
  public List<DefinitionChange> changesFrom(PlanFingerprint saved) {
    List<DefinitionChange> changes = new ArrayList<>();
    for (Map.Entry<String, String> part : parts.entrySet()) {
      String before = saved.parts.get(part.getKey());
      if (!Objects.equals(before, part.getValue())) {
        changes.add(DefinitionChange.changed(part.getKey(), before, part.getValue()));
      }
    }
    for (String name : saved.parts.keySet()) {
      if (!parts.containsKey(name)) {
        changes.add(DefinitionChange.unknownHere(name));
      }
    }
    return changes;
  }
}
