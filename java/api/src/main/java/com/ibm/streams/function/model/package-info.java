/** The annotation that declares a Java method as an SPL native function ({@code @Function}). */
package com.ibm.streams.function.model;
