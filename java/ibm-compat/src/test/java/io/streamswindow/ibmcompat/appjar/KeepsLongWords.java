package io.streamswindow.ibmcompat.appjar;

import com.ibm.streamsx.topology.function.Predicate;

/**
 * An application's filter logic. ApplicationJarLogicTest copies this class into a jar of its own
 * and hides it from the test's class path, so the operator finds it only through its {@code jar}
 * parameter, as a real application's logic is found.
 */
public final class KeepsLongWords implements Predicate<String> {
  private static final long serialVersionUID = 1L;

  @Override
  public boolean test(String word) {
    return word.length() > 4;
  }
}
