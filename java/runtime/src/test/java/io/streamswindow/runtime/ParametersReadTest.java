package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OperatorContext.ContextCheck;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.compile.OperatorContextChecker;
import com.ibm.streams.operator.model.Parameter;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.WindowSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the host notes of the parameters an operator reads, for the driver's dry run. */
class ParametersReadTest {
  private static final StreamSchema SCHEMA =
      Type.Factory.getStreamSchema("tuple<rstring id, int32 n>");

  /** Reads "threshold" by name in initialize and "label" only when a tuple arrives. */
  public static class ReadsByName extends AbstractOperator {
    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      context.getParameterValues("threshold");
    }

    @Override
    public void process(StreamingInput<Tuple> port, Tuple tuple) {
      getOperatorContext().getParameterValues("label");
    }
  }

  /** Lists its parameters in initialize. */
  public static class ListsNames extends AbstractOperator {
    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      for (String name : context.getParameterNames()) {
        context.getParameterValues(name);
      }
    }
  }

  /** Takes "size" through a setter, without @PrimitiveOperator, and reads nothing itself. */
  public static class SetterOnly extends AbstractOperator {
    @Parameter(optional = true)
    public void setSize(int size) {}
  }

  /** A context check that names parameters, as checks of exclusive options do. */
  public static class Checked extends AbstractOperator {
    @ContextCheck
    public static void check(OperatorContextChecker checker) {
      checker.checkExcludedParameters("user", "token");
      checker.checkDependentParameters("user", "password");
    }
  }

  private static OperatorHost host(Class<? extends AbstractOperator> type, String... params) {
    OperatorHostBuilder builder =
        OperatorHost.builder(type)
            .input("in", SCHEMA, WindowSpec.notWindowed())
            .clock(ManualClock.create());
    for (String name : params) {
      builder.parameter(name, "1");
    }
    return builder.build();
  }

  @Test
  void namesReadInInitializeAreNotedWhetherSetOrNot() throws Exception {
    OperatorHost host = host(ReadsByName.class, "treshold");
    assertEquals(Set.of(), host.parametersRead());
    host.initialize();
    // "threshold" was not set (the user wrote "treshold"): it was still asked for.
    assertEquals(Set.of("threshold"), host.parametersRead());
    assertFalse(host.parameterNamesListed());
  }

  @Test
  void aNameReadWhenATupleArrivesIsNotedThen() throws Exception {
    OperatorHost host = host(ReadsByName.class, "threshold", "label");
    host.initialize();
    assertEquals(Set.of("threshold"), host.parametersRead());
    host.allPortsReady();
    host.submit(0, SCHEMA.getTuple(new Object[] {"a", 1}));
    assertEquals(Set.of("label", "threshold"), host.parametersRead());
  }

  @Test
  void listingTheNamesIsNoted() throws Exception {
    OperatorHost host = host(ListsNames.class, "anything");
    host.initialize();
    assertTrue(host.parameterNamesListed());
    assertEquals(Set.of("anything"), host.parametersRead());
  }

  @Test
  void anOperatorThatListsNothingHasNotListed() throws Exception {
    OperatorHost host = host(ListsNames.class);
    assertFalse(host.parameterNamesListed());
    host.initialize();
    // It called getParameterNames(), which was empty: it still saw every name there was.
    assertTrue(host.parameterNamesListed());
    assertEquals(Set.of(), host.parametersRead());
  }

  @Test
  void theHostReadsEverySetterParameterForTheOperator() throws Exception {
    OperatorHost set = host(SetterOnly.class, "size");
    set.initialize();
    assertEquals(Set.of("size"), set.parametersRead());

    OperatorHost unset = host(SetterOnly.class);
    unset.initialize();
    assertEquals(Set.of("size"), unset.parametersRead());
    assertFalse(unset.parameterNamesListed());
  }

  @Test
  void aContextCheckNamingParametersReadsThemWithoutListing() throws Exception {
    OperatorHost unset = host(Checked.class);
    unset.initialize();
    // "user" is not set, so the checks looked no further.
    assertEquals(Set.of("user"), unset.parametersRead());
    assertFalse(unset.parameterNamesListed());

    OperatorHost set = host(Checked.class, "user", "password");
    set.initialize();
    assertEquals(Set.of("password", "token", "user"), set.parametersRead());
    assertFalse(set.parameterNamesListed());
  }

  @Test
  void theChecksStillTellSetFromUnsetParameters() throws Exception {
    OperatorHost host = host(Checked.class, "user", "token");
    IllegalStateException failed = assertThrows(IllegalStateException.class, host::initialize);
    assertEquals(
        "Context checks of operator 'Checked' failed: parameter 'user' cannot be used with"
            + " parameter 'token'; parameter 'user' requires parameter 'password'",
        failed.getMessage());
  }

  @Test
  void readingANullNameIsHarmless() throws Exception {
    OperatorHost host = host(ListsNames.class);
    assertEquals(List.of(), host.context().getParameterValues(null));
    assertEquals(Set.of(), host.parametersRead());
  }
}
