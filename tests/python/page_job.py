"""Runs the ``python`` blocks of one page of docs/ in a fresh process, in order and in one
namespace, as test_docs.py runs the other pages on the shared session; then prints, as JSON, the
value of an expression evaluated in that namespace.

For pages whose examples need a session of their own (spark.jars is read only when a process
starts its JVM) or a service the test starts: each "OLD=NEW" argument replaces text in the page
first (OLD holds no "="), such as the address of a local broker. Run from the checkout's root.
Usage:
python page_job.py <page> <expression> [OLD=NEW ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from test_docs import python_blocks


def main(page: Path, expression: str, replacements: list[str]) -> object:
    text = page.read_text()
    for replacement in replacements:
        old, new = replacement.split("=", 1)
        assert old in text, f"{page.name} has no {old!r} to replace"
        text = text.replace(old, new)
    namespace: dict[str, object] = {}
    for number, block in enumerate(python_blocks(text), start=1):
        exec(compile(block, f"{page.name} example {number}", "exec"), namespace)  # noqa: S102
    return eval(expression, namespace)  # noqa: S307


if __name__ == "__main__":
    page_arg, expression_arg, *replacements_arg = sys.argv[1:]
    print(json.dumps(main(Path(page_arg), expression_arg, replacements_arg)))
