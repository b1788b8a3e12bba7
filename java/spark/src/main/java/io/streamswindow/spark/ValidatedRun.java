package io.streamswindow.spark;

import com.ibm.streams.operator.Operator;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.runtime.OperatorHost;
import io.streamswindow.runtime.OutputSink;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.run.BatchClock;
import io.streamswindow.spark.run.HostRecipe;
import io.streamswindow.spark.run.OperatorObservation;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructType;

/**
 * An {@link OperatorRunRequest} checked against its input's schema by {@link RunValidation}: what
 * either runtime reads, {@link PerKeyRun} (Spark, an operator instance per key) and {@link
 * SingleInstanceRun} (one instance on the driver).
 *
 * <pre>{@code
 * ValidatedRun run = RunValidation.validate(request, input.schema(), input.isStreaming(),
 *     OperatorDirectories.of(input.sparkSession()));
 * OperatorObservation metrics = run.dryRun(); // the operator initialized once, on the driver
 * Dataset<Row> results = PerKeyRun.start(input, run, metrics);
 * }</pre>
 *
 * @param plan what an executor needs, shipped with the query plan
 * @param type the operator's class
 * @param spec input port 0's window declaration, with its event-time column if any
 * @param inputSpl the SPL schema of input port 0
 * @param outputSpl the SPL schema of output port 0
 * @param output output port 0's schema as result rows have it
 * @param resultSchema the result's schema: {@code output}, then the punctuation column and the late
 *     column when asked for
 * @param parameters the operator's parameters in the order given (the plan's are unordered)
 * @param warnings what the checks found that may give wrong values without failing (an output
 *     column that assign() would not copy and the operator may or may not set), for the user to
 *     read: {@link PlanWarnings} puts them on the result
 */
record ValidatedRun(
    OperatorPlan plan,
    Class<? extends Operator> type,
    WindowSpec spec,
    SplSchema inputSpl,
    SplSchema outputSpl,
    StructType output,
    StructType resultSchema,
    Map<String, List<String>> parameters,
    List<String> warnings) {

  /**
   * Initializes the operator once on the driver, so that a missing parameter, a failing context
   * check, a constructor that throws or a partition_by column that cannot key the window is
   * reported before any job starts; and so that a parameter an operator without
   * {@code @PrimitiveOperator} never read is refused ({@link
   * OperatorArgumentChecks#requireParametersRead}). Returns the observation of the metrics the
   * initialized operator has.
   */
  OperatorObservation dryRun() {
    OperatorHost host = null;
    try {
      HostRecipe recipe =
          HostRecipe.of(
              type,
              HostRecipe.portsOf(plan),
              plan.outputSchemas(),
              plan.parameters(),
              plan.partitionBy(),
              plan.directories());
      // A partition_by column the default partitioner cannot key by fails here, not in every task.
      host = recipe.initialized(new BatchClock(System.currentTimeMillis()), OutputSink.discard());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Operator " + type.getName() + " (window \"" + spec + "\"): " + e.getMessage(), e);
    } catch (Exception | LinkageError e) {
      throw plan.failure(null, e);
    } finally {
      if (host != null) {
        try {
          host.shutdown();
        } catch (Exception ignored) {
          // the dry run's only purpose was to surface initialization errors
        }
      }
    }
    // After the finally: the refusal names no window, as the @PrimitiveOperator one does not. The
    // parameters in the caller's order, so that of two unknown names the same one is reported.
    OperatorArgumentChecks.requireParametersRead(type, parameters, host);
    return OperatorObservation.of(host.context(), plan);
  }
}
