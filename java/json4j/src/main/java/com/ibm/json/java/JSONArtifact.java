package com.ibm.json.java;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * What JSON4J's objects and arrays have in common: they serialize themselves as JSON text.
 *
 * <p>Compact text has no white space between tokens; verbose text puts each member or element on a
 * line of its own, indented two spaces per level, with a space after each colon. Streams are
 * written as UTF-8.
 */
public interface JSONArtifact {

  /**
   * Writes this value as compact JSON text to a stream, in UTF-8.
   *
   * @param os the stream, flushed but not closed
   * @throws IOException when the stream fails
   */
  default void serialize(OutputStream os) throws IOException {
    serialize(os, false);
  }

  /**
   * Writes this value as JSON text to a stream, in UTF-8.
   *
   * @param os the stream, flushed but not closed
   * @param verbose true for indented text, false for compact text
   * @throws IOException when the stream fails
   */
  default void serialize(OutputStream os, boolean verbose) throws IOException {
    serialize(new OutputStreamWriter(os, StandardCharsets.UTF_8), verbose);
  }

  /**
   * Writes this value as compact JSON text to a writer.
   *
   * @param writer the writer, flushed but not closed
   * @throws IOException when the writer fails
   */
  default void serialize(Writer writer) throws IOException {
    serialize(writer, false);
  }

  /**
   * Writes this value as JSON text to a writer.
   *
   * @param writer the writer, flushed but not closed
   * @param verbose true for indented text, false for compact text
   * @throws IOException when the writer fails
   */
  void serialize(Writer writer, boolean verbose) throws IOException;

  /**
   * Returns this value as compact JSON text.
   *
   * @return the text
   * @throws IOException when a value held cannot be written as JSON
   */
  default String serialize() throws IOException {
    return serialize(false);
  }

  /**
   * Returns this value as JSON text.
   *
   * @param verbose true for indented text, false for compact text
   * @return the text
   * @throws IOException when a value held cannot be written as JSON
   */
  default String serialize(boolean verbose) throws IOException {
    StringWriter text = new StringWriter();
    serialize(text, verbose);
    return text.toString();
  }
}
