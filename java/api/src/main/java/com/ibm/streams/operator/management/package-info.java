/**
 * Management beans. streams-window does not register any; these types exist so that operator and
 * harness source compiles.
 */
package com.ibm.streams.operator.management;
