package io.streamswindow.engine;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The start of a window checkpoint: a magic number naming the kind of window, the format's version,
 * and the window's declaration, so that a checkpoint is never restored into a different window. The
 * state that follows is each kind's own ({@link WindowCheckpoint}, {@link TimeIntervalCheckpoint}).
 *
 * <pre>{@code
 * CheckpointHeader.WINDOW.write(out, spec.toString());
 * int version = CheckpointHeader.WINDOW.read(in, spec.toString()); // throws on another window
 * }</pre>
 */
final class CheckpointHeader {
  /**
   * A {@link Window}'s. Version 4 records the entries per chunk of each partition kept in chunks;
   * version 3 may keep a large partition's tuples in a {@link TupleChunkStore} (1,024 entries a
   * chunk); version 2 wrote arrival-time differences as variable-length numbers; the older versions
   * are still read. The declaration is the window clause.
   */
  static final CheckpointHeader WINDOW =
      new CheckpointHeader(
          0x53575731 /* "SWW1" */, 4, "window", declared -> quoted(declared.get(0)));

  /**
   * A {@link TimeIntervalWindow}'s. Version 5 records the entries per chunk of each partition kept
   * in chunks (1,024 before). Version 4 says whether the window keeps its tuples in slices, each
   * once, and then lists them per partition after the panes (docs/architecture.md, "Stream
   * slicing"); version 3 keeps the trigger count per pane (versions 1 and 2 kept it per pane
   * partition); version 2 numbers each pane partition and may keep a large one's tuples in chunks;
   * versions 1 (every tuple inline), 2, 3 and 4 are still read. The declaration is the window
   * clause, then the event-time attribute.
   */
  static final CheckpointHeader TIME_INTERVAL =
      new CheckpointHeader(
          0x53575449 /* "SWTI" */,
          5,
          "timeInterval window",
          declared -> quoted(declared.get(0)) + " on event time " + declared.get(1));

  private final int magic;
  private final int version;
  private final String kind;
  private final Function<List<String>, String> describe;

  private CheckpointHeader(
      int magic, int version, String kind, Function<List<String>, String> describe) {
    this.magic = magic;
    this.version = version;
    this.kind = kind;
    this.describe = describe;
  }

  /** The version this build writes, the latest it reads. */
  int version() {
    return version;
  }

  /** Writes the magic number, the version and the declaration's strings. */
  void write(DataOutput out, String... declaration) throws IOException {
    out.writeInt(magic);
    out.writeByte(version);
    for (String part : declaration) {
      out.writeUTF(part);
    }
  }

  /**
   * Reads what {@link #write} wrote and checks it.
   *
   * @param declaration the declaration of the window being restored, as given to {@link #write}
   * @return the version the checkpoint was written in, from 1 to {@link #version()}
   * @throws IOException when the data is not a checkpoint of this kind, of a version this build
   *     reads, of a window with the same declaration
   */
  int read(DataInput in, String... declaration) throws IOException {
    if (in.readInt() != magic) {
      throw new IOException("Not a streams-window " + kind + " checkpoint");
    }
    int read = in.readByte();
    if (read < 1 || read > version) {
      throw new IOException(
          "Unsupported "
              + kind
              + " checkpoint version "
              + read
              + " (this build reads 1 to "
              + version
              + ")");
    }
    List<String> declared = new ArrayList<>(declaration.length);
    for (int i = 0; i < declaration.length; i++) {
      declared.add(in.readUTF());
    }
    List<String> expected = Arrays.asList(declaration);
    if (!declared.equals(expected)) {
      throw new IOException(
          "The checkpoint is of a window "
              + describe.apply(declared)
              + ", not "
              + describe.apply(expected));
    }
    return read;
  }

  private static String quoted(String clause) {
    return "\"" + clause + "\"";
  }
}
