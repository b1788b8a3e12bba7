"""Command line of streams-window: ``python -m streams_window classpath [--spark]``.

``classpath`` prints what ``javac`` or a build tool needs to compile an IBM Streams Java operator
(the API jar, :func:`streams_window.api_jar_path`, and the JSON4J jar beside it); ``classpath --spark`` prints the jar a Spark
session needs (:func:`streams_window.jar_path`), for ``spark-submit --jars``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from streams_window import _jars

PROG = "python -m streams_window"

_EXAMPLES = f"""\
examples:
  javac -cp "$({PROG} classpath)" -d classes src/com/acme/MyOperator.java
  jar cf my-operators.jar -C classes .
  spark-submit --jars "$({PROG} classpath --spark),my-operators.jar" app.py
"""

# Wrapped by hand: the raw formatter keeps the examples' lines as they are, and this text too.
_CLASSPATH_DESCRIPTION = """\
Print the classpath to compile an IBM Streams Java operator against: the jar of
IBM's API packages (com.ibm.streams.operator.**) and the jar of IBM's JSON4J
(com.ibm.json.java), for javac -cp or a build tool.
Operators need nothing else to compile, unless they use the SPL complex types
(add commons-math 2.2) or log through log4j 1.x (add a log4j 1.x API, such as
log4j-1.2-api). With --spark, print the jar a Spark session needs instead.
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status."""
    parser = _parser()
    arguments = parser.parse_args(argv)
    try:
        if arguments.spark:
            print(_jars.jar_path())
        else:
            print(_jars.compile_classpath())
    except FileNotFoundError as missing:
        # One line, no traceback: the message already says which command builds the jar.
        print(f"{PROG} classpath: {missing}", file=sys.stderr)
        return 1
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="streams-window: IBM Streams windowed Java operators on Apache Spark.",
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    classpath = commands.add_parser(
        "classpath",
        help="print the jar to compile your operators against (--spark: the jars Spark needs)",
        description=_CLASSPATH_DESCRIPTION,
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    classpath.add_argument(
        "--spark",
        action="store_true",
        help=(
            "print instead the jars a Spark session needs to run operators, comma-separated"
            " for spark-submit --jars or spark.jars (add your operators' jar after them)"
        ),
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
