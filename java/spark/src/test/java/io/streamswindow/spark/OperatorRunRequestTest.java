package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * {@link OperatorRunRequest} and the options map the entry points read into it ({@link RunOption});
 * the checks against a DataFrame are tested through the entry points (tests/python).
 */
class OperatorRunRequestTest {

  private static OperatorRunRequest withOptions(Map<String, String> options) {
    return OperatorRunRequest.builder("com.acme.Op").options(options).build();
  }

  @Test
  void everyOptionKeySetsItsSetting() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("marker_column", "m");
    options.put("batch_marker", "true");
    options.put("punctuation_column", "p");
    options.put("event_time", "ts");
    options.put("late_output", "TRUE");
    options.put("partition_by_keys_only", "true");
    options.put("real_time", "true");
    options.put("spl_type.amount", "decimal64");
    options.put("output_spl_type.total", "decimal64");

    OperatorRunRequest request = withOptions(options);

    OperatorRunRequest.InputPort in = request.input();
    assertEquals("m", in.markerColumn());
    assertTrue(in.batchMarker());
    assertEquals("ts", in.eventTime());
    assertTrue(in.lateOutput());
    assertTrue(in.partitionByKeysOnly());
    assertEquals(Map.of("amount", "decimal64"), in.splTypes());
    assertEquals("p", request.output().punctuationColumn());
    assertEquals(Map.of("total", "decimal64"), request.output().splTypes());
    assertTrue(request.realTime());
    assertTrue(!OperatorRunRequest.builder("com.acme.Sum").build().realTime());
  }

  @Test
  void portsBeyondZeroHaveTheirOwnWindowAndTypesAndPortZerosKeysAndOrder() {
    Map<String, String> types = new LinkedHashMap<>(Map.of("qty", "int32"));
    OperatorRunRequest request =
        OperatorRunRequest.builder("com.acme.Join")
            .window("partitioned, sliding, count(1)")
            .partitionBy(List.of("key"))
            .orderBy(List.of("seq"))
            .markerColumn("m")
            .partitionByKeysOnly(true)
            .inputPort(null, types)
            .inputPort("sliding, count(2)")
            .build();
    types.put("later", "int8"); // the request keeps what it was given

    List<OperatorRunRequest.InputPort> ports = request.inputs();
    assertEquals(3, ports.size());
    assertEquals(request.input(), ports.get(0));
    assertNull(ports.get(1).window());
    assertEquals(Map.of("qty", "int32"), ports.get(1).splTypes());
    assertEquals("sliding, count(2)", ports.get(2).window());
    for (OperatorRunRequest.InputPort port : ports.subList(1, 3)) {
      assertEquals(List.of("key"), port.partitionBy());
      assertEquals(List.of("seq"), port.orderBy());
      assertTrue(port.partitionByKeysOnly());
      assertNull(port.markerColumn()); // markers are port 0's
    }
    assertEquals(1, OperatorRunRequest.builder("com.acme.One").build().inputs().size());
  }

  @Test
  void outputPortsBeyondZeroComeFromTheBuilderOrTheirOptionsInPortOrder() {
    StructType alerts = StructType.fromDDL("key string, seq long");
    Map<String, String> options = new LinkedHashMap<>();
    // Map order is not port order: a JSON schema for port 2 before a DDL one for port 1.
    options.put("output_schema.2", alerts.json());
    options.put("output_schema.1", "key string, total double");
    options.put("punctuation_column", "p");
    OperatorRunRequest request = withOptions(options);

    List<OperatorRunRequest.OutputPort> ports = request.outputs();
    assertEquals(3, ports.size());
    assertEquals("key string, total double", ports.get(1).schemaDdl());
    assertEquals(alerts, ports.get(2).schema());
    assertEquals("p", ports.get(2).punctuationColumn());
    OperatorRunRequest onePort = OperatorRunRequest.builder("c").outputSchema("x double").build();
    assertEquals(List.of(onePort.output()), onePort.outputs());

    IllegalArgumentException gap =
        assertThrows(
            IllegalArgumentException.class,
            () -> withOptions(Map.of("output_schema.2", "key string")));
    assertEquals(
        "output_schema: output port 2 is given without output port 1: give a schema for every"
            + " output port, in port order",
        gap.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> withOptions(Map.of("output_schema.one", "k string")));
    assertThrows(
        IllegalArgumentException.class, () -> withOptions(Map.of("output_schema.0", "k string")));
  }

  @Test
  void aFlagIsSetByTrueAloneAndAbsentOptionsAreUnset() {
    OperatorRunRequest request = withOptions(Map.of("batch_marker", "yes", "late_output", "false"));
    assertFalse(request.input().batchMarker());
    assertFalse(request.input().lateOutput());
    assertNull(request.input().markerColumn());
    assertNull(request.input().eventTime());
    assertNull(request.output().punctuationColumn());
    assertEquals(Map.of(), request.input().splTypes());
  }

  @Test
  void aMisspeltOptionIsRefusedRatherThanIgnored() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> withOptions(Map.of("spl_types.amount", "decimal64")));
    assertEquals(
        "Unknown option 'spl_types.amount'; the options are [marker_column, batch_marker, punctuation_column,"
            + " event_time, late_output, metrics_rows, partition_by_keys_only, real_time], and spl_type.<column> or output_spl_type.<column> for the SPL type of a"
            + " column, output_schema.<port> for the schema of an output port beyond 0",
        e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> withOptions(Map.of("marker_colum", "m")));
  }

  @Test
  void theRequestKeepsItsArgumentsAsGivenAndCannotBeChanged() {
    List<String> values = new ArrayList<>(List.of("cost"));
    Map<String, List<String>> parameters = new LinkedHashMap<>();
    parameters.put("b", List.of("1"));
    parameters.put("attr", values);
    OperatorRunRequest request =
        OperatorRunRequest.of(
            List.of("partitioned, tumbling, count(4)"),
            "com.acme.VSum",
            List.of("key"),
            null,
            parameters,
            "key string, total double",
            null);
    values.add("changed later");

    assertEquals("com.acme.VSum", request.operatorClass());
    assertEquals("partitioned, tumbling, count(4)", request.input().window());
    assertEquals(List.of("key"), request.input().partitionBy());
    assertEquals(List.of(), request.input().orderBy());
    assertEquals(List.of("b", "attr"), List.copyOf(request.parameters().keySet()));
    assertEquals(List.of("cost"), request.parameters().get("attr"));
    assertEquals("key string, total double", request.output().schemaDdl());
    assertNull(request.output().schema());
    assertTrue(request.outputNamesChecked());
    assertThrows(
        UnsupportedOperationException.class, () -> request.parameters().get("attr").add("x"));
  }
}
