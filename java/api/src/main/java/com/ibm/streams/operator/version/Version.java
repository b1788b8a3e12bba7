package com.ibm.streams.operator.version;

/**
 * A Streams product version, {@code version.release.mod.fix}, ordered by its four numbers in turn.
 *
 * <pre>{@code
 * Version running = Product.getVersion();
 * if (running != null && running.compareTo(Product.STREAMS_4_2) >= 0) {
 *   // features of Streams 4.2 and later
 * }
 * new Version("4.3.1").getMod();   // 1; a missing number is 0
 * }</pre>
 */
public final class Version implements Comparable<Version> {
  private final int version;
  private final int release;
  private final int mod;
  private final int fix;

  /**
   * Reads a version from up to four dot-separated numbers; missing ones are 0.
   *
   * @param version the text, for example {@code "4.3.0.0"} or {@code "4.2"}
   * @throws NumberFormatException when a part is not a number
   */
  public Version(String version) {
    String[] parts = version.split("\\.");
    this.version = part(parts, 0);
    this.release = part(parts, 1);
    this.mod = part(parts, 2);
    this.fix = part(parts, 3);
  }

  /**
   * Makes a version from its four numbers.
   *
   * @param version the version number
   * @param release the release number
   * @param mod the modification number
   * @param fix the fix number
   */
  public Version(int version, int release, int mod, int fix) {
    this.version = version;
    this.release = release;
    this.mod = mod;
    this.fix = fix;
  }

  private static int part(String[] parts, int index) {
    return parts.length > index ? Integer.parseInt(parts[index]) : 0;
  }

  /**
   * Returns the first number.
   *
   * @return the version number
   */
  public int getVersion() {
    return version;
  }

  /**
   * Returns the second number.
   *
   * @return the release number
   */
  public int getRelease() {
    return release;
  }

  /**
   * Returns the third number.
   *
   * @return the modification number
   */
  public int getMod() {
    return mod;
  }

  /**
   * Returns the fourth number.
   *
   * @return the fix number
   */
  public int getFix() {
    return fix;
  }

  /** Compares the four numbers in turn, the version number first. */
  @Override
  public int compareTo(Version other) {
    int c = Integer.compare(version, other.version);
    if (c == 0) {
      c = Integer.compare(release, other.release);
    }
    if (c == 0) {
      c = Integer.compare(mod, other.mod);
    }
    return c != 0 ? c : Integer.compare(fix, other.fix);
  }

  @Override
  public int hashCode() {
    return ((version * 31 + release) * 31 + mod) * 31 + fix;
  }

  /** Equal when all four numbers are. */
  @Override
  public boolean equals(Object obj) {
    return obj instanceof Version other && compareTo(other) == 0;
  }

  /** Returns {@code version.release.mod.fix}, for example {@code 4.2.0.0}. */
  @Override
  public String toString() {
    return version + "." + release + "." + mod + "." + fix;
  }
}
