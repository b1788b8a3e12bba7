package io.streamswindow.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import org.junit.jupiter.api.Test;

class VarLongTest {

  private static byte[] encode(long value) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    VarLong.write(new DataOutputStream(bytes), value);
    return bytes.toByteArray();
  }

  @Test
  void roundTripsEveryMagnitudeAndSign() throws Exception {
    long[] values = {
      0, 1, -1, 63, -64, 64, 1_000_000_000L, -1_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE
    };
    for (long v : values) {
      byte[] bytes = encode(v);
      assertEquals(
          v, VarLong.read(new DataInputStream(new ByteArrayInputStream(bytes))), "value " + v);
    }
  }

  @Test
  void smallDifferencesTakeOneByte() throws Exception {
    assertEquals(1, encode(0).length);
    assertEquals(1, encode(-3).length);
    assertEquals(10, encode(Long.MIN_VALUE).length);
  }
}
