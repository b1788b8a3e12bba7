package io.streamswindow.spark.state;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The state layout a streaming query's checkpoint was written with, recorded in the checkpoint
 * itself: the file {@value #FILE} under the query's checkpoint location holds the layout's name
 * ({@code single-value} or {@code chunked}), written when the query's first micro-batch is planned
 * (docs/decisions.md, "State layout"). A checkpoint with committed micro-batches but no such file
 * (written by Spark 3.5, where only the single-value layout exists, or before the file was
 * recorded) is read from Spark's own operator metadata: chunked when it holds our {@code
 * transformWithState} operator, else single-value.
 *
 * <pre>{@code
 * StateLayoutRecord record = new StateLayoutRecord("/data/checkpoints/q1", hadoopConf);
 * StateLayout recorded = record.read();   // null for a checkpoint that has run no micro-batch
 * if (recorded == null) record.write(StateLayout.CHUNKED);
 * }</pre>
 */
final class StateLayoutRecord {
  /** The file, relative to the checkpoint location, that names the layout. */
  static final String FILE = "streams-window/state-layout";

  /**
   * Our {@code transformWithState} operator in Spark's operator metadata (version 2, Spark 4.0 on):
   * the operator's name and the state variables {@code WindowedOperatorProcessor} declares.
   */
  private static final Pattern OUR_PROCESSOR =
      Pattern.compile(
          "\"operatorName\"\\s*:\\s*\"transformWithStateExec\".*stateName\\\\?\"\\s*:\\s*\\\\?"
              + "\"chunks\\\\?\"",
          Pattern.DOTALL);

  private final Path root;
  private final Configuration hadoopConf;

  StateLayoutRecord(String checkpointRoot, Configuration hadoopConf) {
    this.root = new Path(checkpointRoot);
    this.hadoopConf = hadoopConf;
  }

  /** The checkpoint location, as a path. */
  Path root() {
    return root;
  }

  /**
   * The layout the checkpoint was written with, or null when it has neither a record nor a
   * committed micro-batch (a new query).
   *
   * @throws IOException when the checkpoint cannot be read, or its record names no layout
   */
  StateLayout read() throws IOException {
    FileSystem fs = root.getFileSystem(hadoopConf);
    Path file = new Path(root, FILE);
    if (fs.exists(file)) {
      String named = text(fs, file).trim();
      StateLayout layout = StateLayout.named(named);
      if (layout == null) {
        throw new IOException(file + " names no state layout of streams-window: '" + named + "'");
      }
      return layout;
    }
    if (!hasCommittedBatch(fs)) {
      return null;
    }
    return holdsOurProcessor(fs) ? StateLayout.CHUNKED : StateLayout.SINGLE_VALUE;
  }

  /** Records {@code layout} (written whole under another name, then renamed into place). */
  void write(StateLayout layout) throws IOException {
    FileSystem fs = root.getFileSystem(hadoopConf);
    Path file = new Path(root, FILE);
    Path staged = new Path(file.getParent(), "." + file.getName() + ".tmp");
    try (OutputStream out = fs.create(staged, true)) {
      out.write((layout.settingValue() + "\n").getBytes(StandardCharsets.UTF_8));
    }
    if (!fs.rename(staged, file) && !fs.exists(file)) {
      throw new IOException("could not rename " + staged + " to " + file);
    }
  }

  private boolean hasCommittedBatch(FileSystem fs) throws IOException {
    for (FileStatus entry : list(fs, new Path(root, "commits"))) {
      if (entry.getPath().getName().matches("\\d+")) {
        return true;
      }
    }
    return false;
  }

  private boolean holdsOurProcessor(FileSystem fs) throws IOException {
    for (FileStatus operator : list(fs, new Path(root, "state"))) {
      for (FileStatus metadata : list(fs, new Path(operator.getPath(), "_metadata/v2"))) {
        if (metadata.isFile() && OUR_PROCESSOR.matcher(text(fs, metadata.getPath())).find()) {
          return true;
        }
      }
    }
    return false;
  }

  private static FileStatus[] list(FileSystem fs, Path directory) throws IOException {
    try {
      return fs.listStatus(directory);
    } catch (FileNotFoundException e) {
      return new FileStatus[0];
    }
  }

  private static String text(FileSystem fs, Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
