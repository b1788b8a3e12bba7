package com.ibm.streams.operator;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * An output port of an operator, through which it submits tuples and punctuation marks.
 *
 * <p>Nothing is delivered after a {@link StreamingData.Punctuation#FINAL_MARKER}.
 *
 * <pre>{@code
 * StreamingOutput<OutputTuple> out = getOutput(0);
 * OutputTuple t = out.newTuple();
 * t.setString("id", "a");
 * out.submit(t);
 * out.punctuate(Punctuation.WINDOW_MARKER);
 * }</pre>
 *
 * @param <T> the type of the tuples the port creates and submits
 */
public interface StreamingOutput<T> extends StreamingData {

  /** How an output stream is exported to other applications. */
  enum ExportType {
    /** Exported under its name. */
    BY_NAME,
    /** Exported with stream properties that importers subscribe to. */
    BY_PROPERTIES,
    /** Not exported. */
    NOT_EXPORTED
  }

  /**
   * Returns how this stream is exported.
   *
   * @return the export type; streams-window ports are {@link ExportType#NOT_EXPORTED}
   */
  ExportType getExportType();

  /**
   * Tells whether this stream is exported.
   *
   * @return true when exported
   */
  boolean isExported();

  /**
   * Creates a new tuple for this port with every attribute at its default value.
   *
   * @return a new, unsubmitted tuple
   */
  T newTuple();

  /**
   * Submits a tuple created by {@link #newTuple()}.
   *
   * @param tuple the tuple to submit
   * @return true when the tuple was submitted
   * @throws Exception when the downstream processing fails
   */
  boolean submit(T tuple) throws Exception;

  /**
   * Submits a copy of any tuple, taking attributes that match this port's schema by name and type.
   *
   * @param tuple the tuple to copy and submit
   * @return true when the tuple was submitted
   * @throws Exception when the downstream processing fails
   */
  boolean submit(Tuple tuple) throws Exception;

  /**
   * Submits a tuple built from attribute values given in schema order.
   *
   * @param attributeValues one value per attribute
   * @return true when the tuple was submitted
   * @throws Exception when the downstream processing fails
   */
  boolean submitAsTuple(Object... attributeValues) throws Exception;

  /**
   * Submits a tuple built from a map of attribute names to values; missing attributes take their
   * default value.
   *
   * @param attributeValues values by attribute name
   * @return true when the tuple was submitted
   * @throws Exception when the downstream processing fails
   */
  boolean submitMapAsTuple(Map<String, ?> attributeValues) throws Exception;

  /**
   * Submits a tuple built from attribute values given in schema order.
   *
   * @param attributeValues one value per attribute
   * @return true when the tuple was submitted
   * @throws Exception when the downstream processing fails
   */
  boolean submitListAsTuple(List<?> attributeValues) throws Exception;

  /**
   * Returns a task that submits the tuple when called, for submission from another thread.
   *
   * @param tuple the tuple to submit later
   * @return a task returning the result of {@link #submit(Object)}
   */
  Callable<Boolean> deferredSubmit(T tuple);

  /**
   * Submits a punctuation mark.
   *
   * @param mark the mark to submit
   * @return true when the mark was submitted
   * @throws Exception when the downstream processing fails
   */
  boolean punctuate(StreamingData.Punctuation mark) throws Exception;

  /**
   * Returns the properties of an exported stream.
   *
   * @return the stream properties
   */
  Map<String, Object> getStreamProperties();

  /**
   * Returns the properties of an exported stream as a tuple.
   *
   * @return the stream properties as a tuple
   */
  Tuple getStreamPropertiesAsTuple();

  /**
   * Replaces the properties of an exported stream.
   *
   * @param properties the new properties
   */
  void setStreamProperties(Map<String, ?> properties);

  /**
   * Adds properties to an exported stream.
   *
   * @param properties the properties to add
   */
  void addStreamProperties(Map<String, ?> properties);

  /**
   * Removes properties from an exported stream.
   *
   * @param propertyNames the names of the properties to remove
   */
  void removeStreamProperties(String... propertyNames);
}
