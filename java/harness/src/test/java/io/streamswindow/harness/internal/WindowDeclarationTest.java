package io.streamswindow.harness.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.flow.declare.OperatorInvocation;
import com.ibm.streams.flow.javaprimitives.JavaOperatorTester;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.types.Timestamp;
import io.streamswindow.engine.DeltaEvictionMode;
import io.streamswindow.harness.EventLogOperator;
import io.streamswindow.harness.Harness;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every rule of IBM's window declaration, as streams-window's harness enforces it. */
class WindowDeclarationTest {
  private static final String SCHEMA =
      "tuple<rstring id, float64 temperature, int32 count, int64 total, timestamp ts>";

  private final JavaOperatorTester tester = new JavaOperatorTester();
  private final OperatorInvocation<EventLogOperator> op = tester.singleOp(EventLogOperator.class);
  private final InputPortDeclaration in = op.addInput("in", SCHEMA);

  private static String clause(InputPortDeclaration port) {
    return ((DeclaredInputPort) port).windowSpec().toString();
  }

  private static void assertRefused(
      Class<? extends RuntimeException> type, Executable call, String... messageParts) {
    RuntimeException refused = assertThrows(type, call);
    for (String part : messageParts) {
      assertTrue(
          refused.getMessage().contains(part),
          "message should contain '" + part + "': " + refused.getMessage());
    }
    assertTrue(refused.getMessage().contains("'in'"), "names the port: " + refused.getMessage());
  }

  // ------------------------------------------------------------------ complete declarations

  @Test
  void completeDeclarationsBecomeWindowSpecs() {
    assertEquals("tumbling, count(3)", clause(in.tumbling().evictCount(3)));
    assertEquals("tumbling, punct()", clause(in.tumbling().evictPunctuation()));
    assertEquals(
        "sliding, time(2.5), count(1)", clause(in.sliding().evictTime(2.5).triggerCount(1)));
    assertEquals(
        "sliding, time(0.25), time(1.0)",
        clause(
            in.sliding().evictTime(250, TimeUnit.MILLISECONDS).triggerTime(1, TimeUnit.SECONDS)));
    assertEquals(
        "partitioned, sliding, delta(temperature, 1.5), delta(count, 2), partitionCount(10)",
        clause(
            in.sliding()
                .partitioned()
                .evictDelta("temperature", 1.5)
                .triggerDelta("count", 2)
                .partitionEvictionCount(10)));
    assertEquals(
        "partitioned, tumbling, count(2), partitionAge(60.0)",
        clause(
            in.tumbling().partitioned().evictCount(2).partitionEvictionAge(1, TimeUnit.MINUTES)));
    assertEquals(
        "partitioned, tumbling, delta(total, 5), tupleCount(7)",
        clause(in.tumbling().partitioned().evictDelta("total", 5L).partitionEvictionTupleCount(7)));
    assertEquals("not windowed", clause(op.addInput("tuple<int32 x>")));
  }

  @Test
  void aTimestampDeltaTakesATimestampOrSeconds() {
    assertTrue(clause(in.sliding().evictDelta("ts", 2.0).triggerCount(1)).contains("delta(ts"));
    Timestamp twoSeconds = new Timestamp(2, 0);
    assertTrue(
        clause(in.sliding().evictDelta("ts", twoSeconds).triggerCount(1)).contains("delta(ts"));
  }

  @Test
  void callingTumblingOrSlidingAgainStartsOver() throws Exception {
    in.sliding().partitioned().evictCount(2).triggerCount(1).tumbling().evictCount(4);
    assertEquals("tumbling, count(4)", clause(in));
    in.tumbling().evictCount(3).sliding();
    assertRefused(IllegalStateException.class, () -> tester.tester(op), "no eviction policy");
  }

  @Test
  void aLaterPolicyReplacesAnEarlierOne() {
    assertEquals("tumbling, count(5)", clause(in.tumbling().evictTime(3).evictCount(5)));
  }

  // ------------------------------------------------------------------ bad values

  @Test
  void countsMustBePositive() {
    in.sliding().partitioned();
    assertRefused(IllegalArgumentException.class, () -> in.evictCount(0), "count(0)");
    assertRefused(IllegalArgumentException.class, () -> in.evictCount(-2), "count(-2)");
    assertRefused(IllegalArgumentException.class, () -> in.triggerCount(0), "count(0)");
    assertRefused(
        IllegalArgumentException.class, () -> in.partitionEvictionCount(0), "partitionCount(0)");
    assertRefused(
        IllegalArgumentException.class, () -> in.partitionEvictionTupleCount(-1), "tupleCount(-1)");
  }

  @Test
  void timesMustBePositive() {
    in.sliding().partitioned();
    assertRefused(IllegalArgumentException.class, () -> in.evictTime(-1), "time(-1.0)");
    assertRefused(IllegalArgumentException.class, () -> in.triggerTime(-0.5), "time(-0.5)");
    assertRefused(
        IllegalArgumentException.class, () -> in.evictTime(-3, TimeUnit.SECONDS), "time(-3.0)");
    assertRefused(
        IllegalArgumentException.class, () -> in.partitionEvictionAge(-1), "partitionAge(-1.0)");
  }

  @Test
  void aDeltaNeedsAKnownAttribute() {
    in.sliding();
    assertRefused(IllegalArgumentException.class, () -> in.evictDelta("nope", 1.0), "nope");
    assertRefused(IllegalArgumentException.class, () -> in.triggerDelta("nope", 1.0), "nope");
  }

  @Test
  void aDeltaNeedsANumericAttribute() {
    in.tumbling();
    assertRefused(IllegalArgumentException.class, () -> in.evictDelta("id", 1.0), "id");
  }

  @Test
  void aDeltaMustHaveTheAttributesOwnType() {
    in.sliding();
    assertRefused(
        IllegalArgumentException.class, () -> in.evictDelta("temperature", 1), "temperature");
    assertRefused(IllegalArgumentException.class, () -> in.evictDelta("count", 1.0), "count");
    assertRefused(IllegalArgumentException.class, () -> in.triggerDelta("total", 5), "total");
    assertRefused(
        IllegalArgumentException.class, () -> in.evictDelta("temperature", null), "delta");
  }

  // ------------------------------------------------------------------ bad shapes

  @Test
  void policiesNeedTumblingOrSlidingFirst() {
    assertRefused(IllegalStateException.class, () -> in.evictCount(3), "tumbling() or sliding()");
    assertRefused(IllegalStateException.class, () -> in.evictTime(1), "tumbling() or sliding()");
    assertRefused(IllegalStateException.class, in::evictPunctuation, "tumbling() or sliding()");
    assertRefused(
        IllegalStateException.class, () -> in.evictDelta("count", 1), "tumbling() or sliding()");
    assertRefused(IllegalStateException.class, () -> in.triggerCount(1), "tumbling() or sliding()");
    assertRefused(IllegalStateException.class, in::partitioned, "partitioned()");
    assertRefused(
        IllegalStateException.class, () -> in.partitionEvictionCount(3), "tumbling() or sliding()");
  }

  @Test
  void aShapeErrorComesBeforeAValueError() {
    assertRefused(IllegalStateException.class, () -> in.evictCount(0), "tumbling() or sliding()");
    in.tumbling();
    assertRefused(IllegalStateException.class, () -> in.triggerCount(0), "trigger");
  }

  @Test
  void aTumblingWindowHasNoTrigger() {
    in.tumbling();
    assertRefused(IllegalStateException.class, () -> in.triggerCount(1), "tumbling");
    assertRefused(IllegalStateException.class, () -> in.triggerTime(1), "tumbling");
    assertRefused(IllegalStateException.class, () -> in.triggerDelta("count", 1), "tumbling");
  }

  @Test
  void aSlidingWindowCannotEvictOnPunctuationAtThatCall() {
    in.sliding();
    assertRefused(IllegalStateException.class, in::evictPunctuation, "sliding");
  }

  @Test
  void partitionEvictionNeedsPartitioned() {
    in.tumbling().evictCount(3);
    assertRefused(IllegalStateException.class, () -> in.partitionEvictionCount(2), "partitioned()");
    assertRefused(IllegalStateException.class, () -> in.partitionEvictionAge(2), "partitioned()");
    assertRefused(
        IllegalStateException.class, () -> in.partitionEvictionTupleCount(2), "partitioned()");
  }

  @Test
  void aWindowWithoutEvictionIsRefusedByExecutable() {
    in.tumbling().partitioned();
    assertRefused(IllegalStateException.class, () -> tester.tester(op), "no eviction policy");
  }

  @Test
  void aSlidingWindowWithoutTriggerIsRefusedByExecutable() {
    in.sliding().evictCount(3);
    assertRefused(
        IllegalStateException.class, () -> tester.executable(op.graph()), "no trigger policy");
  }

  @InputPorts(@InputPortSet(cardinality = 1))
  public static class PlainPortOperator extends EventLogOperator {}

  @Test
  void aPortTheOperatorDeclaresNonWindowedRefusesAWindow() {
    InputPortDeclaration plain =
        tester.singleOp(PlainPortOperator.class).addInput("in", "tuple<int32 x>");
    IllegalStateException refused = assertThrows(IllegalStateException.class, plain::tumbling);
    assertTrue(refused.getMessage().contains("NonWindowed"), refused.getMessage());
  }

  // ------------------------------------------------------------------ connections and extension

  @Test
  void connectedPortsMustShareTheirSchema() {
    OperatorInvocation<EventLogOperator> upstream =
        op.graph().addOperator("up", EventLogOperator.class);
    IllegalArgumentException mismatch =
        assertThrows(
            IllegalArgumentException.class, () -> in.connect(upstream.addOutput("tuple<int32 x>")));
    assertTrue(mismatch.getMessage().contains("tuple<int32 x>"), mismatch.getMessage());
  }

  @Test
  void theDeltaModeExtensionReachesTheSpec() {
    in.sliding().evictDelta("temperature", 1.5).triggerCount(1);
    Harness.deltaEvictionMode(in, DeltaEvictionMode.OLDEST_FIRST);
    assertEquals(
        DeltaEvictionMode.OLDEST_FIRST, ((DeclaredInputPort) in).windowSpec().deltaEvictionMode());
    in.tumbling().evictCount(2); // starting over keeps the harness option
    assertEquals(
        DeltaEvictionMode.OLDEST_FIRST, ((DeclaredInputPort) in).windowSpec().deltaEvictionMode());
  }
}
