"""An operator's application files and class libraries on Spark (on executor JVMs of their own:
test_local_cluster.py) (docs/porting.md, "Class
libraries and directories"): the session's settings name the directories, Spark ships them to
every executor (``--archives``, ``SparkContext.addArchive``), and each JVM finds them there."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

import streams_window as sw
from streams_window.errors import ArgumentError
from support import (
    BUNDLE_GREETING,
    BUNDLE_LABEL,
    RESOURCE_LABEL,
    RESOURCE_LABEL_OUTPUT,
    application_bundle,
)

APPLICATION = "spark.streamswindow.applicationDirectory"
TOOLKIT = "spark.streamswindow.toolkitDirectory"
OUTPUT = RESOURCE_LABEL_OUTPUT


@pytest.fixture()
def settings(spark: SparkSession) -> Iterator[None]:
    yield
    for key in (APPLICATION, TOOLKIT):
        spark.conf.unset(key)


def test_an_operator_reads_its_application_files_and_loads_its_class_libraries_where_spark_shipped_them(
    spark: SparkSession, tmp_path: Path, settings: None
) -> None:
    name = f"app-{uuid.uuid4().hex[:8]}"
    archive = application_bundle(tmp_path, name)
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
        (BUNDLE_LABEL, BUNDLE_GREETING)
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
