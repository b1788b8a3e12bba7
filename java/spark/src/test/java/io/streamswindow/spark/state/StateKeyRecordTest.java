package io.streamswindow.spark.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.rows.PackedRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keys recorded in a query's checkpoint and how a restart's key is judged against them: refused
 * where Spark's state store would refuse it (another number of columns, other types), in the words
 * of the definition record (docs/reliability.md, "Restarts that change the query").
 */
class StateKeyRecordTest {
  @TempDir Path checkpoint;

  private StateKeyRecord record() {
    return new StateKeyRecord(checkpoint.toUri().toString(), new Configuration());
  }

  /** A stream's key: the partition_by columns as strings, then the definition column. */
  private static StructType key(String... columns) {
    StructType key = new StructType();
    for (String column : columns) {
      key = key.add(column, DataTypes.StringType);
    }
    return key.add(PackedRows.DEFINITION_COLUMN, DataTypes.BooleanType, false);
  }

  @Test
  void aCheckpointWithoutARecordHasNoKeys() throws IOException {
    assertNull(record().read());
  }

  @Test
  void theKeysReadBackAsWrittenTopmostFirst() throws IOException {
    List<StructType> keys = List.of(key("key"), key("key", "site"));
    record().write(keys);

    assertEquals(keys, record().read());
    try (var files = Files.list(checkpoint.resolve(StateKeyRecord.FILE).getParent())) {
      assertEquals(
          0,
          files.filter(f -> f.getFileName().toString().contains(".tmp")).count(),
          "the staged file was renamed into place");
    }
  }

  @Test
  void aRecordThatHoldsNoSchemaIsAnError() throws IOException {
    Path file = checkpoint.resolve(StateKeyRecord.FILE);
    Files.createDirectories(file.getParent());
    Files.writeString(file, "key string\n");

    IOException e = assertThrows(IOException.class, () -> record().read());
    assertTrue(e.getMessage().endsWith("holds a line that is no key schema: key string"));
  }

  @Test
  void theSameTypesUnderOtherNamesAreLeftToTheDefinitionRecord() {
    assertNull(StateKeyRecord.change(key("key"), key("site")));
    assertNull(StateKeyRecord.change(key("key"), key("key")));
  }

  @Test
  void anotherNumberOfColumnsNamesPartitionByThenAndNow() {
    DefinitionChange change = StateKeyRecord.change(key("key"), key("key", "site"));

    assertEquals(
        "partition_by: \"[key]\" in the checkpoint, \"[key, site]\" now", change.toString());
  }

  @Test
  void aWindowThatBecomesPartitionedHadNoPartitionByColumns() {
    StructType group =
        new StructType()
            .add(PackedRows.GROUP_COLUMN, DataTypes.IntegerType, false)
            .add(PackedRows.DEFINITION_COLUMN, DataTypes.BooleanType, false);

    DefinitionChange change = StateKeyRecord.change(group, key("key"));

    assertEquals("partition_by: \"[]\" in the checkpoint, \"[key]\" now", change.toString());
  }

  @Test
  void otherTypesUnderTheSameNamesNameTheTypes() {
    StructType longKey =
        new StructType()
            .add("key", DataTypes.LongType)
            .add(PackedRows.DEFINITION_COLUMN, DataTypes.BooleanType, false);

    DefinitionChange change = StateKeyRecord.change(key("key"), longKey);

    assertEquals(
        "partition_by [key], the types of its columns (from the input schema): \"[string]\" in"
            + " the checkpoint, \"[bigint]\" now",
        change.toString());
  }

  @Test
  void nullabilityAloneIsNoChange() {
    StructType notNull =
        new StructType()
            .add("key", DataTypes.StringType, false)
            .add(PackedRows.DEFINITION_COLUMN, DataTypes.BooleanType, false);

    assertNull(StateKeyRecord.change(key("key"), notNull));
  }
}
