/** Type interfaces that describe composite SPL types (tuples, collections, maps, optionals). */
package com.ibm.streams.operator.meta;
