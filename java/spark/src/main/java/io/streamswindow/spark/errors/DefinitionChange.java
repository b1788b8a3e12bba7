package io.streamswindow.spark.errors;

/**
 * One part of a query's definition that differs between a checkpoint and the query restarted from
 * it: the part as messages name it ({@code window clause}, {@code partition_by}...), its value in
 * the checkpoint and its value now, either null where it is not known. {@link #toString()} is the
 * line a refusal prints; the parts are also a refusal's message parameters (docs/architecture.md,
 * "Errors").
 *
 * <pre>{@code
 * DefinitionChange.changed("window clause", "tumbling, count(4)", "tumbling, count(5)").toString();
 * // window clause: "tumbling, count(4)" in the checkpoint, "tumbling, count(5)" now
 * }</pre>
 *
 * @param kind how the part differs
 * @param part the part's name
 * @param checkpointValue its value in the checkpoint, or null when not known
 * @param currentValue its value now, or null when this version has no such part
 */
public record DefinitionChange(
    Kind kind, String part, String checkpointValue, String currentValue) {

  /** How a part differs. */
  enum Kind {
    /** Both values known (the checkpoint's null when it did not record the part). */
    CHANGED,
    /** The checkpoint holds only a digest of the part, which does not match its value now. */
    DIGEST_DIFFERS,
    /** The checkpoint records a part this version does not have. */
    UNKNOWN_HERE,
    /** The checkpoint's digest covers other parts than this version's. */
    OTHER_PARTS
  }

  public static DefinitionChange changed(String part, String checkpointValue, String currentValue) {
    return new DefinitionChange(Kind.CHANGED, part, checkpointValue, currentValue);
  }

  public static DefinitionChange digestDiffers(String part, String currentValue) {
    return new DefinitionChange(Kind.DIGEST_DIFFERS, part, null, currentValue);
  }

  public static DefinitionChange unknownHere(String part) {
    return new DefinitionChange(Kind.UNKNOWN_HERE, part, null, null);
  }

  public static DefinitionChange otherParts(String currentParts) {
    return new DefinitionChange(Kind.OTHER_PARTS, "the definition's parts", null, currentParts);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case CHANGED ->
          part
              + ": "
              + (checkpointValue == null ? "(not recorded)" : quoted(checkpointValue))
              + " in the checkpoint, "
              + quoted(currentValue)
              + " now";
      case DIGEST_DIFFERS ->
          part + ": not the one the checkpoint was written with, " + quoted(currentValue) + " now";
      case UNKNOWN_HERE -> part + ": recorded in the checkpoint, unknown to this version";
      case OTHER_PARTS -> part + ": " + currentValue + " now, others in the checkpoint";
    };
  }

  private static String quoted(String value) {
    return "\"" + value + "\"";
  }
}
