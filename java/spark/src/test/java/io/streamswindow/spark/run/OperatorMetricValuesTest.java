package io.streamswindow.spark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.Type;
import com.ibm.streams.operator.metrics.Metric;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a call reports of its operator's metrics: the changes between two snapshots. */
class OperatorMetricValuesTest {
  private static final StreamSchema SCHEMA = Type.Factory.getStreamSchema("tuple<rstring s>");

  /**
   * Forwards tuples. Sets a gauge to the length of each tuple's text; a tuple "create" creates a
   * custom counter and counts itself in it; a custom metric named as a system one is its own.
   */
  public static class Metered extends AbstractOperator {
    private Metric length;

    @Override
    public void initialize(OperatorContext context) throws Exception {
      super.initialize(context);
      length = context.getMetrics().createCustomMetric("length", "text", Metric.Kind.GAUGE);
      context.getMetrics().createCustomMetric("nTuplesProcessed0", "mine", Metric.Kind.COUNTER);
    }

    @Override
    public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
      String text = tuple.getString(0);
      length.setValue(text.length());
      if (text.equals("create")) {
        getOperatorContext()
            .getMetrics()
            .createCustomMetric("created", "made by a tuple", Metric.Kind.COUNTER)
            .increment();
      }
      getOutput(0).submit(tuple);
    }
  }

  private static OperatorHost running() throws Exception {
    OperatorHost host =
        OperatorHost.builder(Metered.class)
            .input("in", SCHEMA, WindowSpec.notWindowed())
            .output("out", SCHEMA, OutputSink.discard())
            .build();
    host.initialize();
    host.allPortsReady();
    return host;
  }

  private static void submit(OperatorHost host, String... texts) throws Exception {
    for (String text : texts) {
      host.submit(0, SCHEMA.getTuple(new Object[] {text}));
    }
  }

  private static List<String> names(List<Metric> metrics) {
    List<String> names = new ArrayList<>();
    for (Metric metric : metrics) {
      names.add(metric.getName());
    }
    return names;
  }

  @Test
  void countersAreReportedAsIncreasesGaugesAsValuesAndNothingWhenNothingChanged() throws Exception {
    OperatorHost host = running();
    submit(host, "ab");
    OperatorMetricValues before = OperatorMetricValues.of(host);
    submit(host, "abcd", "xyz");

    assertEquals(
        List.of("nTuplesProcessed0", "nTuplesSubmitted0", "length"),
        List.copyOf(before.changesIn(host).keySet()));
    assertEquals(
        Map.of("nTuplesProcessed0", 2L, "nTuplesSubmitted0", 2L, "length", 3L),
        before.changesIn(host));
    assertTrue(OperatorMetricValues.of(host).changesIn(host).isEmpty());
    host.shutdown();
  }

  @Test
  void aCustomMetricCreatedDuringTheCallCountsFromZeroAfterTheOthers() throws Exception {
    OperatorHost host = running();
    OperatorMetricValues before = OperatorMetricValues.of(host);
    submit(host, "create");

    Map<String, Long> changed = before.changesIn(host);
    assertEquals(
        List.of("nTuplesProcessed0", "nTuplesSubmitted0", "length", "created"),
        List.copyOf(changed.keySet()));
    assertEquals(1L, changed.get("created"));
    assertEquals(6L, changed.get("length"));
    host.shutdown();
  }

  @Test
  void theMetricsOfAHostAreThePortsCountedOnesThenItsOwnNotNamedAsASystemOne() throws Exception {
    OperatorHost host = running();
    assertEquals(
        List.of(
            "nTuplesProcessed0",
            "nWindowPunctsProcessed0",
            "nFinalPunctsProcessed0",
            "nTuplesSubmitted0",
            "nWindowPunctsSubmitted0",
            "nFinalPunctsSubmitted0",
            "length"),
        names(OperatorMetricValues.metricsOf(host.context())));
    submit(host, "create");
    assertEquals("created", names(OperatorMetricValues.metricsOf(host.context())).get(7));
    host.shutdown();
  }
}
