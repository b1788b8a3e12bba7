package io.streamswindow.spark.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.spark.errors.CorruptStateException;
import io.streamswindow.spark.errors.DefinitionChange;
import io.streamswindow.spark.errors.IncompatibleRestartException;
import io.streamswindow.spark.rows.OrderValues;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SavedKeyStateTest {
  private static final PlanFingerprint PLAN =
      new PlanFingerprint(
          new LinkedHashMap<>(
              Map.of(
                  PlanFingerprint.OPERATOR, "com.acme.Sum",
                  PlanFingerprint.WINDOW, "tumbling, count(4)")));

  private static final byte[] CHECKPOINT = "the host's checkpoint".getBytes();

  private static final byte[] LAST_ORDER = {0, 0, 0, 7};

  private static final String RUN = "6f1c2a44-run";

  @Test
  void readsBackWhatItWrote() {
    SavedKeyState.Read read =
        SavedKeyState.unwrap(
            SavedKeyState.wrap(PLAN.toBytes(), CHECKPOINT, LAST_ORDER, RUN), "key [a]");
    assertArrayEquals(CHECKPOINT, read.checkpoint());
    assertArrayEquals(PLAN.toBytes(), read.definition());
    assertArrayEquals(LAST_ORDER, read.lastOrder());
    assertEquals(RUN, read.run());
    assertNull(
        SavedKeyState.unwrap(SavedKeyState.wrap(PLAN.toBytes(), CHECKPOINT, null, null), "key [a]")
            .lastOrder());
  }

  /** A value as version 1 wrote it, byte by byte: no last order value after the checkpoint. */
  @Test
  void aVersionOneValueStillReadsWithoutALastOrderValue() {
    byte[] definition = PLAN.toBytes();
    ByteBuffer v1 =
        ByteBuffer.allocate(9 + 4 + definition.length + 4 + CHECKPOINT.length)
            .putInt(0x53574B53)
            .put((byte) 1)
            .putInt(0)
            .putInt(definition.length)
            .put(definition)
            .putInt(CHECKPOINT.length)
            .put(CHECKPOINT);
    byte[] bytes = v1.array();
    v1.putInt(5, SavedKeyState.checksum(bytes, 9, bytes.length - 9));
    SavedKeyState.Read read = SavedKeyState.unwrap(bytes, "key [a]");
    assertArrayEquals(CHECKPOINT, read.checkpoint());
    assertArrayEquals(definition, read.definition());
    assertNull(read.lastOrder());
    assertNull(read.run());
    assertEquals(3, SavedKeyState.wrap(definition, CHECKPOINT, LAST_ORDER, RUN)[4]);
  }

  @Test
  void aVersionTwoValueStillReadsAsSavedByNoRun() {
    byte[] v2 =
        SavedKeyState.wrap(SavedKeyState.VERSION_2, PLAN.toBytes(), CHECKPOINT, LAST_ORDER, RUN);
    SavedKeyState.Read read = SavedKeyState.unwrap(v2, "key [a]");
    assertArrayEquals(CHECKPOINT, read.checkpoint());
    assertArrayEquals(LAST_ORDER, read.lastOrder());
    assertNull(read.run(), "version 2 has no run: a restart");
  }

  @Test
  void aLaterVersionIsRefusedNamingTheOnesThisBuildReads() {
    byte[] saved = SavedKeyState.wrap(PLAN.toBytes(), CHECKPOINT, LAST_ORDER, RUN);
    saved[4] = 4;
    CorruptStateException e =
        assertThrows(CorruptStateException.class, () -> SavedKeyState.unwrap(saved, "key [a]"));
    assertTrue(
        e.getMessage()
            .contains("format version 4, which this build does not read (it reads 1 to 3)"),
        e.getMessage());
  }

  @Test
  void orderValuesComeBackAsTheyWereSaved() throws Exception {
    io.streamswindow.schema.SplSchema schema =
        io.streamswindow.schema.SplSchema.parse("tuple<rstring k, int64 seq, rstring tag>");
    OrderValues values = new OrderValues(schema, List.of("seq", "tag"));
    com.ibm.streams.operator.Tuple tuple = schema.getTuple(new Object[] {"a", 7L, "x"});
    Object[] saved = values.decode(values.encode(values.of(tuple)));
    assertEquals(7L, saved[0]);
    assertEquals("x", String.valueOf(saved[1]));
    assertEquals(2, saved.length);
    assertTrue(values.before(schema.getTuple(new Object[] {"a", 6L, "z"}), saved));
    assertTrue(values.before(schema.getTuple(new Object[] {"a", 7L, "w"}), saved));
    assertTrue(!values.before(schema.getTuple(new Object[] {"a", 7L, "x"}), saved));
    assertTrue(!values.before(schema.getTuple(new Object[] {"a", 8L, "a"}), saved));
  }

  @Test
  void everyAlteredByteIsRefusedNamingTheOwner() {
    byte[] saved = SavedKeyState.wrap(PLAN.toBytes(), CHECKPOINT, LAST_ORDER, RUN);
    for (int i = 0; i < saved.length; i++) {
      byte[] altered = saved.clone();
      altered[i] ^= 0x10;
      CorruptStateException e =
          assertThrows(
              CorruptStateException.class,
              () -> SavedKeyState.unwrap(altered, "key [a] (query q)"),
              "byte " + i);
      assertTrue(e.getMessage().startsWith("The saved state of key [a] (query q) is damaged"));
      assertTrue(e.getMessage().contains("new checkpointLocation"), e.getMessage());
    }
  }

  @Test
  void everyTruncationIsRefused() {
    byte[] saved = SavedKeyState.wrap(PLAN.toBytes(), CHECKPOINT, LAST_ORDER, RUN);
    for (int length = 0; length < saved.length; length++) {
      byte[] cut = Arrays.copyOf(saved, length);
      assertThrows(CorruptStateException.class, () -> SavedKeyState.unwrap(cut, "key [a]"));
    }
  }

  @Test
  void aCheckpointOfAnEarlierBuildIsRefusedAsSuch() {
    byte[] earlier = {0x53, 0x57, 0x43, 0x50, 0, 0, 0, 0, 0, 0, 0};
    CorruptStateException e =
        assertThrows(CorruptStateException.class, () -> SavedKeyState.unwrap(earlier, "key [a]"));
    assertTrue(e.getMessage().contains("earlier streams-window build"), e.getMessage());
  }

  @Test
  void aDigestNamesThePartThatChangedAndItsValueNow() throws Exception {
    Map<String, String> parts = new LinkedHashMap<>(PLAN.parts());
    parts.put(PlanFingerprint.WINDOW, "tumbling, count(5)");
    PlanFingerprint now = new PlanFingerprint(parts);
    assertEquals(
        List.of(
            "window clause: not the one the checkpoint was written with, \"tumbling, count(5)\" now"),
        texts(now.changesFrom(PLAN.digest())));
    assertEquals(List.of(), PLAN.changesFrom(PLAN.digest()));
    assertEquals(2 + 4 * 2, PLAN.digest().length);
    assertEquals(
        List.of(
            "window clause: \"tumbling, count(4)\" in the checkpoint, \"tumbling, count(5)\" now"),
        texts(now.changesFrom(PLAN.toBytes())));
  }

  private static List<String> texts(List<DefinitionChange> changes) {
    return changes.stream().map(String::valueOf).toList();
  }

  @Test
  void changesNameThePartThenAndNow() {
    Map<String, String> parts = new LinkedHashMap<>(PLAN.parts());
    parts.put(PlanFingerprint.WINDOW, "tumbling, count(5)");
    List<DefinitionChange> changes = new PlanFingerprint(parts).changesFrom(PLAN);
    assertEquals(
        List.of(
            "window clause: \"tumbling, count(4)\" in the checkpoint, \"tumbling, count(5)\" now"),
        changes.stream().map(String::valueOf).toList());
    assertEquals(
        List.of(
            DefinitionChange.changed(
                PlanFingerprint.WINDOW, "tumbling, count(4)", "tumbling, count(5)")),
        changes,
        "the part and its two values, for the refusal's parameters");
    IncompatibleRestartException refused = IncompatibleRestartException.changed("key [a]", changes);
    assertEquals(IncompatibleRestartException.CHANGED, refused.getCondition());
    assertEquals(
        Map.of(
            "owner", "key [a]",
            "part", "window clause",
            "checkpointValue", "tumbling, count(4)",
            "currentValue", "tumbling, count(5)",
            "changes", String.valueOf(changes.get(0))),
        refused.getMessageParameters());
    assertEquals(List.of(), PLAN.changesFrom(PLAN));
  }

  @Test
  void aChunkAlteredCutOrMovedIsRefusedNamingIt() throws Exception {
    Map<String, byte[]> map = new HashMap<>();
    TupleChunkStore chunks = new ChecksummedChunks(TupleChunkStore.of(map), "key [a]");
    chunks.write("0/1.2", CHECKPOINT);
    assertArrayEquals(CHECKPOINT, chunks.read("0/1.2"));
    assertNull(chunks.read("0/1.3"));

    map.get("0/1.2")[3] ^= 1;
    CorruptStateException altered =
        assertThrows(CorruptStateException.class, () -> chunks.read("0/1.2"));
    assertTrue(altered.getMessage().contains("chunk 0/1.2"), altered.getMessage());

    chunks.write("0/1.2", CHECKPOINT);
    map.put("0/1.2", Arrays.copyOf(map.get("0/1.2"), 2));
    assertThrows(CorruptStateException.class, () -> chunks.read("0/1.2"));

    chunks.write("0/1.2", CHECKPOINT);
    map.put("0/1.4", map.get("0/1.2"));
    assertThrows(CorruptStateException.class, () -> chunks.read("0/1.4"));
  }
}
