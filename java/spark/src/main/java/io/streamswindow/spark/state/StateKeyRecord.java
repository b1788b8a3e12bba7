package io.streamswindow.spark.state;

import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.rows.PackedRows;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The keys a streaming query's state is grouped by, recorded in its checkpoint beside the state
 * layout ({@link StateLayoutRecord}): the file {@value #FILE} under the query's checkpoint location
 * holds, one line per stateful operation of ours (topmost first), the schema of its grouping key as
 * Spark's JSON. It is written when a new query's first micro-batch is planned, and a restart's plan
 * is compared with it there, before Spark compares the key with the state's own schema
 * (docs/reliability.md, "Restarts that change the query"). A checkpoint written before the record
 * existed has none, and is not compared: Spark's own check applies.
 *
 * <pre>{@code
 * StateKeyRecord record = new StateKeyRecord("/data/checkpoints/q1", hadoopConf);
 * List<StructType> recorded = record.read();  // null when the checkpoint has no record
 * DefinitionChange change = StateKeyRecord.change(recorded.get(0), planned);  // null: same key
 * }</pre>
 */
final class StateKeyRecord {
  /** The file, relative to the checkpoint location, that holds the keys. */
  static final String FILE = "streams-window/state-key";

  private final Path root;
  private final Configuration hadoopConf;

  StateKeyRecord(String checkpointRoot, Configuration hadoopConf) {
    this.root = new Path(checkpointRoot);
    this.hadoopConf = hadoopConf;
  }

  /**
   * The recorded key schemas, topmost operation first, or null when the checkpoint has no record.
   *
   * @throws IOException when the record cannot be read, or a line of it is not a key schema
   */
  List<StructType> read() throws IOException {
    FileSystem fs = root.getFileSystem(hadoopConf);
    Path file = new Path(root, FILE);
    if (!fs.exists(file)) {
      return null;
    }
    String text;
    try (InputStream in = fs.open(file)) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    List<StructType> keys = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      try {
        keys.add((StructType) DataType.fromJson(line));
      } catch (Exception e) { // Spark's JSON parser throws its parse errors undeclared
        throw new IOException(file + " holds a line that is no key schema: " + line, e);
      }
    }
    return keys;
  }

  /** Records {@code keys} (written whole under another name, then renamed into place). */
  void write(List<StructType> keys) throws IOException {
    FileSystem fs = root.getFileSystem(hadoopConf);
    Path file = new Path(root, FILE);
    Path staged = new Path(file.getParent(), "." + file.getName() + ".tmp");
    String text = keys.stream().map(key -> key.json() + "\n").collect(Collectors.joining());
    try (OutputStream out = fs.create(staged, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    if (!fs.rename(staged, file) && !fs.exists(file)) {
      throw new IOException("could not rename " + staged + " to " + file);
    }
  }

  /** The schema of a stateful operation's grouping key, from its grouping attributes. */
  static StructType keyOf(scala.collection.Seq<Attribute> grouping) {
    StructField[] fields = new StructField[grouping.length()];
    for (int i = 0; i < fields.length; i++) {
      Attribute column = grouping.apply(i);
      fields[i] =
          new StructField(
              column.name(),
              column.dataType(),
              column.nullable(),
              org.apache.spark.sql.types.Metadata.empty());
    }
    return new StructType(fields);
  }

  /**
   * How {@code planned} differs from {@code recorded} where Spark's state store would refuse it (in
   * the number of columns or their types; names and nullability aside), or null where it would not.
   * The change names {@code partition_by} (the key's columns before the definition column; a window
   * that is not partitioned groups by the group column): its columns then and now when they differ,
   * else their types.
   */
  static DefinitionChange change(StructType recorded, StructType planned) {
    if (shapes(recorded).equals(shapes(planned))) {
      return null;
    }
    List<String> recordedColumns = partitionBy(recorded);
    List<String> plannedColumns = partitionBy(planned);
    if (!recordedColumns.equals(plannedColumns)) {
      return DefinitionChange.changed(
          "partition_by", recordedColumns.toString(), plannedColumns.toString());
    }
    int columns = plannedColumns.size();
    return DefinitionChange.changed(
        "partition_by " + plannedColumns + ", the types of its columns (from the input schema)",
        types(recorded).subList(0, columns).toString(),
        types(planned).subList(0, columns).toString());
  }

  /** The {@code partition_by} columns of one of our keys. */
  private static List<String> partitionBy(StructType key) {
    List<String> columns = new ArrayList<>(List.of(key.fieldNames()));
    if (!columns.isEmpty()
        && columns.get(columns.size() - 1).equals(PackedRows.DEFINITION_COLUMN)) {
      columns.remove(columns.size() - 1);
    }
    return columns.equals(List.of(PackedRows.GROUP_COLUMN)) ? List.of() : columns;
  }

  /** The types of a key's columns, as DDL writes them. */
  private static List<String> types(StructType key) {
    List<String> types = new ArrayList<>();
    for (StructField field : key.fields()) {
      types.add(field.dataType().simpleString());
    }
    return types;
  }

  /** Each column's type without names or nullability: what Spark's check compares. */
  private static List<String> shapes(StructType key) {
    List<String> shapes = new ArrayList<>();
    for (StructField field : key.fields()) {
      shapes.add(shape(field.dataType()));
    }
    return shapes;
  }

  private static String shape(DataType type) {
    if (type instanceof StructType struct) {
      return "struct" + shapes(struct);
    }
    if (type instanceof ArrayType array) {
      return "array<" + shape(array.elementType()) + ">";
    }
    if (type instanceof MapType map) {
      return "map<" + shape(map.keyType()) + "," + shape(map.valueType()) + ">";
    }
    return type.catalogString();
  }
}
