"""The exception classes streams-window raises (the bottom layer: docs/python.md, "How the
package is layered"). :mod:`streams_window.errors` re-exports them and documents which failure
becomes which class; this module only defines them.

Every error carries what the Java exception behind it said: ``java_class`` and ``java_message``,
and for streams-window's own Java exceptions (which implement Spark's ``SparkThrowable``) their
``condition`` and message ``parameters``.

Example::

    from streams_window.errors import OperatorError

    try:
        rows = out.collect()
    except OperatorError as error:
        print(error.condition, error.parameters["operator"])  # STREAMS_WINDOW_OPERATOR_FAILED ...
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "ArgumentError",
    "OperatorError",
    "PlanWarning",
    "StreamsWindowError",
    "WindowClauseError",
]


class StreamsWindowError(Exception):
    """The base class of every error streams-window raises.

    Attributes:
        message: what went wrong, and where possible how to fix it.
        java_class: the class name of the Java exception that caused it, or ``None``.
        java_message: that Java exception's message, or ``None``.
        condition: the condition (Spark's error class) of the Java exception that decided the
            class, e.g. ``STREAMS_WINDOW_OPERATOR_FAILED``; ``None`` when it has none.
        parameters: that exception's message parameters (empty when it has none), e.g.
            ``operator``, ``window``, ``causeClass`` of ``STREAMS_WINDOW_OPERATOR_FAILED``.

    Example::

        from streams_window.errors import StreamsWindowError

        try:
            sw.run_operator(df, "com.acme.VSum", window="tumbling, count(4)",
                            output_schema="total double")
        except StreamsWindowError as error:
            print(error.java_class, error.java_message)
            print(error.condition, error.parameters)  # STREAMS_WINDOW_REFUSED_ARGUMENT {...}
    """

    def __init__(
        self,
        message: str,
        *,
        java_class: str | None = None,
        java_message: str | None = None,
        condition: str | None = None,
        parameters: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.java_class = java_class
        self.java_message = java_message
        self.condition = condition
        self.parameters: dict[str, str] = dict(parameters or {})

    def __str__(self) -> str:
        return self.message


class ArgumentError(StreamsWindowError, ValueError):
    """A bad argument found on the JVM side (condition ``STREAMS_WINDOW_REFUSED_ARGUMENT``: the
    Java ``IllegalArgumentException`` an entry point refused it with, whose class is
    ``java_class``).

    Raised for what only the JVM can check: an operator class that is not found or is not an
    ``Operator``, an output schema that Spark cannot read or whose column names differ only in
    case from the names the operator uses, an unknown, missing or bad operator parameter, a
    partitioned window without ``partition_by``, an ``spl_types`` entry that names no column or
    no SPL type, or a type that does not fit its column; and, from a streaming query restarted
    from its checkpoint, a ``partition_by`` whose columns differ in number or type from those
    the checkpoint's state is keyed by, or (for a query started from another session than
    the one that built its plan) a session whose settings give the other state layout. It is a
    ``ValueError``, like the errors the facade raises itself for bad arguments.

    Example::

        from streams_window.errors import ArgumentError

        try:
            sw.run_operator(df, "io.streamswindow.examples.WindowSum",
                            window="tumbling, count(4)", params={"atr": "cost"},
                            output_schema="total double")
        except ArgumentError as error:
            print(error)  # ... has no parameter 'atr' (did you mean 'attr'?); ...
            print(error.condition)  # STREAMS_WINDOW_REFUSED_ARGUMENT
    """


class WindowClauseError(ArgumentError):
    """An SPL window clause that cannot be read (Java ``WindowClauseException``).

    Attributes:
        clause: the clause as given.
        token: the offending token, or ``""`` when the clause ended too early.
        position: the 0-based character index of ``token`` in ``clause``.

    Example::

        from streams_window.errors import WindowClauseError

        try:
            sw.parse_window("sliding, cnt(3)")
        except WindowClauseError as error:
            print(error.token, error.position)  # cnt 9
    """

    def __init__(
        self,
        message: str,
        *,
        clause: str | None = None,
        token: str | None = None,
        position: int | None = None,
        java_class: str | None = None,
        java_message: str | None = None,
        condition: str | None = None,
        parameters: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(
            message,
            java_class=java_class,
            java_message=java_message,
            condition=condition,
            parameters=parameters,
        )
        self.clause = clause
        self.token = token
        self.position = position


class OperatorError(StreamsWindowError, RuntimeError):
    """A Java operator that failed: in its dry run on the driver, or while Spark ran it.

    The message's first line is the cause (the operator's own exception, or what was wrong with
    the input, such as a null in a column); the second names the operator, the window clause and,
    when the failure happened inside one partition, the partition key.

    Attributes:
        operator: the operator's class name (``None`` if it could not be read).
        window: the window clause (``None`` if it could not be read).
        key: the partition key as Java prints it, e.g. ``[a]``, or ``None``.
        cause_class: the class name of the innermost Java exception, the operator's own.
        cause_message: that exception's message.

    Example::

        from streams_window.errors import OperatorError

        failing = sw.run_operator(df, "io.streamswindow.examples.FailingOperator",
                                  window="tumbling, count(4)", output_schema="total double",
                                  params={"failAt": 3})
        try:
            failing.collect()
        except OperatorError as error:
            print(error.cause_message)  # FailingOperator fails on tuple 3 as configured
    """

    def __init__(
        self,
        message: str,
        *,
        operator: str | None = None,
        window: str | None = None,
        key: str | None = None,
        cause_class: str | None = None,
        cause_message: str | None = None,
        java_class: str | None = None,
        java_message: str | None = None,
        condition: str | None = None,
        parameters: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(
            message,
            java_class=java_class,
            java_message=java_message,
            condition=condition,
            parameters=parameters,
        )
        self.operator = operator
        self.window = window
        self.key = key
        self.cause_class = cause_class
        self.cause_message = cause_message


class PlanWarning(UserWarning):
    """What the plan checks found that may give wrong values without failing: an output column
    that shares an input attribute's name with another SPL type, which ``assign()`` does not
    copy, and which the operator's code names, so it may set it itself. The message names both
    types and the fixes. Raised with :func:`warnings.warn` when ``run_operator`` returns (the
    JVM's log line of it is hidden by the facade's quiet logs); turn it into an error with
    ``warnings.simplefilter("error", PlanWarning)``.

    Example::

        import warnings
        from streams_window.errors import PlanWarning

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", PlanWarning)
            out = sw.run_operator(df, "com.acme.Scale", window=None,
                                  output_schema="v double")  # v is a float column
        print(caught[0].message)  # output_schema column 'v' is SPL float64 and ...
    """
