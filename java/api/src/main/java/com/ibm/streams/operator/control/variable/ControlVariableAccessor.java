package com.ibm.streams.operator.control.variable;

import java.io.IOException;

/**
 * A control variable of the job control plane, as an operator reads and sets it. On Streams, {@link
 * #getValue()} returns the value last synchronized and {@link #sync()} fetches the current one from
 * the JCP. On streams-window the variable lives in the operator instance that created it (on Spark,
 * one per key): {@code sync()} has nothing to fetch, and a value set is read at once.
 *
 * @param <T> the type of the value
 */
public interface ControlVariableAccessor<T> {

  /**
   * Returns the variable's name.
   *
   * @return the name given when it was created
   */
  String getName();

  /**
   * Returns the value as last synchronized or set.
   *
   * @return the value
   */
  T getValue();

  /**
   * Sets the value.
   *
   * @param value the new value
   * @throws IOException when the value cannot be stored
   * @throws InterruptedException when interrupted while storing it
   */
  void setValue(T value) throws IOException, InterruptedException;

  /**
   * Brings the value up to date with the control plane.
   *
   * @return this accessor, to read the value from
   * @throws InterruptedException when interrupted while synchronizing
   */
  ControlVariableAccessor<T> sync() throws InterruptedException;
}
