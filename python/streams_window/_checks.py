"""The checks the facade makes before it reaches the JVM: the Python types of the arguments.

Only what must be checked on this side is checked here: what cannot be sent as it is, over Py4J
or in the Spark Connect request, whose client has no JVM at all. That is each argument's Python
type (a ``None`` or a number where a string goes, a set where a list goes, which Py4J would turn
into an obscure failure or a wrong value) and the conversion of operator parameter values to the
strings SPL passes (a value that has no SPL spelling). Everything else, the form of the values
included (a blank string, a column named twice, a parameter without values, an empty output), is
judged once, by the JVM entry points (``EntryPointArguments`` and the plan's validation), whose
refusal (condition ``STREAMS_WINDOW_REFUSED_ARGUMENT``) becomes an
:class:`~streams_window.errors.ArgumentError` (a ``ValueError``) with the JVM's message, the
same on both session kinds and for Java callers.
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
    """``value``, which must be a string.

    Example::

        text("tumbling, count(4)", "window")  # 'tumbling, count(4)'
        text(None, "window")  # TypeError: window takes a string; got NoneType
    """
    if not isinstance(value, str):
        raise TypeError(f"{argument} takes a string; got {type(value).__name__}")
    return value


def optional_text(value: Any, argument: str) -> str | None:
    """``value`` checked by :func:`text`, or ``None`` when not given."""
    return None if value is None else text(value, argument)


def flag(value: Any, argument: str) -> str:
    """A boolean as the Java entry points' options spell it: ``"true"`` or ``"false"``."""
    if not isinstance(value, bool):
        raise TypeError(f"{argument} takes True or False; got {type(value).__name__}")
    return "true" if value else "false"


def column_list(columns: str | Sequence[str] | None, argument: str) -> list[str]:
    """One column name or a list of them, as a list; ``None`` gives ``[]``.

    Example::

        column_list("key", "partition_by")  # ['key']
        column_list({"key"}, "partition_by")  # TypeError: ... got set
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
    return list(columns)


def schema(value: Any, argument: str) -> Any:
    """``value``, which must be a DDL string or a ``StructType``."""
    from pyspark.sql.types import StructType

    if not isinstance(value, (StructType, str)):
        raise TypeError(
            f"{argument} takes a DDL string such as 'key string, total double' or a"
            f" StructType; got {type(value).__name__}"
        )
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
        if not isinstance(name, str):
            raise TypeError(f"params names must be strings; got {name!r}")
        if isinstance(value, (list, tuple)):
            converted[name] = [_parameter_string(name, item) for item in value]
        else:
            converted[name] = [_parameter_string(name, value)]
    return converted


def string_mapping(
    entries: Mapping[str, str] | None, argument: str, what: str, example: tuple[str, str]
) -> dict[str, str]:
    """A mapping of column names to strings (column -> SPL type, column -> output function);
    ``None`` gives ``{}``. ``what`` names the values and ``example`` is a valid entry, both for
    the messages.

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
    for name, given in entries.items():
        if not isinstance(name, str):
            raise TypeError(f"{argument} names columns by strings; got {name!r}")
        if not isinstance(given, str):
            raise TypeError(
                f"{argument}[{name!r}] takes an {what} as text, such as {value!r};"
                f" got {type(given).__name__}"
            )
    return dict(entries)


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
