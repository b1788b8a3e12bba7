package io.streamswindow.runtime;

import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OptionalContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.ProcessingElement;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.control.ControlPlaneContext;
import com.ibm.streams.operator.metrics.OperatorMetrics;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.state.StateHandler;
import io.streamswindow.api.spi.CurrentOperator;
import io.streamswindow.api.spi.LifeCycleNotifications;
import io.streamswindow.api.spi.LifeCycleState;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;

/**
 * The {@link OperatorContext} of a hosted operator: its name, ports, parameters, processing
 * element, threads, state handler registration, metrics ({@link HostOperatorMetrics}) and class
 * libraries ({@link #addClassLibraries}).
 *
 * <p>The context notes which parameters the operator asks for by name and whether it listed them
 * all ({@link #getParameterNames()}): the driver's dry run refuses a parameter that an operator
 * without {@code @PrimitiveOperator} never reads (docs/decisions.md, "Parameters of an operator
 * without @PrimitiveOperator").
 */
final class HostOperatorContext implements OperatorContext, LifeCycleState {
  /** Its life-cycle notification state, kept here rather than in a structure every host shares. */
  private final Object lifeCycle = LifeCycleNotifications.newState();

  @Override
  public Object lifeCycleState() {
    return lifeCycle;
  }

  private final String name;
  private final String kind;
  private final Map<String, List<String>> parameters;
  private final ProcessingElement pe;
  private final StateHandlers stateHandlers;
  private final Map<Class<?>, Object> optionalContexts;
  private final OperatorThreads threads;

  /** The operator's control variables; made at the first request for the control plane. */
  private volatile HostControlPlaneContext controlPlane;

  /** The parameter names asked for so far, set or not; written by any of the operator's threads. */
  private final Set<String> parametersRead = ConcurrentHashMap.newKeySet();

  /** Whether the operator called {@link #getParameterNames()}, which shows it every name. */
  private volatile boolean parameterNamesListed;

  private List<StreamingInput<Tuple>> inputs = List.of();
  private List<StreamingOutput<OutputTuple>> outputs = List.of();
  private HostOperatorMetrics metrics;

  /** The operator class's loader, the parent of {@link #libraries}. */
  private final ClassLoader operatorLoader;

  /** The jars and directories added by {@link #addClassLibraries}; null until the first call. */
  private volatile LibraryLoader libraries;

  HostOperatorContext(
      String name,
      Class<?> operatorClass,
      Map<String, List<String>> parameters,
      ProcessingElement pe,
      StateHandlers stateHandlers,
      Map<Class<?>, Object> optionalContexts,
      Runnable activityChanged) {
    this.name = name;
    this.kind = KINDS.get(operatorClass);
    this.parameters = parameters;
    this.pe = pe;
    this.stateHandlers = stateHandlers;
    this.optionalContexts = optionalContexts;
    this.threads = new OperatorThreads(name, this, activityChanged);
    this.operatorLoader = operatorClass.getClassLoader();
  }

  /** Each operator class's kind, worked out once: on Spark a host is built per key and batch. */
  private static final ClassValue<String> KINDS =
      new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> operatorClass) {
          return kindOf(operatorClass);
        }
      };

  /** The SPL kind: {@code namespace::name} from {@code @PrimitiveOperator}, else the class name. */
  private static String kindOf(Class<?> operatorClass) {
    PrimitiveOperator model = operatorClass.getAnnotation(PrimitiveOperator.class);
    if (model == null) {
      return operatorClass.getName();
    }
    String namespace =
        model.namespace().isEmpty() ? operatorClass.getPackageName() : model.namespace();
    String name = model.name().isEmpty() ? operatorClass.getSimpleName() : model.name();
    return namespace.isEmpty() ? name : namespace + "::" + name;
  }

  /** Sets the ports once they exist (they are built after the context, which windows need). */
  void attachPorts(List<HostInputPort> inputs, List<HostOutputPort> outputs) {
    this.inputs = List.copyOf(inputs);
    this.outputs = List.copyOf(outputs);
    this.metrics = new HostOperatorMetrics(name, inputs, outputs);
    if (pe instanceof HostProcessingElement hostPe) {
      hostPe.attachPorts(inputs, outputs);
    }
  }

  OperatorThreads threads() {
    return threads;
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public String getLogicalName() {
    return name;
  }

  @Override
  public String getKind() {
    return kind;
  }

  @Override
  public int getNumberOfStreamingInputs() {
    return inputs.size();
  }

  @Override
  public List<StreamingInput<Tuple>> getStreamingInputs() {
    return inputs;
  }

  @Override
  public int getNumberOfStreamingOutputs() {
    return outputs.size();
  }

  @Override
  public List<StreamingOutput<OutputTuple>> getStreamingOutputs() {
    return outputs;
  }

  /** The values of a parameter, or an empty list when it was not set; the name counts as read. */
  @Override
  public List<String> getParameterValues(String parameterName) {
    noteRead(parameterName);
    return parameters.getOrDefault(parameterName, List.of());
  }

  /** The names of the parameters that have values; the operator has listed them all. */
  @Override
  public Set<String> getParameterNames() {
    if (!parameterNamesListed) {
      parameterNamesListed = true;
    }
    return parameters.keySet();
  }

  /**
   * The values of a parameter, or null when it was not set, for the host's own reads on the
   * operator's behalf ({@code @Parameter} setters, context checks that name parameters): the name
   * counts as read, and the names are not listed.
   */
  List<String> readParameter(String parameterName) {
    noteRead(parameterName);
    return parameters.get(parameterName);
  }

  private void noteRead(String parameterName) {
    // A lookup before the add: an operator may read a parameter per tuple, and the lookup takes
    // no lock.
    if (parameterName != null && !parametersRead.contains(parameterName)) {
      parametersRead.add(parameterName);
    }
  }

  /** The parameter names asked for so far, whether or not they were set, sorted. */
  SortedSet<String> parametersRead() {
    return new TreeSet<>(parametersRead);
  }

  /** Whether the operator has called {@link #getParameterNames()}. */
  boolean parameterNamesListed() {
    return parameterNamesListed;
  }

  @Override
  public ScheduledExecutorService getScheduledExecutorService() {
    return threads.scheduler();
  }

  @Override
  public ThreadFactory getThreadFactory() {
    return threads.threadFactory();
  }

  @Override
  public ProcessingElement getPE() {
    return pe;
  }

  /** Not in a parallel region. */
  @Override
  public int getChannel() {
    return -1;
  }

  @Override
  public int getLocalChannel() {
    return -1;
  }

  @Override
  public List<Integer> getAllChannels() {
    return List.of();
  }

  @Override
  public int getMaxChannels() {
    return 0;
  }

  @Override
  public int getLocalMaxChannels() {
    return 0;
  }

  @Override
  public List<Integer> getAllMaxChannels() {
    return List.of();
  }

  /**
   * The optional context of that type given to the host; else, for {@code ControlPlaneContext}, the
   * operator's own (control variables held by this instance); else null, as for any unknown type.
   */
  @Override
  public <O extends OptionalContext> O getOptionalContext(Class<O> contextType) {
    Object context = optionalContexts.get(contextType);
    if (context == null && contextType == ControlPlaneContext.class) {
      context = controlPlane();
    }
    return context == null ? null : contextType.cast(context);
  }

  private HostControlPlaneContext controlPlane() {
    HostControlPlaneContext plane = controlPlane;
    if (plane == null) {
      synchronized (this) {
        if (controlPlane == null) {
          controlPlane = new HostControlPlaneContext(name);
        }
        plane = controlPlane;
      }
    }
    return plane;
  }

  /** Registers a state handler; registering the same object again has no effect. */
  @Override
  public void registerStateHandler(StateHandler handler) {
    stateHandlers.register(handler);
  }

  /** The operator's custom metrics and its ports' system metrics. */
  @Override
  public OperatorMetrics getMetrics() {
    return metrics;
  }

  /**
   * Adds jars and directories to a class loader of the operator's own, a child of the operator
   * class's loader, which becomes the context class loader of the operator's threads and of the
   * host's calls into the operator (docs/porting.md, "Class libraries"). Where the operator class's
   * loader itself takes URLs (Spark's loader of {@code spark.jars} does), they are added to it as
   * well, so classes the operator's jar resolves through its own loader find them, as IBM's
   * functional operators need for their logic. Each element is trimmed, then read as a URL, or else
   * as a file path, relative to the {@link #getToolkitDirectory() toolkit directory}; {@code dir/*}
   * adds every {@code .jar} or {@code .JAR} of {@code dir}. A {@code file:} URL or path that does
   * not exist is logged as a warning naming it, once per operator and path in a JVM, to the {@code
   * com.ibm.streams.operator} logger as on IBM's runtime, and the call goes on: the path is added
   * all the same ({@code dir/*} of a missing {@code dir} adds nothing).
   */
  @Override
  public void addClassLibraries(String[] libraryNames) throws MalformedURLException {
    if (libraryNames == null) {
      return;
    }
    List<URL> urls = new ArrayList<>();
    for (String library : libraryNames) {
      if (library == null) {
        throw new IllegalArgumentException(
            "addClassLibraries (operator '" + name + "'): a library is null");
      }
      urls.addAll(ClassLibraries.resolve(library.trim(), toolkitDirectory(), name));
    }
    // Where the operator class's own loader takes URLs, it gets them too: code of the operator's
    // jar that resolves classes through that loader then sees them, as on IBM's runtime.
    ExtensibleClassLoader.addAll(operatorLoader, urls);
    synchronized (this) {
      LibraryLoader loader = libraries;
      if (loader == null) {
        loader = new LibraryLoader(name, operatorLoader);
      }
      for (URL url : urls) {
        loader.add(url);
      }
      libraries = loader;
    }
    if (CurrentOperator.get() == this) {
      // Called from inside the operator (typically initialize): the rest of the call sees them.
      Thread.currentThread().setContextClassLoader(libraries);
    }
  }

  /**
   * The class loader that holds the libraries the operator added, or null when it added none: the
   * context class loader for calls into the operator.
   */
  ClassLoader librariesLoader() {
    return libraries;
  }

  /** The loader for the operator's threads: its libraries' loader, else the operator class's. */
  ClassLoader threadContextLoader() {
    LibraryLoader loader = libraries;
    return loader != null ? loader : operatorLoader;
  }

  /** The toolkit directory of {@link HostDirectories} (by default the working directory). */
  @Override
  public File getToolkitDirectory() {
    return toolkitDirectory().toFile();
  }

  private Path toolkitDirectory() {
    return pe instanceof HostProcessingElement hostPe
        ? hostPe.directories().toolkit()
        : HostDirectories.DEFAULT.toolkit();
  }

  /** A class loader whose URLs grow as the operator adds libraries. */
  private static final class LibraryLoader extends URLClassLoader {
    static {
      ClassLoader.registerAsParallelCapable();
    }

    LibraryLoader(String operatorName, ClassLoader parent) {
      super("libraries of operator " + operatorName, new URL[0], parent);
    }

    void add(URL url) {
      addURL(url);
    }
  }

  private UnsupportedOperationException unsupported(String method, String why) {
    return new UnsupportedOperationException(
        "OperatorContext."
            + method
            + " (operator '"
            + name
            + "') is not supported by streams-window: "
            + why);
  }

  @Override
  public String toString() {
    return "OperatorContext(" + name + ")";
  }
}
