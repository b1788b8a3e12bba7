"""The checks the facade makes before it reaches the JVM: the Python types of the arguments.

Everything about the plan (whether a column exists and has a fitting type, whether the window
clause, the output schema, the operator class and its parameters are valid) is judged once, by
the JVM entry points, whose refusal (condition ``STREAMS_WINDOW_REFUSED_ARGUMENT``) becomes an
:class:`~streams_window.errors.ArgumentError` (a ``ValueError``). What is checked here is what
Py4J would otherwise turn into an obscure failure or a wrong value: a ``None`` where a string
goes, a set where a list goes, a parameter value that has no SPL spelling. Every public function
of the facade uses these, so the same mistake gets the same message from each.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping, Sequence
from typing import Any

#: One value of an operator parameter, as Python gives it.
ParamScalar = str | int | float | bool
#: An operator parameter: one value or a list of values (SPL parameters take lists).
ParamValue = ParamScalar | Sequence[ParamScalar]


def text(value: Any, argument: str) -> str:
    """``value``, which must be a non-blank string.

    Example::

        text("tumbling, count(4)", "window")  # 'tumbling, count(4)'
        text(None, "window")  # TypeError: window takes a string; got NoneType
    """
    if not isinstance(value, str):
        raise TypeError(f"{argument} takes a string; got {type(value).__name__}")
    if not value.strip():
        raise ValueError(f"{argument} is empty")
    return value


def optional_text(value: Any, argument: str) -> str | None:
    """``value`` checked by :func:`text`, or ``None`` when not given."""
    return None if value is None else text(value, argument)


def flag(value: Any, argument: str) -> str:
    """A boolean as the Java entry points' options spell it: ``"true"`` or ``"false"``."""
    if not isinstance(value, bool):
        raise TypeError(f"{argument} takes True or False; got {type(value).__name__}")
    return "true" if value else "false"


def one_of(value: Any, choices: Sequence[str], argument: str) -> str:
    """``value``, which must be one of the strings ``choices``."""
    text(value, argument)
    if value not in choices:
        listed = ", ".join(repr(choice) for choice in choices)
        raise ValueError(f"{argument} must be one of {listed}, not {value!r}")
    return str(value)


def column_list(columns: str | Sequence[str] | None, argument: str) -> list[str]:
    """One column name or a list of them, as a list; ``None`` gives ``[]``.

    Example::

        column_list("key", "partition_by")  # ['key']
        column_list(["a", "a"], "order_by")  # ValueError: order_by names a column twice
    """
    if columns is None:
        return []
    if isinstance(columns, str):
        columns = [columns]
    if not isinstance(columns, (list, tuple)):
        raise TypeError(
            f"{argument} takes a column name or a list of column names; got"
            f" {type(columns).__name__}"
        )
    for column in columns:
        text(column, f"{argument} column")
    if len(set(columns)) != len(columns):
        raise ValueError(f"{argument} names a column twice: {list(columns)}")
    return list(columns)


def schema(value: Any, argument: str, port: int = 0) -> Any:
    """``value``, which must be a non-blank DDL string or a ``StructType``: the schema of output
    port ``port``."""
    from pyspark.sql.types import StructType

    if isinstance(value, StructType):
        return value
    if not isinstance(value, str):
        raise TypeError(
            f"{argument} takes a DDL string such as 'key string, total double' or a"
            f" StructType; got {type(value).__name__}"
        )
    if not value.strip():
        raise ValueError(f"{argument} is empty: give the schema of output port {port}")
    return value


def parameter_strings(params: Mapping[str, ParamValue] | None) -> dict[str, list[str]]:
    """Operator parameters as SPL passes them: each a list of strings.

    Example::

        parameter_strings({"attr": "cost", "sizes": [1, 2], "strict": True})
        # {'attr': ['cost'], 'sizes': ['1', '2'], 'strict': ['true']}
    """
    if params is None:
        return {}
    if not isinstance(params, Mapping):
        raise TypeError(
            "params takes a mapping of parameter name to value(s), such as {'attr': 'cost'};"
            f" got {type(params).__name__}"
        )
    converted: dict[str, list[str]] = {}
    for name, value in params.items():
        if not isinstance(name, str) or not name:
            raise TypeError(f"params names must be non-empty strings; got {name!r}")
        if isinstance(value, (list, tuple)):
            if not value:
                raise ValueError(f"parameter {name!r} has no values: give at least one")
            converted[name] = [_parameter_string(name, item) for item in value]
        else:
            converted[name] = [_parameter_string(name, value)]
    return converted


def string_mapping(
    entries: Mapping[str, str] | None, argument: str, what: str, example: tuple[str, str]
) -> dict[str, str]:
    """A mapping of non-blank column names to non-blank strings (column -> SPL type, column ->
    output function); ``None`` gives ``{}``. ``what`` names the values and ``example`` is a valid
    entry, both for the messages.

    Example::

        string_mapping({"amount": "decimal64"}, "spl_types", "SPL type", ("amount", "decimal64"))
        string_mapping({"amount": 64}, "spl_types", "SPL type", ("amount", "decimal64"))
        # TypeError: spl_types['amount'] takes an SPL type as text, such as 'decimal64'; got int
    """
    if entries is None:
        return {}
    column, value = example
    if not isinstance(entries, Mapping):
        raise TypeError(
            f"{argument} takes a mapping of column name to {what}, such as"
            f" {{{column!r}: {value!r}}}; got {type(entries).__name__}"
        )
    checked: dict[str, str] = {}
    for name, given in entries.items():
        if not isinstance(name, str):
            raise TypeError(f"{argument} names columns by strings; got {name!r}")
        if not name.strip():
            raise ValueError(f"{argument} has an empty column name")
        if not isinstance(given, str):
            raise TypeError(
                f"{argument}[{name!r}] takes an {what} as text, such as {value!r};"
                f" got {type(given).__name__}"
            )
        if not given.strip():
            raise ValueError(f"{argument}[{name!r}] is empty: give an {what} such as {value!r}")
        checked[name] = given
    return checked


def _parameter_string(name: str, value: Any) -> str:
    # bool first: it is an int too, and SPL spells booleans in lower case.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        number = float(value)
        if math.isnan(number):
            return "NaN"
        if math.isinf(number):
            return "Infinity" if number > 0 else "-Infinity"
        return repr(number)  # the shortest text that reads back as the same double
    raise TypeError(
        f"parameter {name!r} has a value of type {type(value).__name__} ({value!r}); a"
        " parameter value is a str, int, float or bool, or a list of them"
    )
