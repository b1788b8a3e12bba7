/**
 * SPL's standard-toolkit {@code Join} operator on the window engine: {@link
 * io.streamswindow.join.Join}, its {@code match}, {@code equalityLHS} / {@code equalityRHS} and
 * output assignments SPL expressions (io.streamswindow.expression), as IBM's template runs it on
 * the C++ window runtime (docs/semantics.md, "SPL Join").
 */
package io.streamswindow.join;
