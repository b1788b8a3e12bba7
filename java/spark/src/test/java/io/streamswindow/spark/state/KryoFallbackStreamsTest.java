package io.streamswindow.spark.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class KryoFallbackStreamsTest {

  /** State as IBM's samples keep it: not Serializable, no no-argument constructor. */
  static final class RunningStats {
    final String name;
    double sum;
    long count;

    RunningStats(String name) {
      this.name = name;
    }
  }

  /** A Serializable holder with a field that is not. */
  static final class Holder implements Serializable {
    private static final long serialVersionUID = 1L;
    transient int ignored;
    RunningStats stats;
    List<String> names = new ArrayList<>();
  }

  @Test
  void objectsThatAreNotSerializableRoundTripThroughKryo() throws Exception {
    RunningStats stats = new RunningStats("cpu");
    stats.sum = 12.5;
    stats.count = 3;
    Holder holder = new Holder();
    holder.stats = new RunningStats("nested");
    holder.stats.count = 7;
    holder.names.add("a");

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = KryoFallbackStreams.INSTANCE.output(bytes)) {
      out.writeObject(stats);
      out.writeObject(holder);
      out.writeLong(42);
    }
    try (ObjectInputStream in =
        KryoFallbackStreams.INSTANCE.input(new ByteArrayInputStream(bytes.toByteArray()))) {
      RunningStats back = (RunningStats) in.readObject();
      assertNotSame(stats, back);
      assertEquals("cpu", back.name);
      assertEquals(12.5, back.sum);
      assertEquals(3, back.count);
      Holder holderBack = (Holder) in.readObject();
      assertEquals("nested", holderBack.stats.name);
      assertEquals(7, holderBack.stats.count);
      assertEquals(List.of("a"), holderBack.names);
      assertEquals(42, in.readLong());
    }
  }
}
