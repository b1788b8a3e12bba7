/**
 * streams-window's extension of IBM's window API for SPL's timeInterval (event-time) windows, which
 * IBM's Java Operator API does not have.
 *
 * <p>IBM's packages ({@code com.ibm.streams.operator.**}) stay exactly as IBM shipped them; this
 * package sits beside them in the same API jar, so an operator compiled against that jar alone can
 * use it. A timeInterval window is still a {@link com.ibm.streams.operator.window.StreamWindow} and
 * delivers {@link com.ibm.streams.operator.window.StreamWindowEvent}s, so existing operators run
 * unchanged; one that wants the pane tests for the types here:
 *
 * <pre>{@code
 * window.registerListener(event -> {
 *   if (event instanceof TimeIntervalWindowEvent<Tuple> pane
 *       && event.getType() == StreamWindowEvent.Type.TRIGGER) {
 *     Timestamp end = pane.getPane().getEnd();
 *     boolean late = pane.getPaneTiming() == PaneTiming.PANE_LATE;
 *     ...
 *   }
 * }, false);
 * }</pre>
 */
package io.streamswindow.api.window;
