package com.ibm.streams.operator;

import com.ibm.streams.operator.window.StreamWindow;

/**
 * An input port of an operator. Every input port has a {@link StreamWindow}; a port that is not
 * windowed reports {@link StreamWindow.Type#NOT_WINDOWED}.
 *
 * @param <T> the type of the tuples arriving on the port
 */
public interface StreamingInput<T> extends StreamingData {

  /** How an input stream is imported from another application. */
  enum ImportType {
    /** Imported by the exporting stream's name. */
    BY_NAME,
    /** Imported by a subscription on stream properties. */
    BY_SUBSCRIPTION,
    /** Not imported: the port is connected inside the application. */
    NOT_IMPORTED
  }

  /**
   * Returns how the stream on this port is imported.
   *
   * @return the import type; streams-window ports are {@link ImportType#NOT_IMPORTED}
   */
  ImportType getImportType();

  /**
   * Tells whether the stream on this port is imported from another application.
   *
   * @return true when imported
   */
  boolean isImported();

  /**
   * Returns the window of this port.
   *
   * @return the port's window, never null
   */
  StreamWindow<T> getStreamWindow();

  /**
   * Tells whether this port is a control port, whose tuples change how the operator behaves.
   *
   * @return true for a control port
   */
  boolean isControl();
}
