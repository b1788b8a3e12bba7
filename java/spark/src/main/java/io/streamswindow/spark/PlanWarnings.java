package io.streamswindow.spark;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warnings of a run's checks ({@link ValidatedRun#warnings}), delivered where a user reads
 * them: logged at WARN on the driver, and kept in the metadata of the result's first column under
 * {@link #METADATA_KEY}, which travels with the DataFrame's schema to Python over Py4J and Spark
 * Connect alike. The Python facade turns each into a {@code warnings.warn}, since its Spark logs
 * show errors only (docs/decisions.md, "Output columns nothing would set").
 *
 * <pre>{@code
 * Dataset<Row> result = PlanWarnings.attach(PerKeyRun.start(inputs, run, metrics), run.warnings());
 * result.schema().fields()[0].metadata().getStringArray(PlanWarnings.METADATA_KEY);
 * }</pre>
 */
final class PlanWarnings {
  private PlanWarnings() {}

  /** The metadata key of the warnings, an array of strings. */
  static final String METADATA_KEY = "streams_window.warnings";

  private static final Logger LOG = LoggerFactory.getLogger(PlanWarnings.class);

  /** {@code result}, its first column carrying {@code warnings}; {@code result} when none. */
  static Dataset<Row> attach(Dataset<Row> result, List<String> warnings) {
    if (warnings.isEmpty()) {
      return result;
    }
    warnings.forEach(LOG::warn);
    StructField first = result.schema().fields()[0];
    Metadata metadata =
        new MetadataBuilder()
            .withMetadata(first.metadata())
            .putStringArray(METADATA_KEY, warnings.toArray(String[]::new))
            .build();
    return result.withMetadata(first.name(), metadata);
  }
}
