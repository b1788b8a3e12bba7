package io.streamswindow.spark.run;

import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says where the Spark UI is, once per application, when streams-window first builds a plan in it:
 * Spark's own UI prints no address on the driver, and the quiet log profile that {@code
 * streams_window.configure()} ships shows errors only, but for this line (docs/python.md,
 * "Monitoring"). Nothing is logged when the UI is off ({@code spark.ui.enabled=false}).
 */
public final class SparkUiAddress {
  private static final Logger LOG = LoggerFactory.getLogger(SparkUiAddress.class);

  /**
   * The application whose UI address was logged last: a JVM runs one Spark application at a time,
   * so one id is all there is to remember.
   */
  private static final AtomicReference<String> SHOWN = new AtomicReference<>();

  private SparkUiAddress() {}

  public static void showOnce(SparkSession session) {
    SparkContext context = session.sparkContext();
    String application = context.applicationId();
    if (context.uiWebUrl().isDefined() && !application.equals(SHOWN.getAndSet(application))) {
      LOG.info(
          "The Spark UI is at {}: jobs, stages, the SQL plans and the Structured Streaming"
              + " queries of this application",
          context.uiWebUrl().get());
    }
  }
}
