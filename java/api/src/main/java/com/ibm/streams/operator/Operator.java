package com.ibm.streams.operator;

import java.util.Map;

/**
 * A Java primitive operator: the code that receives tuples and punctuation marks on its input ports
 * and submits results to its output ports. Most operators extend {@link AbstractOperator}.
 *
 * <p>Lifecycle: {@link #initialize(OperatorContext)} once, {@link #allPortsReady()} once, then
 * {@link #process} and {@link #processPunctuation} for every arrival, then {@link #shutdown()}. For
 * a windowed port, the window's events for an arriving tuple are handled before {@code process} is
 * called with it.
 */
public interface Operator {

  /** Names of the tags an operator can attach with {@link #setTagData(String, Map)}. */
  interface TagNames {
    /** The tag under which an operator publishes data to the Streams information governance. */
    String OperatorIGC = "OperatorIGC";
  }

  /**
   * Prepares the operator to run: read parameters, register window listeners and state handlers. No
   * tuple arrives before it returns.
   *
   * @param context the operator's context
   * @throws Exception to stop the operator
   */
  void initialize(OperatorContext context) throws Exception;

  /**
   * Called once every port is connected and tuples may flow; a source operator starts submitting
   * here.
   *
   * @throws Exception to stop the operator
   */
  void allPortsReady() throws Exception;

  /**
   * Processes one tuple arriving on an input port.
   *
   * @param port the input port
   * @param tuple the tuple
   * @throws Exception to stop the operator
   */
  void process(StreamingInput<Tuple> port, Tuple tuple) throws Exception;

  /**
   * Processes a punctuation mark arriving on an input port.
   *
   * @param port the input port
   * @param mark the mark
   * @throws Exception to stop the operator
   */
  void processPunctuation(StreamingInput<Tuple> port, StreamingData.Punctuation mark)
      throws Exception;

  /**
   * Releases the operator's resources; nothing arrives afterwards.
   *
   * @throws Exception reported but does not prevent shutdown
   */
  void shutdown() throws Exception;

  /**
   * Attaches tag data to the operator, for example for information governance. The default ignores
   * it.
   *
   * @param tagName the tag, such as {@link TagNames#OperatorIGC}
   * @param tagValues the tag's values
   */
  default void setTagData(String tagName, Map<String, String> tagValues) {}
}
