package com.ibm.streams.operator.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TimestampTest {

  @Test
  void keepsSecondsNanosAndMachine() {
    Timestamp t = new Timestamp(12, 345, 6);
    assertEquals(12, t.getSeconds());
    assertEquals(345, t.getNanoseconds());
    assertEquals(6, t.getMachineId());
    assertEquals(Timestamp.DEFAULT_MACHINE, new Timestamp(1, 2).getMachineId());
    assertEquals(0, Timestamp.DEFAULT_MACHINE);
  }

  @Test
  void normalisesNanosecondsIntoTheSeconds() {
    Timestamp carried = new Timestamp(1, 1_500_000_000);
    assertEquals(2, carried.getSeconds());
    assertEquals(500_000_000, carried.getNanoseconds());
    Timestamp borrowed = new Timestamp(1, -1);
    assertEquals(0, borrowed.getSeconds());
    assertEquals(999_999_999, borrowed.getNanoseconds());
  }

  @Test
  void convertsFromAndToMilliseconds() {
    Timestamp t = Timestamp.getTimestamp(1_700_000_000_123L);
    assertEquals(1_700_000_000L, t.getSeconds());
    assertEquals(123_000_000, t.getNanoseconds());
    assertEquals(1_700_000_000_123L, t.getTime());
    Timestamp beforeEpoch = Timestamp.getTimestamp(-1L, 4);
    assertEquals(-1, beforeEpoch.getSeconds());
    assertEquals(999_000_000, beforeEpoch.getNanoseconds());
    assertEquals(-1L, beforeEpoch.getTime());
    assertEquals(4, beforeEpoch.getMachineId());
  }

  @Test
  void convertsFromSecondsAsDoubleAndBigDecimal() {
    Timestamp fromDouble = Timestamp.getTimestamp(1.25);
    assertEquals(1, fromDouble.getSeconds());
    assertEquals(250_000_000, fromDouble.getNanoseconds());
    Timestamp negative = Timestamp.getTimestamp(-0.5);
    assertEquals(-1, negative.getSeconds());
    assertEquals(500_000_000, negative.getNanoseconds());
    Timestamp fromDecimal = Timestamp.getTimestamp(new BigDecimal("10.0000000019"));
    assertEquals(10, fromDecimal.getSeconds());
    assertEquals(1, fromDecimal.getNanoseconds());
    assertEquals(new BigDecimal("10.000000001"), fromDecimal.getTimeAsSeconds());
    assertEquals(
        new BigDecimal("-0.500000000"),
        Timestamp.getTimestamp(new BigDecimal("-0.5")).getTimeAsSeconds());
  }

  @Test
  void convertsFromAndToSqlTimestampsKeepingNanoseconds() {
    java.sql.Timestamp sql = new java.sql.Timestamp(5_123L);
    sql.setNanos(123_456_789);
    Timestamp t = Timestamp.getTimestamp(sql);
    assertEquals(5, t.getSeconds());
    assertEquals(123_456_789, t.getNanoseconds());
    assertEquals(sql, t.getSQLTimestamp());
    assertEquals(9, Timestamp.getTimestamp(sql, 9).getMachineId());
  }

  @Test
  void convertsToOtherUnits() {
    Timestamp t = new Timestamp(2, 345_678_901);
    assertEquals(2, t.convertTo(TimeUnit.SECONDS));
    assertEquals(2_345, t.convertTo(TimeUnit.MILLISECONDS));
    assertEquals(2_345_678_901L, t.convertTo(TimeUnit.NANOSECONDS));
    assertEquals(
        Long.MAX_VALUE, new Timestamp(Long.MAX_VALUE / 2, 0).convertTo(TimeUnit.NANOSECONDS));
  }

  @Test
  void addsAndSubtractsDurations() {
    Timestamp t = new Timestamp(10, 900_000_000, 3);
    Timestamp later = t.add(new Timestamp(1, 200_000_000));
    assertEquals(new Timestamp(12, 100_000_000, 3), later);
    Timestamp earlier = t.subtract(new Timestamp(0, 950_000_000));
    assertEquals(new Timestamp(9, 950_000_000, 3), earlier);
  }

  @Test
  void ordersBySecondsThenNanoseconds() {
    Timestamp a = new Timestamp(1, 999_999_999);
    Timestamp b = new Timestamp(2, 0);
    Timestamp c = new Timestamp(2, 1);
    assertTrue(a.compareTo(b) < 0);
    assertTrue(c.compareTo(b) > 0);
    assertEquals(0, b.compareTo(new Timestamp(2, 0)));
    assertTrue(a.before(b));
    assertTrue(c.after(b));
    assertFalse(b.after(new Timestamp(2, 0, 7)), "before/after ignore the machine");
    assertFalse(b.before(new Timestamp(2, 0, 7)));
  }

  @Test
  void equalityCoversTimeAndMachine() {
    Timestamp t = new Timestamp(5, 6, 7);
    assertEquals(new Timestamp(5, 6, 7), t);
    assertEquals(new Timestamp(5, 6, 7).hashCode(), t.hashCode());
    assertNotEquals(new Timestamp(5, 6, 8), t);
    assertNotEquals(new Timestamp(5, 7, 7), t);
    assertTrue(t.compareTo(new Timestamp(5, 6, 8)) != 0, "compareTo agrees with equals");
  }

  @Test
  void printsAsAnSplLiteral() {
    assertEquals("(5,6,7)", new Timestamp(5, 6, 7).toString());
  }

  @Test
  void currentTimeIsCloseToTheSystemClock() {
    long before = System.currentTimeMillis();
    Timestamp now = Timestamp.currentTime();
    long after = System.currentTimeMillis();
    assertTrue(now.getTime() >= before - 1 && now.getTime() <= after + 1);
    assertEquals(3, Timestamp.currentTime(3).getMachineId());
  }

  @Test
  void isSerializable() throws Exception {
    Timestamp t = new Timestamp(5, 6, 7);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(t);
    }
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      assertEquals(t, in.readObject());
    }
  }
}
