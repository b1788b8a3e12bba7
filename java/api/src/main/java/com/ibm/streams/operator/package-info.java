/**
 * The core of IBM Streams' Java Operator API as provided by streams-window: operators, their
 * context, ports, tuples, schemas and SPL types. Packages and names are IBM's, so operator source
 * written for IBM Streams compiles unchanged.
 */
package com.ibm.streams.operator;
