package com.ibm.streams.operator;

import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.state.StateHandler;
import java.io.File;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.net.MalformedURLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * What an operator knows about its invocation: its ports, parameters, processing element and
 * services. It is passed to {@link Operator#initialize(OperatorContext)}.
 *
 * <pre>{@code
 * public void initialize(OperatorContext context) throws Exception {
 *   super.initialize(context);
 *   int size = Integer.parseInt(context.getParameterValues("size").get(0));
 *   context.registerStateHandler(myState);
 * }
 * }</pre>
 */
public interface OperatorContext {

  /**
   * Marks a {@code public static void} method of an operator class, taking an {@link
   * com.ibm.streams.operator.compile.OperatorContextChecker}, that checks the invocation before the
   * operator starts. A failed check stops the operator with the check's message.
   *
   * <pre>{@code
   * @ContextCheck
   * public static void checkWindow(OperatorContextChecker checker) {
   *   checker.checkTumblingWindow(checker.getOperatorContext().getStreamingInputs().get(0));
   * }
   * }</pre>
   */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @interface ContextCheck {
    /**
     * Whether the check runs when the application is compiled.
     *
     * @return true to check at compile time
     */
    boolean compile() default true;

    /**
     * Whether the check runs when the operator starts.
     *
     * @return true to check at run time
     */
    boolean runtime() default true;
  }

  /**
   * Returns the operator's name, unique in the application.
   *
   * @return the name
   */
  String getName();

  /**
   * Returns the number of input ports.
   *
   * @return the input port count
   */
  int getNumberOfStreamingInputs();

  /**
   * Returns the input ports in port order.
   *
   * @return a read-only list of input ports
   */
  List<StreamingInput<Tuple>> getStreamingInputs();

  /**
   * Returns the number of output ports.
   *
   * @return the output port count
   */
  int getNumberOfStreamingOutputs();

  /**
   * Returns the output ports in port order.
   *
   * @return a read-only list of output ports
   */
  List<StreamingOutput<OutputTuple>> getStreamingOutputs();

  /**
   * Returns the values of a parameter, as strings.
   *
   * @param parameterName the parameter
   * @return its values; an empty list when it was not set
   */
  List<String> getParameterValues(String parameterName);

  /**
   * Returns the names of the parameters that have values.
   *
   * @return a read-only set of names
   */
  Set<String> getParameterNames();

  /**
   * Returns the operator's scheduler for background and timed tasks; it is shut down before {@link
   * Operator#shutdown()}.
   *
   * @return the scheduler
   */
  ScheduledExecutorService getScheduledExecutorService();

  /**
   * Returns a factory for the operator's own threads.
   *
   * @return the thread factory
   */
  ThreadFactory getThreadFactory();

  /**
   * Returns the processing element hosting the operator.
   *
   * @return the processing element
   */
  ProcessingElement getPE();

  /**
   * Returns the operator's metrics: its custom metrics and its ports' system metrics.
   *
   * @return the metrics
   */
  OperatorMetrics getMetrics();

  /**
   * Returns the SPL operator kind, such as {@code com.acme::MySort}.
   *
   * @return the kind
   */
  String getKind();

  /**
   * Adds jars or directories to the operator's class loader, which is the context class loader of
   * the operator's threads and of every call into the operator. Each element is trimmed, then read
   * as a URL, or else as a file path; a relative path is relative to the {@link
   * #getToolkitDirectory() toolkit directory}, and a path ending in {@code /*} stands for every
   * {@code .jar} (or {@code .JAR}) file of that directory. A local path that does not exist is
   * logged as a warning, and the call goes on with the others.
   *
   * @param libraries paths or URLs; null adds nothing
   * @throws MalformedURLException when a library cannot be turned into a URL
   */
  void addClassLibraries(String[] libraries) throws MalformedURLException;

  /**
   * Returns the operator's parallel channel index.
   *
   * @return the channel, or -1 outside a parallel region
   */
  int getChannel();

  /**
   * Returns the operator's channel index in its innermost parallel region.
   *
   * @return the channel, or -1 outside a parallel region
   */
  int getLocalChannel();

  /**
   * Returns the channel indexes of all enclosing parallel regions, innermost first.
   *
   * @return the channels; {@code [-1]} outside a parallel region
   */
  List<Integer> getAllChannels();

  /**
   * Returns the width of the operator's parallel region.
   *
   * @return the channel count, or 0 outside a parallel region
   */
  int getMaxChannels();

  /**
   * Returns the width of the innermost parallel region.
   *
   * @return the channel count, or 0 outside a parallel region
   */
  int getLocalMaxChannels();

  /**
   * Returns the widths of all enclosing parallel regions, innermost first.
   *
   * @return the widths; {@code [0]} outside a parallel region
   */
  List<Integer> getAllMaxChannels();

  /**
   * Returns the operator's name without parallel-channel decoration.
   *
   * @return the logical name
   */
  String getLogicalName();

  /**
   * Returns an optional context of the given type, such as a {@link
   * com.ibm.streams.operator.state.CheckpointContext}.
   *
   * @param <O> the context type
   * @param contextType the context class
   * @return the context, or null when the operator does not run in such a context
   */
  <O extends OptionalContext> O getOptionalContext(Class<O> contextType);

  /**
   * Registers a handler that drains, checkpoints and resets the operator's state. Handlers run in
   * registration order; registering the same handler twice has no further effect.
   *
   * @param handler the handler
   */
  void registerStateHandler(StateHandler handler);

  /**
   * Returns the root directory of the toolkit that declares the operator.
   *
   * @return the toolkit directory
   */
  File getToolkitDirectory();
}
