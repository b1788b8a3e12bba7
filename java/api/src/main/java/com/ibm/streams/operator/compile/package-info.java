/** Checks of an operator invocation made before the operator starts. */
package com.ibm.streams.operator.compile;
