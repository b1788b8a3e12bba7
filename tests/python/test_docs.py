"""The examples of docs/python.md run, in order, in one namespace, on the shared session."""

from __future__ import annotations

import re
from pathlib import Path

from pyspark.sql import SparkSession

PAGE = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def python_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", markdown, flags=re.DOTALL | re.MULTILINE)


def test_the_examples_of_the_python_page_run(spark: SparkSession) -> None:
    blocks = python_blocks(PAGE.read_text())
    assert len(blocks) >= 6
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, start=1):
        # The page's own configure(...).getOrCreate() returns the shared session: same jars.
        exec(compile(block, f"{PAGE.name} example {number}", "exec"), namespace)  # noqa: S102
    assert namespace["spark"] is spark
