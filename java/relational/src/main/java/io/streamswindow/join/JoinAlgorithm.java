package io.streamswindow.join;

/**
 * SPL Join's {@code algorithm} parameter: which unmatched tuples are submitted besides the matches.
 *
 * <pre>{@code
 * JoinAlgorithm.parse("leftOuter").keepsUnmatched(0);   // true: port 0's unmatched tuples
 * }</pre>
 */
public enum JoinAlgorithm {
  /** Matches only. */
  INNER("inner"),
  /** Matches, and each port 0 tuple that never matched. */
  LEFT_OUTER("leftOuter"),
  /** Matches, and each port 1 tuple that never matched. */
  RIGHT_OUTER("rightOuter"),
  /** Matches, and the tuples of both ports that never matched. */
  OUTER("outer");

  private final String splName;

  JoinAlgorithm(String splName) {
    this.splName = splName;
  }

  /**
   * Reads SPL's literal.
   *
   * @throws IllegalArgumentException for anything else, naming the four
   */
  public static JoinAlgorithm parse(String literal) {
    for (JoinAlgorithm algorithm : values()) {
      if (algorithm.splName.equals(literal == null ? null : literal.trim())) {
        return algorithm;
      }
    }
    throw new IllegalArgumentException(
        "algorithm \""
            + literal
            + "\" is not a Join algorithm: write inner, leftOuter, rightOuter or outer");
  }

  /** The SPL literal, e.g. {@code leftOuter}. */
  public String splName() {
    return splName;
  }

  /** Whether the tuples of {@code port} (0 or 1) that never matched are submitted. */
  public boolean keepsUnmatched(int port) {
    return this == OUTER || (port == 0 ? this == LEFT_OUTER : this == RIGHT_OUTER);
  }

  /** The output ports SPL's Join may have with this algorithm: 1, or 1 plus the unmatched ports. */
  int unmatchedPorts() {
    return switch (this) {
      case INNER -> 0;
      case LEFT_OUTER, RIGHT_OUTER -> 1;
      case OUTER -> 2;
    };
  }
}
