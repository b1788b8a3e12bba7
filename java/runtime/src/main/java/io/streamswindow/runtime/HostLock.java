package io.streamswindow.runtime;

import com.ibm.streams.operator.OperatorContext;
import io.streamswindow.api.spi.CurrentOperator;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * The one lock every call into a hosted operator or its windows holds, and the re-entry that makes
 * holding it cheap: while a thread is inside, the operator is the {@link CurrentOperator} on it,
 * and calls it makes on the host again (from a {@link OperatorHost#batch batch}, or an operator
 * calling back) run straight through instead of taking the lock and setting the current operator
 * again. That serialises every window event, whichever thread causes it, and gives listeners the
 * happens-before ordering IBM's API promises (docs/architecture.md, "The engine").
 *
 * <pre>{@code
 * HostLock lock = new HostLock(context, timer::replan);
 * lock.run(() -> operator.process(port, tuple));   // locked, the operator current
 * }</pre>
 */
final class HostLock {
  private final ReentrantLock lock = new ReentrantLock();
  private final HostOperatorContext context;
  private final Runnable afterExit;

  /**
   * The entering thread's context class loader, restored by {@link #exit}; under the lock. Kept
   * after the exit, and written only when another loader enters: a host that lives across
   * micro-batches is long-lived, and each reference written into it is work for the garbage
   * collector (docs/performance.md, "Many keys as a standing benchmark").
   */
  private ClassLoader previousLoader;

  /** {@link #enteredBy} when no thread is inside. */
  private static final long NOBODY = Long.MIN_VALUE;

  /**
   * The id of the thread inside {@link #run} right now, or {@link #NOBODY}. Written only by the
   * lock holder, and cleared before it unlocks, so a thread can only ever read its own id here. An
   * id, not the thread, for the same reason as {@link #previousLoader}; read and written opaquely,
   * so that a read is never half of one write and half of another.
   */
  @SuppressWarnings("unused") // through ENTERED_BY
  private long enteredBy = NOBODY;

  private static final VarHandle ENTERED_BY;

  static {
    try {
      ENTERED_BY = MethodHandles.lookup().findVarHandle(HostLock.class, "enteredBy", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * @param context the operator's context, made current on the thread inside
   * @param afterExit run holding the lock each time a thread leaves (the host's timer plans again)
   */
  HostLock(HostOperatorContext context, Runnable afterExit) {
    this.context = context;
    this.afterExit = afterExit;
  }

  /** The lock itself, for the timer thread to wait on. */
  ReentrantLock reentrantLock() {
    return lock;
  }

  /**
   * Runs {@code access} holding the lock alone: for the host's own state, which needs neither the
   * operator current nor the timer to plan again.
   */
  <V> V guarded(Supplier<V> access) {
    lock.lock();
    try {
      return access.get();
    } finally {
      lock.unlock();
    }
  }

  /** True on the thread inside {@link #run} (or between {@link #enter} and {@link #exit}). */
  boolean isEntered() {
    return (long) ENTERED_BY.getOpaque(this) == Thread.currentThread().getId();
  }

  /**
   * Runs {@code action} holding the lock, with the operator current on the thread (the previous
   * one, if a host called us, is restored); directly when the thread is inside already.
   */
  void run(OperatorHost.Action action) throws Exception {
    if (isEntered()) {
      // Already inside (a batch, or an operator calling back): lock and context are in place.
      action.run();
      return;
    }
    OperatorContext previous = enter();
    try {
      action.run();
    } finally {
      exit(previous);
    }
  }

  /**
   * Takes the lock and makes the operator current on the thread; returns the operator that was
   * current before, for {@link #exit}. The thread-local is written only when it changes. For a call
   * made once per tuple, where {@link #run}'s lambda would cost.
   */
  OperatorContext enter() {
    lock.lock();
    OperatorContext previous = CurrentOperator.get();
    if (previous != context) {
      CurrentOperator.set(context);
    }
    Thread thread = Thread.currentThread();
    ENTERED_BY.setOpaque(this, thread.getId());
    // The operator's class libraries, once it added some, are the calls' context class loader.
    ClassLoader loader = thread.getContextClassLoader();
    if (previousLoader != loader) {
      previousLoader = loader;
    }
    ClassLoader libraries = context.librariesLoader();
    if (libraries != null) {
      thread.setContextClassLoader(libraries);
    }
    return previous;
  }

  /** Undoes {@link #enter}: {@code afterExit} runs, the previous operator is current again. */
  void exit(OperatorContext previous) {
    ENTERED_BY.setOpaque(this, NOBODY);
    try {
      afterExit.run();
    } finally {
      if (previous != context) {
        CurrentOperator.set(previous);
      }
      Thread thread = Thread.currentThread();
      if (thread.getContextClassLoader() != previousLoader) {
        thread.setContextClassLoader(previousLoader);
      }
      lock.unlock();
    }
  }
}
