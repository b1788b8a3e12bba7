package io.streamswindow.runtime;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.metrics.Metric;
import com.ibm.streams.operator.metrics.OperatorMetrics.OutputPortMetric;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * An output port of a hosted operator: it copies what the operator submits into read-only tuples of
 * the port's schema and hands them to the port's {@link OutputSink}.
 *
 * <p>Deliveries on one port are serialised, whichever thread submits. After a {@link
 * Punctuation#FINAL_MARKER} nothing more is delivered and the submit methods return false.
 */
final class HostOutputPort extends HostPort implements StreamingOutput<OutputTuple> {
  private final OutputSink sink;
  private final Object deliveryLock = new Object();
  private boolean finalSent;

  /** The port's system metrics, by {@link OutputPortMetric} ordinal; counted under deliveryLock. */
  private final HostMetric[] metrics;

  private final HostMetric tuplesSubmitted;
  private final HostMetric windowPunctsSubmitted;
  private final HostMetric finalPunctsSubmitted;

  HostOutputPort(int portNumber, OutputPortSpec spec) {
    super(portNumber, spec.name(), spec.schema());
    this.sink = spec.sink();
    OutputPortMetric[] names = OutputPortMetric.values();
    metrics = new HostMetric[names.length];
    for (OutputPortMetric metric : names) {
      metrics[metric.ordinal()] =
          HostMetric.system(
              PortMetricNames.OPERATOR_OUTPUT, portNumber, metric, Metric.Kind.COUNTER);
    }
    tuplesSubmitted = metrics[OutputPortMetric.nTuplesSubmitted.ordinal()];
    windowPunctsSubmitted = metrics[OutputPortMetric.nWindowPunctsSubmitted.ordinal()];
    finalPunctsSubmitted = metrics[OutputPortMetric.nFinalPunctsSubmitted.ordinal()];
  }

  /** One of the port's system metrics. */
  Metric metric(OutputPortMetric metric) {
    return metrics[metric.ordinal()];
  }

  /** True once a FINAL_MARKER went out on this port. */
  boolean isFinal() {
    synchronized (deliveryLock) {
      return finalSent;
    }
  }

  @Override
  public OutputTuple newTuple() {
    return SchemaSupport.newOutputTuple(schema);
  }

  @Override
  public boolean submit(OutputTuple tuple) throws Exception {
    return deliver(tuple);
  }

  @Override
  public boolean submit(Tuple tuple) throws Exception {
    return deliver(tuple);
  }

  @Override
  public boolean submitAsTuple(Object... attributeValues) throws Exception {
    return deliver(schema.getTuple(attributeValues));
  }

  @Override
  public boolean submitMapAsTuple(Map<String, ?> attributeValues) throws Exception {
    return deliver(schema.getTuple(attributeValues));
  }

  @Override
  public boolean submitListAsTuple(List<?> attributeValues) throws Exception {
    return deliver(schema.getTuple(attributeValues));
  }

  @Override
  public Callable<Boolean> deferredSubmit(OutputTuple tuple) {
    // Copy now: the operator may reuse its tuple before the task runs.
    Tuple copy = copyOf(tuple);
    return () -> deliver(copy);
  }

  @Override
  public boolean punctuate(Punctuation mark) throws Exception {
    if (mark == null || mark == Punctuation.NON_EXISTENT) {
      return false;
    }
    synchronized (deliveryLock) {
      if (finalSent) {
        return false;
      }
      if (mark == Punctuation.FINAL_MARKER) {
        finalSent = true;
        finalPunctsSubmitted.value++;
      } else {
        windowPunctsSubmitted.value++;
      }
      sink.mark(portNumber, mark);
      return true;
    }
  }

  private boolean deliver(Tuple tuple) throws Exception {
    Tuple copy = copyOf(tuple);
    synchronized (deliveryLock) {
      if (finalSent) {
        return false;
      }
      tuplesSubmitted.value++;
      sink.tuple(portNumber, copy);
      return true;
    }
  }

  /** A read-only tuple of this port's schema holding the attributes of {@code tuple}. */
  private Tuple copyOf(Tuple tuple) {
    if (tuple == null) {
      throw new NullPointerException("submit(null) on " + this);
    }
    if (schema.equals(tuple.getStreamSchema())) {
      // Already of this schema: an immutable tuple is kept, an output tuple copied as it is
      // (the operator may reuse it), without matching attributes one by one.
      return tuple instanceof OutputTuple ? tuple.asReadOnlyTuple() : tuple;
    }
    OutputTuple copy = newTuple();
    copy.assign(tuple);
    return copy.asReadOnlyTuple();
  }

  @Override
  public ExportType getExportType() {
    return ExportType.NOT_EXPORTED;
  }

  @Override
  public boolean isExported() {
    return false;
  }

  @Override
  public Map<String, Object> getStreamProperties() {
    throw notExported("getStreamProperties");
  }

  @Override
  public Tuple getStreamPropertiesAsTuple() {
    throw notExported("getStreamPropertiesAsTuple");
  }

  @Override
  public void setStreamProperties(Map<String, ?> properties) {
    throw notExported("setStreamProperties");
  }

  @Override
  public void addStreamProperties(Map<String, ?> properties) {
    throw notExported("addStreamProperties");
  }

  @Override
  public void removeStreamProperties(String... names) {
    throw notExported("removeStreamProperties");
  }

  private UnsupportedOperationException notExported(String what) {
    return new UnsupportedOperationException(
        what
            + ": stream export and stream properties are not supported by streams-window ("
            + this
            + " is never exported)");
  }

  @Override
  public String toString() {
    return "output port " + portNumber + " '" + name + "'";
  }
}
