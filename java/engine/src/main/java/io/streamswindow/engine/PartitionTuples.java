package io.streamswindow.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One partition's tuples in a window checkpoint, the same in both kinds of window: the number of
 * entries, whether they are kept in chunks of a {@link TupleChunkStore} (in the versions that can
 * keep them so), then the chunk list ({@link PartitionChunks}) or every entry inline ({@link
 * InlineEntries}). The one place where a checkpoint's tuples are written, and read back in every
 * version of {@link Window}'s and {@link TimeIntervalWindow}'s formats; the codecs of those ({@link
 * WindowCheckpoint}, {@link TimeIntervalCheckpoint}) write and read the rest.
 *
 * <p>An instance serves one checkpoint, written or read, and remembers which partitions a read
 * loaded from chunks, for {@link ChunkedPartitions#restored}.
 *
 * @param <T> the tuple type
 */
final class PartitionTuples<T> {
  private final TupleCodec<T> codec;
  private final TupleChunkStore store;
  private final boolean deltaValues;

  /** Whether the format says for each partition if its tuples are in chunks. */
  private final boolean chunksFlagged;

  /** Whether a chunk list starts with its entries per chunk. */
  private final boolean chunkSizeRecorded;

  private final List<NumberedEntries<T>> loadedFromChunks = new ArrayList<>();

  private PartitionTuples(
      TupleCodec<T> codec,
      TupleChunkStore store,
      boolean deltaValues,
      boolean chunksFlagged,
      boolean chunkSizeRecorded) {
    this.codec = codec;
    this.store = store;
    this.deltaValues = deltaValues;
    this.chunksFlagged = chunksFlagged;
    this.chunkSizeRecorded = chunkSizeRecorded;
  }

  /**
   * For writing a checkpoint in the current version.
   *
   * @param store where partitions chosen for chunks keep their tuples; null when none is
   * @param deltaValues whether entries carry the delta value of a window evicting by delta
   */
  static <T> PartitionTuples<T> writing(
      TupleCodec<T> codec, TupleChunkStore store, boolean deltaValues) {
    return new PartitionTuples<>(codec, store, deltaValues, true, true);
  }

  /**
   * For reading a checkpoint of a version that holds the features given.
   *
   * @param store the store the checkpoint's chunks are in; null when it has none
   * @param deltaValues whether entries carry the delta value of a window evicting by delta
   * @param chunksFlagged whether the version says for each partition if it is in chunks (if not,
   *     every partition is inline)
   * @param chunkSizeRecorded whether the version's chunk lists record their entries per chunk
   */
  static <T> PartitionTuples<T> reading(
      TupleCodec<T> codec,
      TupleChunkStore store,
      boolean deltaValues,
      boolean chunksFlagged,
      boolean chunkSizeRecorded) {
    return new PartitionTuples<>(codec, store, deltaValues, chunksFlagged, chunkSizeRecorded);
  }

  /**
   * Writes {@code p}'s tuples: in chunks when {@code inChunks}, else inline in {@code inline}'s
   * encoding relative to {@code base}.
   */
  void write(
      DataOutput out, NumberedEntries<T> p, boolean inChunks, InlineEntries inline, long base)
      throws IOException {
    out.writeInt(p.size());
    out.writeBoolean(inChunks);
    if (inChunks) {
      PartitionChunks.save(p, out, codec, deltaValues, store);
    } else {
      inline.write(out, p, base, deltaValues, codec);
    }
  }

  /**
   * Reads what {@link #write} wrote (or what an older version wrote in its place) into {@code p},
   * which holds no entries yet.
   *
   * @param where names the partition in the message of a chunk list that does not match
   * @throws IOException when the data is short, or a chunk is missing or does not match
   */
  void read(
      DataInput in, NumberedEntries<T> p, InlineEntries inline, long base, Supplier<String> where)
      throws IOException {
    int size = in.readInt();
    if (chunksFlagged && in.readBoolean()) {
      PartitionChunks.load(p, in, codec, deltaValues, store, size, where.get(), chunkSizeRecorded);
      loadedFromChunks.add(p);
    } else {
      inline.read(in, p, size, base, deltaValues, codec);
    }
  }

  /** The partitions {@link #read} loaded from chunks, in the order read. */
  List<NumberedEntries<T>> loadedFromChunks() {
    return loadedFromChunks;
  }
}
