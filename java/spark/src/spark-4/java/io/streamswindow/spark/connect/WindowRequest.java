package io.streamswindow.spark.connect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The request the Python facade sends through Spark Connect, in a {@code Relation.extension}
 * ({@code google.protobuf.Any}): one call of {@code run_operator}, {@code aggregate} or {@code
 * parse_window}, with its arguments as the Py4J path passes them to {@code WindowedOperators} and
 * {@code Aggregates}.
 *
 * <p>The message, version {@value #VERSION}, is documented in docs/connect.md ("The request
 * message") in protobuf's own notation; both sides encode it by hand in protobuf's wire format
 * (docs/decisions.md, "Spark Connect"). Example:
 *
 * <pre>{@code
 * WindowRequest request = WindowRequest.fromAny(anyBytes); // null: not a streams-window request
 * if (request instanceof WindowRequest.RunOperator call) {
 *   ... call.operatorClass(), call.window() ...
 * }
 * }</pre>
 */
public sealed interface WindowRequest {

  /** The {@code type_url} of the {@code Any} that carries a request. */
  String TYPE_URL = "type.googleapis.com/streams_window.connect.WindowRequest";

  /** The version of the message this jar reads; a request of another version is refused. */
  int VERSION = 1;

  /**
   * {@code run_operator}: {@code WindowedOperators.runOperator}'s arguments. {@code input} is the
   * encoded {@code spark.connect.Relation} of the input DataFrame; {@code outputSchemaJson} is set
   * instead of {@code outputSchema} (a DDL string) when the caller gave a {@code StructType}.
   */
  record RunOperator(
      byte[] input,
      String operatorClass,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      Map<String, List<String>> params,
      String outputSchema,
      String outputSchemaJson,
      Map<String, String> options)
      implements WindowRequest {}

  /** {@code aggregate}: {@code Aggregates.aggregate}'s arguments; {@code input} as above. */
  record Aggregate(
      byte[] input,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> output,
      List<String> groupBy,
      Map<String, String> options)
      implements WindowRequest {}

  /** {@code parse_window}: the clause to read. */
  record ParseWindow(String clause) implements WindowRequest {}

  /**
   * Reads the encoded {@code google.protobuf.Any} a relation plugin is given.
   *
   * @return the request, or null when the {@code Any} holds another message (another plugin's)
   * @throws IllegalArgumentException for a streams-window request that is malformed, holds no call
   *     or is of another version, saying so
   */
  static WindowRequest fromAny(byte[] any) {
    String typeUrl = "";
    byte[] value = new byte[0];
    WireReader reader = new WireReader(any);
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> typeUrl = reader.string();
        case 2 -> value = reader.bytes();
        default -> reader.skip();
      }
    }
    return TYPE_URL.equals(typeUrl) ? decode(value) : null;
  }

  /** Reads an encoded {@code WindowRequest} message (the {@code Any}'s value). */
  static WindowRequest decode(byte[] message) {
    long version = 0;
    WindowRequest call = null;
    WireReader reader = new WireReader(message);
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> version = reader.varint();
        case 2 -> call = runOperator(reader.message());
        case 3 -> call = aggregate(reader.message());
        case 4 -> call = parseWindow(reader.message());
        default -> reader.skip();
      }
    }
    if (version != VERSION) {
      throw new IllegalArgumentException(
          "This Spark Connect server's streams-window jar reads requests of version "
              + VERSION
              + ", and the client sent version "
              + version
              + ": use the same streams-window version on the client and on the server");
    }
    if (call == null) {
      throw new IllegalArgumentException(
          "Malformed streams-window Connect request: it names no call");
    }
    return call;
  }

  private static RunOperator runOperator(WireReader reader) {
    byte[] input = null;
    String operatorClass = "";
    String window = "";
    List<String> partitionBy = new ArrayList<>();
    List<String> orderBy = new ArrayList<>();
    Map<String, List<String>> params = new LinkedHashMap<>();
    String outputSchema = "";
    String outputSchemaJson = "";
    Map<String, String> options = new LinkedHashMap<>();
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> input = reader.bytes();
        case 2 -> operatorClass = reader.string();
        case 3 -> window = reader.string();
        case 4 -> partitionBy.add(reader.string());
        case 5 -> orderBy.add(reader.string());
        case 6 -> parameter(reader.message(), params);
        case 7 -> outputSchema = reader.string();
        case 8 -> entry(reader.message(), options);
        case 9 -> outputSchemaJson = reader.string();
        default -> reader.skip();
      }
    }
    return new RunOperator(
        requireInput(input),
        operatorClass,
        window,
        partitionBy,
        orderBy,
        params,
        outputSchema,
        outputSchemaJson,
        options);
  }

  private static Aggregate aggregate(WireReader reader) {
    byte[] input = null;
    String window = "";
    List<String> partitionBy = new ArrayList<>();
    List<String> orderBy = new ArrayList<>();
    List<String> output = new ArrayList<>();
    List<String> groupBy = new ArrayList<>();
    Map<String, String> options = new LinkedHashMap<>();
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> input = reader.bytes();
        case 2 -> window = reader.string();
        case 3 -> partitionBy.add(reader.string());
        case 4 -> orderBy.add(reader.string());
        case 5 -> output.add(reader.string());
        case 6 -> groupBy.add(reader.string());
        case 7 -> entry(reader.message(), options);
        default -> reader.skip();
      }
    }
    return new Aggregate(
        requireInput(input), window, partitionBy, orderBy, output, groupBy, options);
  }

  private static ParseWindow parseWindow(WireReader reader) {
    String clause = "";
    while (reader.next()) {
      if (reader.field() == 1) {
        clause = reader.string();
      } else {
        reader.skip();
      }
    }
    return new ParseWindow(clause);
  }

  /** A {@code Parameter} message: a name and its values, added to {@code params}. */
  private static void parameter(WireReader reader, Map<String, List<String>> params) {
    String name = "";
    List<String> values = new ArrayList<>();
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> name = reader.string();
        case 2 -> values.add(reader.string());
        default -> reader.skip();
      }
    }
    params.put(name, values);
  }

  /** An entry of a {@code map<string, string>} field, added to {@code map}. */
  private static void entry(WireReader reader, Map<String, String> map) {
    String key = "";
    String value = "";
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> key = reader.string();
        case 2 -> value = reader.string();
        default -> reader.skip();
      }
    }
    map.put(key, value);
  }

  private static byte[] requireInput(byte[] input) {
    if (input == null) {
      throw new IllegalArgumentException(
          "Malformed streams-window Connect request: it carries no input relation");
    }
    return input;
  }
}
