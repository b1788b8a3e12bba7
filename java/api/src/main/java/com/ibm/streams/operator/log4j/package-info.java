/**
 * Streams' log and trace levels as log4j 1.x levels. Compiling against them needs a log4j 1.x API
 * on the class path, such as {@code org.apache.logging.log4j:log4j-1.2-api}, which Spark ships.
 */
package com.ibm.streams.operator.log4j;
