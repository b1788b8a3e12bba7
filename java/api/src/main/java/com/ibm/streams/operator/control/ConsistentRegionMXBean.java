package com.ibm.streams.operator.control;

/**
 * The job control plane's bean of a consistent region, reached through {@code
 * ConsistentRegionContext.getConsistentRegionMXBeanName()} and a {@link Controllable}'s connection
 * to the JCP. streams-window has neither consistent regions nor a JCP: no such bean exists there.
 */
public interface ConsistentRegionMXBean {

  /**
   * Asks the region to reset to its last consistent state.
   *
   * @param force whether to reset even when a reset is already under way
   */
  void reset(boolean force);
}
