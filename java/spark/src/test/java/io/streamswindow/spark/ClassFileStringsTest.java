package io.streamswindow.spark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import io.streamswindow.spark.setters.AssignsOnly;
import io.streamswindow.spark.setters.HandsOnItsTuples;
import io.streamswindow.spark.setters.SetsByName;
import io.streamswindow.spark.setters.SetsByPosition;
import io.streamswindow.spark.setters.SubmitsNothing;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ClassFileStringsTest {
  /** An operator whose names live in itself, in an anonymous class and in a helper class. */
  public static class NamingOperator extends AbstractOperator {
    static final double SCALE =
        2.5; // a double constant takes two pool entries: the reader must skip both
    static final long LIMIT = 1L << 40;

    @Override
    public void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      Consumer<OutputTuple> setter =
          new Consumer<>() {
            @Override
            public void accept(OutputTuple tuple) {
              tuple.setDouble("total", SCALE * LIMIT);
            }
          };
      OutputNames.touch(setter);
    }
  }

  @Test
  void literalsOfTheOperatorItsNestedClassesAndItsPackageHelpersAreFound() {
    Set<String> strings = ClassFileStrings.of(NamingOperator.class);

    assertTrue(strings.contains("total"), strings.toString()); // in the anonymous class
    assertTrue(strings.contains("sensor_id"), strings.toString()); // in a helper of the package
  }

  @Test
  void literalsOfIbmsApiAndTheJdkAreNotTheOperators() {
    Set<String> strings = ClassFileStrings.of(NamingOperator.class);

    // AbstractOperator (IBM's API) holds literals of its own (its port-count message); none is
    // read. The probe is built at run time: as a literal, this test class (which is in the
    // operator's package, so read too) would hold it.
    String probe = new StringBuilder("strop tuptuo").reverse().toString();
    assertFalse(strings.stream().anyMatch(s -> s.contains(probe)), strings.toString());
  }

  @Test
  void aClassWithoutAClassFileGivesNothing() {
    Runnable lambda = () -> {};
    assertTrue(ClassFileStrings.of(lambda.getClass()).isEmpty());
    // Nothing read, so nothing shows that it sets attributes by name only.
    assertTrue(ClassFileStrings.setsNamesItDoesNotHold(lambda.getClass()));
  }

  @Test
  void anOperatorThatSetsAttributesByNameOrByAssignOnlyHoldsEveryNameItSets() {
    assertFalse(ClassFileStrings.setsNamesItDoesNotHold(SetsByName.class));
    assertFalse(ClassFileStrings.setsNamesItDoesNotHold(AssignsOnly.class));
  }

  @Test
  void anOperatorSubmitsTuplesWhenItsCodeCallsSubmitOrHandsItsTuplesOn() {
    assertTrue(ClassFileStrings.submitsTuples(SetsByName.class));
    assertTrue(ClassFileStrings.submitsTuples(HandsOnItsTuples.class));
    assertFalse(ClassFileStrings.submitsTuples(SubmitsNothing.class));
  }

  @Test
  void anOperatorThatSetsByPositionOrHandsItsTuplesToOtherCodeMaySetAnyName() {
    assertTrue(ClassFileStrings.setsNamesItDoesNotHold(SetsByPosition.class));
    assertTrue(ClassFileStrings.setsNamesItDoesNotHold(HandsOnItsTuples.class));
  }
}

/** A helper class in the operator's package, holding a name the operator sets. */
final class OutputNames {
  private OutputNames() {}

  static void touch(Consumer<OutputTuple> setter) {
    if (setter == null) {
      throw new IllegalArgumentException("sensor_id");
    }
  }
}
