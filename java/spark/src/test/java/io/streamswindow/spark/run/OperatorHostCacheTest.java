package io.streamswindow.spark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.AbstractOperator;
import io.streamswindow.runtime.OperatorHost;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.Test;

/**
 * Live hosts belong to a query run: released when it stops, or when it has been idle long enough
 * that it has most likely ended; a stale generation is never handed out (docs/architecture.md,
 * "State layout").
 */
class OperatorHostCacheTest {
  /** An operator with no ports: enough to have a host to cache and to see it shut down. */
  public static final class Idle extends AbstractOperator {}

  private final AtomicLong now = new AtomicLong();
  private final OperatorHostCache cache = new OperatorHostCache(1_000_000, now::get);

  private static OperatorHostCache.Entry entry(long generation) throws Exception {
    OperatorHost host = OperatorHost.builder(Idle.class).build();
    host.initialize();
    host.allPortsReady();
    return new OperatorHostCache.Entry(host, null, null, generation, 1);
  }

  private static Row key(String value) {
    return RowFactory.create(value);
  }

  @Test
  void aStoppedRunsHostsAreShutDownAndOtherRunsKeepTheirs() throws Exception {
    OperatorHostCache.Entry a = entry(7);
    OperatorHostCache.Entry b = entry(7);
    cache.put("run-1", "plan", key("a"), a);
    cache.put("run-2", "plan", key("a"), b);
    assertEquals(1, cache.size("run-1"));

    cache.release("run-1");
    assertEquals(0, cache.size("run-1"));
    assertEquals(OperatorHost.State.SHUT_DOWN, a.host().state());
    assertEquals(1, cache.size("run-2"));
    assertNotNull(cache.take("run-2", "plan", key("a"), 7));
    assertNull(cache.take("run-1", "plan", key("a"), 7), "a released host is never handed out");
  }

  @Test
  void aRunIdleLongerThanTheReleaseTimeGoesAtTheNextCallOfAnyRun() throws Exception {
    OperatorHostCache.Entry idle = entry(1);
    cache.put("ended", "plan", key("a"), idle);
    now.addAndGet(OperatorHostCache.IDLE_RELEASE_NANOS);
    cache.put("running", "plan", key("b"), entry(1));
    assertEquals(1, cache.size("ended"), "not idle for longer than the release time yet");

    now.addAndGet(1);
    assertNull(cache.take("running", "plan", key("b"), 2), "a stale generation is refused");
    assertEquals(0, cache.size("ended"));
    assertEquals(OperatorHost.State.SHUT_DOWN, idle.host().state());
    assertTrue(cache.size() == 0, "the stale host was shut down, the idle run released");
  }

  @Test
  void theSweeperReleasesAnIdleRunWithoutAnyCall() throws Exception {
    OperatorHostCache.Entry idle = entry(1);
    cache.put("ended", "plan", key("a"), idle);
    now.addAndGet(OperatorHostCache.IDLE_RELEASE_NANOS);
    cache.releaseIdle();
    assertEquals(1, cache.size("ended"), "not idle for longer than the release time yet");

    now.addAndGet(1);
    cache.releaseIdle();
    assertEquals(0, cache.size());
    assertEquals(OperatorHost.State.SHUT_DOWN, idle.host().state());
  }

  @Test
  void overBudgetTheHostsNotUsedSinceTheClockHandLastPassedGoFirst() throws Exception {
    OperatorHostCache small = new OperatorHostCache(3, now::get);
    OperatorHostCache.Entry a = entry(1);
    OperatorHostCache.Entry b = entry(1);
    OperatorHostCache.Entry c = entry(1);
    small.put("run", "plan", key("a"), a);
    small.put("run", "plan", key("b"), b);
    small.put("run", "plan", key("c"), c);
    assertEquals(3, small.size());

    // Over budget: the hand passes a, b and c once (each used), then lets a go, the first unused.
    small.put("run", "plan", key("d"), entry(1));
    assertEquals(3, small.size());
    assertEquals(OperatorHost.State.SHUT_DOWN, a.host().state());
    assertNull(small.take("run", "plan", key("a"), 1));

    // b and c are used again, d not since the hand passed it: over budget again, d goes.
    for (String used : List.of("b", "c")) {
      small.put("run", "plan", key(used), small.take("run", "plan", key(used), 1));
    }
    small.put("run", "plan", key("e"), entry(1));
    assertEquals(3, small.size());
    assertNull(small.take("run", "plan", key("d"), 1));
    assertEquals(OperatorHost.State.RUNNING, b.host().state());
    assertEquals(OperatorHost.State.RUNNING, c.host().state());
  }

  @Test
  void aHostACallHasIsNeitherHandedOutAgainNorShutDownByAnotherCallOfTheKey() throws Exception {
    OperatorHostCache.Entry first = entry(5);
    cache.put("run", "plan", key("a"), first);
    assertEquals(first, cache.take("run", "plan", key("a"), 5));
    assertEquals(0, cache.size(), "out while its call runs");
    assertNull(cache.take("run", "plan", key("a"), 5), "a second call of the key builds its own");

    OperatorHostCache.Entry second = entry(6);
    cache.put("run", "plan", key("a"), second);
    assertEquals(OperatorHost.State.RUNNING, first.host().state(), "still the first call's");
    first.saved(7, 1, null);
    cache.put("run", "plan", key("a"), first);
    assertEquals(OperatorHost.State.SHUT_DOWN, second.host().state(), "replaced, and not taken");
    assertEquals(first, cache.take("run", "plan", key("a"), 7));
  }
}
