package com.ibm.streams.operator;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ibm.streams.operator.fakes.Fakes;
import io.streamswindow.api.spi.CurrentOperator;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PERuntimeTest {

  private final ProcessingElement pe = Fakes.of(ProcessingElement.class, new Object());
  private final OperatorContext context =
      Fakes.of(
          OperatorContext.class,
          new Object() {
            public ProcessingElement getPE() {
              return pe;
            }
          });

  @AfterEach
  void clear() {
    CurrentOperator.clear();
  }

  @Test
  void returnsTheContextTheRuntimeSetForThisThread() throws Exception {
    CurrentOperator.set(context);
    assertSame(context, PERuntime.getCurrentContext());
    assertSame(pe, PERuntime.getPE());

    AtomicReference<Throwable> otherThread = new AtomicReference<>();
    Thread thread =
        new Thread(
            () -> otherThread.set(assertThrows(IllegalStateException.class, PERuntime::getPE)));
    thread.start();
    thread.join();
    assertTrue(otherThread.get() instanceof IllegalStateException, "thread-local");
  }

  @Test
  void failsClearlyOutsideAnOperator() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, PERuntime::getCurrentContext);
    assertTrue(e.getMessage().contains("No operator is running"), e.getMessage());
  }

  @Test
  void clearAndSetNullForget() {
    CurrentOperator.set(context);
    CurrentOperator.set(null);
    assertNull(CurrentOperator.get());
    CurrentOperator.set(context);
    CurrentOperator.clear();
    assertNull(CurrentOperator.get());
  }
}
