package io.streamswindow.aggregate;

import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;
import io.streamswindow.api.window.TimeIntervalWindowEvent;
import io.streamswindow.engine.KeySlices;
import io.streamswindow.engine.TimeIntervalWindow;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link Aggregate} operator's listener on a timeInterval window of the streams-window engine,
 * which it has made keep each tuple once, in slices ({@link TimeIntervalWindow#sliceTuples()};
 * docs/architecture.md, "Stream slicing"). Every TRIGGER, on complete or late, submits one tuple
 * per group, then a window marker, as {@link PaneAggregateListener} does, but computes the output
 * functions from the partial aggregates of the pane's slices ({@link PaneSlider}): each tuple is
 * folded once, whatever the number of panes holding it.
 *
 * <p>Output functions without a sliced form ({@link SliceFunctions}) go over the pane's tuples,
 * which the event shows, as before. Nothing is checkpointed: the slices' partials are a cache of
 * what the window holds, rebuilt after a reset.
 */
final class SlicedPaneAggregateListener implements StreamWindowListener<Tuple> {
  private final TimeIntervalWindow<Tuple> window;
  private final AggregatePlan plan;
  private final StreamingOutput<OutputTuple> out;
  private final boolean needsTuples;

  SlicedPaneAggregateListener(
      TimeIntervalWindow<Tuple> window, AggregatePlan plan, StreamingOutput<OutputTuple> out) {
    this.window = window;
    this.plan = plan;
    this.out = out;
    boolean any = false;
    for (SliceFunction function : plan.sliceFunctions()) {
      any |= function == null;
    }
    this.needsTuples = any;
    window.sliceTuples();
    window.registerListener(this, false);
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    if (event.getType() != StreamWindowEvent.Type.TRIGGER
        || !(event instanceof TimeIntervalWindowEvent<Tuple> pane)) {
      return;
    }
    PaneTrigger trigger = PaneTrigger.of(pane);
    KeySlices<Tuple> partition = window.keySlices(event.getPartition());
    SliceGroups groups =
        partition == null
            ? null
            : PaneSlider.groups(
                plan,
                partition,
                window.firstSlice(pane.getPane()),
                window.endSlice(pane.getPane()));
    List<SliceGroup> ordered = groups == null ? List.of() : groups.inArrivalOrder();
    SlicedFiring firing = new SlicedFiring(trigger, ordered);
    Map<Object, Group> byKey = needsTuples ? tupleGroups(event, trigger) : null;
    SliceFunction[] functions = plan.sliceFunctions();
    for (SliceGroup group : ordered) {
      OutputTuple tuple = out.newTuple();
      for (int i = 0; i < functions.length; i++) {
        tuple.setObject(
            i,
            functions[i] != null
                ? functions[i].result(group.partials[i], group, firing)
                : plan.output(i).aggregate(byKey.get(group.key)));
      }
      out.submit(tuple);
    }
    out.punctuate(Punctuation.WINDOW_MARKER);
  }

  /** The pane's tuples split into groups, for the functions without a sliced form. */
  private Map<Object, Group> tupleGroups(StreamWindowEvent<Tuple> event, PaneTrigger trigger) {
    Firing firing = plan.split(event.getTuples()).forPane(trigger);
    Map<Object, Group> byKey = new HashMap<>();
    ValueReader[] groupBy = plan.groupBy();
    for (Group group : firing.groups()) {
      byKey.put(groupBy.length == 0 ? null : Firing.key(group.first(), groupBy), group);
    }
    return byKey;
  }
}
