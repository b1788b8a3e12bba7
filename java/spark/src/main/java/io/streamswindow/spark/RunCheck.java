package io.streamswindow.spark;

import java.util.function.Consumer;

/**
 * One named step of a run's validation ({@link RunValidation}): it reads what the steps before it
 * found on the {@link RunDraft}, refuses what does not fit with an {@link IllegalArgumentException}
 * naming the argument, and records what it derives for the steps after it. The name is what an
 * operator's own check is placed after ({@link RunValidation#adding}).
 *
 * <pre>{@code
 * RunCheck sortWindow = new RunCheck("sort window", draft -> Sort.check(draft.spec(), ...));
 * }</pre>
 *
 * @param name what the step checks, unique within a validation
 * @param body the check
 */
record RunCheck(String name, Consumer<RunDraft> body) {

  /** Runs the check on {@code draft}. */
  void apply(RunDraft draft) {
    body.accept(draft);
  }
}
