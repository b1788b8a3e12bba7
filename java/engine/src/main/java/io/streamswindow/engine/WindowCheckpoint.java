package io.streamswindow.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The checkpoint format of a {@link Window} (docs/architecture.md, "Checkpoint format (version
 * 4)"): the {@link CheckpointHeader#WINDOW} header with the window clause, whether the window has
 * started and finished, the next partition number, then each partition in insertion order with the
 * progress of every policy (trigger counts, delta boundaries, next tumble and trigger instants) and
 * its tuples ({@link PartitionTuples}). Every version from 1 on is read.
 *
 * <pre>{@code
 * WindowCheckpoint<T> format = new WindowCheckpoint<>(spec, deltaValues);
 * format.write(out, contents, chunked, codec, store);
 * WindowCheckpoint.Contents<T> restored = format.read(in, codec, store);
 * }</pre>
 *
 * @param <T> the tuple type
 */
final class WindowCheckpoint<T> {
  /**
   * What a checkpoint holds of a window.
   *
   * @param partitions in insertion order, holding their tuples
   * @param loadedFromChunks of a checkpoint read: the partitions whose tuples came from chunks
   */
  record Contents<T>(
      boolean started,
      boolean finished,
      long partitionSequence,
      Collection<Partition<T>> partitions,
      List<NumberedEntries<T>> loadedFromChunks) {}

  private final WindowSpec spec;
  private final boolean deltaValues;

  /**
   * @param spec the window's declaration, which the header names
   * @param deltaValues whether entries carry delta values (the window evicts by delta)
   */
  WindowCheckpoint(WindowSpec spec, boolean deltaValues) {
    this.spec = spec;
    this.deltaValues = deltaValues;
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
    PartitionTuples<T> tuples = PartitionTuples.writing(codec, store, deltaValues);
    CheckpointHeader.WINDOW.write(out, spec.toString());
    out.writeBoolean(contents.started());
    out.writeBoolean(contents.finished());
    out.writeLong(contents.partitionSequence());
    out.writeInt(contents.partitions().size());
    for (Partition<T> p : contents.partitions()) {
      PartitionKeyCodec.write(out, p.key);
      out.writeLong(p.sequence);
      out.writeLong(p.createdAt);
      out.writeLong(p.lastInsertAt);
      out.writeLong(p.nextTumbleAt);
      out.writeInt(p.insertionsSinceTrigger);
      out.writeLong(p.nextTriggerAt);
      out.writeDouble(p.triggerBoundary);
      out.writeBoolean(p.seenInitialFull);
      tuples.write(out, p, chunked.contains(p), InlineEntries.ARRIVAL_DIFFERENCES, p.createdAt);
    }
  }

  /**
   * Reads a checkpoint of this window's declaration, in any version.
   *
   * @param store the store the checkpoint's chunks are in; null when it has none
   * @throws IOException when the data is not a window checkpoint of this declaration, or a chunk it
   *     lists is missing or does not match
   */
  Contents<T> read(DataInput in, TupleCodec<T> codec, TupleChunkStore store) throws IOException {
    int version = CheckpointHeader.WINDOW.read(in, spec.toString());
    // Version 3 may keep a partition in chunks; version 4 records their size; version 2 wrote
    // arrival-time differences as variable-length numbers.
    PartitionTuples<T> tuples =
        PartitionTuples.reading(codec, store, deltaValues, version >= 3, version >= 4);
    InlineEntries inline =
        version == 1 ? InlineEntries.FIXED_ARRIVAL_DIFFERENCES : InlineEntries.ARRIVAL_DIFFERENCES;
    boolean started = in.readBoolean();
    boolean finished = in.readBoolean();
    long partitionSequence = in.readLong();
    int count = in.readInt();
    List<Partition<T>> partitions = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Object key = PartitionKeyCodec.read(in);
      Partition<T> p = new Partition<>(key, in.readLong(), in.readLong());
      p.lastInsertAt = in.readLong();
      p.nextTumbleAt = in.readLong();
      p.insertionsSinceTrigger = in.readInt();
      p.nextTriggerAt = in.readLong();
      p.triggerBoundary = in.readDouble();
      p.seenInitialFull = in.readBoolean();
      tuples.read(in, p, inline, p.createdAt, () -> "partition " + key);
      partitions.add(p);
    }
    return new Contents<>(
        started, finished, partitionSequence, partitions, tuples.loadedFromChunks());
  }
}
