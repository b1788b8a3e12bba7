package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.model.PrimitiveOperator;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OperatorHostBuilder;
import io.streamswindow.spark.readers.ListsNames;
import io.streamswindow.spark.readers.ReadsByName;
import io.streamswindow.spark.readers.ReadsNothing;
import io.streamswindow.spark.setters.AssignsOnly;
import io.streamswindow.spark.setters.HandsOnItsTuples;
import io.streamswindow.spark.setters.SetsByName;
import io.streamswindow.spark.setters.SetsByPosition;
import io.streamswindow.spark.setters.SubmitsNothing;
import io.streamswindow.spark.types.SplSparkTypes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * The refusal of parameters an operator without @PrimitiveOperator never reads. The operators live
 * in a package of their own, {@code readers}: the strings of this class are not their code's.
 */
class OperatorArgumentChecksTest {
  /** Declares no parameter and reads none: its parameters are the declared ones (none). */
  @PrimitiveOperator
  public static class Primitive extends AbstractOperator {}

  private static Map<String, List<String>> params(String... names) {
    Map<String, List<String>> params = new LinkedHashMap<>();
    for (String name : names) {
      params.put(name, List.of("2"));
    }
    return params;
  }

  /** Initializes {@code type} as the dry run does and checks {@code params} against it. */
  private static void check(Class<? extends Operator> type, Map<String, List<String>> params)
      throws Exception {
    OperatorHostBuilder builder =
        OperatorHost.builder(type)
            .input("in", Type.Factory.getStreamSchema("tuple<int32 n>"), WindowSpec.notWindowed())
            .clock(ManualClock.create());
    params.forEach(builder::parameter);
    OperatorHost host = builder.build();
    host.initialize();
    try {
      OperatorArgumentChecks.requireParametersRead(type, params, host);
    } finally {
      host.shutdown();
    }
  }

  @Test
  void aNameNeitherReadNorInTheCodeIsRefusedWithTheNamesRead() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> check(ReadsByName.class, params("threshold", "treshold")));
    assertEquals(
        "Operator "
            + ReadsByName.class.getName()
            + " does not read parameter 'treshold' (did you mean 'threshold'?); the parameters it"
            + " read are: threshold. An operator without @PrimitiveOperator takes the parameters"
            + " it reads when initialized or names in its code, or any if it calls"
            + " getParameterNames()",
        refused.getMessage());
  }

  @Test
  void theFirstUnknownNameInTheGivenOrderIsReported() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> check(ReadsByName.class, params("zeta", "alpha")));
    String expected =
        "Operator "
            + ReadsByName.class.getName()
            + " does not read parameter 'zeta'; the parameters it read are: threshold. ";
    assertTrue(refused.getMessage().startsWith(expected), refused.getMessage());
  }

  @Test
  void aNameReadOnlyPerTupleIsTakenFromTheCode() throws Exception {
    check(ReadsByName.class, params("threshold", "label"));
  }

  @Test
  void anOperatorThatListsItsParametersTakesAny() throws Exception {
    check(ListsNames.class, params("anything", "else"));
  }

  @Test
  void anOperatorThatReadNothingSaysSo() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class, () -> check(ReadsNothing.class, params("threshold")));
    assertEquals(
        "Operator "
            + ReadsNothing.class.getName()
            + " does not read parameter 'threshold'; it read no parameters. An operator without"
            + " @PrimitiveOperator takes the parameters it reads when initialized or names in its"
            + " code, or any if it calls getParameterNames()",
        refused.getMessage());
  }

  @Test
  void aPrimitiveOperatorIsLeftToItsDeclaredParameters() throws Exception {
    // requireDeclaredParameters refuses this one before the dry run; this check does not judge it.
    check(Primitive.class, params("threshold"));
  }

  /** One output port set standing alone, of one port, and one input port set of one or more. */
  @com.ibm.streams.operator.model.OutputPortSet(cardinality = 1)
  @com.ibm.streams.operator.model.InputPortSet(cardinality = -1)
  public static class OneOutput extends AbstractOperator {}

  /** Two required output ports and an optional third. */
  @com.ibm.streams.operator.model.OutputPorts({
    @com.ibm.streams.operator.model.OutputPortSet(cardinality = 2),
    @com.ibm.streams.operator.model.OutputPortSet(cardinality = 1, optional = true)
  })
  public static class TwoOrThreeOutputs extends AbstractOperator {}

  @Test
  void portCountsAreJudgedByTheOperatorsPortSets() {
    OperatorArgumentChecks.requireDeclaredPorts(OneOutput.class, 3, 1);
    OperatorArgumentChecks.requireDeclaredPorts(TwoOrThreeOutputs.class, 1, 2);
    OperatorArgumentChecks.requireDeclaredPorts(TwoOrThreeOutputs.class, 1, 3);
    // No annotation: any count.
    OperatorArgumentChecks.requireDeclaredPorts(Primitive.class, 4, 5);
    IllegalArgumentException two =
        assertThrows(
            IllegalArgumentException.class,
            () -> OperatorArgumentChecks.requireDeclaredPorts(OneOutput.class, 1, 2));
    assertEquals(
        "Operator "
            + OneOutput.class.getName()
            + " declares 1 output port(s) (@OutputPorts), and this run gives it 2: give"
            + " output_schema (a list: one schema per port)",
        two.getMessage());
    IllegalArgumentException four =
        assertThrows(
            IllegalArgumentException.class,
            () -> OperatorArgumentChecks.requireDeclaredPorts(TwoOrThreeOutputs.class, 1, 4));
    assertTrue(four.getMessage().contains("declares 2 to 3 output port(s)"), four.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> OperatorArgumentChecks.requireDeclaredPorts(TwoOrThreeOutputs.class, 1, 1));
  }

  // ---- output columns nothing would set ----------------------------------------------------

  private static final StructType IN = StructType.fromDDL("key string, v float");

  private static void checkNames(Class<? extends Operator> type, String output, String... params) {
    OperatorArgumentChecks.requireOutputNamesTheOperatorUses(
        type, IN, StructType.fromDDL(output), OperatorArgumentChecksTest.params(params));
  }

  @Test
  void aColumnNoSourceNamesIsRefusedWhenTheCodeSetsByNameOnly() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> checkNames(SetsByName.class, "key string, x long"));
    assertEquals(
        "output_schema column 'x' is no name the operator uses: it is not an input attribute,"
            + " which assign() would copy, nor a parameter's value, nor a string of SetsByName's"
            + " code, which sets attributes by name only, so nothing would set it and every row"
            + " would hold its default value. The names SetsByName's code holds that output_schema"
            + " lacks: count, total. Name the column as the operator sets it, or leave it out",
        refused.getMessage());
  }

  @Test
  void anAbbreviationOfANameTheCodeSetsIsRefusedWithIt() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class, () -> checkNames(SetsByName.class, "cnt long"));
    assertTrue(
        refused
            .getMessage()
            .startsWith(
                "output_schema column 'cnt' is no name the operator uses (did you mean 'count',"
                    + " which SetsByName's code names?)"),
        refused.getMessage());
  }

  @Test
  void aColumnAParameterNamesOrAnInputAttributeSuppliesIsAccepted() {
    checkNames(SetsByName.class, "key string, v float, total double"); // input, code
    checkNames(SetsByName.class, "label string", "label"); // a parameter's name
    Map<String, List<String>> valued = Map.of("columns", List.of("spent, seen"));
    OperatorArgumentChecks.requireOutputNamesTheOperatorUses(
        SetsByName.class, IN, StructType.fromDDL("spent double, seen long"), valued);
  }

  @Test
  void anOperatorThatMaySetNamesItDoesNotHoldIsLeftAnyColumnUnlikeItsNames() {
    checkNames(SetsByPosition.class, "x double");
    checkNames(HandsOnItsTuples.class, "anything string");
  }

  @Test
  void anOperatorThatSubmitsNothingIsLeftAnyOutputSchema() {
    // A sink takes an output_schema all the same; no column of it can hold a wrong value.
    checkNames(SubmitsNothing.class, "done boolean");
    assertEquals(List.of(), sharedNames(SubmitsNothing.class, "v double", Map.of()));
  }

  private static List<String> sharedNames(
      Class<? extends Operator> type, String output, Map<String, String> outputTypes) {
    StructType out = StructType.fromDDL(output);
    return OperatorArgumentChecks.requireAssignableSharedNames(
        type,
        List.of(Map.entry(IN, SplSparkTypes.toSpl(IN))),
        List.of(
            Map.entry(out, SplSparkTypes.toSpl(out, outputTypes, SplSparkTypes.Direction.OUTPUT))),
        Map.of());
  }

  @Test
  void aSharedNameOfAnotherTypeThatOnlyAssignWouldSetIsRefusedWithTheFixes() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () -> sharedNames(AssignsOnly.class, "key string, v double", Map.of()));
    assertEquals(
        "output_schema column 'v' is SPL float64 and the input attribute 'v' is SPL float32:"
            + " assign() copies an attribute only into one of the same SPL type, and AssignsOnly's"
            + " code never names 'v', so nothing would set it and every row would hold its default"
            + " value. Give both one SPL type: cast the input column to double (df.withColumn('v',"
            + " df['v'].cast('double'))), or declare the output column as float in output_schema,"
            + " or state spl_types={'v': 'float64'}, or state output_spl_types={'v': 'float32'}",
        refused.getMessage());
    // A string key declared as an integer: no SPL type states both, so only the Spark ways.
    IllegalArgumentException text =
        assertThrows(
            IllegalArgumentException.class,
            () -> sharedNames(AssignsOnly.class, "key bigint", Map.of()));
    assertTrue(
        text.getMessage()
            .endsWith(
                "Give both one SPL type: cast the input column to bigint (df.withColumn('key',"
                    + " df['key'].cast('bigint'))), or declare the output column as string in"
                    + " output_schema"),
        text.getMessage());
  }

  @Test
  void aSharedNameOfAnotherTypeThatTheCodeMaySetIsAWarning() {
    StructType in = StructType.fromDDL("total float");
    StructType out = StructType.fromDDL("total double");
    List<String> warnings =
        OperatorArgumentChecks.requireAssignableSharedNames(
            SetsByName.class,
            List.of(Map.entry(in, SplSparkTypes.toSpl(in))),
            List.of(Map.entry(out, SplSparkTypes.toSpl(out))),
            Map.of());
    assertEquals(1, warnings.size());
    assertTrue(
        warnings
            .get(0)
            .startsWith(
                "output_schema column 'total' is SPL float64 and the input attribute 'total' is"
                    + " SPL float32: assign() copies an attribute only into one of the same SPL"
                    + " type, so 'total' holds what SetsByName's code sets, and its default value"
                    + " where the code sets nothing. To have assign() copy it, give both one SPL"
                    + " type: cast the input column to double"),
        warnings.get(0));
    // An operator that sets by position may set v without naming it.
    assertEquals(1, sharedNames(SetsByPosition.class, "v double", Map.of()).size());
  }

  @Test
  void sharedNamesThatAssignCopiesAreLeftAlone() {
    assertEquals(List.of(), sharedNames(AssignsOnly.class, "key string, v float", Map.of()));
    // optional<float32> takes a float32: assign() copies it.
    assertEquals(
        List.of(), sharedNames(AssignsOnly.class, "v float", Map.of("v", "optional<float32>")));
  }
}
