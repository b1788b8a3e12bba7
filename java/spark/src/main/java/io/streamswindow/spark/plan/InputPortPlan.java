package io.streamswindow.spark.plan;

import io.streamswindow.engine.WindowSpec;
import java.io.Serializable;
import java.util.Map;
import org.apache.spark.sql.types.StructType;

/**
 * One input port of an {@link OperatorPlan}: its window and its rows. The rows of every port are
 * keyed by the plan's {@code partitionBy} and ordered by its {@code orderBy}; only port 0 has a
 * marker column and event time.
 *
 * @param window the port's SPL window clause, or {@code "not windowed"} (the text of {@link
 *     WindowSpec#notWindowed()}) for a port without a window
 * @param input the schema of the port's rows (the operator's tuples, plus the marker column if any)
 * @param tuples the schema of the port's tuples: its rows' columns, without the marker column and
 *     without the {@code partitionBy} ones when they key the rows only
 * @param inputTypes the SPL types stated for the port's columns ({@code spl_types}: column to SPL
 *     type), checked on the driver; the other columns have the type table's
 */
public record InputPortPlan(
    String window, StructType input, StructType tuples, Map<String, String> inputTypes)
    implements Serializable {}
