package io.streamswindow.spark.state;

import io.streamswindow.engine.TupleChunkStore;
import io.streamswindow.spark.errors.CorruptStateException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * A key's chunk store whose chunks carry a CRC-32C of their id and bytes, checked on every read: a
 * chunk altered or cut short in the state store, or saved under another id, fails the read with a
 * {@link CorruptStateException} naming the key and the chunk, instead of decoding into tuples that
 * were never saved. Example:
 *
 * <pre>{@code
 * TupleChunkStore chunks = new ChecksummedChunks(state.chunks(), "key [acme]");
 * }</pre>
 *
 * @param inner the store the checked chunks live in
 * @param owner whose chunks they are, for the message: the key and where its state lives
 */
public record ChecksummedChunks(TupleChunkStore inner, String owner) implements TupleChunkStore {

  @Override
  public byte[] read(String id) throws IOException {
    byte[] stored = inner.read(id);
    if (stored == null) {
      return null;
    }
    if (stored.length < 4) {
      throw new CorruptStateException(
          owner, "its chunk " + id + " is " + stored.length + " bytes, shorter than its checksum");
    }
    int length = stored.length - 4;
    int expected = ByteBuffer.wrap(stored, length, 4).getInt();
    int actual = checksum(id, stored, length);
    if (expected != actual) {
      throw new CorruptStateException(
          owner,
          String.format(
              "the checksum of its chunk %s (%d bytes) does not match: 0x%08x saved, 0x%08x read",
              id, stored.length, expected, actual));
    }
    byte[] chunk = new byte[length];
    System.arraycopy(stored, 0, chunk, 0, length);
    return chunk;
  }

  @Override
  public void write(String id, byte[] chunk) throws IOException {
    byte[] stored = new byte[chunk.length + 4];
    System.arraycopy(chunk, 0, stored, 0, chunk.length);
    ByteBuffer.wrap(stored, chunk.length, 4).putInt(checksum(id, chunk, chunk.length));
    inner.write(id, stored);
  }

  @Override
  public void remove(String id) throws IOException {
    inner.remove(id);
  }

  @Override
  public int entriesPerChunk() {
    return inner.entriesPerChunk();
  }

  private static int checksum(String id, byte[] bytes, int length) {
    CRC32C crc = new CRC32C();
    crc.update(id.getBytes(StandardCharsets.UTF_8));
    crc.update(bytes, 0, length);
    return (int) crc.getValue();
  }
}
