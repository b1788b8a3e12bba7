package io.streamswindow.schema;

/**
 * Base of the SPL types built from other types (bounded strings, lists, sets, maps, optionals,
 * tuples): they are equal when their SPL spellings are equal, since the spelling fixes the type
 * completely.
 */
abstract class AbstractSplType implements SplType {
  private final String languageType;

  AbstractSplType(String languageType) {
    this.languageType = languageType;
  }

  @Override
  public final String getLanguageType() {
    return languageType;
  }

  @Override
  public final boolean equals(Object other) {
    return other instanceof AbstractSplType
        && languageType.equals(((AbstractSplType) other).languageType);
  }

  @Override
  public final int hashCode() {
    return languageType.hashCode();
  }

  /** Returns the SPL spelling, for example {@code list<int32>[3]}. */
  @Override
  public final String toString() {
    return languageType;
  }

  /** Appends {@code [n]} to a spelling when the type is bounded. */
  static String withBound(String spelling, int bound) {
    return bound < 0 ? spelling : spelling + "[" + bound + "]";
  }
}
