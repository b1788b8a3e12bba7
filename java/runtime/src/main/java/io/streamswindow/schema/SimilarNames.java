package io.streamswindow.schema;

import java.util.Collection;
import java.util.Locale;

/**
 * Finds the name a user probably meant when a name is not found, for error messages.
 *
 * <p>SPL names are case-sensitive while Spark's column names are not (by default), so a name that
 * differs only in case from a valid one is the commonest slip of a user coming from Spark; it is
 * said so outright. Otherwise the closest name within a small edit distance is suggested.
 *
 * <pre>{@code
 * SimilarNames.hint("Total", List.of("key", "total"));  // " ('total' differs only in case; SPL names are case-sensitive)"
 * SimilarNames.hint("atr", List.of("attr"));            // " (did you mean 'attr'?)"
 * SimilarNames.hint("zzz", List.of("attr"));            // ""
 * }</pre>
 */
public final class SimilarNames {
  private SimilarNames() {}

  /**
   * Returns a parenthesised hint naming the valid name closest to {@code name}, with a leading
   * space, or an empty string when none is close.
   *
   * @param name the name that was not found
   * @param valid the names that would have been accepted
   */
  public static String hint(String name, Collection<String> valid) {
    String sameButCase = sameButCase(name, valid);
    if (sameButCase != null) {
      return " ('" + sameButCase + "' differs only in case; SPL names are case-sensitive)";
    }
    String nearest = nearest(name, valid);
    return nearest == null ? "" : " (did you mean '" + nearest + "'?)";
  }

  /**
   * Returns the valid name closest to {@code name} within a small edit distance (a third of its
   * length, ignoring case), or null when none is that close.
   */
  public static String nearest(String name, Collection<String> valid) {
    String nearest = null;
    int best = Math.max(1, name.length() / 3) + 1;
    for (String candidate : valid) {
      int distance = distance(name.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
      if (distance < best) {
        best = distance;
        nearest = candidate;
      }
    }
    return nearest;
  }

  /**
   * Returns the valid name that equals {@code name} but for case, or null when there is none (or
   * when {@code name} itself is valid).
   */
  public static String sameButCase(String name, Collection<String> valid) {
    if (valid.contains(name)) {
      return null;
    }
    for (String candidate : valid) {
      if (candidate.equalsIgnoreCase(name)) {
        return candidate;
      }
    }
    return null;
  }

  /** Levenshtein distance: the fewest single-character edits that turn one string into another. */
  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
