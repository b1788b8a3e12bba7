package io.streamswindow.runtime;

import com.ibm.streams.operator.OperatorContext;
import io.streamswindow.api.spi.CurrentOperator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads an operator may start through its context: {@code getThreadFactory()} and {@code
 * getScheduledExecutorService()}. Both are created on first use.
 *
 * <p>Every such thread runs with the operator recorded in {@link CurrentOperator}, so that {@code
 * PERuntime} works there too. The host asks {@link #hasActivity()} to decide whether the operator
 * has completed (IBM's rule: no pending task and no live non-daemon thread), and is told through
 * {@code activityChanged} whenever a task or thread ends.
 */
final class OperatorThreads {
  private final String operatorName;
  private final OperatorContext context;
  private final Runnable activityChanged;
  private final AtomicInteger threadCount = new AtomicInteger();
  private final AtomicInteger liveNonDaemonThreads = new AtomicInteger();

  /** The scheduler's tasks that are running now (between beforeExecute and afterExecute). */
  private final AtomicInteger runningTasks = new AtomicInteger();

  private final Set<Thread> factoryThreads = ConcurrentHashMap.newKeySet();
  private ThreadFactory threadFactory;
  private ScheduledThreadPoolExecutor scheduler;
  private boolean shutdown;

  OperatorThreads(String operatorName, OperatorContext context, Runnable activityChanged) {
    this.operatorName = operatorName;
    this.context = context;
    this.activityChanged = activityChanged;
  }

  /** The factory operators use for their own threads (non-daemon unless they say otherwise). */
  synchronized ThreadFactory threadFactory() {
    if (threadFactory == null) {
      threadFactory =
          task -> {
            Thread thread = newThread(task, "thread", false);
            factoryThreads.add(thread);
            return thread;
          };
    }
    return threadFactory;
  }

  /** The operator's scheduler: daemon threads, running with the operator as current. */
  synchronized ScheduledExecutorService scheduler() {
    if (scheduler == null) {
      if (shutdown) {
        throw new IllegalStateException(
            "getScheduledExecutorService: operator '" + operatorName + "' has shut down");
      }
      scheduler =
          new ScheduledThreadPoolExecutor(2, task -> newThread(task, "scheduler", true)) {
            @Override
            protected void beforeExecute(Thread thread, Runnable task) {
              runningTasks.incrementAndGet();
              super.beforeExecute(thread, task);
            }

            @Override
            protected void afterExecute(Runnable task, Throwable failure) {
              super.afterExecute(task, failure);
              // Counted down before the listeners look: the pool's own active count still
              // includes this thread until afterExecute returns, and would hide the end of the
              // last task (a periodic task that cancelled itself, say).
              runningTasks.decrementAndGet();
              activityChanged.run();
            }
          };
      scheduler.setRemoveOnCancelPolicy(true);
    }
    return scheduler;
  }

  /** True while a scheduled task is pending or running, or a non-daemon thread is alive. */
  synchronized boolean hasActivity() {
    if (liveNonDaemonThreads.get() > 0) {
      return true;
    }
    return scheduler != null && (runningTasks.get() > 0 || !scheduler.getQueue().isEmpty());
  }

  /**
   * Stops the scheduler and interrupts the factory's threads that are still alive, as IBM's runtime
   * does once the operator has shut down.
   */
  void shutdown() throws InterruptedException {
    ScheduledThreadPoolExecutor toStop;
    synchronized (this) {
      shutdown = true;
      toStop = scheduler;
    }
    for (Thread thread : factoryThreads) {
      thread.interrupt();
    }
    if (toStop != null) {
      toStop.shutdownNow();
      toStop.awaitTermination(5, TimeUnit.SECONDS);
    }
  }

  private Thread newThread(Runnable task, String kind, boolean daemon) {
    String name = operatorName + "-" + kind + "-" + threadCount.incrementAndGet();
    Thread thread =
        new Thread(
            () -> {
              CurrentOperator.set(context);
              if (context instanceof HostOperatorContext host) {
                // IBM: the operator's class loader, with the libraries it added, is the context
                // class loader of the operator's threads.
                Thread.currentThread().setContextClassLoader(host.threadContextLoader());
              }
              try {
                task.run();
              } finally {
                CurrentOperator.clear();
                factoryThreads.remove(Thread.currentThread());
                // A live thread cannot change its daemon status, so this matches start().
                if (!Thread.currentThread().isDaemon()) {
                  liveNonDaemonThreads.decrementAndGet();
                }
                activityChanged.run();
              }
            },
            name) {
          @Override
          public synchronized void start() {
            // Counted at start: the operator may have made the thread a daemon meanwhile.
            if (!isDaemon()) {
              liveNonDaemonThreads.incrementAndGet();
            }
            super.start();
          }
        };
    thread.setDaemon(daemon);
    return thread;
  }
}
