/** Java classes for SPL values that have no standard Java type: timestamps, rstrings, blobs. */
package com.ibm.streams.operator.types;
