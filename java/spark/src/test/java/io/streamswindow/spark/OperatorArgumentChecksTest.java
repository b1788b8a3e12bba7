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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
}
