package io.streamswindow.api.spi;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.management.OperatorManagement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.Notification;
import javax.management.NotificationListener;

/**
 * The hook through which the streams-window runtime sends an operator's life-cycle notifications
 * ({@code OperatorContextMXBean.ALL_PORTS_READY}, {@code SHUTDOWN}, {@code SHUTDOWN_COMPLETE}) to
 * the one-shot listeners that {@link com.ibm.streams.operator.management.OperatorLifeCycle} adds.
 * IBM's runtime sends them through the operator's management bean; streams-window has none, so the
 * listeners are kept here, per context. It is for the runtime, not for operator code.
 *
 * <pre>{@code
 * operator.allPortsReady();
 * LifeCycleNotifications.send(context, OperatorContextMXBean.ALL_PORTS_READY);
 * }</pre>
 */
public final class LifeCycleNotifications {
  private static final Logger TRACE = Logger.getLogger(LifeCycleNotifications.class.getName());

  /** Per context (weakly: a context that is gone takes its listeners with it), what is pending. */
  private static final Map<OperatorContext, Pending> PENDING = new WeakHashMap<>();

  private static final AtomicLong SEQUENCE = new AtomicLong();

  private LifeCycleNotifications() {}

  /** The listeners waiting for each notification type, and the types already sent. */
  private static final class Pending {
    final List<String> sent = new ArrayList<>();
    final List<Map.Entry<String, NotificationListener>> listeners = new ArrayList<>();
  }

  /** The state a {@link LifeCycleState} context keeps for itself. */
  public static Object newState() {
    return new Pending();
  }

  /**
   * The state of {@code context}: its own when it keeps one (a {@link LifeCycleState}), else this
   * class's map's, made when {@code create}; the caller holds the state's lock or the map's.
   */
  private static Pending pendingOf(OperatorContext context, boolean create) {
    if (context instanceof LifeCycleState own) {
      return (Pending) own.lifeCycleState();
    }
    return create ? PENDING.computeIfAbsent(context, c -> new Pending()) : PENDING.get(context);
  }

  /** The lock that guards {@code context}'s state: its own state's, or the shared map's. */
  private static Object lockOf(OperatorContext context) {
    return context instanceof LifeCycleState own ? own.lifeCycleState() : PENDING;
  }

  /**
   * Adds a listener that runs once, at the next notification of {@code type} for {@code context}.
   *
   * @param context the operator's context
   * @param type the notification type
   * @param listener the listener
   * @return false, adding nothing, when that notification was already sent for this context
   */
  public static boolean listenOnce(
      OperatorContext context, String type, NotificationListener listener) {
    synchronized (lockOf(context)) {
      Pending pending = pendingOf(context, true);
      if (pending.sent.contains(type)) {
        return false;
      }
      pending.listeners.add(Map.entry(type, listener));
      return true;
    }
  }

  /**
   * Sends a notification of {@code type} for {@code context} to the listeners waiting for it, each
   * once, on the calling thread. A listener's exception is logged and does not stop the others.
   *
   * @param context the operator's context
   * @param type the notification type
   */
  public static void send(OperatorContext context, String type) {
    List<NotificationListener> due;
    synchronized (lockOf(context)) {
      Pending pending = pendingOf(context, true);
      pending.sent.add(type);
      if (pending.listeners.isEmpty()) {
        // The common case: an operator that registered no action. Nothing more to allocate (a
        // host is started and stopped per key and call on Spark, docs/performance.md).
        return;
      }
      due = new ArrayList<>();
      pending.listeners.removeIf(
          entry -> {
            if (entry.getKey().equals(type)) {
              due.add(entry.getValue());
              return true;
            }
            return false;
          });
    }
    if (due.isEmpty()) {
      return;
    }
    Notification notification =
        new Notification(type, OperatorManagement.getName(context), SEQUENCE.incrementAndGet());
    for (NotificationListener listener : due) {
      try {
        listener.handleNotification(notification, null);
      } catch (RuntimeException e) {
        TRACE.log(
            Level.WARNING,
            "A " + type + " action of operator '" + context.getName() + "' failed",
            e);
      }
    }
  }

  /**
   * Whether a notification of {@code type} was sent for {@code context}.
   *
   * @param context the operator's context
   * @param type the notification type
   * @return true once {@link #send} was called with them
   */
  public static boolean wasSent(OperatorContext context, String type) {
    synchronized (lockOf(context)) {
      Pending pending = pendingOf(context, false);
      return pending != null && pending.sent.contains(type);
    }
  }
}
