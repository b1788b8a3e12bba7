package io.streamswindow.spark.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.spark.errors.IncompatibleRestartException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state layout recorded in a query's checkpoint, and read from Spark's own files for a
 * checkpoint without our record (docs/decisions.md, "State layout"). The operator metadata below is
 * what Spark 4.2 wrote for each layout's operator (tests/python runs the queries themselves).
 */
class StateLayoutRecordTest {
  private static final String OUR_PROCESSOR_METADATA =
      "v2\n"
          + "{\"operatorInfo\":{\"operatorId\":0,\"operatorName\":\"transformWithStateExec\"},"
          + "\"stateStoreInfo\":[{\"storeName\":\"default\",\"numColsPrefixKey\":0,"
          + "\"numPartitions\":2}],\"operatorPropertiesJson\":\"{\\\"timeMode\\\":\\\"NoTime\\\","
          + "\\\"outputMode\\\":\\\"Append\\\",\\\"stateVariables\\\":[{\\\"stateName\\\":"
          + "\\\"checkpoint\\\",\\\"stateVariableType\\\":\\\"ValueState\\\",\\\"ttlEnabled\\\":false},"
          + "{\\\"stateName\\\":\\\"generation\\\",\\\"stateVariableType\\\":\\\"ValueState\\\","
          + "\\\"ttlEnabled\\\":false},{\\\"stateName\\\":\\\"chunks\\\",\\\"stateVariableType\\\":"
          + "\\\"MapState\\\",\\\"ttlEnabled\\\":false}]}\"}";
  private static final String SOMEONE_ELSES_PROCESSOR_METADATA =
      OUR_PROCESSOR_METADATA.replace("chunks", "counts");
  private static final String SINGLE_VALUE_METADATA =
      "v1\n"
          + "{\"operatorInfo\":{\"operatorId\":0,\"operatorName\":\"flatMapGroupsWithState\"},"
          + "\"stateStoreInfo\":[{\"storeName\":\"default\",\"numColsPrefixKey\":0,"
          + "\"numPartitions\":2}]}";

  @TempDir Path checkpoint;

  private StateLayoutRecord record() {
    return new StateLayoutRecord(checkpoint.toUri().toString(), new Configuration());
  }

  private void file(String relative, String text) throws IOException {
    Path path = checkpoint.resolve(relative);
    Files.createDirectories(path.getParent());
    Files.writeString(path, text);
  }

  @Test
  void aNewQuerysCheckpointRecordsNoLayoutUntilOneIsWritten() throws IOException {
    assertNull(record().read(), "an empty checkpoint location");
    file("offsets/0", "v1\n{}");
    assertNull(record().read(), "a first micro-batch that has not committed");

    record().write(StateLayout.CHUNKED);
    assertEquals("chunked\n", Files.readString(checkpoint.resolve(StateLayoutRecord.FILE)));
    assertEquals(StateLayout.CHUNKED, record().read());
    try (var files = Files.list(checkpoint.resolve(StateLayoutRecord.FILE).getParent())) {
      assertEquals(
          0,
          files.filter(f -> f.getFileName().toString().contains(".tmp")).count(),
          "the staged file was renamed into place");
    }
  }

  @Test
  void theRecordDecidesOverSparksOwnFiles() throws IOException {
    file("commits/0", "v1\n{}");
    file("state/0/_metadata/v2/0", OUR_PROCESSOR_METADATA);
    file(StateLayoutRecord.FILE, "single-value\n");
    assertEquals(StateLayout.SINGLE_VALUE, record().read());
  }

  @Test
  void aCommittedCheckpointWithoutRecordIsReadFromSparksOperatorMetadata() throws IOException {
    file("commits/0", "v1\n{}");
    file("state/0/_metadata/metadata", SINGLE_VALUE_METADATA);
    assertEquals(
        StateLayout.SINGLE_VALUE, record().read(), "flatMapGroupsWithState, as Spark 3.5 writes");

    file("state/1/_metadata/v2/0", SOMEONE_ELSES_PROCESSOR_METADATA);
    assertEquals(
        StateLayout.SINGLE_VALUE,
        record().read(),
        "a transformWithState of another processor is not ours");

    file("state/1/_metadata/v2/3", OUR_PROCESSOR_METADATA);
    assertEquals(StateLayout.CHUNKED, record().read());
  }

  @Test
  void aRecordThatNamesNoLayoutIsAnError() throws IOException {
    file(StateLayoutRecord.FILE, "rows\n");
    IOException e = assertThrows(IOException.class, () -> record().read());
    assertTrue(e.getMessage().endsWith("names no state layout of streams-window: 'rows'"));
  }

  @Test
  void aRestartOnTheOtherLayoutNamesTheSettingThatKeepsTheCheckpoint() {
    IncompatibleRestartException refused =
        StateLayout.otherLayoutRefusal(
            "file:/data/q1", StateLayout.SINGLE_VALUE, StateLayout.CHUNKED, true);
    assertEquals(IncompatibleRestartException.CHANGED, refused.getCondition());
    assertEquals(
        Map.of(
            "owner", "checkpoint file:/data/q1",
            "part", "state layout",
            "checkpointValue", "single-value",
            "currentValue", "chunked",
            "changes", "state layout: \"single-value\" in the checkpoint, \"chunked\" now"),
        refused.getMessageParameters());
    assertEquals(
        "This query's checkpoint holds streams-window's single-value state layout, and"
            + " spark.streamswindow.stateLayout asks for chunked (checkpoint file:/data/q1): state"
            + " layout: \"single-value\" in the checkpoint, \"chunked\" now. To restart from this"
            + " checkpoint, unset spark.streamswindow.stateLayout (a restarted query keeps its"
            + " checkpoint's layout) or set it to single-value; or give the query a new"
            + " checkpointLocation to start afresh on the chunked layout.",
        refused.getMessage());
  }

  @Test
  void aRestartOnTheLayoutTheStoreGivesNamesBothSettingsThatKeepTheCheckpoint() {
    IncompatibleRestartException refused =
        StateLayout.otherLayoutRefusal(
            "file:/data/q1", StateLayout.CHUNKED, StateLayout.SINGLE_VALUE, false);
    assertEquals(IncompatibleRestartException.CHANGED, refused.getCondition());
    assertEquals("chunked", refused.getMessageParameters().get("checkpointValue"));
    assertEquals("single-value", refused.getMessageParameters().get("currentValue"));
    assertEquals(
        "This query's checkpoint holds streams-window's chunked state layout, and the session's"
            + " settings give the other one (checkpoint file:/data/q1): state layout: \"chunked\""
            + " in the checkpoint, \"single-value\" now. To restart from this checkpoint, set"
            + " spark.streamswindow.stateLayout to chunked, with"
            + " spark.sql.streaming.stateStore.providerClass set to"
            + " org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider, which it"
            + " needs, before the query's plan is built (run_operator, aggregate), or set"
            + " spark.streamswindow.stateLayout.followCheckpoint to true (a restarted query then"
            + " keeps its checkpoint's layout); or give the query a new checkpointLocation to start"
            + " afresh on the single-value layout.",
        refused.getMessage());
  }
}
