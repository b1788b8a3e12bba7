package io.streamswindow.spark.connect;

import io.streamswindow.spark.connect.proto.WindowRequestProto;
import io.streamswindow.spark.connect.proto.WindowRequestProto.RunOperatorVersion1;
import io.streamswindow.spark.connect.proto.WindowRequestProto.WindowRequestVersion1;

/**
 * The mapping of a request of version 1, as clients before version 2 send it, onto version 2: port
 * 0's relation and window and the ports beyond it ({@code more_inputs}) become the one list of
 * input ports, and a {@code run_operator_ports} call a {@code run_operator}. A client of version 1
 * and a server of version 2 then run the same call as two of version 2 would (docs/connect.md, "The
 * request message").
 */
final class VersionOneMapping {

  private VersionOneMapping() {}

  /** The version-2 request that says what {@code request} says. */
  static WindowRequestProto.WindowRequest asVersion2(WindowRequestVersion1 request) {
    WindowRequestProto.WindowRequest.Builder mapped =
        WindowRequestProto.WindowRequest.newBuilder().setVersion(WindowRequest.VERSION);
    switch (request.getCallCase()) {
      case RUN_OPERATOR -> mapped.setRunOperator(runOperator(request.getRunOperator()));
      case RUN_OPERATOR_PORTS -> mapped.setRunOperator(runOperator(request.getRunOperatorPorts()));
      case AGGREGATE -> mapped.setAggregate(request.getAggregate());
      case PARSE_WINDOW -> mapped.setParseWindow(request.getParseWindow());
      case CALL_NOT_SET -> {
        // Left without a call, which the reader refuses as it refuses one of version 2.
      }
    }
    return mapped.build();
  }

  private static WindowRequestProto.RunOperator runOperator(RunOperatorVersion1 call) {
    WindowRequestProto.InputPort.Builder portZero =
        WindowRequestProto.InputPort.newBuilder().setRelation(call.getInput());
    if (call.hasWindow()) {
      portZero.setWindow(call.getWindow());
    }
    return WindowRequestProto.RunOperator.newBuilder()
        .addInputs(portZero)
        .addAllInputs(call.getMoreInputsList())
        .setOperatorClass(call.getOperatorClass())
        .addAllPartitionBy(call.getPartitionByList())
        .addAllOrderBy(call.getOrderByList())
        .addAllParams(call.getParamsList())
        .setOutputSchema(call.getOutputSchema())
        .putAllOptions(call.getOptionsMap())
        .setOutputSchemaJson(call.getOutputSchemaJson())
        .build();
  }
}
