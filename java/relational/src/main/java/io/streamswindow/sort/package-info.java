/**
 * SPL's standard-toolkit {@code Sort} operator on the window engine: {@link
 * io.streamswindow.sort.Sort}, whose {@code sortBy} keys are SPL expressions
 * (io.streamswindow.expression), run through IBM's harness and, by {@code Sorts}, on Spark.
 *
 * <p>It follows IBM's C++ window runtime, on which SPL's operators run, where that runtime differs
 * from the Java one the engine follows (docs/semantics.md, "SPL Sort").
 */
package io.streamswindow.sort;
