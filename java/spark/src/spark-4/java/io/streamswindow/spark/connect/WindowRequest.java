package io.streamswindow.spark.connect;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.UnknownFieldSet;
import io.streamswindow.spark.OperatorRunRequest;
import io.streamswindow.spark.connect.proto.WindowRequestProto;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The request the Python facade sends through Spark Connect, in a {@code Relation.extension}
 * ({@code google.protobuf.Any}): one call of {@code run_operator}, {@code aggregate}, {@code
 * functor}, {@code sort}, {@code join}, {@code spl_column} or {@code parse_window}, with its
 * arguments as the Py4J path passes them to {@code WindowedOperators} and {@code Aggregates}.
 *
 * <p>The message, version {@value #VERSION}, is {@code streams_window.connect.WindowRequest} of
 * {@code src/spark-4/proto/streams_window/connect/window_request.proto}, read here through the
 * classes the build generates from it ({@link WindowRequestProto}); a request of version 1, which
 * clients before version 2 send, is read by mapping it onto version 2 (docs/connect.md, "The
 * request message"). Example:
 *
 * <pre>{@code
 * WindowRequest request = WindowRequest.fromAny(anyBytes); // null: not a streams-window request
 * if (request instanceof WindowRequest.RunOperator call) {
 *   ... call.request().operatorClass(), call.request().inputs().get(1).window() ...
 * }
 * }</pre>
 */
public sealed interface WindowRequest {

  /** The {@code type_url} of the {@code Any} that carries a request. */
  String TYPE_URL = "type.googleapis.com/streams_window.connect.WindowRequest";

  /** The version of the message clients send; version 1 is read as well. */
  int VERSION = 2;

  /**
   * {@code run_operator}: the {@link OperatorRunRequest} the Py4J path's arguments to {@code
   * WindowedOperators.runOperator} make, and {@code inputs}, the encoded {@code
   * spark.connect.Relation} of each input port's DataFrame, port 0's first (at least one), whose
   * windows the request holds.
   */
  record RunOperator(List<byte[]> inputs, OperatorRunRequest request) implements WindowRequest {}

  /**
   * {@code aggregate}: {@code Aggregates.aggregate}'s arguments; {@code input} the encoded {@code
   * spark.connect.Relation} of the input DataFrame.
   */
  record Aggregate(
      byte[] input,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> output,
      List<String> groupBy,
      Map<String, String> options)
      implements WindowRequest {}

  /**
   * {@code functor}: {@code SplExpressions.functor}'s arguments; {@code input} the encoded {@code
   * spark.connect.Relation} of the input DataFrame, {@code filter} null when every row passes.
   */
  record Functor(
      byte[] input,
      String filter,
      List<String> names,
      List<String> expressions,
      Map<String, String> splTypes,
      Map<String, String> values)
      implements WindowRequest {}

  /**
   * {@code spl_column}: {@code SplExpressions.column}'s arguments, the input DataFrame given by its
   * schema; answered by {@link SplColumnExpressionPlugin}, as a Column's expression.
   */
  record SplColumn(
      String expression,
      StructType inputSchema,
      Map<String, String> splTypes,
      Map<String, String> values)
      implements WindowRequest {}

  /**
   * {@code sort}: {@code Sorts.sort}'s arguments; {@code input} the encoded {@code
   * spark.connect.Relation} of the input DataFrame.
   */
  record Sort(
      byte[] input,
      String window,
      List<String> partitionBy,
      List<String> orderBy,
      List<String> sortBy,
      List<String> order,
      Map<String, String> options)
      implements WindowRequest {}

  /**
   * {@code join}: {@code Joins.join}'s arguments; {@code left} and {@code right} the encoded {@code
   * spark.connect.Relation}s of the two DataFrames, a window null for SPL's {@code count(0)}.
   */
  record Join(
      byte[] left,
      byte[] right,
      String leftWindow,
      String rightWindow,
      List<String> orderBy,
      List<String> outputNames,
      List<String> outputExpressions,
      Map<String, List<String>> parameters,
      Map<String, String> options)
      implements WindowRequest {}

  /** {@code parse_window}: the clause to read. */
  record ParseWindow(String clause) implements WindowRequest {}

  /**
   * Reads the encoded {@code google.protobuf.Any} a relation plugin is given.
   *
   * @return the request, or null when the {@code Any} holds another message (another plugin's)
   * @throws IllegalArgumentException for a streams-window request that is malformed, holds no call
   *     or is of a version this jar does not read, saying so
   */
  static WindowRequest fromAny(byte[] any) {
    Any message;
    try {
      message = Any.parseFrom(any);
    } catch (InvalidProtocolBufferException e) {
      throw malformed(e);
    }
    return TYPE_URL.equals(message.getTypeUrl()) ? decode(message.getValue()) : null;
  }

  /**
   * Reads an encoded {@code WindowRequest} message (the {@code Any}'s value), of version 1 or 2.
   */
  static WindowRequest decode(ByteString message) {
    WindowRequestProto.WindowRequest request;
    try {
      // The version is read apart from the rest, without a schema: a message of another version
      // may give a field another type, and its version is what to report.
      long version = versionOf(UnknownFieldSet.parseFrom(message));
      if (version == 1) {
        request =
            VersionOneMapping.asVersion2(
                WindowRequestProto.WindowRequestVersion1.parseFrom(message));
      } else if (version == VERSION) {
        request = WindowRequestProto.WindowRequest.parseFrom(message);
      } else {
        throw new IllegalArgumentException(
            "This Spark Connect server's streams-window jar reads requests of version "
                + VERSION
                + " (and 1), and the client sent version "
                + version
                + ": use the same streams-window version on the client and on the server");
      }
    } catch (InvalidProtocolBufferException e) {
      throw malformed(e);
    }
    return switch (request.getCallCase()) {
      case RUN_OPERATOR -> runOperator(request.getRunOperator());
      case AGGREGATE -> aggregate(request.getAggregate());
      case PARSE_WINDOW -> new ParseWindow(request.getParseWindow().getClause());
      case FUNCTOR -> functor(request.getFunctor());
      case SPL_COLUMN -> splColumn(request.getSplColumn());
      case SORT -> sort(request.getSort());
      case JOIN -> join(request.getJoin());
      case CALL_NOT_SET ->
          throw new IllegalArgumentException(
              "Malformed streams-window Connect request: it names no call");
    };
  }

  /** The {@code version} field (1) of a message read without its schema; 0 when it is absent. */
  private static long versionOf(UnknownFieldSet fields) {
    List<Long> values = fields.hasField(1) ? fields.getField(1).getVarintList() : List.of();
    // A field given twice counts as its last value, as protobuf's parsers read it.
    return values.isEmpty() ? 0 : values.get(values.size() - 1);
  }

  /**
   * A {@code RunOperator} message, read into the request the Py4J path's arguments make: port 0's
   * window and the others', the options by their keys ({@link io.streamswindow.spark.RunOption}),
   * an output schema sent as a {@code StructType}'s JSON as its DDL, as the Py4J path passes it.
   *
   * @throws IllegalArgumentException for an option key that names no option, or a call without
   *     input ports
   */
  private static RunOperator runOperator(WindowRequestProto.RunOperator call) {
    if (call.getInputsCount() == 0) {
      throw noInput();
    }
    Map<String, List<String>> params = new LinkedHashMap<>();
    call.getParamsList().forEach(p -> params.put(p.getName(), List.copyOf(p.getValuesList())));
    String json = call.getOutputSchemaJson();
    OperatorRunRequest.Builder request =
        OperatorRunRequest.builder(call.getOperatorClass())
            .window(windowOf(call.getInputs(0)))
            .partitionBy(call.getPartitionByList())
            .orderBy(call.getOrderByList())
            .parameters(params)
            .outputSchema(json.isEmpty() ? call.getOutputSchema() : ddlOf(json))
            .options(call.getOptionsMap());
    List<byte[]> inputs = new ArrayList<>();
    for (WindowRequestProto.InputPort port : call.getInputsList()) {
      if (!inputs.isEmpty()) {
        request.inputPort(windowOf(port));
      }
      inputs.add(relationOf(port.getRelation()));
    }
    return new RunOperator(List.copyOf(inputs), request.build());
  }

  /** A port's window clause; null when it is absent: the port is not windowed. */
  private static String windowOf(WindowRequestProto.InputPort port) {
    return port.hasWindow() ? port.getWindow() : null;
  }

  /** The DDL of the {@code StructType} whose JSON the client sent. */
  private static String ddlOf(String structJson) {
    if (DataType.fromJson(structJson) instanceof StructType struct) {
      return struct.toDDL();
    }
    throw new IllegalArgumentException(
        "Malformed streams-window Connect request: its output schema is not a StructType");
  }

  private static Aggregate aggregate(WindowRequestProto.Aggregate call) {
    return new Aggregate(
        relationOf(call.getInput()),
        call.getWindow(),
        List.copyOf(call.getPartitionByList()),
        List.copyOf(call.getOrderByList()),
        List.copyOf(call.getOutputList()),
        List.copyOf(call.getGroupByList()),
        new LinkedHashMap<>(call.getOptionsMap()));
  }

  private static Functor functor(WindowRequestProto.Functor call) {
    return new Functor(
        relationOf(call.getInput()),
        call.hasFilter() ? call.getFilter() : null,
        List.copyOf(call.getNamesList()),
        List.copyOf(call.getExpressionsList()),
        new LinkedHashMap<>(call.getSplTypesMap()),
        new LinkedHashMap<>(call.getValuesMap()));
  }

  private static Join join(WindowRequestProto.Join call) {
    Map<String, List<String>> params = new LinkedHashMap<>();
    call.getParamsList().forEach(p -> params.put(p.getName(), List.copyOf(p.getValuesList())));
    return new Join(
        relationOf(call.getLeft()),
        relationOf(call.getRight()),
        call.hasLeftWindow() ? call.getLeftWindow() : null,
        call.hasRightWindow() ? call.getRightWindow() : null,
        List.copyOf(call.getOrderByList()),
        List.copyOf(call.getOutputNamesList()),
        List.copyOf(call.getOutputExpressionsList()),
        params,
        new LinkedHashMap<>(call.getOptionsMap()));
  }

  private static Sort sort(WindowRequestProto.Sort call) {
    return new Sort(
        relationOf(call.getInput()),
        call.getWindow(),
        List.copyOf(call.getPartitionByList()),
        List.copyOf(call.getOrderByList()),
        List.copyOf(call.getSortByList()),
        List.copyOf(call.getOrderList()),
        new LinkedHashMap<>(call.getOptionsMap()));
  }

  private static SplColumn splColumn(WindowRequestProto.SplColumn call) {
    DataType type;
    try {
      type = DataType.fromJson(call.getInputSchemaJson());
    } catch (Exception e) { // Jackson's parse errors, thrown unchecked through Scala
      type = null;
    }
    if (!(type instanceof StructType schema)) {
      throw new IllegalArgumentException(
          "Malformed streams-window Connect request: its input schema is not a StructType's JSON");
    }
    return new SplColumn(
        call.getExpression(),
        schema,
        new LinkedHashMap<>(call.getSplTypesMap()),
        new LinkedHashMap<>(call.getValuesMap()));
  }

  /** An input relation's encoding; an empty one is none (no relation encodes to nothing). */
  private static byte[] relationOf(ByteString relation) {
    if (relation.isEmpty()) {
      throw noInput();
    }
    return relation.toByteArray();
  }

  private static IllegalArgumentException noInput() {
    return new IllegalArgumentException(
        "Malformed streams-window Connect request: it carries no input relation");
  }

  private static IllegalArgumentException malformed(InvalidProtocolBufferException e) {
    return new IllegalArgumentException(
        "Malformed streams-window Connect request: " + e.getMessage(), e);
  }
}
