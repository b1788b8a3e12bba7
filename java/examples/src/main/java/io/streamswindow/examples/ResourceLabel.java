package io.streamswindow.examples;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingInput;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * Labels each tuple with what it finds in its application's resources, as operators of IBM's
 * toolkits do in {@code initialize}: the first line of a file under the application directory
 * ({@code file}), and, when {@code library} and {@code className} are given, the {@code toString()}
 * of a class loaded from a class library added with {@code addClassLibraries} (a path relative to
 * the toolkit directory, e.g. {@code lib/*}). The output attributes {@code label} and {@code
 * greeting} take them; the other output attributes are the input's.
 *
 * <pre>{@code
 * sw.run_operator(df, "io.streamswindow.examples.ResourceLabel", window="tumbling, count(1)",
 *     params={"file": "etc/label.txt"},
 *     output_schema="key string, seq long, cost double, label string, greeting string")
 * }</pre>
 */
@PrimitiveOperator(name = "ResourceLabel")
public class ResourceLabel extends AbstractOperator {
  private String file;
  private String library;
  private String className;
  private String label;
  private String greeting;

  @Parameter(name = "file", description = "A file under the application directory")
  public void setFile(String file) {
    this.file = file;
  }

  @Parameter(
      name = "library",
      optional = true,
      description = "A class library, relative to the toolkit directory")
  public void setLibrary(String library) {
    this.library = library;
  }

  @Parameter(
      name = "className",
      optional = true,
      description = "A class of the library, whose toString() is the greeting")
  public void setClassName(String className) {
    this.className = className;
  }

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    File resource = new File(context.getPE().getApplicationDirectory(), file);
    label = Files.readAllLines(resource.toPath(), StandardCharsets.UTF_8).get(0);
    if (library != null) {
      context.addClassLibraries(new String[] {library});
    }
    if (className != null) {
      // The context class loader is the one addClassLibraries extends (docs/porting.md).
      Class<?> loaded = Thread.currentThread().getContextClassLoader().loadClass(className);
      greeting = loaded.getDeclaredConstructor().newInstance().toString();
    }
  }

  @Override
  public void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception {
    StreamingOutput<OutputTuple> out = getOutput(0);
    OutputTuple labelled = out.newTuple();
    labelled.assign(tuple);
    labelled.setString("label", label);
    if (greeting != null) {
      labelled.setString("greeting", greeting);
    }
    out.submit(labelled);
  }
}
