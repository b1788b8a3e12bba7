package io.streamswindow.spark;

import io.streamswindow.clause.WindowClauseParser;
import io.streamswindow.engine.WindowSpec;
import io.streamswindow.expression.ExpressionScope;
import io.streamswindow.expression.SplExpression;
import io.streamswindow.join.Join;
import io.streamswindow.schema.SplSchema;
import io.streamswindow.schema.SplType;
import io.streamswindow.spark.errors.RefusedArgumentException;
import io.streamswindow.spark.line.SupportedSpark;
import io.streamswindow.spark.types.SplSparkTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * SPL's {@code Join} operator on two Spark DataFrames, without writing Java: the entry point of the
 * Python facade's {@code streams_window.join}, usable from Java and Scala as well.
 *
 * <p>It runs {@link Join} through {@link WindowedOperators#runOperator} with two input ports, the
 * rows of both in the order of {@code orderBy} (ties to port 0). Where it runs is decided from the
 * plan ({@link JoinDistribution}): by the equality key when both windows let each key be joined
 * alone, else as one operator instance, with a plan warning naming the window that forces it. The
 * output is port 0's: one column per output assignment, typed by its SPL expression; the unmatched
 * tuples of an outer join come there with the other side's attributes at their defaults
 * (docs/semantics.md, "SPL Join").
 *
 * <pre>{@code
 * // SPL: stream<Bargain> B = Join(Trades as L; Quotes as R) {
 * //   window L: partitioned, sliding, count(1); R: sliding, count(0);
 * //   param partitionByLHS: L.ticker; equalityLHS: L.ticker; equalityRHS: R.ticker;
 * //         match: L.price > R.ask; }
 * Dataset<Row> bargains = Joins.join(trades, quotes, "partitioned, sliding, count(1)",
 *     "sliding, count(0)", List.of("ts"), List.of("ticker", "gain"),
 *     List.of("L.ticker", "L.price - R.ask"),
 *     Map.of("partitionByLHS", List.of("ticker"), "equalityLHS", List.of("L.ticker"),
 *         "equalityRHS", List.of("R.ticker"), "match", List.of("L.price > R.ask")), Map.of());
 * }</pre>
 */
public final class Joins {
  /** The names that qualify each port's attributes when the parameters name none. */
  static final String LEFT_NAME = "L";

  /**
   * The option that gives the Join its output ports for unmatched tuples ("true"), as SPL's outer
   * joins may have: their tuples come out on those ports unchanged, not on port 0.
   */
  static final String UNMATCHED_PORTS = "unmatched_ports";

  static final String RIGHT_NAME = "R";

  private static final Pattern COUNT_ZERO =
      Pattern.compile("\\s*(partitioned\\s*,\\s*)?sliding\\s*,\\s*count\\s*\\(\\s*0\\s*\\).*");
  private static final Pattern ATTRIBUTE =
      Pattern.compile("\\s*(?:([A-Za-z_][A-Za-z0-9_]*)\\s*\\.\\s*)?([A-Za-z_][A-Za-z0-9_]*)\\s*");

  private Joins() {}

  /**
   * Joins {@code left} (port 0) and {@code right} (port 1) as SPL's {@code Join} operator does.
   *
   * @param leftWindow port 0's SPL window clause, e.g. {@code "partitioned, sliding, count(1)"};
   *     {@code "sliding, count(0)"} or null for SPL's {@code count(0)} (nothing kept)
   * @param rightWindow port 1's, likewise
   * @param orderBy columns both DataFrames have, whose ascending order is the arrival order across
   *     the two ports (ties to port 0); empty to take port 0's rows, then port 1's
   * @param outputNames the output columns, in order
   * @param outputExpressions each column's SPL expression over both ports ({@code L.price *
   *     (float64) R.volume}), the ports named {@code L} and {@code R} unless {@code lhsName} /
   *     {@code rhsName} say otherwise
   * @param parameters Join's parameters: {@code match}, {@code equalityLHS}, {@code equalityRHS},
   *     {@code algorithm}, {@code partitionByLHS}, {@code partitionByRHS}, {@code lhsName}, {@code
   *     rhsName}
   * @param options {@link WindowedOperators#runOperator}'s options ({@code real_time}, {@code
   *     punctuation_column}, {@code spl_type.<column>} of port 0's columns...), and {@value
   *     #UNMATCHED_PORTS} ("true") for the output ports of unmatched tuples of an outer join
   * @return the output rows; with {@value #UNMATCHED_PORTS}, those of every output port, as {@link
   *     WindowedOperators#runOperator} gives several (docs/python.md, "Several output ports")
   * @throws IllegalArgumentException for a window, expression or parameter SPL's Join refuses
   */
  public static Dataset<Row> join(
      Dataset<Row> left,
      Dataset<Row> right,
      String leftWindow,
      String rightWindow,
      List<String> orderBy,
      List<String> outputNames,
      List<String> outputExpressions,
      Map<String, List<String>> parameters,
      Map<String, String> options) {
    return RefusedArgumentException.refusing(
        () ->
            joinChecked(
                left,
                right,
                leftWindow,
                rightWindow,
                orderBy,
                outputNames,
                outputExpressions,
                parameters == null ? Map.of() : parameters,
                options));
  }

  private static Dataset<Row> joinChecked(
      Dataset<Row> left,
      Dataset<Row> right,
      String leftWindow,
      String rightWindow,
      List<String> orderBy,
      List<String> outputNames,
      List<String> outputExpressions,
      Map<String, List<String>> parameters,
      Map<String, String> options) {
    SupportedSpark.require();
    if (outputNames == null || outputNames.isEmpty()) {
      throw new IllegalArgumentException(
          "output is empty: give at least one column and its SPL expression, e.g. {'ticker':"
              + " 'L.ticker'}");
    }
    if (outputExpressions == null || outputExpressions.size() != outputNames.size()) {
      throw new IllegalArgumentException("output: one SPL expression per output column");
    }
    Map<String, String> runOptions =
        options == null ? new LinkedHashMap<>() : new LinkedHashMap<>(options);
    List<StructType> unmatchedPorts = unmatchedPorts(runOptions, parameters, left, right);
    Map<String, List<String>> params = new LinkedHashMap<>(parameters);
    params.putIfAbsent("lhsName", List.of(LEFT_NAME));
    params.putIfAbsent("rhsName", List.of(RIGHT_NAME));
    String lhsName = single(params, "lhsName");
    String rhsName = single(params, "rhsName");
    List<String> partitionByLHS = params.getOrDefault("partitionByLHS", List.of());
    List<String> partitionByRHS = params.getOrDefault("partitionByRHS", List.of());
    String leftClause = portWindow(leftWindow);
    String rightClause = portWindow(rightWindow);
    WindowSpec leftSpec = leftClause == null ? null : WindowClauseParser.parse(leftClause);
    WindowSpec rightSpec = rightClause == null ? null : WindowClauseParser.parse(rightClause);

    // The output columns, typed by their expressions over both ports.
    SplSchema leftSpl = SplSparkTypes.toSpl(left.schema());
    SplSchema rightSpl = SplSparkTypes.toSpl(right.schema());
    ExpressionScope both =
        ExpressionScope.ports(
            List.of(
                ExpressionScope.port(leftSpl, "input", lhsName),
                ExpressionScope.port(rightSpl, "input1", rhsName)));
    StructType out = new StructType();
    List<String> assignments = new ArrayList<>();
    OperatorRunRequest.Builder request = OperatorRunRequest.builder(Join.class.getName());
    for (int i = 0; i < outputNames.size(); i++) {
      String name = outputNames.get(i);
      SplType type = SplExpression.compile(outputExpressions.get(i), both).type();
      DataType column = SplSparkTypes.sparkType(type.getMetaType());
      out = out.add(name, column, true);
      if (!SplSparkTypes.defaultType(column, name)
          .getLanguageType()
          .equals(type.getLanguageType())) {
        request.outputSplType(name, type.getLanguageType());
      }
      assignments.add(name + " = " + outputExpressions.get(i));
    }
    params.put("output", assignments);

    JoinDistribution distribution =
        JoinDistribution.decide(
            leftSpec,
            rightSpec,
            attributes(params.getOrDefault("equalityLHS", List.of()), lhsName, "input"),
            attributes(params.getOrDefault("equalityRHS", List.of()), rhsName, "input1"),
            partitionByLHS,
            partitionByRHS);
    List<String> warnings = new ArrayList<>();
    if (distribution.keyed()) {
      // One instance per equality key: the key, a copy of each side's equality attributes, keys
      // the rows without being an attribute of the tuples.
      List<String> leftKeys = attributes(params.get("equalityLHS"), lhsName, "input");
      List<String> rightKeys = attributes(params.get("equalityRHS"), rhsName, "input1");
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < leftKeys.size(); i++) {
        String key = "__sw_join_key" + i;
        keys.add(key);
        left = left.withColumn(key, functions.col(quoted(leftKeys.get(i))));
        right = right.withColumn(key, functions.col(quoted(rightKeys.get(i))));
      }
      request.partitionBy(keys).partitionByKeysOnly(true);
    } else {
      warnings.add(
          "join runs as one operator instance, on one core: "
              + distribution.reason()
              + " (docs/semantics.md, \"SPL Join\")");
    }
    request.window(leftClause).inputPort(rightClause).orderBy(orderBy).parameters(params);
    unmatchedPorts.forEach(request::outputPort);
    runOptions.forEach((key, value) -> RunOption.applyTo(request, key, value));
    // SPL Join's window rules, judged right after the clauses are parsed.
    RunValidation validation =
        RunValidation.standard()
            // Join partitions each window by its own partitionByLHS / partitionByRHS (its own
            // partitioner): the run's partition_by is the distribution key alone, with no bearing
            // on whether a window is partitioned.
            .replacing(
                "partitioning",
                new RunCheck(
                    "join partitioning",
                    run ->
                        InputChecks.requireColumns(
                            run.rows(), run.in().partitionBy(), "partition_by")))
            .adding(
                "window",
                new RunCheck(
                    "join windows",
                    run -> {
                      if (leftSpec != null) {
                        Join.check(0, leftSpec, partitionByLHS, "partitionByLHS");
                      }
                      if (rightSpec != null) {
                        Join.check(1, rightSpec, partitionByRHS, "partitionByRHS");
                      }
                    }));
    Dataset<Row> result =
        WindowedOperators.run(
            List.of(left, right), request.derivedOutputSchema(out).build(), validation);
    return PlanWarnings.attach(result, warnings);
  }

  /**
   * The output ports beyond 0 that {@value #UNMATCHED_PORTS} asks for (taking it out of {@code
   * options}): SPL's Join puts each side's unmatched tuples, unchanged, on a port of their own when
   * it has them (docs/semantics.md, "SPL Join"): port 1 for the outer side of {@code leftOuter} or
   * {@code rightOuter}, ports 1 and 2 for the left and right sides of {@code outer}. Each port's
   * columns are its side's.
   *
   * @throws IllegalArgumentException for a value other than true or false, or for an inner join
   */
  private static List<StructType> unmatchedPorts(
      Map<String, String> options,
      Map<String, List<String>> parameters,
      Dataset<Row> left,
      Dataset<Row> right) {
    String given = options.remove(UNMATCHED_PORTS);
    if (given == null || given.equals("false")) {
      return List.of();
    }
    if (!given.equals("true")) {
      throw new IllegalArgumentException(
          UNMATCHED_PORTS + " takes true or false, not '" + given + "'");
    }
    List<String> algorithm = parameters.getOrDefault("algorithm", List.of("inner"));
    String name = algorithm.size() == 1 ? algorithm.get(0) : String.valueOf(algorithm);
    return switch (name) {
      case "leftOuter" -> List.of(nullable(left.schema()));
      case "rightOuter" -> List.of(nullable(right.schema()));
      case "outer" -> List.of(nullable(left.schema()), nullable(right.schema()));
      default ->
          throw new IllegalArgumentException(
              UNMATCHED_PORTS
                  + ": a Join with algorithm "
                  + name
                  + " has no unmatched tuples to put out; unmatched ports are for leftOuter,"
                  + " rightOuter and outer");
    };
  }

  /** {@code rows}' columns, each nullable, as every output column is. */
  private static StructType nullable(StructType rows) {
    StructType out = new StructType();
    for (var field : rows.fields()) {
      out = out.add(field.name(), field.dataType(), true, field.metadata());
    }
    return out;
  }

  /** A port's clause, or null for SPL's {@code count(0)} (and for none). */
  static String portWindow(String clause) {
    if (clause == null || clause.isBlank() || COUNT_ZERO.matcher(clause).matches()) {
      return null;
    }
    return clause;
  }

  /**
   * The attribute names of equality expressions that are plain attributes, qualified by the port's
   * names or not; null when one is an expression of another kind.
   */
  static List<String> attributes(List<String> expressions, String... names) {
    List<String> attributes = new ArrayList<>();
    for (String expression : expressions) {
      Matcher m = ATTRIBUTE.matcher(expression);
      if (!m.matches() || (m.group(1) != null && !List.of(names).contains(m.group(1)))) {
        return null;
      }
      attributes.add(m.group(2));
    }
    return attributes;
  }

  private static String single(Map<String, List<String>> params, String name) {
    List<String> values = params.get(name);
    if (values == null || values.size() != 1 || values.get(0).isBlank()) {
      throw new IllegalArgumentException(name + " takes one name");
    }
    return values.get(0);
  }

  private static String quoted(String column) {
    return "`" + column.replace("`", "``") + "`";
  }
}
