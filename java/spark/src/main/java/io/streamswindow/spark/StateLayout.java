package io.streamswindow.spark;

import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.KeyValueGroupedDataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;
import org.apache.spark.sql.types.StructType;

/**
 * How a query keeps each key's operator state, and with it how long a key's operator lives
 * (docs/architecture.md, "State layout"). Each layout builds its own stateful operation, with its
 * own state, time mode and wake-ups ({@link WakeUpTimes}), and says whether a key's live host stays
 * between micro-batches. A batch DataFrame keeps no state and always runs {@link #SINGLE_VALUE}.
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
 * Dataset<Row> results = layout.stateful(session, groups, plan, tuples, resultSchema, false);
 * }</pre>
 */
enum StateLayout {
  /**
   * {@code flatMapGroupsWithState}: the key's whole checkpoint, window tuples included, as one
   * value rewritten in every micro-batch that calls the key; its operator is built for each call.
   * Any state store.
   */
  SINGLE_VALUE("single-value") {
    @Override
    Dataset<Row> stateful(
        SparkSession session,
        KeyValueGroupedDataset<Row, Row> groups,
        OperatorPlan plan,
        StructType tuples,
        StructType resultSchema,
        boolean eventTimeStream) {
      GroupStateTimeout timeout =
          eventTimeStream
              ? GroupStateTimeout.EventTimeTimeout()
              : plan.usesProcessingTime() && plan.streaming()
                  ? GroupStateTimeout.ProcessingTimeTimeout()
                  : GroupStateTimeout.NoTimeout();
      return groups.flatMapGroupsWithState(
          new WindowedOperatorFunction(
              plan, tuples, OperatorObservation.observedNames(resultSchema)),
          OutputMode.Append(),
          Encoders.BINARY(),
          Encoders.row(resultSchema),
          timeout);
    }
  },
  /**
   * {@code transformWithState}: the checkpoint as one value and large partitions' tuples in a map
   * of chunks, of which a micro-batch writes the ones that changed; a key's operator lives across
   * micro-batches, for as long as the query's run. Needs the RocksDB store, and Spark 4 ({@link
   * ChunkedLayout}).
   */
  CHUNKED("chunked") {
    @Override
    Dataset<Row> stateful(
        SparkSession session,
        KeyValueGroupedDataset<Row, Row> groups,
        OperatorPlan plan,
        StructType tuples,
        StructType resultSchema,
        boolean eventTimeStream) {
      return ChunkedLayout.stateful(session, groups, plan, tuples, resultSchema, eventTimeStream);
    }
  };

  private final String settingValue;

  StateLayout(String settingValue) {
    this.settingValue = settingValue;
  }

  /** The layout's name as {@value #SETTING} takes it: {@code single-value} or {@code chunked}. */
  String settingValue() {
    return settingValue;
  }

  /** The other layout. */
  StateLayout other() {
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
  static final String PROVIDER = "spark.sql.streaming.stateStore.providerClass";

  /** The session setting that chooses the layout: {@code chunked} or {@code single-value}. */
  static final String SETTING = "spark.streamswindow.stateLayout";

  /**
   * The stateful operation over a key's packed rows that gives the result rows of {@code plan}.
   *
   * @param session the session the query runs in
   * @param eventTimeStream whether the window runs on the stream's watermark (timeInterval)
   */
  abstract Dataset<Row> stateful(
      SparkSession session,
      KeyValueGroupedDataset<Row, Row> groups,
      OperatorPlan plan,
      StructType tuples,
      StructType resultSchema,
      boolean eventTimeStream);

  /**
   * The setting that lets a restarted stream keep the layout its checkpoint recorded ({@code true};
   * default {@code false}, a restart on the other layout then refused by {@link
   * StateLayoutRestartRule}): off by default because it builds the other layout's stateful
   * operation for every stream and runs a plan the user did not choose (docs/decisions.md, "State
   * layout").
   */
  static final String FOLLOW_CHECKPOINT = "spark.streamswindow.stateLayout.followCheckpoint";

  /** Whether the user opted in to {@value #FOLLOW_CHECKPOINT} on {@code session}. */
  static boolean followsCheckpoint(SparkSession session) {
    return Boolean.parseBoolean(session.conf().get(FOLLOW_CHECKPOINT, "false").trim());
  }

  /** Whether the user set {@value #SETTING} on {@code session} (to anything but blanks). */
  static boolean chosen(SparkSession session) {
    return !session.conf().get(SETTING, "").isBlank();
  }

  /**
   * The layout for new streams of {@code session}: its {@value #SETTING} if set, else chunked when
   * its state store is RocksDB and this Spark line has the chunked layout ({@link
   * ChunkedLayout#AVAILABLE}: Spark 4).
   *
   * @throws IllegalArgumentException for an unknown layout, or the chunked one on another store
   */
  static StateLayout of(SparkSession session) {
    boolean rocksDb = session.conf().get(PROVIDER, "").endsWith(".RocksDBStateStoreProvider");
    String chosen = session.conf().get(SETTING, "").trim().toLowerCase(Locale.ROOT);
    switch (chosen) {
      case "":
        return rocksDb && ChunkedLayout.AVAILABLE ? CHUNKED : SINGLE_VALUE;
      case "single-value", "single_value":
        return SINGLE_VALUE;
      case "chunked":
        if (!ChunkedLayout.AVAILABLE) {
          throw new IllegalArgumentException(SETTING + " is chunked: " + ChunkedLayout.UNAVAILABLE);
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
}
