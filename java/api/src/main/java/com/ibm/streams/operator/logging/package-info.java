/** Streams' log and trace levels as {@code java.util.logging} levels. */
package com.ibm.streams.operator.logging;
