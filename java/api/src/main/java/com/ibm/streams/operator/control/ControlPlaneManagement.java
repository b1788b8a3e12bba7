package com.ibm.streams.operator.control;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Names of the job control plane's management beans, for the {@code MBeanServerConnection} a {@link
 * Controllable} is given. streams-window has no JCP, so no bean bears these names there.
 */
public final class ControlPlaneManagement {

  /**
   * The name of the job's bean in the JCP. The value is streams-window's own (IBM's is not
   * documented); only a Streams JCP would answer to the name.
   */
  public static final ObjectName JOB_NAME = name("io.streamswindow.control:type=job");

  private ControlPlaneManagement() {}

  private static ObjectName name(String text) {
    try {
      return new ObjectName(text);
    } catch (MalformedObjectNameException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
