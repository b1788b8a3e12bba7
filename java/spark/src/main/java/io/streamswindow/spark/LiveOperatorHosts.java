package io.streamswindow.spark;

import io.streamswindow.spark.run.OperatorHostCache;

/**
 * How many keys' operators this JVM keeps alive between micro-batches (the chunked state layout,
 * docs/architecture.md "State layout"): to watch memory, and to see that a stopped query left none
 * behind.
 *
 * <pre>{@code
 * LiveOperatorHosts.count(query.runId().toString());  // 0 once the query has stopped
 * }</pre>
 */
public final class LiveOperatorHosts {
  private LiveOperatorHosts() {}

  /** The live hosts of every query run in this JVM. */
  public static int count() {
    return OperatorHostCache.shared().size();
  }

  /** The live hosts of the query run {@code runId} ({@code StreamingQuery.runId()}) in this JVM. */
  public static int count(String runId) {
    return OperatorHostCache.shared().size(runId);
  }
}
