package com.ibm.streams.operator.control;

import com.ibm.streams.operator.OperatorContext;
import javax.management.MBeanServerConnection;

/**
 * Something an operator connects to the job control plane with {@link ControlPlaneContext#connect}:
 * it says whether it applies, sets itself up against the JCP's MBean server, and hears of the
 * connection's events. streams-window has no JCP, so no method of a controllable is ever called
 * there.
 */
public interface Controllable {

  /** What happened to the connection to the JCP. */
  enum EventType {
    /** Notifications from the JCP may have been lost: state derived from them may be stale. */
    LostNotifications
  }

  /**
   * Tells of an event of the connection to the JCP.
   *
   * @param jcp the JCP's MBean server
   * @param context the operator's context
   * @param eventType what happened
   */
  void event(MBeanServerConnection jcp, OperatorContext context, EventType eventType);

  /**
   * Returns whether this controllable applies to the operator, so that it is set up.
   *
   * @param context the operator's context
   * @return true to be set up
   */
  boolean isApplicable(OperatorContext context);

  /**
   * Sets this controllable up against the JCP's MBean server once connected.
   *
   * @param jcp the JCP's MBean server
   * @param context the operator's context
   * @throws Exception when setting up fails
   */
  void setup(MBeanServerConnection jcp, OperatorContext context) throws Exception;
}
