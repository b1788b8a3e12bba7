package io.streamswindow.spark.connect;

import io.streamswindow.spark.OperatorRunRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

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
 *   ... call.request().operatorClass(), call.request().input().window() ...
 * }
 * }</pre>
 */
public sealed interface WindowRequest {

  /**
   * The call field of a {@code run_operator} with input ports beyond 0: the same {@code
   * RunOperator} message, under a number of its own so that a server whose jar does not read {@code
   * more_inputs} refuses the call instead of running port 0 alone (docs/connect.md).
   */
  int RUN_OPERATOR_PORTS = 5;

  /** The {@code type_url} of the {@code Any} that carries a request. */
  String TYPE_URL = "type.googleapis.com/streams_window.connect.WindowRequest";

  /** The version of the message this jar reads; a request of another version is refused. */
  int VERSION = 1;

  /**
   * {@code run_operator}: the {@link OperatorRunRequest} the Py4J path's arguments to {@code
   * WindowedOperators.runOperator} make. {@code input} is the encoded {@code
   * spark.connect.Relation} of the input DataFrame; {@code moreInputs} those of input ports 1, 2...
   * (empty for one port), whose windows the request declares.
   */
  record RunOperator(byte[] input, OperatorRunRequest request, List<byte[]> moreInputs)
      implements WindowRequest {

    /** A call of an operator with one input port. */
    public RunOperator(byte[] input, OperatorRunRequest request) {
      this(input, request, List.of());
    }
  }

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
    int callField = 0;
    WireReader call = null;
    WireReader reader = new WireReader(message);
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> version = reader.varint();
        case 2, 3, 4, RUN_OPERATOR_PORTS -> {
          callField = reader.field();
          call = reader.message();
        }
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
    // Read once the version is known to be this jar's: a call of another version may hold what
    // this jar cannot read (an option it does not know), and the version is what to report.
    return switch (callField) {
      case 2 -> runOperator(call);
      case RUN_OPERATOR_PORTS -> runOperator(call);
      case 3 -> aggregate(call);
      default -> parseWindow(call);
    };
  }

  /**
   * A {@code RunOperator} message, read into the request the Py4J path's arguments make: the
   * options by their keys ({@link io.streamswindow.spark.RunOption}), an output schema sent as a
   * {@code StructType}'s JSON as its DDL, as the Py4J path passes it.
   *
   * @throws IllegalArgumentException for an option key that names no option
   */
  private static RunOperator runOperator(WireReader reader) {
    byte[] input = null;
    String operatorClass = "";
    String window = null; // absent: input port 0 is not windowed
    List<String> partitionBy = new ArrayList<>();
    List<String> orderBy = new ArrayList<>();
    Map<String, List<String>> params = new LinkedHashMap<>();
    String outputSchema = "";
    String outputSchemaJson = "";
    Map<String, String> options = new LinkedHashMap<>();
    List<byte[]> moreInputs = new ArrayList<>();
    List<String> moreWindows = new ArrayList<>();
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> input = reader.bytes();
        case 2 -> operatorClass = reader.string();
        case 10 -> moreInput(reader.message(), moreInputs, moreWindows);
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
    OperatorRunRequest.Builder request =
        OperatorRunRequest.builder(operatorClass)
            .window(window)
            .partitionBy(partitionBy)
            .orderBy(orderBy)
            .parameters(params)
            .outputSchema(outputSchemaJson.isEmpty() ? outputSchema : ddlOf(outputSchemaJson))
            .options(options);
    moreWindows.forEach(request::inputPort);
    return new RunOperator(requireInput(input), request.build(), List.copyOf(moreInputs));
  }

  /**
   * A {@code MoreInput} message: an input port's relation and its window (absent: not windowed),
   * added to {@code inputs} and {@code windows}.
   */
  private static void moreInput(WireReader reader, List<byte[]> inputs, List<String> windows) {
    byte[] relation = null;
    String window = null;
    while (reader.next()) {
      switch (reader.field()) {
        case 1 -> relation = reader.bytes();
        case 2 -> window = reader.string();
        default -> reader.skip();
      }
    }
    inputs.add(requireInput(relation));
    windows.add(window);
  }

  /** The DDL of the {@code StructType} whose JSON the client sent. */
  private static String ddlOf(String structJson) {
    if (DataType.fromJson(structJson) instanceof StructType struct) {
      return struct.toDDL();
    }
    throw new IllegalArgumentException(
        "Malformed streams-window Connect request: its output schema is not a StructType");
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
