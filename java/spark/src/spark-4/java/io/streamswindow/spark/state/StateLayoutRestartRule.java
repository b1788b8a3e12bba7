package io.streamswindow.spark.state;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.plans.logical.BinaryNode;
import org.apache.spark.sql.catalyst.plans.logical.FlatMapGroupsWithState;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.ObjectProducer;
import org.apache.spark.sql.catalyst.plans.logical.TransformWithState;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.catalyst.trees.TreeNodeTag;
import org.apache.spark.sql.types.StructType;
import scala.runtime.BoxedUnit;

/**
 * Judges a restarted streaming query against what its checkpoint was first planned with
 * (docs/decisions.md, "State layout"; docs/reliability.md, "Restarts that change the query"). A
 * stream's plan is built before the query, and so its checkpoint, is known: {@link #offer} tags the
 * plan's stateful operation, and this rule, one of the session's extra optimizer rules, runs when
 * Spark plans each micro-batch of a query, where the query and its checkpoint location are known,
 * and before Spark's own checks of the state. It reads what the checkpoint recorded ({@link
 * RecordedCheckpoint}: the state layout and the keys the state is grouped by), records the plan's
 * for a new query, and refuses a key of other columns or types ({@link
 * IncompatibleRestartException}). Where the layouts differ, it swaps in the other layout's
 * operation, tagged by {@code offer}, when the user opted in with {@value
 * StateLayout#FOLLOW_CHECKPOINT}; otherwise, or where the user chose the plan's layout with {@value
 * StateLayout#SETTING}, it refuses the restart ({@link IncompatibleRestartException#otherLayout}).
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

  private final SparkSession session;

  private StateLayoutRestartRule(SparkSession session) {
    this.session = session;
  }

  /**
   * A stateful operation's layout, whether the user chose it with {@value StateLayout#SETTING}, and
   * the other layout's operation over the same groups (null in that operation's own tag, and where
   * the session does not follow the checkpoint's layout).
   */
  record Choice(StateLayout layout, boolean chosen, LogicalPlan alternative)
      implements Serializable {}

  /**
   * Lets a query that runs {@code results} be judged against its checkpoint: tags the stateful
   * operation of {@code results} (its topmost) and, where the session follows the checkpoint's
   * layout ({@value StateLayout#FOLLOW_CHECKPOINT}), that of the Dataset {@code alternative} gives
   * (the other layout's, over the same groups), and registers the rule on {@code session} once.
   */
  public static void offer(
      SparkSession session,
      Dataset<Row> results,
      Supplier<Dataset<Row>> alternative,
      StateLayout layout,
      boolean chosen) {
    LogicalPlan operation = statefulOperation(results.queryExecution().analyzed());
    LogicalPlan other = null;
    if (StateLayout.followsCheckpoint(session)) {
      other = statefulOperation(alternative.get().queryExecution().analyzed());
      other.setTagValue(TAG, new Choice(layout.other(), chosen, null));
    }
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
    if (plan.find(node -> node.getTagValue(TAG).isDefined()).isEmpty()) {
      return plan; // not one of ours
    }
    List<StructType> keys = keys(plan);
    RecordedCheckpoint recorded = RecordedCheckpoint.ofPlannedRun(session, planned(plan), keys);
    if (recorded == null) {
      return plan; // not a micro-batch, or its checkpoint cannot be found: left to Spark's checks
    }
    recorded.requireKeys(keys);
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

  /** The key schemas of our operations in {@code plan}, topmost first. */
  private static List<StructType> keys(LogicalPlan plan) {
    List<StructType> keys = new ArrayList<>();
    plan.foreach(
        node -> {
          if (node.getTagValue(TAG).isDefined()) {
            keys.add(
                StateKeyRecord.keyOf(
                    node instanceof FlatMapGroupsWithState single
                        ? single.groupingAttributes()
                        : ((TransformWithState) node).groupingAttributes()));
          }
          return BoxedUnit.UNIT;
        });
    return keys;
  }

  /** {@code plan} with each of our operations on the {@code recorded} layout. */
  private static LogicalPlan keep(LogicalPlan plan, RecordedCheckpoint recorded) {
    LogicalPlan kept = plan;
    scala.Option<Choice> tag = plan.getTagValue(TAG);
    if (tag.isDefined() && tag.get().layout() != recorded.layout()) {
      Choice choice = tag.get();
      if (choice.chosen() || choice.alternative() == null) {
        throw StateLayout.otherLayoutRefusal(
            recorded.checkpoint(), recorded.layout(), choice.layout(), choice.chosen());
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
