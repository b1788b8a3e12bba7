package io.streamswindow.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OperatorContext.ContextCheck;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.compile.OperatorContextChecker;
import io.streamswindow.engine.ManualClock;
import io.streamswindow.engine.PolicySpec;
import io.streamswindow.engine.WindowSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContextChecksTest {
  private static final StreamSchema SCHEMA =
      Type.Factory.getStreamSchema("tuple<rstring id, int32 n>");

  /** Needs a tumbling window on port 0; and, at compile time only, no parameter "forbidden". */
  public static class TumblingOnly extends RecordingOperator {
    @ContextCheck
    public static void checkWindow(OperatorContextChecker checker) {
      checker.checkTumblingWindow(checker.getOperatorContext().getStreamingInputs().get(0));
    }

    @ContextCheck(runtime = false)
    public static void checkForbidden(OperatorContextChecker checker) {
      if (checker.getOperatorContext().getParameterNames().contains("forbidden")) {
        checker.setInvalidContext("parameter {0} is not allowed", new Object[] {"forbidden"});
      }
    }
  }

  /** A check that throws instead of reporting. */
  public static class Throwing extends RecordingOperator {
    @ContextCheck
    public static void explode(OperatorContextChecker checker) {
      throw new IllegalArgumentException("boom");
    }
  }

  /** A check declared with the wrong signature. */
  public static class BadSignature extends RecordingOperator {
    @ContextCheck
    public void notStatic(OperatorContextChecker checker) {}
  }

  private static OperatorHost host(Class<? extends RecordingOperator> type, WindowSpec window) {
    return OperatorHost.builder(type)
        .input("in", SCHEMA, window)
        .clock(ManualClock.create())
        .build();
  }

  @Test
  void aPassingCheckLetsTheOperatorStart() throws Exception {
    OperatorHost host = host(TumblingOnly.class, WindowSpec.tumbling(PolicySpec.count(2)));
    host.initialize();
    assertEquals(OperatorHost.State.INITIALIZED, host.state());
  }

  @Test
  void aFailedCheckStopsStartWithItsMessage() {
    OperatorHost host =
        host(TumblingOnly.class, WindowSpec.sliding(PolicySpec.count(2), PolicySpec.count(1)));
    IllegalStateException failed = assertThrows(IllegalStateException.class, host::initialize);
    assertTrue(failed.getMessage().contains("'in'"), failed.getMessage());
    assertTrue(failed.getMessage().contains("must have a tumbling window"), failed.getMessage());
    assertTrue(failed.getMessage().contains("sliding"), failed.getMessage());
    assertFalse(((RecordingOperator) host.operator()).log.contains("initialize"));
  }

  @Test
  void compileTimeChecksAlsoRunAtStartup() {
    OperatorHost host =
        OperatorHost.builder(TumblingOnly.class)
            .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(2)))
            .parameter("forbidden", "1")
            .clock(ManualClock.create())
            .build();
    IllegalStateException failed = assertThrows(IllegalStateException.class, host::initialize);
    assertTrue(
        failed.getMessage().contains("parameter forbidden is not allowed"), failed.getMessage());
  }

  @Test
  void checksCanRunByPhaseWithoutStarting() throws Exception {
    OperatorHost host =
        OperatorHost.builder(TumblingOnly.class)
            .input("in", SCHEMA, WindowSpec.tumbling(PolicySpec.count(2)))
            .parameter("forbidden", "1")
            .clock(ManualClock.create())
            .build();
    assertEquals(List.of("parameter forbidden is not allowed"), host.runContextChecks(true));
    assertEquals(List.of(), host.runContextChecks(false));
    assertEquals(OperatorHost.State.CREATED, host.state());
  }

  @Test
  void anExceptionFromACheckPropagates() {
    IllegalArgumentException boom =
        assertThrows(
            IllegalArgumentException.class,
            () -> host(Throwing.class, WindowSpec.notWindowed()).initialize());
    assertEquals("boom", boom.getMessage());
  }

  @Test
  void aCheckWithTheWrongSignatureIsReported() {
    IllegalStateException bad =
        assertThrows(
            IllegalStateException.class,
            () -> host(BadSignature.class, WindowSpec.notWindowed()).initialize());
    assertTrue(bad.getMessage().contains("public static void notStatic"), bad.getMessage());
  }

  @Test
  void theCheckerReportsEachKindOfProblem() {
    OperatorHost host =
        OperatorHost.builder(RecordingOperator.class)
            .input("in", SCHEMA, WindowSpec.notWindowed())
            .output("out", Type.Factory.getStreamSchema("tuple<int32 n>"), OutputSink.discard())
            .parameter("user", "me")
            .parameter("token", "t")
            .clock(ManualClock.create())
            .build();
    OperatorContext context = host.context();
    HostContextChecker checker = new HostContextChecker(context);
    assertTrue(checker.checkDependentParameters("absent", "password"));
    assertFalse(checker.checkDependentParameters("user", "password"));
    assertFalse(checker.checkExcludedParameters("user", "token"));
    assertFalse(
        checker.checkMatchingSchemas(
            context.getStreamingInputs().get(0), context.getStreamingOutputs().get(0)));
    assertTrue(checker.checkRequiredAttributes(SCHEMA, "id", "n"));
    assertFalse(checker.checkRequiredAttributes(context.getStreamingInputs().get(0), "missing"));
    assertTrue(checker.checkAttributes(SCHEMA, false, "tuple<int32 n, float64 other>"));
    assertFalse(checker.checkAttributes(SCHEMA, true, "tuple<int32 n, float64 other>"));
    assertFalse(checker.checkAttributes(SCHEMA, false, "tuple<int64 n>"));
    assertTrue(checker.checkAttributeType(SCHEMA.getAttribute("n"), Type.MetaType.INT32));
    assertFalse(checker.checkAttributeType(SCHEMA.getAttribute("id"), Type.MetaType.INT32));
    assertFalse(checker.checkSlidingWindow(context.getStreamingInputs().get(0)));
    assertFalse(checker.isContextValid());
    List<String> problems = checker.problems();
    assertEquals(8, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("'user' requires parameter 'password'"), problems.get(0));
    assertTrue(problems.get(1).contains("cannot be used with parameter 'token'"), problems.get(1));
    assertTrue(problems.get(3).contains("'missing'"), problems.get(3));
    assertTrue(problems.get(4).contains("'other'"), problems.get(4));
    assertTrue(problems.get(5).contains("must have type int64"), problems.get(5));
    assertTrue(problems.get(6).contains("'id'"), problems.get(6));
    assertTrue(problems.get(7).contains("not windowed"), problems.get(7));
  }
}
