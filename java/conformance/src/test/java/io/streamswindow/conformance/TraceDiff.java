package io.streamswindow.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * A readable line diff of an expected trace against the actual one: lines in both are indented,
 * missing lines start with {@code -}, unexpected lines with {@code +}. Lines of an any-order group
 * are marked {@code ~} in the expected listing.
 */
public final class TraceDiff {
  private TraceDiff() {}

  public static String render(ExpectedTrace expected, List<String> actual) {
    StringBuilder text = new StringBuilder();
    text.append("    expected:\n");
    for (Object item : expected.items()) {
      if (item instanceof String line) {
        text.append("      ").append(line).append('\n');
      } else {
        for (Object line : (List<?>) item) {
          text.append("    ~ ").append(line).append('\n');
        }
      }
    }
    if (expected.items().isEmpty()) {
      text.append("      (nothing)\n");
    }
    text.append("    actual:\n");
    for (String line : actual) {
      text.append("      ").append(line).append('\n');
    }
    if (actual.isEmpty()) {
      text.append("      (nothing)\n");
    }
    text.append("    diff (- expected only, + actual only):\n");
    for (String line : diff(expected.flattened(), actual)) {
      text.append("    ").append(line).append('\n');
    }
    return text.toString();
  }

  /** A longest-common-subsequence diff; traces are short, so quadratic is fine. */
  private static List<String> diff(List<String> a, List<String> b) {
    int[][] common = new int[a.size() + 1][b.size() + 1];
    for (int i = a.size() - 1; i >= 0; i--) {
      for (int j = b.size() - 1; j >= 0; j--) {
        common[i][j] =
            a.get(i).equals(b.get(j))
                ? common[i + 1][j + 1] + 1
                : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    List<String> lines = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < a.size() && j < b.size()) {
      if (a.get(i).equals(b.get(j))) {
        lines.add("  " + a.get(i++));
        j++;
      } else if (common[i + 1][j] >= common[i][j + 1]) {
        lines.add("- " + a.get(i++));
      } else {
        lines.add("+ " + b.get(j++));
      }
    }
    while (i < a.size()) {
      lines.add("- " + a.get(i++));
    }
    while (j < b.size()) {
      lines.add("+ " + b.get(j++));
    }
    return lines;
  }
}
