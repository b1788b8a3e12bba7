package com.ibm.streams.operator.window;

import com.ibm.streams.operator.Operator;
import com.ibm.streams.operator.OperatorContext;
import java.io.Serializable;

/**
 * A window listener that is saved and restored by Java serialization as part of the window's
 * checkpoint. After a restore, the runtime gives it back its operator, context and window with
 * {@link #set} and then calls {@link #initialize()}.
 *
 * @param <O> the type of the operator that owns the window
 * @param <T> the type of the tuples in the window
 */
public interface CheckpointableWindowListener<O extends Operator, T>
    extends StreamWindowListener<T>, Serializable {

  /**
   * Gives the listener the objects that are not serialized with it.
   *
   * @param operator the operator that owns the window
   * @param context the operator's context
   * @param window the window the listener listens to
   */
  void set(O operator, OperatorContext context, StreamWindow<T> window);

  /** Prepares the listener after {@link #set}, when it is created and after every restore. */
  void initialize();
}
