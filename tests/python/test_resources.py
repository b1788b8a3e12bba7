"""An operator's application files and class libraries on Spark (docs/porting.md, "Class
libraries and directories"): the session's settings name the directories, Spark ships them to
every executor (``--archives``, ``SparkContext.addArchive``), and each JVM finds them there."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from streams_window.errors import ArgumentError

RESOURCE_LABEL = "io.streamswindow.examples.ResourceLabel"
APPLICATION = "spark.streamswindow.applicationDirectory"
TOOLKIT = "spark.streamswindow.toolkitDirectory"
OUTPUT = "key string, seq long, cost double, label string, greeting string"


@pytest.fixture()
def settings(spark: SparkSession) -> Iterator[None]:
    yield
    for key in (APPLICATION, TOOLKIT):
        spark.conf.unset(key)


def greeting_jar(into: Path) -> Path:
    """A jar with one class, ``greet.Hello``, that no classpath of the session holds."""
    sources = into / "src" / "greet"
    sources.mkdir(parents=True)
    (sources / "Hello.java").write_text(
        "package greet; public class Hello {"
        ' public String toString() { return "hello from the toolkit"; } }'
    )
    java_home = Path(os.environ.get("JAVA_HOME") or Path(shutil.which("javac")).resolve().parents[1])
    classes = into / "classes"
    subprocess.run(
        [str(java_home / "bin" / "javac"), "-d", str(classes), str(sources / "Hello.java")],
        check=True,
    )
    jar = into / "hello.jar"
    with zipfile.ZipFile(jar, "w") as out:
        out.write(classes / "greet" / "Hello.class", "greet/Hello.class")
    return jar


def application_archive(tmp_path: Path) -> tuple[Path, str]:
    """An application's bundle as a zip: etc/label.txt, and toolkit/lib/hello.jar."""
    name = f"app-{uuid.uuid4().hex[:8]}"
    jar = greeting_jar(tmp_path / "jar")
    archive = tmp_path / f"{name}.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("etc/label.txt", "labelled from the application bundle\n")
        out.write(jar, "toolkit/lib/hello.jar")
    return archive, name


def test_an_operator_reads_its_application_files_and_loads_its_class_libraries_where_spark_shipped_them(
    spark: SparkSession, tmp_path: Path, settings: None
) -> None:
    archive, name = application_archive(tmp_path)
    spark.sparkContext.addArchive(f"{archive}#{name}")
    spark.conf.set(APPLICATION, name)
    spark.conf.set(TOOLKIT, f"{name}/toolkit")

    labelled = sw.run_operator(
        spark.createDataFrame([("a", 1, 2.0), ("b", 1, 3.0)], "key string, seq long, cost double"),
        RESOURCE_LABEL,
        window="tumbling, count(1)",
        order_by="seq",
        params={"file": "etc/label.txt", "library": "lib/*", "className": "greet.Hello"},
        output_schema=OUTPUT,
    )

    assert {(row.label, row.greeting) for row in labelled.collect()} == {
        ("labelled from the application bundle", "hello from the toolkit")
    }


def test_a_directory_setting_that_names_no_directory_is_refused_naming_the_setting(
    spark: SparkSession, settings: None
) -> None:
    spark.conf.set(APPLICATION, "no-such-application")
    with pytest.raises(ArgumentError) as raised:
        sw.run_operator(
            spark.createDataFrame([("a", 1, 2.0)], "key string, seq long, cost double"),
            RESOURCE_LABEL,
            window="tumbling, count(1)",
            params={"file": "etc/label.txt"},
            output_schema=OUTPUT,
        )
    message = str(raised.value)
    assert f"{APPLICATION} = 'no-such-application' is no directory on this host" in message
    assert "--archives" in message
