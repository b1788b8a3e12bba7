package io.streamswindow.engine;

import java.util.function.DoublePredicate;

/**
 * An eviction policy's answer: which of a partition's tuples leave now.
 *
 * <p>The engine alone applies the answer to the partition and fires the EVICTION event.
 */
final class Eviction {
  /** What kind of answer this is. */
  enum Kind {
    /** Nothing leaves. */
    NONE,
    /** The window tumbles: every tuple leaves, and EVICTION is delivered even when empty. */
    ALL,
    /** The given number of oldest tuples leave. */
    OLDEST,
    /** Every tuple whose delta value matches the predicate leaves, wherever it is. */
    MATCHING
  }

  static final Eviction NONE = new Eviction(Kind.NONE, 0, null);
  static final Eviction ALL = new Eviction(Kind.ALL, 0, null);
  private static final Eviction ONE_OLDEST = new Eviction(Kind.OLDEST, 1, null);

  final Kind kind;
  final int count;
  final DoublePredicate matches;

  private Eviction(Kind kind, int count, DoublePredicate matches) {
    this.kind = kind;
    this.count = count;
    this.matches = matches;
  }

  /** The {@code n} oldest tuples leave; NONE when {@code n <= 0}. */
  static Eviction oldest(int n) {
    if (n <= 0) {
      return NONE;
    }
    return n == 1 ? ONE_OLDEST : new Eviction(Kind.OLDEST, n, null);
  }

  /** Every tuple whose delta value satisfies {@code matches} leaves. */
  static Eviction matching(DoublePredicate matches) {
    return new Eviction(Kind.MATCHING, 0, matches);
  }

  @Override
  public String toString() {
    return kind == Kind.OLDEST ? "OLDEST(" + count + ")" : kind.name();
  }
}
