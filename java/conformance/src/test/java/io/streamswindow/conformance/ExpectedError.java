package io.streamswindow.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Set;

/**
 * An error a scenario expects: the exception's simple class name (the thrown exception may be a
 * subclass), a fragment its message must contain (compared case-insensitively) and, for declaration
 * errors, the latest point at which it may be thrown.
 *
 * @param type simple name of the expected exception class, e.g. {@code IllegalStateException}
 * @param message a fragment of the message, e.g. {@code trigger}
 * @param at a declaration call such as {@code evictPunctuation()} that must throw it itself, or one
 *     of the stages {@code executable}, {@code initialize}, {@code allPortsReady}: the error must
 *     be thrown no later than that stage; null for a step's error
 */
public record ExpectedError(String type, String message, String at) {
  /** The stages of building and starting a graph, in order. */
  static final java.util.List<String> STAGES =
      java.util.List.of("executable", "initialize", "allPortsReady");

  private static final Set<String> FIELDS = Set.of("type", "message", "at");

  static ExpectedError parse(JsonNode node, String where) {
    ScenarioFormatException.requireObject(node, where);
    ScenarioFormatException.rejectUnknownFields(node, FIELDS, where);
    String type = ScenarioFormatException.requiredText(node, "type", where);
    String message = ScenarioFormatException.requiredText(node, "message", where);
    String at = node.has("at") ? node.get("at").asText() : null;
    return new ExpectedError(type, message, at);
  }

  /** The latest stage a declaration error may surface at when {@link #at} names no call. */
  String latestStage() {
    if (at == null) {
      return "executable";
    }
    return STAGES.contains(at) ? at : null;
  }

  /** The call that must throw, or null when {@link #at} names a stage or nothing. */
  String throwingCall() {
    return at == null || STAGES.contains(at) ? null : at;
  }

  /**
   * Finds, in {@code thrown} and its causes, the exception this expectation describes; null when
   * none matches. Harness layers may wrap the exception, so the whole cause chain is searched.
   */
  public Throwable match(Throwable thrown) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (isOfType(t.getClass()) && messageMatches(t)) {
        return t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return null;
  }

  private boolean isOfType(Class<?> type) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      if (c.getSimpleName().equals(this.type)) {
        return true;
      }
    }
    return false;
  }

  private boolean messageMatches(Throwable t) {
    String text = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
    return text.contains(message.toLowerCase(Locale.ROOT));
  }

  @Override
  public String toString() {
    return type + " containing \"" + message + "\"" + (at == null ? "" : " at " + at);
  }
}
