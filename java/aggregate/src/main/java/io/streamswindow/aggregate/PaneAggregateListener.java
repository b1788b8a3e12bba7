package io.streamswindow.aggregate;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import io.streamswindow.engine.TimeIntervalWindow;

/**
 * The {@link Aggregate} operator's listener on a timeInterval window: every TRIGGER of a pane's
 * partition, the on-complete one and each late one, is aggregated, with the pane's facts for the
 * pane functions ({@code intervalStart()}, {@code intervalEnd()}, {@code paneIndex()}, {@code
 * paneTiming()}). INSERTION, INITIAL_FULL, the close (EVICTION) and FINAL submit nothing.
 *
 * <p>Unlike {@link AggregateWindowListener} it keeps no bookkeeping: a pane is complete when it
 * triggers, which the window decides, so there is nothing to checkpoint beside the window itself.
 */
final class PaneAggregateListener implements StreamWindowListener<Tuple> {
  private final AggregatePlan plan;
  private final StreamingOutput<OutputTuple> out;

  PaneAggregateListener(
      TimeIntervalStreamWindow<Tuple> window,
      AggregatePlan plan,
      StreamingOutput<OutputTuple> out) {
    this.plan = plan;
    this.out = out;
    if (window instanceof TimeIntervalWindow<Tuple> engine) {
      // Only triggers are aggregated: the window need not build an INSERTION per pane of a tuple.
      engine.omitInsertionEvents();
    }
    window.registerListener(this, false);
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    if (event.getType() == StreamWindowEvent.Type.TRIGGER
        && event instanceof TimeIntervalWindowEvent<Tuple> pane) {
      plan.submit(plan.split(event.getTuples()).forPane(PaneTrigger.of(pane)), out);
    }
  }
}
