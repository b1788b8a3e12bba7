package io.streamswindow.aggregate;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.StreamingData.Punctuation;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPortSet.WindowMode;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPortSet.WindowPunctuationOutputMode;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.StreamWindow;
import com.ibm.streams.operator.window.WindowUtilities;
import io.streamswindow.api.window.TimeIntervalStreamWindow;
import io.streamswindow.engine.EngineWindow;
import io.streamswindow.engine.TimeIntervalWindow;
import java.util.List;

/**
 * The SPL standard toolkit's {@code Aggregate} operator as a windowed Java operator: on every
 * window firing it submits one tuple of aggregates per {@code groupBy} group, then a window marker.
 *
 * <p>Windows: tumbling ({@code count}, {@code delta}, {@code time}, {@code punct}) and sliding
 * ({@code count}, {@code delta}, {@code time} eviction with a {@code count}, {@code delta} or
 * {@code time} trigger), optionally partitioned, with partition eviction. Behaviour:
 *
 * <ul>
 *   <li>A tumble (tumbling) or a trigger (sliding) submits one tuple per group, in the order the
 *       groups' first tuples arrived, then a {@code WINDOW_MARKER}. An empty window that fires
 *       submits only the marker.
 *   <li>A sliding window submits nothing until its partition has been full once (INITIAL_FULL),
 *       unless {@code aggregateIncompleteWindows} is true; an evicted partition must fill again.
 *   <li>With {@code aggregateEvictedPartitions} (tumbling windows with partition eviction), a
 *       partition that is evicted is aggregated as if it had tumbled.
 *   <li>The final punctuation flushes nothing; window markers on input are not forwarded (a {@code
 *       punct()} window tumbles on them, which submits its own marker).
 * </ul>
 *
 * <p>Parameters, as SPL passes them (lists of strings):
 *
 * <ul>
 *   <li>{@code output}: the assignments {@code attribute=Function(arguments)}, e.g. {@code
 *       total=Sum(cost)}, {@code n=Count()}, {@code who=ArgMax(price, symbol)}; the functions are
 *       those of {@link AggregateFunction}. An output attribute that is not assigned takes {@code
 *       Last} of the input attribute with the same name (the group's value for a groupBy
 *       attribute).
 *   <li>{@code groupBy}: input attributes whose values split the window into groups (optional).
 *   <li>{@code partitionBy}: input attributes partitioning a partitioned window (optional; a
 *       runtime such as the Spark adapter may partition the window itself instead).
 *   <li>{@code aggregateIncompleteWindows}, {@code aggregateEvictedPartitions}: booleans, default
 *       false; the first only for sliding windows, the second only for tumbling windows with a
 *       partition eviction policy.
 *   <li>{@code slidingAggregation}: {@code incremental} (the default) or {@code recompute}, sliding
 *       windows only ({@link SlidingAggregation}): whether each output function's state is kept as
 *       tuples arrive and leave, or computed over the window at every trigger.
 *   <li>{@code paneAggregation}: {@code sliced} or {@code recompute}, timeInterval windows only
 *       ({@link PaneAggregation}): whether each tuple is folded once into its slice of the time
 *       line, or every pane's functions go over the pane's tuples at its triggers. By default
 *       {@code sliced} where a tuple is in 20 panes or more, {@code recompute} below.
 * </ul>
 *
 * <p>Output attribute types must be the functions' result types ({@link
 * AggregateFunction#resultType}); {@link AggregateSchema#outputSchema} derives a schema that fits.
 *
 * <pre>{@code
 * // SPL: stream<V> VSUM = Aggregate(V) {
 * //   window V: tumbling, count(4); output VSUM: cost = Sum(cost); }
 * OperatorInvocation<Aggregate> op = tester.singleOp(Aggregate.class);
 * op.addInput("tuple<rstring item, float64 cost>").tumbling().evictCount(4);
 * op.addOutput("tuple<rstring item, float64 cost>");
 * op.setStringParameter("output", "cost=Sum(cost)");
 * }</pre>
 */
@PrimitiveOperator(
    name = "Aggregate",
    namespace = "spl.relational",
    description = "Computes aggregations over the tuples gathered in a window.")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = WindowMode.Windowed))
@OutputPorts(
    @OutputPortSet(
        cardinality = 1,
        windowPunctuationOutputMode = WindowPunctuationOutputMode.Generating))
public class Aggregate extends AbstractOperator {
  private List<String> output = List.of();
  private List<String> groupBy = List.of();
  private List<String> partitionBy = List.of();
  private boolean aggregateIncompleteWindows;
  private boolean aggregateEvictedPartitions;
  private SlidingAggregation slidingAggregation;
  private PaneAggregation paneAggregation;

  /** Creates the operator; it is configured by its parameters. */
  public Aggregate() {}

  /**
   * Sets the output assignments.
   *
   * @param output assignments such as {@code total=Sum(cost)}
   */
  @Parameter(
      optional = true,
      description =
          "Output assignments attribute=Function(arguments); unassigned output attributes take"
              + " Last of the input attribute with the same name.")
  public void setOutput(List<String> output) {
    this.output = List.copyOf(output);
  }

  /**
   * Sets the attributes that split a window into groups.
   *
   * @param groupBy input attribute names
   */
  @Parameter(optional = true, description = "Input attributes whose values group the window.")
  public void setGroupBy(List<String> groupBy) {
    this.groupBy = List.copyOf(groupBy);
  }

  /**
   * Sets the attributes that partition a partitioned window.
   *
   * @param partitionBy input attribute names
   */
  @Parameter(optional = true, description = "Input attributes whose values partition the window.")
  public void setPartitionBy(List<String> partitionBy) {
    this.partitionBy = List.copyOf(partitionBy);
  }

  /**
   * Sets whether a sliding window is aggregated before it has been full.
   *
   * @param aggregateIncompleteWindows true to aggregate every trigger
   */
  @Parameter(
      optional = true,
      description = "Sliding windows only: aggregate triggers before the window is full.")
  public void setAggregateIncompleteWindows(boolean aggregateIncompleteWindows) {
    this.aggregateIncompleteWindows = aggregateIncompleteWindows;
  }

  /**
   * Sets whether an evicted partition of a tumbling window is aggregated.
   *
   * @param aggregateEvictedPartitions true to aggregate evicted partitions
   */
  @Parameter(
      optional = true,
      description =
          "Tumbling windows with partition eviction only: aggregate a partition when it is"
              + " evicted.")
  public void setAggregateEvictedPartitions(boolean aggregateEvictedPartitions) {
    this.aggregateEvictedPartitions = aggregateEvictedPartitions;
  }

  /**
   * Sets how a sliding window's output functions are computed: {@code incremental} (the default)
   * keeps them as tuples arrive and leave, {@code recompute} goes over the window at each trigger.
   *
   * @param slidingAggregation {@code incremental} or {@code recompute}
   * @throws IllegalArgumentException for another value
   */
  @Parameter(
      optional = true,
      description =
          "Sliding windows only: incremental (default) keeps each output function's state as"
              + " tuples arrive and leave; recompute goes over the window at every trigger.")
  public void setSlidingAggregation(String slidingAggregation) {
    this.slidingAggregation = SlidingAggregation.forSplName(slidingAggregation);
  }

  /**
   * Sets how a timeInterval window's output functions are computed: {@code sliced} (the default
   * from 20 panes per tuple, {@link PaneAggregation#defaultFor}) folds each tuple once into the
   * slice of the time line holding its event time and combines a pane's slices when it triggers;
   * {@code recompute} goes over the pane's tuples at each trigger.
   *
   * @param paneAggregation {@code sliced} or {@code recompute}
   * @throws IllegalArgumentException for another value
   */
  @Parameter(
      optional = true,
      description =
          "timeInterval windows only: sliced folds each tuple once into its slice of the time"
              + " line and combines a pane's slices when it triggers; recompute goes over the"
              + " pane's tuples at every trigger. Default: sliced where a tuple is in 20 panes or"
              + " more, recompute below.")
  public void setPaneAggregation(String paneAggregation) {
    this.paneAggregation = PaneAggregation.forSplName(paneAggregation);
  }

  /**
   * Checks the parameters against the window and schemas, partitions the window when {@code
   * partitionBy} is given, and registers the aggregating listener.
   *
   * @throws IllegalArgumentException for an output assignment, groupBy attribute or parameter that
   *     does not fit (an {@link OutputAssignmentException} for assignments)
   * @throws IllegalStateException when the port is not windowed or the ports are not one in, one
   *     out
   */
  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    checkPorts(1, 1);
    StreamWindow<Tuple> window = getInput(0).getStreamWindow();
    if (window.getType() == StreamWindow.Type.NOT_WINDOWED) {
      throw new IllegalStateException(
          "Aggregate needs a windowed input port: declare a tumbling or sliding window");
    }
    checkWindowParameters(window);
    List<OutputAssignment> assignments = OutputAssignmentParser.parseAll(output);
    checkPaneFunctions(window, assignments);
    AggregatePlan plan =
        AggregatePlan.resolve(
            getInput(0).getStreamSchema(), getOutput(0).getStreamSchema(), assignments, groupBy);
    if (!partitionBy.isEmpty()) {
      WindowUtilities.registerAttributePartitioner(window, partitionBy.toArray(new String[0]));
    }
    if (window instanceof TimeIntervalWindow<Tuple> engine
        && (paneAggregation != null
                ? paneAggregation
                : PaneAggregation.defaultFor(
                    engine.getIntervalDuration(), engine.getCreationPeriod()))
            == PaneAggregation.SLICED) {
      // Another runtime's timeInterval window keeps its panes' tuples itself.
      new SlicedPaneAggregateListener(engine, plan, getOutput(0));
    } else if (window instanceof TimeIntervalStreamWindow<Tuple> panes) {
      new PaneAggregateListener(panes, plan, getOutput(0));
    } else {
      // The listener registers itself on the window and as a state handler of this operator.
      new AggregateWindowListener(
          window,
          plan,
          getOutput(0),
          aggregateIncompleteWindows,
          aggregateEvictedPartitions,
          slidingAggregation == null ? SlidingAggregation.INCREMENTAL : slidingAggregation);
    }
  }

  /**
   * Pane functions read the pane a timeInterval window triggered for; other windows have none. And
   * the parameters about when a sliding or tumbling window's firings count do not apply to panes,
   * which fire when the watermark completes them.
   */
  private void checkPaneFunctions(StreamWindow<Tuple> window, List<OutputAssignment> assignments) {
    boolean panes = window instanceof TimeIntervalStreamWindow;
    if (panes && (aggregateIncompleteWindows || aggregateEvictedPartitions)) {
      throw new IllegalArgumentException(
          "aggregateIncompleteWindows and aggregateEvictedPartitions do not apply to a timeInterval"
              + " window, whose panes fire when the watermark completes them");
    }
    for (OutputAssignment assignment : assignments) {
      if (!panes && assignment.function().isPaneFunction()) {
        throw assignment.error(
            assignment.attribute(),
            assignment.attributePosition(),
            assignment.function().splName()
                + "() gives the pane a timeInterval window triggered for, but the window is "
                + window.getType().name().toLowerCase(java.util.Locale.ROOT));
      }
    }
  }

  private void checkWindowParameters(StreamWindow<Tuple> window) {
    boolean tumbling = window.getType() == StreamWindow.Type.TUMBLING;
    if (aggregateIncompleteWindows && tumbling) {
      throw new IllegalArgumentException(
          "aggregateIncompleteWindows is only valid for sliding windows, but the window is"
              + " tumbling");
    }
    if (slidingAggregation != null && (tumbling || window instanceof TimeIntervalStreamWindow)) {
      throw new IllegalArgumentException(
          "slidingAggregation is only valid for sliding windows, but the window is "
              + (tumbling ? "tumbling" : "a timeInterval window"));
    }
    if (paneAggregation != null && !(window instanceof TimeIntervalStreamWindow)) {
      throw new IllegalArgumentException(
          "paneAggregation is only valid for timeInterval windows, but the window is "
              + window.getType().name().toLowerCase(java.util.Locale.ROOT));
    }
    if (aggregateEvictedPartitions && !tumbling) {
      throw new IllegalArgumentException(
          "aggregateEvictedPartitions is only valid for tumbling windows, but the window is"
              + " sliding");
    }
    if (aggregateEvictedPartitions && !hasPartitionEviction(window)) {
      throw new IllegalArgumentException(
          "aggregateEvictedPartitions needs a partitioned window with a partition eviction policy"
              + " (partitionAge, partitionCount or tupleCount)");
    }
    if (!partitionBy.isEmpty() && !window.isPartitioned()) {
      throw new IllegalArgumentException(
          "partitionBy " + partitionBy + " needs a partitioned window");
    }
  }

  /** Known only for the streams-window engine's windows; other runtimes are trusted. */
  private static boolean hasPartitionEviction(StreamWindow<Tuple> window) {
    if (window instanceof EngineWindow<?> engine) {
      return engine.spec().partitionEviction() != null;
    }
    return window.isPartitioned();
  }

  /**
   * Does nothing: the window handles window markers (a {@code punct()} window tumbles on them and
   * the tumble submits its own marker), and the runtime forwards the final marker.
   */
  @Override
  public void processPunctuation(StreamingInput<Tuple> port, Punctuation mark) {}
}
