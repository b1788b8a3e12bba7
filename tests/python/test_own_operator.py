"""The documented route for a user's own operator (docs/porting.md), end to end: Java source
written against IBM's API only, compiled with ``javac -cp "$(python -m streams_window classpath)"``,
packed into a jar, shipped with ``configure(extra_jars=...)`` and run by ``run_operator``.

The Spark part runs in a subprocess (own_operator_job.py): the shared test session was started
without this jar, and spark.jars is read only when a JVM starts.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import streams_window as sw
from support import last_json_line, run_script

HERE = Path(__file__).resolve().parent
PORTING_PAGE = HERE.parents[1] / "docs" / "porting.md"

OPERATOR = "com.acme.ops.Spread"
TUMBLE = 3  # the job's window: partitioned, tumbling, count(3)
SCALE = 2.0  # the job's "scale" parameter

# Written as a team leaving IBM Streams writes operators: IBM's packages only, a @Parameter named
# by its annotation and one named by its setter, a listener registered in initialize().
SPREAD_JAVA = """\
package com.acme.ops;

import com.ibm.streams.operator.AbstractOperator;
import com.ibm.streams.operator.OperatorContext;
import com.ibm.streams.operator.OutputTuple;
import com.ibm.streams.operator.StreamingOutput;
import com.ibm.streams.operator.Tuple;
import com.ibm.streams.operator.model.InputPortSet;
import com.ibm.streams.operator.model.InputPorts;
import com.ibm.streams.operator.model.OutputPortSet;
import com.ibm.streams.operator.model.OutputPorts;
import com.ibm.streams.operator.model.Parameter;
import com.ibm.streams.operator.model.PrimitiveOperator;
import com.ibm.streams.operator.window.StreamWindowEvent;
import com.ibm.streams.operator.window.StreamWindowListener;

/** On each tumble: the spread (max - min) of one attribute, times a scale, and the count. */
@PrimitiveOperator(name = "Spread")
@InputPorts(@InputPortSet(cardinality = 1, windowingMode = InputPortSet.WindowMode.Windowed))
@OutputPorts(@OutputPortSet(cardinality = 1))
public class Spread extends AbstractOperator implements StreamWindowListener<Tuple> {
  private String attr;
  private double scale = 1.0;

  @Parameter(name = "attr", optional = false, description = "The numeric attribute")
  public void setAttr(String attr) {
    this.attr = attr;
  }

  // No name given: the parameter is "scale", after the setter.
  @Parameter(optional = true, description = "Multiplies the spread")
  public void setScale(double scale) {
    this.scale = scale;
  }

  @Override
  public synchronized void initialize(OperatorContext context) throws Exception {
    super.initialize(context);
    // Checked here, so that a wrong name is refused when the plan is built, before any job.
    if (getInput(0).getStreamSchema().getAttribute(attr) == null) {
      throw new IllegalArgumentException("attr: no input attribute is named " + attr);
    }
    getInput(0).getStreamWindow().registerListener(this, false);
  }

  @Override
  public void handleEvent(StreamWindowEvent<Tuple> event) throws Exception {
    if (event.getType() != StreamWindowEvent.Type.EVICTION) {
      return;
    }
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    long count = 0;
    Tuple first = null;
    for (Tuple tuple : event.getTuples()) {
      double value = tuple.getDouble(attr);
      min = Math.min(min, value);
      max = Math.max(max, value);
      count++;
      if (first == null) {
        first = tuple;
      }
    }
    if (first == null) {
      return;
    }
    StreamingOutput<OutputTuple> out = getOutput(0);
    OutputTuple result = out.newTuple();
    result.assign(first);
    result.setDouble("spread", (max - min) * scale);
    result.setLong("count", count);
    out.submit(result);
  }
}
"""


def readings() -> list[list[Any]]:
    """Key "a" gets 8 rows, "b" 4, neither a multiple of the tumble; listed in reverse order."""
    rows = [["b" if seq % 3 == 2 else "a", seq, (seq * seq % 13) * 0.5] for seq in range(12)]
    return rows[::-1]


def expected_tumbles(rows: list[list[Any]]) -> list[list[Any]]:
    """Per key in seq order, one row per full tumble: its first tuple's key and seq, the scaled
    spread and the count. A batch ends with a final marker, which shows the remaining tuples to
    the listener as FINAL, not EVICTION, so they produce nothing."""
    by_key: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for key, seq, value in sorted(rows, key=lambda row: row[1]):
        by_key[key].append((seq, value))
    expected = []
    for key, items in by_key.items():
        for start in range(0, len(items) - len(items) % TUMBLE, TUMBLE):
            tumble = items[start : start + TUMBLE]
            values = [value for _, value in tumble]
            expected.append([key, tumble[0][0], (max(values) - min(values)) * SCALE, TUMBLE])
    return sorted(expected)


def compile_operator(source_root: Path, classes: Path) -> None:
    javac = shutil.which("javac")
    if javac is None:
        pytest.skip("this test compiles an operator and needs a JDK's javac on PATH")
    classpath = subprocess.run(
        [sys.executable, "-m", "streams_window", "classpath"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.strip()
    source = source_root / "com" / "acme" / "ops" / "Spread.java"
    source.parent.mkdir(parents=True)
    source.write_text(SPREAD_JAVA)
    # -Werror: compiling against the API jar alone must not even warn (no missing classes).
    compiled = subprocess.run(
        [javac, "-Xlint:all", "-Werror", "-cp", classpath, "-d", str(classes), str(source)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stderr


def pack_jar(classes: Path, jar: Path) -> None:
    with zipfile.ZipFile(jar, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(classes.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(classes).as_posix())


def test_an_operator_compiled_against_the_api_jar_runs_on_spark(
    built_jar: str, api_jar: str, tmp_path: Path
) -> None:
    classes = tmp_path / "classes"
    compile_operator(tmp_path / "src", classes)
    jar = tmp_path / "acme-operators.jar"
    pack_jar(classes, jar)
    rows = readings()

    job = run_script(
        HERE / "own_operator_job.py",
        str(jar),
        OPERATOR,
        json.dumps(rows),
        str(tmp_path),
        cwd=tmp_path,
    )
    result = last_json_line(job)

    assert result["rows"] == expected_tumbles(rows)
    assert result["rows"] == [
        ["a", 0, 9.0, 3],  # seq 0, 1, 3: values 0.0, 0.5, 4.5
        ["a", 4, 7.0, 3],  # seq 4, 6, 7: values 1.5, 5.0, 5.0
        ["b", 2, 8.0, 3],  # seq 2, 5, 8: values 2.0, 6.0, 6.0
    ]
    assert (
        result["refused"] == f'Operator {OPERATOR} (window "partitioned, tumbling, count(3)"):'
        " attr: no input attribute is named price"
    )
    # The tracker sees the collect's jobs, and none for the refused plan.
    assert result["jobs_for_rows"] > 0
    assert result["jobs_for_refusal"] == 0


def test_the_porting_guide_shows_the_operator_this_test_runs() -> None:
    assert f"```java\n{SPREAD_JAVA}```\n" in PORTING_PAGE.read_text()


def test_an_operator_added_to_a_connect_session_with_add_artifacts_runs_there(
    api_jar: str, connect_spark: Any, tmp_path: Path
) -> None:
    # The Connect server started without this jar: the session gets it from its client.
    classes = tmp_path / "classes"
    compile_operator(tmp_path / "src", classes)
    jar = tmp_path / "acme-connect-operators.jar"
    pack_jar(classes, jar)
    connect_spark.addArtifacts(str(jar))
    rows = readings()
    df = connect_spark.createDataFrame(
        [tuple(row) for row in rows], "key string, seq long, value double"
    )

    spreads = sw.run_operator(
        df,
        OPERATOR,
        window="partitioned, tumbling, count(3)",
        partition_by="key",
        order_by="seq",
        params={"attr": "value", "scale": SCALE},
        output_schema="key string, seq long, spread double, count long",
    )

    assert sorted([list(row) for row in spreads.collect()]) == expected_tumbles(rows)
