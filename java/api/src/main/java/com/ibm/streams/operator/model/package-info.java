/** Annotations that declare a Java class as an SPL primitive operator, its ports and parameters. */
package com.ibm.streams.operator.model;
