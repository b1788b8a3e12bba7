package com.ibm.streams.operator.management;

import com.ibm.streams.operator.OperatorContext;
import io.streamswindow.api.spi.LifeCycleNotifications;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import javax.management.Notification;
import javax.management.NotificationListener;

/**
 * Runs code when an operator's ports are ready or when it shuts down, without the operator calling
 * it from {@code allPortsReady()} or {@code shutdown()}: a connection opened in {@code initialize}
 * can be closed at shutdown by the code that opened it.
 *
 * <p>Each action runs once, on the thread that calls the operator's {@code allPortsReady} (after it
 * returns) or {@code shutdown} (before it is called), with a {@link Notification} of type {@link
 * OperatorContextMXBean#ALL_PORTS_READY} or {@link OperatorContextMXBean#SHUTDOWN} whose source is
 * {@link OperatorManagement#getName(OperatorContext)}. On Spark each key's operator instance has
 * its own context, so its actions run when that instance shuts down (docs/porting.md, "An operator
 * instance per key").
 *
 * <pre>{@code
 * public void initialize(OperatorContext context) throws Exception {
 *   super.initialize(context);
 *   Socket socket = new Socket(host, port);
 *   OperatorLifeCycle.closeOnShutdown(context, socket);
 * }
 * }</pre>
 */
public class OperatorLifeCycle {

  /** Per context, the closeables to close at its shutdown (weakly held, as in IBM's runtime). */
  private static final Map<OperatorContext, Closer> CLOSERS = new WeakHashMap<>();

  /**
   * Closes {@code closeable} when the operator shuts down; at once if it already has. The object is
   * held weakly: one the operator drops (replaced after a reconnection, say) is not kept alive and
   * may then never be closed, so close a replaced one yourself. An {@link IOException} from {@code
   * close()} is ignored.
   *
   * @param context the operator's context
   * @param closeable what to close
   */
  public static void closeOnShutdown(final OperatorContext context, final Closeable closeable) {
    Closer closer;
    boolean added = false;
    synchronized (CLOSERS) {
      closer = CLOSERS.get(context);
      if (closer == null) {
        closer = new Closer();
        CLOSERS.put(context, closer);
        added = true;
      }
    }
    if (added
        && !LifeCycleNotifications.listenOnce(context, OperatorContextMXBean.SHUTDOWN, closer)) {
      closer.handleNotification(null, null); // already shut down: close from now on
    }
    closer.add(closeable);
  }

  /**
   * Runs {@code listener} once when the operator is about to shut down. If it has already shut
   * down, the listener runs at once and the call then throws, as IBM's runtime does once the
   * operator's bean is gone.
   *
   * @param context the operator's context
   * @param listener the action
   * @throws IllegalStateException when the operator has already shut down (after running it)
   */
  public static void addShutdownAction(OperatorContext context, NotificationListener listener) {
    if (!LifeCycleNotifications.listenOnce(context, OperatorContextMXBean.SHUTDOWN, listener)) {
      listener.handleNotification(
          new Notification(OperatorContextMXBean.SHUTDOWN, OperatorManagement.getName(context), -1),
          null);
      throw new IllegalStateException(
          "OperatorLifeCycle.addShutdownAction: operator '"
              + context.getName()
              + "' has already shut down; the action ran at once");
    }
  }

  /**
   * Runs {@code listener} once, after the operator's {@code allPortsReady()} returns. An action
   * added after that never runs, as on Streams, where the notification has passed.
   *
   * @param context the operator's context
   * @param listener the action
   */
  public static void addAllPortsReadyAction(
      OperatorContext context, NotificationListener listener) {
    LifeCycleNotifications.listenOnce(context, OperatorContextMXBean.ALL_PORTS_READY, listener);
  }

  /** Closes what it holds when the shutdown notification comes, and what is added after it. */
  private static final class Closer implements NotificationListener {
    private final Map<Closeable, Boolean> closeables = new WeakHashMap<>();
    private boolean shutDown;

    @Override
    public void handleNotification(Notification notification, Object handback) {
      List<Closeable> toClose;
      synchronized (this) {
        shutDown = true;
        toClose = new ArrayList<>(closeables.keySet());
        closeables.clear();
      }
      toClose.forEach(Closer::close);
    }

    void add(Closeable closeable) {
      synchronized (this) {
        if (!shutDown) {
          closeables.put(closeable, Boolean.TRUE);
          return;
        }
      }
      close(closeable);
    }

    private static void close(Closeable closeable) {
      try {
        closeable.close();
      } catch (IOException e) {
        // ignored, as IBM's runtime ignores it: the operator is going away
      }
    }
  }
}
