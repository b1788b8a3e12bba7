package io.streamswindow.spark.state;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.FlatMapGroupsWithState;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.rules.Rule;
import org.apache.spark.sql.catalyst.trees.TreeNodeTag;
import org.apache.spark.sql.types.StructType;
import scala.runtime.BoxedUnit;

/**
 * Judges a restarted streaming query against what its checkpoint was first planned with, on Spark
 * 3.5, where streams have one state layout, single-value: a session's extra optimizer rule that
 * runs when Spark plans each micro-batch of a query, before Spark's own check of the state's key
 * schema (which Spark 3.5 makes in the first micro-batch's tasks). It records the plan's keys for a
 * new query ({@link RecordedCheckpoint}) and refuses a key of other columns or types, and a
 * checkpoint of the chunked layout, which this line cannot run. A checkpoint written here is read
 * as single-value on Spark 4. The Spark 4 build's rule also keeps a restart on its checkpoint's
 * layout (docs/architecture.md, "State layout").
 *
 * <pre>{@code
 * StateLayoutRestartRule.offer(session, results, () -> null, StateLayout.SINGLE_VALUE, false);
 * }</pre>
 */
public final class StateLayoutRestartRule extends Rule<LogicalPlan> {

  /** The tag of a stateful operation of ours: its layout. */
  static final TreeNodeTag<StateLayout> TAG = new TreeNodeTag<>("streams_window.stateLayout");

  private final SparkSession session;

  private StateLayoutRestartRule(SparkSession session) {
    this.session = session;
  }

  /**
   * Lets a query that runs {@code results} be judged against its checkpoint: tags the stateful
   * operation of {@code results} (its topmost; {@code alternative} is not needed, there is no other
   * layout here) and registers the rule on {@code session} once.
   */
  public static void offer(
      SparkSession session,
      Dataset<Row> results,
      Supplier<Dataset<Row>> alternative,
      StateLayout layout,
      boolean chosen) {
    LogicalPlan analyzed = results.queryExecution().analyzed();
    scala.Option<LogicalPlan> operation =
        analyzed.find(node -> node instanceof FlatMapGroupsWithState);
    if (operation.isEmpty()) {
      throw new IllegalStateException("no stateful operation in " + analyzed.simpleString(2));
    }
    operation.get().setTagValue(TAG, layout);
    register(session);
  }

  private static synchronized void register(SparkSession session) {
    scala.collection.Seq<Rule<LogicalPlan>> rules = session.experimental().extraOptimizations();
    if (!rules.exists(rule -> rule instanceof StateLayoutRestartRule)) {
      // A list is the Seq of either Scala version's setter.
      scala.collection.immutable.List<Rule<LogicalPlan>> more =
          rules.toList().<Rule<LogicalPlan>>$colon$colon(new StateLayoutRestartRule(session));
      session.experimental().extraOptimizations_$eq(more);
    }
  }

  @Override
  public LogicalPlan apply(LogicalPlan plan) {
    List<StructType> keys = new ArrayList<>();
    plan.foreach(
        node -> {
          if (node.getTagValue(TAG).isDefined()) {
            keys.add(StateKeyRecord.keyOf(((FlatMapGroupsWithState) node).groupingAttributes()));
          }
          return BoxedUnit.UNIT;
        });
    if (keys.isEmpty()) {
      return plan; // not one of ours
    }
    RecordedCheckpoint recorded =
        RecordedCheckpoint.ofPlannedRun(session, StateLayout.SINGLE_VALUE, keys);
    if (recorded == null) {
      return plan; // not a micro-batch, or its checkpoint cannot be found: left to Spark's checks
    }
    recorded.requireKeys(keys);
    if (recorded.layout() != StateLayout.SINGLE_VALUE) {
      throw StateLayout.otherLayoutRefusal(
          recorded.checkpoint(), recorded.layout(), StateLayout.SINGLE_VALUE, false);
    }
    return plan;
  }
}
