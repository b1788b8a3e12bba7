package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The bytes both kinds of window write, pinned: checkpoints saved by earlier builds must restore,
 * so a change to what {@link WindowCheckpoint}, {@link TimeIntervalCheckpoint} or {@link
 * PartitionTuples} write is a new format version (docs/architecture.md, "Checkpoint format (version
 * 4)"). Each case digests the checkpoint and the chunks it left in its store; older versions, which
 * nothing writes any more, are written here by hand and must restore.
 */
class CheckpointFormatTest {
  private final ManualClock clock = ManualClock.startingAt(1000.0);
  private final Trace trace = new Trace();

  private Window<Reading> window(WindowSpec spec) throws Exception {
    Window<Reading> w = new Window<>(spec, null, null, clock, Reading.DELTAS);
    w.registerListener(trace, false);
    if (spec.isPartitioned()) {
      w.registerPartitioner(Reading::key);
    }
    w.start();
    return w;
  }

  private static TimeIntervalWindow<Reading> timeInterval(boolean sliced) {
    WindowSpec spec =
        WindowSpec.timeInterval(TimeIntervalSpec.of(10).withCreationPeriod(5).withDiscardAge(5))
            .withEventTime("value")
            .partitioned();
    DeltaResolver<Reading> attributes =
        new DeltaResolver<>() {
          @Override
          public Delta<Reading> resolve(String attribute, Object delta) {
            throw new IllegalArgumentException(attribute);
          }

          @Override
          public java.util.function.ToLongFunction<Reading> eventTime(String attribute) {
            return r -> Clock.secondsToNanos(r.value());
          }
        };
    TimeIntervalWindow<Reading> w =
        (TimeIntervalWindow<Reading>)
            EngineWindow.create(spec, null, null, ManualClock.create(), attributes);
    w.registerPartitioner(Reading::key);
    if (sliced) {
      w.sliceTuples();
    }
    return w;
  }

  /** The digest of a checkpoint and of every chunk in its store, by id. */
  private static String digest(EngineWindow<Reading> w, TupleChunkStore store) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    w.checkpoint(new DataOutputStream(bytes), Reading.CODEC, store);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    sha.update(bytes.toByteArray());
    if (store instanceof PartitionChunksTest.CountingStore counting) {
      for (Map.Entry<String, byte[]> chunk : new TreeMap<>(counting.chunks).entrySet()) {
        sha.update(chunk.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        sha.update(chunk.getValue());
      }
    }
    return HexFormat.of().formatHex(sha.digest()).substring(0, 32);
  }

  private static void reset(EngineWindow<Reading> w, byte[] saved) throws IOException {
    w.reset(new DataInputStream(new ByteArrayInputStream(saved)), Reading.CODEC);
  }

  private void fillWindow(Window<Reading> w, int tuples) throws Exception {
    for (int i = 0; i < tuples; i++) {
      w.insert(Reading.of("t" + i, i % 3 == 0 ? "a" : "b", i * 0.5));
      clock.advance(i % 4 == 0 ? 0.25 : 0);
    }
  }

  private static void fillPanes(TimeIntervalWindow<Reading> w) throws Exception {
    for (int i = 0; i < 12; i++) {
      w.insert(Reading.of("t" + i, i % 2 == 0 ? "a" : "b", i * 1.5));
    }
    w.advanceTo(TimeDomain.EVENT_TIME, Clock.secondsToNanos(11));
    w.insert(Reading.of("late", "a", 6)); // late in the complete pane [0, 10)
    w.insert(Reading.of("next", "b", 19));
  }

  @Test
  void aWindowWritesTheBytesItAlwaysWrote() throws Exception {
    Window<Reading> delta =
        window(
            WindowSpec.sliding(PolicySpec.delta("value", 4.0), PolicySpec.count(3)).partitioned());
    fillWindow(delta, 20);
    Window<Reading> timed =
        window(WindowSpec.sliding(PolicySpec.time(60), PolicySpec.time(1)).partitioned());
    PartitionChunksTest.CountingStore store = new PartitionChunksTest.CountingStore(4);
    fillWindow(timed, 30);
    String inChunks = digest(timed, store);
    fillWindow(timed, 7); // the tail chunks change, and the chunk list with them
    assertEquals(
        List.of(
            "ea3258e41cf4f7d2fa195d9138e7608a",
            "f73dbbade80cece3680b1e6a0ac17bd3",
            "50e3576b6e3c4739c573d4afb1f1477f"),
        List.of(digest(delta, null), inChunks, digest(timed, store)));
  }

  @Test
  void aTimeIntervalWindowWritesTheBytesItAlwaysWrote() throws Exception {
    TimeIntervalWindow<Reading> perPane = timeInterval(false);
    fillPanes(perPane);
    TimeIntervalWindow<Reading> sliced = timeInterval(true);
    fillPanes(sliced);
    assertEquals(
        List.of(
            "aa254911c69d3f506c046be6001c1be2",
            "68287fc02a2efce34298d77ae3991cb1",
            "3b02d742782e173c473ddfb0a436b2d3",
            "75f752e3ab2f66d4d6a54975b41b9e7a"),
        List.of(
            digest(perPane, null),
            digest(perPane, new PartitionChunksTest.CountingStore(2)),
            digest(sliced, null),
            digest(sliced, new PartitionChunksTest.CountingStore(2))));
  }

  @Test
  void aVersionOneWindowCheckpointRestores() throws Exception {
    WindowSpec spec = WindowSpec.tumbling(PolicySpec.count(3)).partitioned();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    long created = TimeUnit.SECONDS.toNanos(1000);
    writeHeaderAndPartition(out, 1, spec, created, 2);
    // Version 1: each arrival time as a full long difference, no chunk flag.
    out.writeLong(0);
    out.writeBoolean(true);
    Reading.CODEC.write(out, Reading.of("x1", "a", 1));
    out.writeLong(5);
    out.writeBoolean(true);
    Reading.CODEC.write(out, Reading.of("x2", "a", 2));
    Window<Reading> w = window(spec);
    reset(w, bytes.toByteArray());
    assertEquals(2, w.tupleCount());
    w.insert(Reading.of("x3", "a", 3));
    assertEquals(List.of("INSERTION a [x3]", "EVICTION a [x1,x2,x3]"), trace.take());
  }

  @Test
  void aVersionTwoWindowCheckpointRestores() throws Exception {
    WindowSpec spec = WindowSpec.tumbling(PolicySpec.count(3)).partitioned();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    long created = TimeUnit.SECONDS.toNanos(1000);
    writeHeaderAndPartition(out, 2, spec, created, 2);
    // Version 2: the differences as variable-length numbers, still no chunk flag.
    VarLong.write(out, 0);
    out.writeBoolean(true);
    Reading.CODEC.write(out, Reading.of("y1", "a", 1));
    VarLong.write(out, 5);
    out.writeBoolean(true);
    Reading.CODEC.write(out, Reading.of("y2", "a", 2));
    Window<Reading> w = window(spec);
    reset(w, bytes.toByteArray());
    assertEquals(2, w.tupleCount());
    w.insert(Reading.of("y3", "a", 3));
    assertEquals(List.of("INSERTION a [y3]", "EVICTION a [y1,y2,y3]"), trace.take());
  }

  /** A window checkpoint's start up to one partition's size, the partition keyed "a". */
  private static void writeHeaderAndPartition(
      DataOutputStream out, int version, WindowSpec spec, long created, int size)
      throws IOException {
    out.writeInt(0x53575731);
    out.writeByte(version);
    out.writeUTF(spec.toString());
    out.writeBoolean(true); // started
    out.writeBoolean(false); // finished
    out.writeLong(1); // partition sequence
    out.writeInt(1); // partitions
    PartitionKeyCodec.write(out, "a");
    out.writeLong(0); // sequence
    out.writeLong(created);
    out.writeLong(created); // last insert
    out.writeLong(Long.MAX_VALUE); // next tumble
    out.writeInt(0); // insertions since trigger
    out.writeLong(Long.MAX_VALUE); // next trigger
    out.writeDouble(Double.NaN); // trigger boundary
    out.writeBoolean(false); // seen INITIAL_FULL
    out.writeInt(size);
  }
}
