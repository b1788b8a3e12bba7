package io.streamswindow.examples;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamSchema;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.AbstractWindowOperator;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.api.window.PaneTiming;
import io.streamswindow.api.window.TimeIntervalWindowEvent;

/**
 * Sums one attribute over each trigger of a timeInterval (event-time) window's panes, and says
 * which pane and which trigger: it reads our API extension's {@link TimeIntervalWindowEvent}.
 * Output attributes, each optional: {@code paneStart} and {@code paneEnd} (timestamps), {@code
 * paneIndex} (int64: 0 for the trigger on complete, then 1, 2... for late ones), {@code paneTiming}
 * (rstring: {@code paneOnComplete} or {@code paneLate}), {@code total} (float64) and {@code count}
 * (int64); every other output attribute is copied from the pane's last tuple. Example (PySpark):
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.PaneSum",
 *                 window="partitioned, timeInterval, intervalDuration(10.0)", partition_by="key",
 *                 event_time="ts", params={"attr": "cost"},
 *                 output_schema="key string, paneStart timestamp, paneIndex long, total double")
 * }</pre>
 */
@PrimitiveOperator(
    name = "PaneSum",
    description = "Sums an attribute over each trigger of an event-time pane")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class PaneSum extends AbstractWindowOperator {
  private String attr;

  /** The attribute to sum. */
  @Parameter(name = "attr", optional = false, description = "The numeric attribute to sum")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  @Override
  public void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    if (getInput(0).getStreamSchema().getAttribute(attr) == null) {
      throw new IllegalArgumentException(
          "Parameter attr names '"
              + attr
              + "', which is not an input attribute; the input attributes are: "
              + String.join(", ", getInput(0).getStreamSchema().getAttributeNames()));
    }
    StreamingOutput<OutputTuple> out = getOutput(0);
    getInput(0)
        .getStreamWindow()
        .registerListener(
            new StreamWindowListener<Tuple>() {
              @Override
              public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
                if (event.getType() == StreamWindowEvent.Type.TRIGGER
                    && event instanceof TimeIntervalWindowEvent<Tuple> pane) {
                  submit(out, pane);
                }
              }
            },
            false);
  }

  private void submit(StreamingOutput<OutputTuple> out, TimeIntervalWindowEvent<Tuple> event)
      throws Exception {
    double total = 0;
    long count = 0;
    Tuple last = null;
    for (Tuple t : event.getTuples()) {
      total += t.getDouble(attr);
      count++;
      last = t;
    }
    if (last == null) {
      return;
    }
    OutputTuple result = out.newTuple();
    result.assign(last);
    StreamSchema schema = result.getStreamSchema();
    if (schema.getAttribute("paneStart") != null) {
      result.setTimestamp("paneStart", event.getPane().getStart());
    }
    if (schema.getAttribute("paneEnd") != null) {
      result.setTimestamp("paneEnd", event.getPane().getEnd());
    }
    if (schema.getAttribute("paneIndex") != null) {
      result.setLong("paneIndex", event.getPaneIndex());
    }
    if (schema.getAttribute("paneTiming") != null) {
      result.setString("paneTiming", splName(event.getPaneTiming()));
    }
    if (schema.getAttribute("total") != null) {
      result.setDouble("total", total);
    }
    if (schema.getAttribute("count") != null) {
      result.setLong("count", count);
    }
    out.submit(result);
  }

  /** SPL's name of a pane timing ({@code spl.eventtime}'s {@code paneTiming()} values). */
  private static String splName(PaneTiming timing) {
    return switch (timing) {
      case PANE_EARLY -> "paneEarly";
      case PANE_ON_COMPLETE -> "paneOnComplete";
      case PANE_LATE -> "paneLate";
    };
  }
}
