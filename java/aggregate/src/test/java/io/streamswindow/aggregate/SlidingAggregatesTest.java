package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.flow.declare.InputPortDeclaration;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.engine.DeltaEvictionMode;
import io.streamswindow.engine.Window;
import io.streamswindow.harness.Harness;
import io.streamswindow.harness.HarnessControl;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Sliding windows aggregated incrementally ({@link SlidingAggregates}) against the same windows
 * recomputed at every trigger ({@link SlidingAggregation#RECOMPUTE}), in IBM's harness, on
 * randomised windows: count, time and delta eviction (delta values in order, out of order, and out
 * of order evicted oldest first), count, time and delta triggers, partitioned or not, with
 * partition eviction, groupBy, aggregateIncompleteWindows, every output function, and a listener
 * that removes tuples.
 *
 * <p>Every output must be equal, value for value (decimals to the scale), except the float sums,
 * means and deviations, which are checked against exact arithmetic with the bounds
 * docs/decisions.md states ({@link FloatBounds}). The incremental run is also checkpointed and
 * reset at random points: a restart must give exactly the outputs of the run without one.
 */
class SlidingAggregatesTest {
  private static final String IN =
      "tuple<int32 k, rstring g, int32 i, int64 l, uint64 u, float64 d, float32 f, decimal32 m,"
          + " rstring s, float64 t, list<int32> v>";

  private static final List<String> OUTPUT =
      List.of(
          "n=Count()",
          "all=CountAll()",
          "groups=CountGroups()",
          "sizes=CountByGroup()",
          "distinct=CountDistinct(s)",
          "byDistinct=CountByDistinct(i)",
          "distinctG=CollectDistinct(g)",
          "sumI=Sum(i)",
          "sumL=Sum(l)",
          "sumU=Sum(u)",
          "sumM=Sum(m)",
          "sumD=Sum(d)",
          "sumF=Sum(f)",
          "sumS=Sum(s)",
          "sumV=Sum(v)",
          "avgI=Average(i)",
          "avgL=Average(l)",
          "avgU=Average(u)",
          "avgM=Average(m)",
          "avgD=Average(d)",
          "avgF=Average(f)",
          "minD=Min(d)",
          "maxS=Max(s)",
          "minM=Min(m)",
          "maxU=Max(u)",
          "maxF=Max(f)",
          "minCountF=MinCount(f)",
          "maxV=Max(v)",
          "minCount=MinCount(i)",
          "maxCount=MaxCount(d)",
          "argMin=ArgMin(d, s)",
          "argMax=ArgMax(i, l)",
          "first=First(s)",
          "last=Last(d)",
          "any=Any(i)",
          "collectD=Collect(d)",
          "collectF=Collect(f)",
          "sdI=SampleStdDev(i)",
          "psdL=PopulationStdDev(l)",
          "psdU=PopulationStdDev(u)",
          "sdD=SampleStdDev(d)",
          "psdD=PopulationStdDev(d)",
          "sdF=SampleStdDev(f)",
          "sdM=SampleStdDev(m)",
          "psdM=PopulationStdDev(m)");

  /** Outputs whose incremental value may differ from the fold's in the last bits. */
  private static final Set<String> FLOAT_RESULTS =
      Set.of("sumD", "sumF", "avgD", "avgF", "sdD", "psdD", "sdF");

  /** The window declarations the scenarios draw from. */
  enum Kind {
    COUNT_COUNT,
    TIME_COUNT,
    TIME_TIME,
    COUNT_TIME,
    DELTA_ORDERED,
    DELTA_UNORDERED,
    DELTA_UNORDERED_OLDEST_FIRST,
    COUNT_DELTA_TRIGGER
  }

  /** One randomised run: a window, options and the input (tuples and clock steps). */
  record Scenario(
      long seed,
      Kind kind,
      int size,
      int every,
      boolean partitioned,
      boolean partitionEviction,
      boolean groupBy,
      boolean incomplete,
      boolean removing,
      List<Object> steps) {

    @Override
    public String toString() {
      return "seed "
          + seed
          + ": "
          + kind
          + "("
          + size
          + ", "
          + every
          + ")"
          + (partitioned ? " partitioned" : "")
          + (partitionEviction ? " tupleCount(" + (2 * size + 1) + ")" : "")
          + (groupBy ? " groupBy" : "")
          + (incomplete ? " incomplete" : "")
          + (removing ? " removing" : "");
    }

    boolean timed() {
      return kind == Kind.TIME_COUNT || kind == Kind.TIME_TIME || kind == Kind.COUNT_TIME;
    }

    void declare(InputPortDeclaration in) {
      in.sliding();
      switch (kind) {
        case COUNT_COUNT -> in.evictCount(size).triggerCount(every);
        case TIME_COUNT -> in.evictTime(size).triggerCount(every);
        case TIME_TIME -> in.evictTime(size).triggerTime(every);
        case COUNT_TIME -> in.evictCount(size).triggerTime(every);
        case DELTA_ORDERED, DELTA_UNORDERED -> in.evictDelta("t", size * 0.5).triggerCount(every);
        case DELTA_UNORDERED_OLDEST_FIRST ->
            Harness.deltaEvictionMode(
                in.evictDelta("t", size * 0.5).triggerCount(every), DeltaEvictionMode.OLDEST_FIRST);
        case COUNT_DELTA_TRIGGER -> in.evictCount(size).triggerDelta("t", (double) every);
        default -> throw new AssertionError(kind);
      }
      if (partitioned) {
        in.partitioned();
        if (partitionEviction) {
          // Partitions leave, least recently inserted first, but may fill before they do.
          in.partitionEvictionTupleCount(2 * size + 1);
        }
      }
    }
  }

  static Stream<Scenario> scenarios() {
    return IntStream.range(0, 96).mapToObj(SlidingAggregatesTest::scenario);
  }

  /**
   * The scenarios without time policies: after a reset, a window's first time step catches up at
   * once (docs/decisions.md), so a restarted time window fires differently by design.
   */
  static Stream<Scenario> untimedScenarios() {
    return scenarios().filter(s -> !s.timed());
  }

  static Scenario scenario(int seed) {
    Random random = new Random(seed);
    Kind kind = Kind.values()[seed % Kind.values().length];
    boolean timed = kind == Kind.TIME_COUNT || kind == Kind.TIME_TIME || kind == Kind.COUNT_TIME;
    // Delta eviction: a difference of 0.5 to 2.5.
    int size = 1 + random.nextInt(kind.name().startsWith("DELTA") ? 5 : 12);
    int every = 1 + random.nextInt(3);
    boolean partitioned = random.nextBoolean();
    List<Object> steps = new ArrayList<>();
    double t = 0;
    for (int step = 0; step < 160; step++) {
      if (timed && random.nextInt(3) == 0) {
        steps.add(random.nextInt(4) * 0.5); // seconds the clock moves
      }
      // Values in order for DELTA_ORDERED (a first in, first out window) and for the delta
      // trigger (which fires when values move on by more than its difference).
      boolean ordered = kind == Kind.DELTA_ORDERED || kind == Kind.COUNT_DELTA_TRIGGER;
      t += ordered ? random.nextInt(3) * 0.5 : 0;
      // Otherwise values that move on with a jitter of up to 5.5: out of order, so a delta
      // eviction takes tuples that are not the oldest (oldest first, it waits for them).
      double delta = ordered ? t : step * 0.25 + random.nextInt(12) * 0.5;
      steps.add(tuple(random, delta));
    }
    return new Scenario(
        seed,
        kind,
        size,
        every,
        partitioned,
        partitioned && random.nextInt(3) == 0,
        random.nextBoolean(),
        random.nextInt(3) == 0,
        seed % 7 == 3,
        steps);
  }

  private static Object[] tuple(Random random, double t) {
    return new Object[] {
      random.nextInt(3),
      String.valueOf((char) ('a' + random.nextInt(3))),
      random.nextInt(8) == 0 ? random.nextInt() : random.nextInt(11) - 5,
      random.nextInt(8) == 0
          ? Long.MAX_VALUE - random.nextInt(3)
          : (long) random.nextInt(201) - 100,
      random.nextInt(4) == 0 ? random.nextLong() : (long) random.nextInt(1000),
      randomDouble(random),
      (float) randomDouble(random),
      randomDecimal(random),
      String.valueOf((char) ('w' + random.nextInt(4))),
      t,
      List.of(random.nextInt(5), random.nextInt(5))
    };
  }

  /** Ties and exact values (quarters, 0.0 and -0.0), values that round, large ones that cancel. */
  private static double randomDouble(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> (random.nextInt(81) - 40) * 0.25;
      case 1 -> random.nextGaussian() * Math.pow(10, random.nextInt(7) - 3);
      case 2 -> (random.nextBoolean() ? 1 : -1) * 1e15 + random.nextGaussian();
      default -> random.nextInt(4) == 0 ? -0.0 : 0.1 * random.nextInt(10);
    };
  }

  /** decimal32 values: small ones, negative scales, and large ones whose sums round. */
  private static BigDecimal randomDecimal(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> BigDecimal.valueOf(random.nextInt(2001) - 1000, 2);
      case 1 -> new BigDecimal((random.nextInt(9) + 1) + "E+" + random.nextInt(3));
      case 2 -> BigDecimal.valueOf(random.nextInt(9_000_000) + 1_000_000, random.nextInt(3));
      case 3 -> BigDecimal.valueOf(random.nextInt(7) - 3);
      default -> new BigDecimal("0.00");
    };
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void incrementalOutputsAreTheRecomputedOnes(Scenario scenario) throws Exception {
    List<Object> recomputed = run(scenario, SlidingAggregation.RECOMPUTE, null);
    List<Object> incremental = run(scenario, SlidingAggregation.INCREMENTAL, null);
    assertEquals(recomputed.size(), incremental.size(), "outputs and marks");
    assertTrue(
        recomputed.stream().anyMatch(Tuple.class::isInstance), "the scenario outputs tuples");
    for (int i = 0; i < recomputed.size(); i++) {
      Object expected = recomputed.get(i);
      Object actual = incremental.get(i);
      if (expected instanceof Punctuation) {
        assertEquals(expected, actual, "output " + i);
      } else {
        compare((Tuple) expected, (Tuple) actual, "output " + i);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("untimedScenarios")
  void aRestartFromACheckpointGivesTheSameOutputs(Scenario scenario) throws Exception {
    List<Object> straight = run(scenario, SlidingAggregation.INCREMENTAL, null);
    List<Object> restarted =
        run(scenario, SlidingAggregation.INCREMENTAL, new Random(scenario.seed() * 31 + 7));
    assertEquals(straight.size(), restarted.size());
    for (int i = 0; i < straight.size(); i++) {
      if (straight.get(i) instanceof Tuple expected) {
        Tuple actual = (Tuple) restarted.get(i);
        for (int a = 0; a < expected.getStreamSchema().getAttributeCount(); a++) {
          assertEquals(value(expected, a), value(actual, a), "output " + i + " attribute " + a);
        }
      } else {
        assertEquals(straight.get(i), restarted.get(i));
      }
    }
  }

  /** Runs the scenario; with {@code restarts}, checkpoints and resets at random steps. */
  static List<Object> run(Scenario scenario, SlidingAggregation mode, Random restarts)
      throws Exception {
    AggregateRun run =
        AggregateRun.of(
                scenario.removing() ? RemovingAggregate.class : Aggregate.class,
                IN,
                outputSchema(scenario),
                scenario::declare)
            .output(OUTPUT.toArray(new String[0]))
            .parameter("slidingAggregation", mode.splName());
    if (scenario.partitioned()) {
      run.partitionBy("k");
    }
    if (scenario.groupBy()) {
      run.groupBy("g");
    }
    if (scenario.incomplete()) {
      run.flag("aggregateIncompleteWindows", true);
    }
    run.start();
    HarnessControl control = run.control();
    for (Object step : scenario.steps()) {
      if (step instanceof Double seconds) {
        run.advance(seconds);
      } else {
        run.submit((Object[]) step);
      }
      if (restarts != null && restarts.nextInt(10) == 0) {
        control.reset(control.checkpoint());
      }
    }
    List<Object> delivered = run.delivered();
    run.shutdown();
    return delivered;
  }

  private static String outputSchema(Scenario scenario) {
    return AggregateSchema.outputSchema(
            Type.Factory.getStreamSchema(IN), OUTPUT, scenario.groupBy() ? List.of("g") : List.of())
        .getLanguageType();
  }

  private static void compare(Tuple expected, Tuple actual, String where) {
    List<?> collectD = actual.getList("collectD");
    List<?> collectF = actual.getList("collectF");
    assertEquals(expected.getList("collectD"), collectD, where);
    for (int a = 0; a < expected.getStreamSchema().getAttributeCount(); a++) {
      String name = expected.getStreamSchema().getAttribute(a).getName();
      Object want = value(expected, a);
      Object got = value(actual, a);
      if (!FLOAT_RESULTS.contains(name)) {
        assertEquals(want, got, where + ", " + name);
        continue;
      }
      boolean float32 = name.endsWith("F");
      List<? extends Number> values = (List<? extends Number>) (float32 ? collectF : collectD);
      FloatBounds bounds = new FloatBounds(values, float32);
      switch (name) {
        case "sumD", "sumF" -> {
          bounds.incrementalSum((Number) got);
          bounds.foldSum((Number) want);
        }
        case "avgD", "avgF" -> {
          bounds.incrementalAverage((Number) got);
          bounds.foldAverage((Number) want);
        }
        default -> {
          boolean sample = name.startsWith("sd");
          bounds.incrementalDeviation((Number) got, sample);
          bounds.foldDeviation((Number) want, sample);
        }
      }
    }
  }

  /**
   * The listener Aggregate registered on {@code window}. IBM's API gives no way to read it back,
   * and this test alone needs one, so it reads the window's field (declared by the engine's base
   * class of its windows) instead of widening the engine.
   */
  @SuppressWarnings("unchecked")
  private static StreamWindowListener<Tuple> registeredListener(Window<Tuple> window)
      throws ReflectiveOperationException {
    Field field = Window.class.getSuperclass().getDeclaredField("listener");
    field.setAccessible(true);
    return (StreamWindowListener<Tuple>) field.get(window);
  }

  private static Object value(Tuple tuple, int attribute) {
    return tuple.getStreamSchema().getAttribute(attribute).getType().getMetaType().isList()
        ? tuple.getList(attribute)
        : tuple.getObject(attribute);
  }

  /**
   * {@link Aggregate} with a second listener in front of its own that takes tuples out of the
   * window through {@code Iterator.remove()}: an inserted tuple whose {@code i} is -4 before the
   * aggregate sees it, and at each trigger, after the aggregate fired, the tuples whose {@code i}
   * is 3. The window then leaves them out silently, without an EVICTION.
   */
  public static class RemovingAggregate extends Aggregate {
    @Override
    public synchronized void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      Window<Tuple> window = (Window<Tuple>) getInput(0).getStreamWindow();
      StreamWindowListener<Tuple> aggregate = registeredListener(window);
      window.registerListener(
          event -> {
            if (event.getType() == StreamWindowEvent.Type.INSERTION) {
              removeWhere(event, -4);
            }
            aggregate.handleEvent(event);
            if (event.getType() == StreamWindowEvent.Type.TRIGGER) {
              removeWhere(event, 3);
            }
          },
          false);
    }

    private static void removeWhere(StreamWindowEvent<Tuple> event, int i) {
      for (Iterator<Tuple> it = event.getTuples().iterator(); it.hasNext(); ) {
        if (it.next().getInt("i") == i) {
          it.remove();
        }
      }
    }
  }

  @Test
  void nanAndInfinitiesGiveWhatTheFoldGivesExceptSplsRunningMeanAfterAnInfinity() throws Exception {
    double inf = Double.POSITIVE_INFINITY;
    double[] values = {1, inf, 2, Double.NaN, 3, 4, -inf, inf, 5, 6, 7, 8};
    List<List<Object>> rows = new ArrayList<>();
    for (SlidingAggregation mode : SlidingAggregation.values()) {
      AggregateRun run =
          AggregateRun.of(
                  "tuple<float64 d>",
                  "tuple<float64 sum, float64 avg, float64 sd, float64 lo>",
                  in -> in.sliding().evictCount(3).triggerCount(1))
              .output("sum=Sum(d)", "avg=Average(d)", "sd=SampleStdDev(d)", "lo=Min(d)")
              .parameter("slidingAggregation", mode.splName())
              .start();
      for (double value : values) {
        run.submit(value);
      }
      List<Object> row = new ArrayList<>();
      for (Object item : run.delivered()) {
        if (item instanceof Tuple tuple) {
          row.add(
              List.of(
                  tuple.getDouble(0), tuple.getDouble(1), tuple.getDouble(2), tuple.getDouble(3)));
        }
      }
      rows.add(row);
      run.shutdown();
    }
    List<Object> incremental = rows.get(0);
    List<Object> recomputed = rows.get(1);
    assertEquals(values.length - 2, incremental.size());
    for (int i = 0; i < incremental.size(); i++) {
      List<?> inc = (List<?>) incremental.get(i);
      List<?> rec = (List<?>) recomputed.get(i);
      assertEquals(rec.get(0), inc.get(0), "Sum of window " + i);
      assertEquals(rec.get(2), inc.get(2), "SampleStdDev of window " + i);
      assertEquals(rec.get(3), inc.get(3), "Min of window " + i);
    }
    // [1, inf, 2]: SPL's running mean is NaN (inf + (2 - inf) / 3); the mean is infinite.
    assertEquals(inf, ((List<?>) incremental.get(0)).get(1));
    assertEquals(Double.NaN, ((List<?>) recomputed.get(0)).get(1));
    // [inf, 2, NaN], [4, -inf, inf]: NaN both ways; [6, 7, 8]: 7 both ways.
    assertEquals(Double.NaN, ((List<?>) incremental.get(1)).get(1));
    assertEquals(Double.NaN, ((List<?>) incremental.get(5)).get(1));
    assertEquals(7.0, ((List<?>) incremental.get(9)).get(1));
    assertEquals(7.0, ((List<?>) recomputed.get(9)).get(1));
  }

  @Test
  void theScenariosCoverWhatTheyClaim() {
    List<Scenario> all = scenarios().toList();
    for (Kind kind : Kind.values()) {
      assertTrue(all.stream().anyMatch(s -> s.kind() == kind), kind.name());
    }
    assertTrue(all.stream().anyMatch(s -> s.partitioned() && s.groupBy()));
    assertTrue(all.stream().anyMatch(Scenario::partitionEviction));
    assertTrue(all.stream().anyMatch(Scenario::removing));
    assertTrue(all.stream().anyMatch(Scenario::incomplete));
    assertFalse(all.stream().allMatch(Scenario::groupBy));
  }
}
