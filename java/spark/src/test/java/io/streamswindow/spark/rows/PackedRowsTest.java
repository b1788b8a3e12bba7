package io.streamswindow.spark.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The origins of packed rows: port 0's as before, ports beyond 0 after them, each told apart. */
class PackedRowsTest {

  @Test
  void packedRowsOfPortsBeyondZeroSortAfterPortZerosAndTellTheirPort() {
    long portZero = PackedRows.origin(7, 3);
    assertEquals(portZero, PackedRows.origin(0, 7, 3));
    assertEquals(0, PackedRows.portOf(portZero));
    long portOne = PackedRows.origin(1, 0, 0);
    long portTwo = PackedRows.origin(2, 0, 0);
    assertEquals(1, PackedRows.portOf(PackedRows.origin(1, 16_000_000, 99)));
    assertEquals(2, PackedRows.portOf(portTwo));
    assertTrue(portZero < portOne && portOne < portTwo);
    assertTrue(PackedRows.origin(1, 0, 1) < PackedRows.origin(1, 1, 0));
  }
}
