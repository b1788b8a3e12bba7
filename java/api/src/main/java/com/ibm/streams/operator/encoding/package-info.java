/**
 * SPL tuple encodings. streams-window does not provide them; these types exist so that operator
 * source compiles.
 */
package com.ibm.streams.operator.encoding;
