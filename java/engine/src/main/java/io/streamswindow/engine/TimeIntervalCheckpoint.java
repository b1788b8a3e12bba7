package io.streamswindow.engine;

import io.streamswindow.api.window.WindowPane;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The checkpoint format of a {@link TimeIntervalWindow}: the {@link CheckpointHeader#TIME_INTERVAL}
 * header with the window clause and the event-time attribute, whether the window finished, the
 * watermark, the dropped count, the next partition number, and whether the tuples are sliced; then
 * each open pane (index, state, trigger count) with its partitions (key, number, whether a trigger
 * is pending) and, unless sliced, their tuples; then, when sliced, each sliced partition with its
 * tuples (docs/architecture.md, "Stream slicing"). Tuples are written by {@link PartitionTuples}.
 * Every version from 1 on is read.
 *
 * @param <T> the tuple type
 */
final class TimeIntervalCheckpoint<T> {
  /**
   * What a checkpoint holds of a timeInterval window.
   *
   * @param panes the open panes in start order, with their partitions in creation order
   * @param slices the sliced partitions in creation order; null when the panes' partitions hold the
   *     tuples
   * @param loadedFromChunks of a checkpoint read: the partitions whose tuples came from chunks
   */
  record Contents<T>(
      boolean finished,
      long watermark,
      long dropped,
      long partitionSequence,
      List<Pane<T>> panes,
      Collection<KeySlices<T>> slices,
      List<NumberedEntries<T>> loadedFromChunks) {}

  private final WindowSpec spec;
  private final PaneLayout layout;

  /**
   * @param spec the window's declaration, which the header names with its event-time attribute
   * @param layout the window's panes
   */
  TimeIntervalCheckpoint(WindowSpec spec, PaneLayout layout) {
    this.spec = spec;
    this.layout = layout;
  }

  /**
   * Writes {@code contents} in the current version.
   *
   * @param chunked the partitions to keep in chunks of {@code store} (compared by identity)
   * @param store where they go; null when none does
   */
  void write(
      DataOutput out,
      Contents<T> contents,
      Set<NumberedEntries<T>> chunked,
      TupleCodec<T> codec,
      TupleChunkStore store)
      throws IOException {
    PartitionTuples<T> tuples = PartitionTuples.writing(codec, store, false);
    boolean sliced = contents.slices() != null;
    CheckpointHeader.TIME_INTERVAL.write(out, spec.toString(), spec.eventTime());
    out.writeBoolean(contents.finished());
    out.writeLong(contents.watermark());
    out.writeLong(contents.dropped());
    out.writeLong(contents.partitionSequence());
    out.writeBoolean(sliced);
    out.writeInt(contents.panes().size());
    for (Pane<T> pane : contents.panes()) {
      out.writeLong(pane.index);
      out.writeByte(pane.state.ordinal());
      out.writeLong(pane.triggers);
      out.writeInt(pane.partitions.size());
      for (PanePartition<T> p : pane.partitions.values()) {
        PartitionKeyCodec.write(out, p.key);
        out.writeLong(p.sequence);
        out.writeBoolean(p.updated);
        if (!sliced) {
          tuples.write(
              out,
              p,
              chunked.contains(p),
              InlineEntries.EVENT_TIME_OFFSETS,
              pane.interval.getStartNanos());
        }
      }
    }
    if (sliced) {
      out.writeInt(contents.slices().size());
      for (KeySlices<T> partition : contents.slices()) {
        PartitionKeyCodec.write(out, partition.key);
        out.writeLong(partition.sequence);
        tuples.write(out, partition, chunked.contains(partition), InlineEntries.NUMBERED, 0);
      }
    }
  }

  /**
   * Reads a checkpoint of this window's declaration, in any version.
   *
   * @param partitionSequence the window's next partition number: version 1 did not record the
   *     partitions' numbers, so they are numbered from it
   * @throws IOException when the data is not a timeInterval checkpoint of this declaration, or a
   *     chunk it lists is missing from the store or does not match it
   */
  Contents<T> read(DataInput in, TupleCodec<T> codec, TupleChunkStore store, long partitionSequence)
      throws IOException {
    int version = CheckpointHeader.TIME_INTERVAL.read(in, spec.toString(), spec.eventTime());
    // Version 2 numbers the pane partitions and may keep one in chunks; version 3 counts triggers
    // per pane; version 4 may slice; version 5 records the chunks' size.
    boolean numbered = version >= 2;
    PartitionTuples<T> tuples =
        PartitionTuples.reading(codec, store, false, numbered, version >= 5);
    boolean finished = in.readBoolean();
    long watermark = in.readLong();
    long dropped = in.readLong();
    if (numbered) {
      partitionSequence = in.readLong();
    }
    boolean sliced = version >= 4 && in.readBoolean();
    int paneCount = in.readInt();
    PaneState[] states = PaneState.values();
    List<Pane<T>> panes = new ArrayList<>();
    for (int i = 0; i < paneCount; i++) {
      long index = in.readLong();
      Pane<T> pane =
          new Pane<>(
              index, new WindowPane(layout.start(index), layout.end(index)), states[in.readByte()]);
      if (version >= 3) {
        pane.triggers = in.readLong();
      }
      int partitionCount = in.readInt();
      for (int j = 0; j < partitionCount; j++) {
        Object key = PartitionKeyCodec.read(in);
        PanePartition<T> p =
            new PanePartition<>(key, numbered ? in.readLong() : partitionSequence++);
        pane.partitions.put(key, p);
        if (version < 3) {
          // Versions 1 and 2 counted triggers per partition; the pane's next index is at least
          // every partition's (docs/decisions.md, "timeInterval windows").
          pane.triggers = Math.max(pane.triggers, in.readLong());
        }
        p.updated = in.readBoolean();
        if (!sliced) {
          tuples.read(
              in,
              p,
              InlineEntries.EVENT_TIME_OFFSETS,
              pane.interval.getStartNanos(),
              () -> "pane " + index + " partition " + key);
        }
      }
      panes.add(pane);
    }
    List<KeySlices<T>> slices = null;
    if (sliced) {
      slices = new ArrayList<>();
      int keyCount = in.readInt();
      for (int i = 0; i < keyCount; i++) {
        KeySlices<T> partition = new KeySlices<>(PartitionKeyCodec.read(in), in.readLong());
        tuples.read(
            in, partition, InlineEntries.NUMBERED, 0, () -> "sliced partition " + partition.key);
        partition.indexSlices(layout::slice);
        slices.add(partition);
      }
    }
    return new Contents<>(
        finished, watermark, dropped, partitionSequence, panes, slices, tuples.loadedFromChunks());
  }
}
