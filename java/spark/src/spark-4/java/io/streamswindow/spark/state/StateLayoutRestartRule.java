package io.streamswindow.spark.state;

import io.streamswindow.spark.errors.IncompatibleRestartException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.plans.logical.BinaryNode;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ObjectProducer;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.catalyst.trees.TreeNodeTag;
import org.apache.spark.sql.streaming.StreamingQuery;

/**
 * Keeps a restarted streaming query on the state layout its checkpoint was written with
 * (docs/decisions.md, "State layout"). A stream's plan is built before the query, and so its
 * checkpoint, is known: {@link #offer} tags the plan's stateful operation with the other layout's
 * operation over the same groups, and this rule, one of the session's extra optimizer rules, runs
 * when Spark plans each micro-batch of a query, where the query and its checkpoint location are
 * known. It reads the layout the checkpoint recorded ({@link StateLayoutRecord}), records the
 * plan's for a new query, and swaps in the tagged alternative where they differ; where the user
 * chose the plan's layout with {@value StateLayout#SETTING}, it refuses the restart instead ({@link
 * IncompatibleRestartException#otherLayout}).
 *
 * <pre>{@code
 * Dataset<Row> results = StatefulOperation.of(layout, session, groups, ...);
 * StateLayoutRestartRule.offer(session, results,
 *     () -> StatefulOperation.of(layout.other(), session, groups, ...),
 *     layout, StateLayout.chosen(session));
 * }</pre>
 */
public final class StateLayoutRestartRule extends Rule<LogicalPlan> {

  /** The tag of a stateful operation of ours: its layout and the other layout's operation. */
  static final TreeNodeTag<Choice> TAG = new TreeNodeTag<>("streams_window.stateLayout");

  /** The local property Spark sets on a streaming query's thread: the query's id. */
  private static final String QUERY_ID = "sql.streaming.queryId";

  /**
   * The layout of the checkpoint of each recent query run, read once per run: a run's checkpoint
   * keeps its layout.
   */
  private static final Map<String, Recorded> RUNS =
      Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Recorded> eldest) {
              return size() > 256;
            }
          });

  private final SparkSession session;

  private StateLayoutRestartRule(SparkSession session) {
    this.session = session;
  }

  /**
   * A stateful operation's layout, whether the user chose it with {@value StateLayout#SETTING}, and
   * the other layout's operation over the same groups (null in that operation's own tag).
   */
  record Choice(StateLayout layout, boolean chosen, LogicalPlan alternative)
      implements Serializable {}

  /** A checkpoint and the layout it recorded. */
  private record Recorded(String checkpoint, StateLayout layout) {}

  /**
   * Lets a query that runs {@code results} keep its checkpoint's layout: tags the stateful
   * operation of {@code results} (its topmost) and that of the Dataset {@code alternative} gives
   * (the other layout's, over the same groups), and registers the rule on {@code session} once.
   */
  public static void offer(
      SparkSession session,
      Dataset<Row> results,
      Supplier<Dataset<Row>> alternative,
      StateLayout layout,
      boolean chosen) {
    LogicalPlan operation = statefulOperation(results.queryExecution().analyzed());
    LogicalPlan other = statefulOperation(alternative.get().queryExecution().analyzed());
    other.setTagValue(TAG, new Choice(layout.other(), chosen, null));
    operation.setTagValue(TAG, new Choice(layout, chosen, other));
    register(session);
  }

  private static synchronized void register(SparkSession session) {
    scala.collection.immutable.Seq<Rule<LogicalPlan>> rules =
        session.experimental().extraOptimizations();
    if (!rules.exists(rule -> rule instanceof StateLayoutRestartRule)) {
      java.util.List<Rule<LogicalPlan>> more =
          new java.util.ArrayList<>(scala.jdk.javaapi.CollectionConverters.asJava(rules));
      more.add(new StateLayoutRestartRule(session));
      session
          .experimental()
          .extraOptimizations_$eq(scala.jdk.javaapi.CollectionConverters.asScala(more).toList());
    }
  }

  /**
   * The topmost stateful operation ({@code flatMapGroupsWithState}, {@code transformWithState}).
   */
  private static LogicalPlan statefulOperation(LogicalPlan plan) {
    scala.Option<LogicalPlan> found =
        plan.find(node -> node instanceof ObjectProducer && node instanceof BinaryNode);
    if (found.isEmpty()) {
      throw new IllegalStateException("no stateful operation in " + plan.simpleString(2));
    }
    return found.get();
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    String queryId = session.sparkContext().getLocalProperty(QUERY_ID);
    if (queryId == null || plan.find(node -> node.getTagValue(TAG).isDefined()).isEmpty()) {
      return plan; // not a micro-batch, or not one of ours
    }
    StreamingQuery query = session.streams().get(UUID.fromString(queryId));
    if (query == null) {
      return plan; // started from another session: left to Spark's own checks
    }
    String runId = query.runId().toString();
    Recorded recorded = RUNS.get(runId);
    if (recorded == null) {
      recorded = recorded(query, planned(plan));
      if (recorded == null) {
        return plan; // the checkpoint cannot be found: left to Spark's own checks
      }
      RUNS.put(runId, recorded);
    }
    return keep(plan, recorded);
  }

  /** The layout of the first of our operations in {@code plan}. */
  private static StateLayout planned(LogicalPlan plan) {
    return plan.find(node -> node.getTagValue(TAG).isDefined())
        .get()
        .getTagValue(TAG)
        .get()
        .layout();
  }

  /**
   * The checkpoint of {@code query} and its layout, recording {@code planned} there for a new
   * query; null when the checkpoint location cannot be found.
   */
  private Recorded recorded(StreamingQuery query, StateLayout planned) {
    String checkpoint = checkpointRoot(query);
    if (checkpoint == null) {
      return null;
    }
    StateLayoutRecord record =
        new StateLayoutRecord(checkpoint, session.sparkContext().hadoopConfiguration());
    try {
      StateLayout layout = record.read();
      if (layout == null) {
        record.write(planned);
        layout = planned;
      }
      return new Recorded(checkpoint, layout);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "streams-window could not read or record the state layout in " + checkpoint, e);
    }
  }

  /**
   * The checkpoint location of a running query: Spark's public API does not give it, its execution
   * does ({@code StreamingQueryWrapper.streamingQuery().resolvedCheckpointRoot()}, in every
   * supported line, whose package moved in 4.1). Null when not found.
   */
  private static String checkpointRoot(StreamingQuery query) {
    try {
      Object execution = query.getClass().getMethod("streamingQuery").invoke(query);
      return (String) execution.getClass().getMethod("resolvedCheckpointRoot").invoke(execution);
    } catch (ReflectiveOperationException | ClassCastException e) {
      return null;
    }
  }

  /** {@code plan} with each of our operations on the {@code recorded} layout. */
  private static LogicalPlan keep(LogicalPlan plan, Recorded recorded) {
    LogicalPlan kept = plan;
    scala.Option<Choice> tag = plan.getTagValue(TAG);
    if (tag.isDefined() && tag.get().layout() != recorded.layout()) {
      Choice choice = tag.get();
      if (choice.chosen() || choice.alternative() == null) {
        throw IncompatibleRestartException.otherLayout(
            recorded.checkpoint(),
            StateLayout.SETTING,
            recorded.layout().settingValue(),
            choice.layout().settingValue());
      }
      kept = swapped(plan, choice.alternative());
    }
    // An operation of ours may run over the results of another (run_operator of run_operator).
    return (LogicalPlan) kept.mapChildren(child -> keep(child, recorded));
  }

  /**
   * The other layout's operation in place of {@code current}: over {@code current}'s input (as
   * optimized for this micro-batch), producing the object attribute {@code current}'s parent reads.
   */
  private static LogicalPlan swapped(LogicalPlan current, LogicalPlan alternative) {
    LogicalPlan input = ((BinaryNode) current).left();
    LogicalPlan alternativeInput = ((BinaryNode) alternative).left();
    Attribute output = ((ObjectProducer) current).outputObjAttr();
    Attribute alternativeOutput = ((ObjectProducer) alternative).outputObjAttr();
    LogicalPlan swapped =
        (LogicalPlan) alternative.mapChildren(child -> child == alternativeInput ? input : child);
    swapped = swapped.mapExpressions(e -> e == alternativeOutput ? output : e);
    swapped.copyTagsFrom(alternative);
    return swapped;
  }
}
