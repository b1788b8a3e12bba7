"""Every Python example of README.md and docs/ runs as written: each page's ``python`` blocks in
order, in one namespace per page, on the shared session."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Pages that must keep at least this many examples (every other page with examples: one): a block
# whose fence lost its "python" tag would otherwise stop running without anyone noticing.
AT_LEAST = {"README.md": 1, "python.md": 6, "porting.md": 8, "connect.md": 2}

# Pages that show no Python to run, by path in the checkout. Every other page must have examples,
# so a new page is either listed here or has its examples run.
WITHOUT_PYTHON = {
    "docs/architecture.md",
    "docs/conformance.md",
    "docs/decisions.md",
    "docs/java.md",
    "docs/performance.md",
    "docs/reliability.md",
    "docs/scenario-format.md",
    "docs/semantics.md",
}

# Pages whose examples run in a test of their own, which gives them what the shared session lacks:
# kafka.md's need a local Kafka broker and Spark's Kafka connector in spark.jars; real-time.md's
# those and Spark 4.3.
ELSEWHERE = {"kafka.md": "test_kafka.py", "real-time.md": "test_real_time.py"}

# Pages whose examples run on a Spark Connect session, given to them as ``spark`` (a process that
# runs the classic session cannot start a local Connect server: conftest.py's connect_spark).
ON_CONNECT = {"connect.md"}


def python_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", markdown, flags=re.DOTALL | re.MULTILINE)


def path_of(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def test_the_pages_with_python_examples_are_the_expected_ones() -> None:
    paths = {path_of(page) for page in PAGES}
    assert WITHOUT_PYTHON <= paths, f"listed but not a page: {sorted(WITHOUT_PYTHON - paths)}"
    with_examples = {path_of(page) for page in PAGES if python_blocks(page.read_text())}
    assert with_examples == paths - WITHOUT_PYTHON
    for page in PAGES:
        if path_of(page) in with_examples:
            assert len(python_blocks(page.read_text())) >= AT_LEAST.get(page.name, 1), page.name


@pytest.mark.parametrize(
    "page",
    [p for p in PAGES if p.name not in ELSEWHERE and path_of(p) not in WITHOUT_PYTHON],
    ids=lambda page: page.name,
)
def test_the_python_examples_of_the_page_run_as_written(
    page: Path, spark: SparkSession, request: pytest.FixtureRequest
) -> None:
    blocks = python_blocks(page.read_text())
    assert len(blocks) >= AT_LEAST.get(page.name, 1)
    namespace: dict[str, object] = {}
    if page.name in ON_CONNECT:
        spark = request.getfixturevalue("connect_spark")
        namespace["spark"] = spark
    for number, block in enumerate(blocks, start=1):
        # A page's own configure(...).getOrCreate() returns the shared session: same jars.
        exec(compile(block, f"{page.name} example {number}", "exec"), namespace)  # noqa: S102
    if "spark" in namespace:
        assert namespace["spark"] is spark


def test_every_python_fence_is_one_that_runs() -> None:
    # Python shown as ```py or ```Python would be skipped by the runner above.
    for page in PAGES:
        fences = re.findall(r"^```(\w+)", page.read_text(), flags=re.MULTILINE)
        assert [f for f in fences if f.lower().startswith("py") and f != "python"] == [], page
