package io.streamswindow.spark.run;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQueryListener;

/**
 * Shuts down a query run's live operator hosts ({@link OperatorHostCache}) when the query stops:
 * registered once per session that runs the chunked layout, it hears of every query of that session
 * terminating (stopped, failed or finished). It reaches the hosts of the JVM it runs in, the
 * driver's; on a cluster, an executor's hosts of a stopped run go when that run has been idle for
 * {@link OperatorHostCache#IDLE_RELEASE_NANOS} (docs/architecture.md, "State layout").
 */
final class QueryRunRelease extends StreamingQueryListener {
  private static final Set<SparkSession> REGISTERED =
      Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  /** Registers the release on {@code session}, once. */
  static void register(SparkSession session) {
    if (REGISTERED.add(session)) {
      session.streams().addListener(new QueryRunRelease());
    }
  }

  @Override
  public void onQueryStarted(QueryStartedEvent event) {}

  @Override
  public void onQueryProgress(QueryProgressEvent event) {}

  @Override
  public void onQueryIdle(QueryIdleEvent event) {}

  @Override
  public void onQueryTerminated(QueryTerminatedEvent event) {
    OperatorHostCache.shared().release(event.runId().toString());
  }
}
