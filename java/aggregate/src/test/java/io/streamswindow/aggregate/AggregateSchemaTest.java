package io.streamswindow.aggregate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.Type;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link AggregateSchema}: the output schema derived from the input schema and assignments. */
class AggregateSchemaTest {
  private static final StreamSchema IN =
      Type.Factory.getStreamSchema(
          "tuple<rstring symbol, float64 price, int32 qty, list<int32> lots, timestamp ts>");

  @Test
  void groupByAttributesComeFirstThenTheAssignmentsWithTheirResultTypes() {
    StreamSchema out =
        AggregateSchema.outputSchema(
            IN,
            List.of(
                "avg=Average(price)",
                "n=Count()",
                "sizes=CountByGroup()",
                "who=ArgMax(price, ts)",
                "all=Collect(symbol)",
                "lots=Sum(lots)",
                "kinds=CountByDistinct(qty)",
                "sd=SampleStdDev(qty)"),
            List.of("symbol"));
    assertEquals(
        "tuple<rstring symbol,float64 avg,int32 n,list<int32> sizes,timestamp who,"
            + "list<rstring> all,list<int32> lots,list<int32> kinds,int32 sd>",
        out.getLanguageType().replace(", ", ","));
  }

  @Test
  void anAssignedGroupByAttributeKeepsItsPlaceAndTakesTheAssignmentsType() {
    StreamSchema out =
        AggregateSchema.outputSchema(
            IN, List.of("total=Sum(price)", "qty=Count()"), List.of("qty", "symbol"));
    assertEquals(List.of("qty", "symbol", "total"), List.copyOf(out.getAttributeNames()));
    assertEquals("int32", out.getAttribute("qty").getType().getLanguageType());
  }

  @Test
  void theDerivedSchemaRunsTheOperator() throws Exception {
    List<String> output = List.of("price=Average(price)", "n=Count()", "top=Max(price)");
    StreamSchema out = AggregateSchema.outputSchema(IN, output, List.of("symbol"));
    AggregateRun run =
        AggregateRun.of(
                IN.getLanguageType(), out.getLanguageType(), in -> in.tumbling().evictCount(3))
            .groupBy("symbol")
            .output(output.toArray(new String[0]))
            .start();
    com.ibm.streams.operator.types.Timestamp ts =
        new com.ibm.streams.operator.types.Timestamp(0, 0);
    run.submit("A", 1.0, 1, List.of(1), ts)
        .submit("B", 4.0, 1, List.of(1), ts)
        .submit("A", 3.0, 1, List.of(1), ts);
    assertEquals(List.of("(A, 2.0, 2, 3.0)", "(B, 4.0, 1, 4.0)", "WINDOW_MARKER"), run.take());
    run.punctuate(Punctuation.FINAL_MARKER);
    run.shutdown();
  }

  @Test
  void errorsNameTheProblem() {
    OutputAssignmentException unknown =
        assertThrows(
            OutputAssignmentException.class,
            () -> AggregateSchema.outputSchema(IN, List.of("x=Sum(cost)"), List.of()));
    assertEquals("cost", unknown.getToken());
    assertEquals(6, unknown.getPosition());

    OutputAssignmentException unfit =
        assertThrows(
            OutputAssignmentException.class,
            () ->
                AggregateSchema.outputSchema(
                    IN, List.of("x=Max(lots)", "y=ArgMin(lots, qty)"), List.of()));
    assertEquals("lots", unfit.getToken());
    assertTrue(
        unfit.getMessage().contains("ArgMin(x, y) needs an ordered type"), unfit.getMessage());

    IllegalArgumentException group =
        assertThrows(
            IllegalArgumentException.class,
            () -> AggregateSchema.outputSchema(IN, List.of("n=Count()"), List.of("region")));
    assertTrue(group.getMessage().contains("groupBy attribute 'region'"), group.getMessage());

    IllegalArgumentException nothing =
        assertThrows(
            IllegalArgumentException.class,
            () -> AggregateSchema.outputSchema(IN, List.of(), List.of()));
    assertTrue(nothing.getMessage().startsWith("Nothing to output"), nothing.getMessage());
  }
}
