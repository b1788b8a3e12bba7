package io.streamswindow.sort;

import java.util.Locale;

/**
 * The order of one {@code sortBy} expression of the {@link Sort} operator: SPL's {@code SortOrder}
 * custom literals {@code ascending} and {@code descending}.
 *
 * <pre>{@code
 * SortOrder.parse("descending");   // DESCENDING
 * }</pre>
 */
public enum SortOrder {
  /** Lesser values first: the output is non-decreasing. */
  ASCENDING,
  /** Greater values first: the output is non-increasing. */
  DESCENDING;

  /**
   * Reads SPL's literal.
   *
   * @throws IllegalArgumentException for anything but {@code ascending} or {@code descending}
   */
  public static SortOrder parse(String literal) {
    String trimmed = literal == null ? "" : literal.trim();
    for (SortOrder order : values()) {
      if (order.splName().equals(trimmed)) {
        return order;
      }
    }
    throw new IllegalArgumentException(
        "order \"" + literal + "\" is not a sort order: write ascending or descending");
  }

  /** The SPL literal, e.g. {@code ascending}. */
  public String splName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
