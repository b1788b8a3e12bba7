package io.streamswindow.runtime;

import io.streamswindow.engine.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The one thread that makes time pass for a host on a real clock: it sleeps until the windows' next
 * deadline, then lets the host advance time, under the host's lock.
 *
 * <p>The host calls {@link #replan()} (holding its lock) after every call that may have moved the
 * deadline; the thread is woken only when the deadline is now earlier than the one it sleeps until
 * (a later one it finds when it wakes). Waking it for every tuple would hand the lock to it and
 * back once per tuple. Waiting on a condition of the host's lock releases the lock, so events from
 * callers and from time never overlap.
 */
final class WallClockTimer {
  /** What the timer does when a deadline is reached. */
  @FunctionalInterface
  interface Tick {
    void advanceTo(long nowNanos) throws Exception;
  }

  private final ReentrantLock lock;
  private final Condition wakeUp;
  private final Clock clock;
  private final LongSupplier nextDeadline;
  private final Tick tick;
  private final Consumer<Throwable> onFailure;
  private Thread thread;
  private boolean stopped;

  /**
   * The instant the thread sleeps until (guarded by the lock): {@code Long.MAX_VALUE} while it
   * waits for a deadline to exist, {@code Long.MIN_VALUE} while it is not asleep.
   */
  private long sleepsUntil = Long.MIN_VALUE;

  WallClockTimer(
      ReentrantLock lock,
      Clock clock,
      LongSupplier nextDeadline,
      Tick tick,
      Consumer<Throwable> onFailure) {
    this.lock = lock;
    this.wakeUp = lock.newCondition();
    this.clock = clock;
    this.nextDeadline = nextDeadline;
    this.tick = tick;
    this.onFailure = onFailure;
  }

  /** Starts the thread; call once. */
  void start(String name) {
    thread = new Thread(this::run, name);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Tells the thread to plan again if it sleeps past the next deadline; the caller holds the lock.
   */
  void replan() {
    if (sleepsUntil != Long.MIN_VALUE && nextDeadline.getAsLong() < sleepsUntil) {
      wakeUp.signalAll();
    }
  }

  /** Stops the thread and waits for it; the caller must not hold the host's lock. */
  void stop() throws InterruptedException {
    lock.lock();
    try {
      stopped = true;
      wakeUp.signalAll();
    } finally {
      lock.unlock();
    }
    if (thread != null && thread != Thread.currentThread()) {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    }
  }

  /** Sleeps until {@code until} (forever for {@code Long.MAX_VALUE}) or a {@link #replan}. */
  private void sleep(long until, long now) throws InterruptedException {
    sleepsUntil = until;
    try {
      if (until == Long.MAX_VALUE) {
        wakeUp.await();
      } else {
        wakeUp.awaitNanos(until - now);
      }
    } finally {
      sleepsUntil = Long.MIN_VALUE;
    }
  }

  private void run() {
    lock.lock();
    try {
      while (!stopped) {
        long deadline = nextDeadline.getAsLong();
        long now = clock.nanos();
        if (deadline <= now) {
          tick.advanceTo(now);
          if (nextDeadline.getAsLong() <= now) {
            // A deadline that does not move would make this loop spin; back off a little.
            sleep(now + TimeUnit.MILLISECONDS.toNanos(1), now);
          }
        } else {
          sleep(deadline, now);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable failure) {
      onFailure.accept(failure);
    } finally {
      lock.unlock();
    }
  }
}
