package com.ibm.streams.flow.declare;

import com.ibm.streams.operator.model.InputPortSet;
import java.util.concurrent.TimeUnit;

/**
 * A declared input port, with the builder for its window. Start with {@link #tumbling()} or {@link
 * #sliding()} (calling either again starts the window over), optionally {@link #partitioned()},
 * then the eviction policy, for a sliding window the trigger policy, and for a partitioned window
 * optionally a partition eviction policy.
 *
 * <pre>{@code
 * InputPortDeclaration in = op.addInput("tuple<rstring id, float64 v>");
 * in.sliding().partitioned().evictCount(5).triggerCount(1).partitionEvictionCount(100);
 * }</pre>
 *
 * <p>A bad value ({@code count <= 0}, a negative time, an unknown attribute, a delta on an
 * attribute that is not numeric, a delta of the wrong Java type) throws {@link
 * IllegalArgumentException} at the call. A call out of place (a policy or {@code partitioned()}
 * before {@code tumbling()}/{@code sliding()}, a trigger on a tumbling window, {@code
 * evictPunctuation()} on a sliding one, partition eviction on a window that is not partitioned)
 * throws {@link IllegalStateException} at the call; a window left without an eviction policy, or a
 * sliding one without a trigger, throws it when the graph is made executable.
 *
 * <p>A delta's object must have the attribute's own Java type: {@code Double} for {@code float64},
 * {@code Integer} for {@code int32}, {@code Long} for {@code int64}; for a {@code timestamp}
 * attribute a {@code Timestamp} or a {@code Double} of seconds.
 */
public interface InputPortDeclaration extends PortDeclaration<InputPortDeclaration> {
  /** What a threaded port does when its queue is full. */
  enum CongestionPolicy {
    /** The submitter waits for room. */
    WAIT,
    /** The oldest queued tuple is dropped. */
    DROP_FIRST,
    /** The arriving tuple is dropped. */
    DROP_LAST
  }

  /**
   * Connects output ports to this port; their schemas must equal this port's.
   *
   * @param outputPorts the submitting ports
   * @return this port
   * @throws IllegalArgumentException when a schema differs
   */
  InputPortDeclaration connect(OutputPortDeclaration... outputPorts);

  /**
   * Starts (over) a sliding window declaration.
   *
   * @return this port
   * @throws IllegalStateException when the operator class declares this port not windowed
   */
  InputPortDeclaration sliding();

  /**
   * Starts (over) a tumbling window declaration.
   *
   * @return this port
   * @throws IllegalStateException when the operator class declares this port not windowed
   */
  InputPortDeclaration tumbling();

  /**
   * Makes the window partitioned.
   *
   * @return this port
   * @throws IllegalStateException before {@link #tumbling()} or {@link #sliding()}
   */
  InputPortDeclaration partitioned();

  /**
   * Evicts by count: {@code count(n)}.
   *
   * @param count the number of tuples, at least 1
   * @return this port
   */
  InputPortDeclaration evictCount(int count);

  /**
   * Evicts by time: {@code time(seconds)}.
   *
   * @param seconds the period, positive
   * @return this port
   */
  InputPortDeclaration evictTime(double seconds);

  /**
   * Evicts by time: {@code time(value in unit)}.
   *
   * @param value the period
   * @param unit its unit
   * @return this port
   */
  InputPortDeclaration evictTime(long value, TimeUnit unit);

  /**
   * Evicts on every window marker: {@code punct()}; tumbling windows only.
   *
   * @return this port
   * @throws IllegalStateException on a sliding window
   */
  InputPortDeclaration evictPunctuation();

  /**
   * Evicts by delta: {@code delta(attribute, delta)}.
   *
   * @param attribute a numeric or timestamp attribute of the port's schema
   * @param delta the delta, of the attribute's Java type
   * @return this port
   */
  InputPortDeclaration evictDelta(String attribute, Object delta);

  /**
   * Triggers by count: {@code count(n)}; sliding windows only.
   *
   * @param count the number of insertions between triggers, at least 1
   * @return this port
   */
  InputPortDeclaration triggerCount(int count);

  /**
   * Triggers by time: {@code time(seconds)}; sliding windows only.
   *
   * @param seconds the period, positive
   * @return this port
   */
  InputPortDeclaration triggerTime(double seconds);

  /**
   * Triggers by time: {@code time(value in unit)}; sliding windows only.
   *
   * @param value the period
   * @param unit its unit
   * @return this port
   */
  InputPortDeclaration triggerTime(long value, TimeUnit unit);

  /**
   * Triggers by delta: {@code delta(attribute, delta)}; sliding windows only.
   *
   * @param attribute a numeric or timestamp attribute of the port's schema
   * @param delta the delta, of the attribute's Java type
   * @return this port
   */
  InputPortDeclaration triggerDelta(String attribute, Object delta);

  /**
   * Evicts partitions without an insertion for a while: {@code partitionAge(seconds)}.
   *
   * @param seconds the age, positive
   * @return this port
   * @throws IllegalStateException when the window is not partitioned
   */
  InputPortDeclaration partitionEvictionAge(double seconds);

  /**
   * Evicts partitions without an insertion for a while: {@code partitionAge(value in unit)}.
   *
   * @param value the age
   * @param unit its unit
   * @return this port
   * @throws IllegalStateException when the window is not partitioned
   */
  InputPortDeclaration partitionEvictionAge(long value, TimeUnit unit);

  /**
   * Keeps at most {@code count} partitions: {@code partitionCount(count)}.
   *
   * @param count the limit, at least 1
   * @return this port
   * @throws IllegalStateException when the window is not partitioned
   */
  InputPortDeclaration partitionEvictionCount(int count);

  /**
   * Keeps at most {@code count} tuples over all partitions: {@code tupleCount(count)}.
   *
   * @param count the limit, at least 1
   * @return this port
   * @throws IllegalStateException when the window is not partitioned
   */
  InputPortDeclaration partitionEvictionTupleCount(int count);

  /**
   * Returns the operator class's {@code @InputPortSet} that describes this port.
   *
   * @return the port set, or null when the class declares none for this port
   */
  InputPortSet getPortSet();

  /**
   * Declares the port threaded. Accepted for compatibility: delivery stays synchronous, which the
   * harness needs to let tests observe every event of a tuple before {@code submit} returns.
   *
   * @param congestionPolicy what a full queue would do
   * @param queueSize the queue size
   * @param singleThreadedOnInput whether one thread would deliver
   * @return this port
   */
  InputPortDeclaration threaded(
      CongestionPolicy congestionPolicy, int queueSize, boolean singleThreadedOnInput);
}
