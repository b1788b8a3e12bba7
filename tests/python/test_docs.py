"""The examples of docs/python.md and docs/porting.md run, each page in order, in one namespace
per page, on the shared session."""

from __future__ import annotations

import re
from pathlib import Path

from pyspark.sql import SparkSession

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGE = DOCS / "python.md"
PORTING_PAGE = DOCS / "porting.md"


def python_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", markdown, flags=re.DOTALL | re.MULTILINE)


def run_page(page: Path) -> dict[str, object]:
    namespace: dict[str, object] = {}
    for number, block in enumerate(python_blocks(page.read_text()), start=1):
        # The page's own configure(...).getOrCreate() returns the shared session: same jars.
        exec(compile(block, f"{page.name} example {number}", "exec"), namespace)  # noqa: S102
    return namespace


def test_the_examples_of_the_python_page_run(spark: SparkSession) -> None:
    assert len(python_blocks(PAGE.read_text())) >= 6
    assert run_page(PAGE)["spark"] is spark


def test_the_examples_of_the_porting_page_run(spark: SparkSession) -> None:
    assert len(python_blocks(PORTING_PAGE.read_text())) >= 8
    assert run_page(PORTING_PAGE)["spark"] is spark
