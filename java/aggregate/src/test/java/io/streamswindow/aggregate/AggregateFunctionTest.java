package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.types.Timestamp;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each output function of {@link AggregateFunction} on a small window whose results are computed by
 * hand, through the {@link Aggregate} operator in IBM's harness ({@code tumbling, punct()}: one
 * window marker, one firing).
 */
class AggregateFunctionTest {
  private static final String IN = "tuple<rstring sym, int32 qty, float64 price>";

  /**
   * The window: sym, qty, price.
   *
   * <pre>
   *   B   3  10.5
   *   A   7   9.0
   *   B  -2  11.25
   *   C   7   8.0
   *   A   5  11.25
   * </pre>
   */
  private static List<String> fire(String outSchema, String... assignments) throws Exception {
    AggregateRun run =
        AggregateRun.of(IN, outSchema, in -> in.tumbling().evictPunctuation())
            .output(assignments)
            .start();
    run.submit("B", 3, 10.5)
        .submit("A", 7, 9.0)
        .submit("B", -2, 11.25)
        .submit("C", 7, 8.0)
        .submit("A", 5, 11.25)
        .punctuate(Punctuation.WINDOW_MARKER);
    List<String> result = run.take();
    run.shutdown();
    return result;
  }

  @ParameterizedTest(name = "{0} gives {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "r=Count()                | int32          | 5",
        "r=CountAll()             | int32          | 5",
        "r=CountGroups()          | int32          | 1",
        "r=CountByGroup()         | list<int32>    | [5]",
        "r=CountDistinct(sym)     | int32          | 3",
        "r=CountByDistinct(sym)   | list<int32>    | [2, 2, 1]",
        "r=CountDistinct(qty)     | int32          | 4",
        "r=Sum(qty)               | int32          | 20",
        "r=Sum(price)             | float64        | 50.0",
        "r=Sum(sym)               | rstring        | BABCA",
        "r=Average(qty)           | int32          | 4",
        "r=Average(price)         | float64        | 10.0",
        "r=Min(qty)               | int32          | -2",
        "r=Max(qty)               | int32          | 7",
        "r=Min(price)             | float64        | 8.0",
        "r=Max(price)             | float64        | 11.25",
        "r=Min(sym)               | rstring        | A",
        "r=Max(sym)               | rstring        | C",
        "r=MinCount(qty)          | int32          | 1",
        "r=MaxCount(qty)          | int32          | 2",
        "r=MaxCount(price)        | int32          | 2",
        "r=MinCount(sym)          | int32          | 2",
        "r=ArgMin(qty, sym)       | rstring        | B",
        "r=ArgMax(qty, sym)       | rstring        | A",
        "r=ArgMin(price, qty)     | int32          | 7",
        "r=ArgMax(price, sym)     | rstring        | B",
        "r=First(sym)             | rstring        | B",
        "r=Last(sym)              | rstring        | A",
        "r=Any(price)             | float64        | 11.25",
        "r=Collect(qty)           | list<int32>    | [3, 7, -2, 7, 5]",
        "r=Collect(sym)           | list<rstring>  | [B, A, B, C, A]",
        "r=CollectDistinct(sym)   | list<rstring>  | [B, A, C]",
        "r=CollectDistinct(qty)   | list<int32>    | [3, 7, -2, 5]",
        "r=SampleStdDev(qty)      | int32          | 3",
        "r=PopulationStdDev(qty)  | int32          | 3",
      })
  void eachFunctionOnAHandComputedWindow(String assignment, String type, String expected)
      throws Exception {
    // qty standard deviations: mean 4, squared differences 1 + 9 + 36 + 9 + 1 = 56;
    // sqrt(56 / 4) = 3.74 and sqrt(56 / 5) = 3.35, truncated to int32.
    assertEquals(
        List.of("(" + expected + ")", "WINDOW_MARKER"), fire("tuple<" + type + " r>", assignment));
  }

  @Test
  void standardDeviationsOfFloats() throws Exception {
    // price: mean 10, squared differences 0.25 + 1 + 1.5625 + 4 + 1.5625 = 8.375.
    List<String> out =
        fire(
            "tuple<float64 sample, float64 population>",
            "sample=SampleStdDev(price)",
            "population=PopulationStdDev(price)");
    assertEquals(
        List.of("(" + Math.sqrt(8.375 / 4) + ", " + Math.sqrt(8.375 / 5) + ")", "WINDOW_MARKER"),
        out);
  }

  @Test
  void integerDeviationsAreExactBeyondDoublePrecision() throws Exception {
    // 2^53 + 1 and 2^53 + 3 differ by 2: the population deviation is exactly 1. As doubles they
    // read 2^53 and 2^53 + 4, whose deviation is 2.
    AggregateRun run =
        AggregateRun.of(
                "tuple<int64 l>", "tuple<int64 sd, int64 psd>", in -> in.tumbling().evictCount(2))
            .output("sd=SampleStdDev(l)", "psd=PopulationStdDev(l)")
            .start();
    run.submit((1L << 53) + 1).submit((1L << 53) + 3);
    // Sample: sqrt(2) truncated to 1; population: 1.
    assertEquals(List.of("(1, 1)", "WINDOW_MARKER"), run.take());
    run.shutdown();
  }

  @Test
  void groupLevelCountsWithGroupBy() throws Exception {
    AggregateRun run =
        AggregateRun.of(
                IN,
                "tuple<rstring sym, int32 n, int32 all, int32 groups, list<int32> sizes,"
                    + " int32 total, float64 price>",
                in -> in.tumbling().evictPunctuation())
            .groupBy("sym")
            .output(
                "n=Count()",
                "all=CountAll()",
                "groups=CountGroups()",
                "sizes=CountByGroup()",
                "total=Sum(qty)")
            .start();
    run.submit("B", 3, 10.5)
        .submit("A", 7, 9.0)
        .submit("B", -2, 11.25)
        .submit("C", 7, 8.0)
        .submit("A", 5, 11.25)
        .punctuate(Punctuation.WINDOW_MARKER);
    // Groups in order of first arrival; sym and price (unassigned) are Last of the group.
    assertEquals(
        List.of(
            "(B, 2, 5, 3, [2, 2, 1], 1, 11.25)",
            "(A, 2, 5, 3, [2, 2, 1], 12, 11.25)",
            "(C, 1, 5, 3, [2, 2, 1], 7, 8.0)",
            "WINDOW_MARKER"),
        run.take());
    run.shutdown();
  }

  @Test
  void unsignedIntegersCompareAndAverageAsUnsigned() throws Exception {
    AggregateRun run =
        AggregateRun.of(
                "tuple<uint8 u>",
                "tuple<uint8 lo, uint8 hi, uint8 avg, uint8 sum>",
                in -> in.tumbling().evictCount(2))
            .output("lo=Min(u)", "hi=Max(u)", "avg=Average(u)", "sum=Sum(u)")
            .start();
    run.submit((byte) 200).submit((byte) 100);
    // 200 is larger than 100 unsigned; (200 + 100) / 2 = 150; 300 wraps to 44. getObject gives
    // the Byte holding the same bits: 200 is -56, 150 is -106.
    assertEquals(List.of("(100, -56, -106, 44)", "WINDOW_MARKER"), run.take());
    run.shutdown();
  }

  @Test
  void integerArithmeticWrapsAndAveragesTruncateTowardZero() throws Exception {
    AggregateRun run =
        AggregateRun.of(
                "tuple<int8 b, int64 l>",
                "tuple<int8 sum, int8 avg, int64 big>",
                in -> in.tumbling().evictCount(2))
            .output("sum=Sum(b)", "avg=Average(b)", "big=Average(l)")
            .start();
    run.submit((byte) 100, Long.MAX_VALUE).submit((byte) 100, Long.MAX_VALUE - 2);
    // 100 + 100 = 200 wraps to -56; the average is exact (100) although the sum overflows int8,
    // and the int64 average is exact although the sum overflows int64.
    assertEquals(List.of("(-56, 100, " + (Long.MAX_VALUE - 1) + ")", "WINDOW_MARKER"), run.take());
    run.submit((byte) -3, 1L).submit((byte) -2, 2L);
    assertEquals(List.of("(-5, -2, 1)", "WINDOW_MARKER"), run.take()); // -5/2 = -2, 3/2 = 1
    run.shutdown();
  }

  @Test
  void decimalsFloat32UstringsAndTimestamps() throws Exception {
    AggregateRun run =
        AggregateRun.of(
                "tuple<decimal64 d, float32 f, ustring u, timestamp ts>",
                "tuple<decimal64 sum, decimal64 avg, decimal64 sd, float32 fsum, ustring text,"
                    + " timestamp latest, timestamp earliest>",
                in -> in.tumbling().evictCount(3))
            .output(
                "sum=Sum(d)",
                "avg=Average(d)",
                "sd=PopulationStdDev(d)",
                "fsum=Sum(f)",
                "text=Sum(u)",
                "latest=Max(ts)",
                "earliest=Min(ts)")
            .start();
    Timestamp t1 = new Timestamp(100, 0);
    Timestamp t2 = new Timestamp(300, 0);
    Timestamp t3 = new Timestamp(200, 5);
    run.submit(new BigDecimal("0.1"), 0.5f, "x", t1)
        .submit(new BigDecimal("0.2"), 0.25f, "y", t2)
        .submit(new BigDecimal("0.6"), 0.125f, "z", t3);
    // Decimal arithmetic is exact: 0.9, 0.3, and sqrt((0.04 + 0.01 + 0.09) / 3) = 0.2160...
    String sd =
        new BigDecimal("0.14")
            .divide(new BigDecimal(3), java.math.MathContext.DECIMAL64)
            .sqrt(java.math.MathContext.DECIMAL64)
            .toString();
    assertEquals(
        List.of("(0.9, 0.3, " + sd + ", 0.875, xyz, " + t2 + ", " + t1 + ")", "WINDOW_MARKER"),
        run.take());
    run.shutdown();
  }

  @Test
  void listsOfNumbersAreAggregatedElementByElement() throws Exception {
    AggregateRun run =
        AggregateRun.of(
                "tuple<list<float64> v>",
                "tuple<list<float64> sum, list<float64> avg, list<float64> lo, list<float64> hi,"
                    + " list<list<float64>> all, int32 distinct>",
                in -> in.tumbling().evictCount(2))
            .output(
                "sum=Sum(v)",
                "avg=Average(v)",
                "lo=Min(v)",
                "hi=Max(v)",
                "all=Collect(v)",
                "distinct=CountDistinct(v)")
            .start();
    run.submit(List.of(1.0, 2.0, 1.0)).submit(List.of(1.0, 1.0, 2.0));
    assertEquals(
        List.of(
            "([2.0, 3.0, 3.0], [1.0, 1.5, 1.5], [1.0, 1.0, 1.0], [1.0, 2.0, 2.0],"
                + " [[1.0, 2.0, 1.0], [1.0, 1.0, 2.0]], 2)",
            "WINDOW_MARKER"),
        run.take());
    run.shutdown();
  }
}
