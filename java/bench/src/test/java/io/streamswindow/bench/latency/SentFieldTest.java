package io.streamswindow.bench.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The probe reads {@code sent} from the JSON the probe and Spark's {@code to_json} write. */
class SentFieldTest {

  @Test
  void readsTheSentFieldWhereverItIs() {
    assertEquals(1700000000123L, SentField.of("{\"key\":\"k1\",\"seq\":5,\"sent\":1700000000123}"));
    assertEquals(42, SentField.of("{\"sent\": 42, \"key\":\"k1\"}"));
  }

  @Test
  void answersMinusOneWithoutAWholeNumberThere() {
    assertEquals(-1, SentField.of("{\"key\":\"k1\"}"));
    assertEquals(-1, SentField.of("{\"sent\":null}"));
    assertEquals(-1, SentField.of(null));
  }
}
