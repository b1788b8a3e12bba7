package io.streamswindow.spark.state;

import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.errors.IncompatibleRestartException;
import io.streamswindow.spark.line.SparkBuild;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * How a query keeps each key's operator state, and with it how long a key's operator lives
 * (docs/architecture.md, "State layout"). Each layout has its own stateful operation ({@link
 * StatefulOperation}), with its own state, time mode and wake-ups ({@link WakeUpTimes}), and its
 * own answer to whether a key's live host stays between micro-batches. A batch DataFrame keeps no
 * state and always runs {@link #SINGLE_VALUE}.
 *
 * <p>A new stream's layout is the session's setting {@value #SETTING} ({@code chunked} or {@code
 * single-value}) when the user set it, else follows the state store: chunked on RocksDB, which it
 * needs. A restarted query whose checkpoint holds the other layout is refused, naming the setting
 * that keeps it; with {@value #FOLLOW_CHECKPOINT} it keeps the layout its checkpoint recorded
 * instead ({@link StateLayoutRestartRule} swaps the stateful operation for the other layout's), and
 * is refused only when the setting names the other one.
 *
 * <pre>{@code
 * StateLayout layout = StateLayout.of(session);  // CHUNKED where the store is RocksDB
 * Dataset<Row> results =
 *     StatefulOperation.of(layout, session, groups, plan, resultSchema, false);
 * }</pre>
 */
public enum StateLayout {
  /**
   * {@code flatMapGroupsWithState}: the key's whole checkpoint, window tuples included, as one
   * value rewritten in every micro-batch that calls the key; its operator is built for each call.
   * Any state store.
   */
  SINGLE_VALUE("single-value"),
  /**
   * {@code transformWithState}: the checkpoint as one value and large partitions' tuples in a map
   * of chunks, of which a micro-batch writes the ones that changed; a key's operator lives across
   * micro-batches, for as long as the query's run. Needs the RocksDB store, and Spark 4 ({@link
   * ChunkedLayout}).
   */
  CHUNKED("chunked");

  private final String settingValue;

  StateLayout(String settingValue) {
    this.settingValue = settingValue;
  }

  /** The layout's name as {@value #SETTING} takes it: {@code single-value} or {@code chunked}. */
  public String settingValue() {
    return settingValue;
  }

  /** The other layout. */
  public StateLayout other() {
    return this == CHUNKED ? SINGLE_VALUE : CHUNKED;
  }

  /** The layout {@code value} names as {@link #settingValue()} gives it, or null for another. */
  static StateLayout named(String value) {
    for (StateLayout layout : values()) {
      if (layout.settingValue.equals(value)) {
        return layout;
      }
    }
    return null;
  }

  /** The session setting that names the state store provider. */
  public static final String PROVIDER = "spark.sql.streaming.stateStore.providerClass";

  /** The session setting that chooses the layout: {@code chunked} or {@code single-value}. */
  public static final String SETTING = "spark.streamswindow.stateLayout";

  /** Why the chunked layout cannot run on a line without {@code transformWithState} (Spark 3.5). */
  public static final String CHUNKED_NEEDS_SPARK_4 =
      "the chunked state layout needs Spark 4 (transformWithState), and this is the build of"
          + " streams-window for Spark 3.5, where streams keep the single-value layout: unset "
          + SETTING
          + " or set it to single-value";

  /**
   * The setting that lets a restarted stream keep the layout its checkpoint recorded ({@code true};
   * default {@code false}, a restart on the other layout then refused by {@link
   * StateLayoutRestartRule}): off by default because it builds the other layout's stateful
   * operation for every stream and runs a plan the user did not choose (docs/decisions.md, "State
   * layout").
   */
  static final String FOLLOW_CHECKPOINT = "spark.streamswindow.stateLayout.followCheckpoint";

  /** Whether the user opted in to {@value #FOLLOW_CHECKPOINT} on {@code session}. */
  public static boolean followsCheckpoint(SparkSession session) {
    return Boolean.parseBoolean(session.conf().get(FOLLOW_CHECKPOINT, "false").trim());
  }

  /** Whether the user set {@value #SETTING} on {@code session} (to anything but blanks). */
  public static boolean chosen(SparkSession session) {
    return !session.conf().get(SETTING, "").isBlank();
  }

  /**
   * The layout for new streams of {@code session}: its {@value #SETTING} if set, else chunked when
   * its state store is RocksDB and this Spark line has the chunked layout ({@link
   * SparkBuild#TRANSFORM_WITH_STATE}: Spark 4).
   *
   * @throws IllegalArgumentException for an unknown layout, or the chunked one on another store
   */
  public static StateLayout of(SparkSession session) {
    boolean rocksDb = session.conf().get(PROVIDER, "").endsWith(".RocksDBStateStoreProvider");
    String chosen = session.conf().get(SETTING, "").trim().toLowerCase(Locale.ROOT);
    switch (chosen) {
      case "":
        return rocksDb && SparkBuild.TRANSFORM_WITH_STATE ? CHUNKED : SINGLE_VALUE;
      case "single-value", "single_value":
        return SINGLE_VALUE;
      case "chunked":
        if (!SparkBuild.TRANSFORM_WITH_STATE) {
          throw new IllegalArgumentException(SETTING + " is chunked: " + CHUNKED_NEEDS_SPARK_4);
        }
        if (!rocksDb) {
          throw new IllegalArgumentException(
              SETTING
                  + " is chunked, which needs Spark's RocksDB state store, and "
                  + PROVIDER
                  + " is "
                  + session.conf().get(PROVIDER, "Spark's default (HDFS-backed)")
                  + ": set it to"
                  + " org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider,"
                  + " or "
                  + SETTING
                  + " to single-value");
        }
        return CHUNKED;
      default:
        throw new IllegalArgumentException(
            SETTING + " is '" + chosen + "'; it takes chunked or single-value (or is left unset)");
    }
  }

  /**
   * The refusal of a restart from the checkpoint at {@code checkpoint}, which recorded the {@code
   * recorded} state layout, in a session that gives the {@code planned} one: its {@value #SETTING}
   * where the user {@code chosen} it, else its state store (docs/decisions.md, "State layout"). The
   * message names the settings that keep the checkpoint's layout.
   */
  static IncompatibleRestartException otherLayoutRefusal(
      String checkpoint, StateLayout recorded, StateLayout planned, boolean chosen) {
    String owner = "checkpoint " + checkpoint;
    DefinitionChange change =
        DefinitionChange.changed("state layout", recorded.settingValue(), planned.settingValue());
    String keep =
        chosen
            ? " and "
                + SETTING
                + " asks for "
                + planned.settingValue()
                + " ("
                + owner
                + "): "
                + change
                + ". To restart from this checkpoint, unset "
                + SETTING
                + " (a restarted query keeps its checkpoint's layout) or set it to "
                + recorded.settingValue()
            : " and the session's settings give the other one ("
                + owner
                + "): "
                + change
                + ". To restart from this checkpoint, set "
                + SETTING
                + " to "
                + recorded.settingValue()
                + (recorded == CHUNKED
                    ? ", with "
                        + PROVIDER
                        + " set to"
                        + " org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider,"
                        + " which it needs,"
                    : " (on any state store)")
                + " before the query's plan is built (run_operator, aggregate), or set "
                + FOLLOW_CHECKPOINT
                + " to true (a restarted query then keeps its checkpoint's layout)";
    return IncompatibleRestartException.changed(
        owner,
        change,
        "This query's checkpoint holds streams-window's "
            + recorded.settingValue()
            + " state layout,"
            + keep
            + "; or give the query a new checkpointLocation to start afresh on the "
            + planned.settingValue()
            + " layout.");
  }
}
