package io.streamswindow.spark;

import io.streamswindow.spark.plan.OperatorDirectories;
import io.streamswindow.spark.plan.OperatorPlan;
import io.streamswindow.spark.plan.RowArrival;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Checks an {@link OperatorRunRequest} against the schemas of its input ports, on the driver,
 * before any job starts: the one validation every entrance's runs go through ({@code run_operator},
 * {@code aggregate}, {@code sort}, {@code join}, the reference run and the Connect plugin). It is
 * an ordered list of small named checks ({@link RunCheck}), each reading what the ones before it
 * derived on a {@link RunDraft}, so that of two faults the same one is reported:
 *
 * <ol>
 *   <li>"inputs": one DataFrame per input port;
 *   <li>"operator": the operator class, and the ports it declares ({@link OperatorArgumentChecks});
 *   <li>"window", "event time", "partitioning", "order_by", "marker column", "keys only": input
 *       port 0's settings, and every port's window and partitioning ({@link InputChecks});
 *   <li>"output schemas": every output port's schema ({@link OutputChecks});
 *   <li>"input SPL types", "output SPL types", "order_by SPL types", "late output": the ports' SPL
 *       schemas and the result's added columns;
 *   <li>"parameters": the names the operator declares, and output columns nothing would set;
 *   <li>"ports beyond 0": each other input port, as port 0 was checked;
 *   <li>"shared names": output columns of another SPL type than a same-named input attribute,
 *       refused or kept as the run's warnings.
 * </ol>
 *
 * An operator the project runs for the user adds its own checks after the one they need ({@link
 * #adding}), e.g. SPL {@code Sort}'s window and {@code sortBy} after "window", so that its refusals
 * come before a generic one about the same argument, or puts its own in the place of a generic one
 * that does not apply to it ({@link #replacing}). The operator's dry run ({@link
 * ValidatedRun#dryRun}) is the runtime's to ask for: the single-instance run initializes the
 * operator itself.
 *
 * <pre>{@code
 * ValidatedRun run = RunValidation.standard()
 *     .adding("window", new RunCheck("sort", draft -> Sort.check(draft.spec, ...)))
 *     .validate(request, List.of(input.schema()), input.isStreaming(),
 *         OperatorDirectories.of(input.sparkSession()));
 * }</pre>
 */
final class RunValidation {
  private static final RunValidation STANDARD =
      new RunValidation(
          List.of(
              check("inputs", RunValidation::requireOneInputPerPort),
              check("operator", OperatorArgumentChecks::operator),
              check("window", InputChecks::window),
              check("event time", InputChecks::eventTime),
              check("partitioning", InputChecks::partitioning),
              check("order_by", InputChecks::orderBy),
              check("marker column", InputChecks::markerColumn),
              check("keys only", InputChecks::keysOnly),
              check("output schemas", OutputChecks::schemas),
              check("input SPL types", InputChecks::splTypes),
              check("output SPL types", OutputChecks::splTypes),
              check("order_by SPL types", InputChecks::orderBySplTypes),
              check("late output", OutputChecks::lateOutput),
              check("parameters", OperatorArgumentChecks::parameters),
              check("ports beyond 0", InputChecks::morePorts),
              check("shared names", OperatorArgumentChecks::sharedNames)));

  private final List<RunCheck> checks;

  private RunValidation(List<RunCheck> checks) {
    this.checks = List.copyOf(checks);
  }

  /** The checks every run goes through, in their order. */
  static RunValidation standard() {
    return STANDARD;
  }

  /**
   * These checks with {@code check} run right after the one named {@code after} (and after any
   * added there before it).
   *
   * @throws IllegalStateException when no check is named {@code after}, or one is named as {@code
   *     check} already
   */
  RunValidation adding(String after, RunCheck check) {
    int at = -1;
    for (int i = 0; i < checks.size(); i++) {
      if (checks.get(i).name().equals(check.name())) {
        throw new IllegalStateException("a check is named '" + check.name() + "' already");
      }
      if (checks.get(i).name().equals(after)) {
        at = i;
      }
    }
    if (at < 0) {
      throw new IllegalStateException("no check is named '" + after + "': " + names());
    }
    // After the named one and the checks added after it before: an added check's name is not a
    // standard one, so they are the ones up to the next standard check.
    int next = at + 1;
    while (next < checks.size() && !STANDARD.names().contains(checks.get(next).name())) {
      next++;
    }
    List<RunCheck> more = new ArrayList<>(checks);
    more.add(next, check);
    return new RunValidation(more);
  }

  /**
   * These checks with {@code check} in the place of the one named {@code name}: for an operator
   * whose own rules take the place of a generic one (SPL Join partitions its windows by its own
   * parameters, so the run's partition_by only distributes it).
   *
   * @throws IllegalStateException when no check is named {@code name}
   */
  RunValidation replacing(String name, RunCheck check) {
    List<RunCheck> replaced = new ArrayList<>(checks);
    int at = names().indexOf(name);
    if (at < 0) {
      throw new IllegalStateException("no check is named '" + name + "': " + names());
    }
    replaced.set(at, check);
    return new RunValidation(replaced);
  }

  /** The checks' names, in their order. */
  List<String> names() {
    return checks.stream().map(RunCheck::name).toList();
  }

  /**
   * The request, checked against rows of {@code rows}: {@link #validate(OperatorRunRequest, List,
   * boolean, OperatorDirectories)} of the standard checks for one input port.
   *
   * @param streaming whether the input is a streaming DataFrame
   * @throws IllegalArgumentException for an argument that does not fit, naming it
   */
  static ValidatedRun validate(
      OperatorRunRequest request,
      StructType rows,
      boolean streaming,
      OperatorDirectories directories) {
    return STANDARD.validate(request, List.of(rows), streaming, directories);
  }

  /**
   * The request, checked against each input port's rows ({@code portRows}, port 0's first) by each
   * check in turn.
   *
   * @param streaming whether the inputs are streaming DataFrames
   * @throws IllegalArgumentException for an argument that does not fit, naming it
   */
  ValidatedRun validate(
      OperatorRunRequest request,
      List<StructType> portRows,
      boolean streaming,
      OperatorDirectories directories) {
    RunDraft run = new RunDraft(request, portRows, streaming, directories);
    for (RunCheck check : checks) {
      check.apply(run);
    }
    return validated(run);
  }

  /** The run every check has passed, as both runtimes read it. */
  private static ValidatedRun validated(RunDraft run) {
    OperatorRunRequest.InputPort in = run.in();
    OperatorRunRequest.OutputPort out = run.out();
    OperatorPlan plan =
        new OperatorPlan(
            run.type.getName(),
            run.inputs,
            run.outputs,
            new ArrayList<>(in.partitionBy()),
            new ArrayList<>(in.orderBy()),
            in.markerColumn(),
            in.batchMarker(),
            out.punctuationColumn(),
            new HashMap<>(run.parameters),
            RowArrival.of(run.streaming, run.request.realTime()),
            run.eventTime,
            run.lateColumn,
            new LinkedHashMap<>(out.splTypes()),
            run.directories);
    return new ValidatedRun(
        plan,
        run.type,
        run.spec,
        run.inputSpl,
        run.outputSpl,
        run.outputs.get(0),
        resultSchema(run),
        run.parameters,
        run.warnings);
  }

  /** "inputs": one DataFrame per input port the request declares. */
  private static void requireOneInputPerPort(RunDraft run) {
    if (run.portRows.size() != run.request.inputs().size()) {
      throw new IllegalArgumentException(
          "inputs: "
              + run.portRows.size()
              + " DataFrames for "
              + run.request.inputs().size()
              + " input ports: give one DataFrame per input port, port 0's first");
    }
  }

  /**
   * The result's schema: the columns of the operator's tuples ({@link
   * io.streamswindow.spark.plan.ResultLayout#leadColumns()}), then the punctuation and the late
   * column if any.
   */
  private static StructType resultSchema(RunDraft run) {
    String punctuationColumn = run.out().punctuationColumn();
    StructType lead = run.layout.leadColumns();
    StructType result =
        punctuationColumn == null ? lead : lead.add(punctuationColumn, DataTypes.StringType, true);
    return run.lateColumn == null ? result : result.add(run.lateColumn, run.tuples, true);
  }

  private static RunCheck check(String name, Consumer<RunDraft> body) {
    return new RunCheck(name, body);
  }
}
