"""configure() puts streams-window's jar on a real Spark session."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

import streams_window as sw


def test_classes_of_our_jars_load_in_the_session_jvm(spark: SparkSession) -> None:
    jvm = spark._jvm
    assert jvm.io.streamswindow.engine.WindowSpec.notWindowed().toString() == "not windowed"
    clause = jvm.io.streamswindow.clause.WindowClauseParser.parse("sliding, time(300), partitioned")
    assert clause.toString() == "partitioned, sliding, time(300.0), count(1)"


def test_the_jar_is_on_the_session(spark: SparkSession, built_jar: str) -> None:
    configured = spark.sparkContext.getConf().get("spark.jars").split(",")
    assert built_jar in configured
    assert spark.sparkContext.getConf().get("spark.ui.showConsoleProgress") == "false"


def test_configure_appends_to_the_callers_settings(built_jar: str) -> None:
    builder = (
        SparkSession.Builder()
        .config("spark.jars", "/opt/other.jar")
        .config("spark.driver.extraJavaOptions", "-Xss4m")
    )
    options = sw.configure(builder)._options

    assert options["spark.jars"].split(",")[0] == "/opt/other.jar"
    assert built_jar in options["spark.jars"].split(",")
    assert options["spark.driver.extraJavaOptions"].startswith("-Xss4m -Dlog4j2.configurationFile=")
    assert options["spark.driver.extraJavaOptions"].endswith("/streams_window/log4j2.properties")


HDFS_STORE = "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider"


def test_configure_chooses_rocksdb_with_changelog_only_where_unset(built_jar: str) -> None:
    options = sw.configure(SparkSession.Builder())._options
    assert options["spark.sql.streaming.stateStore.providerClass"].endswith(
        ".RocksDBStateStoreProvider"
    )
    assert (
        options["spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled"] == "true"
    )

    hdfs = HDFS_STORE
    chosen = (
        SparkSession.Builder()
        .config("spark.sql.streaming.stateStore.providerClass", hdfs)
        .config("spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled", "false")
    )
    options = sw.configure(chosen)._options
    assert options["spark.sql.streaming.stateStore.providerClass"] == hdfs
    assert (
        options["spark.sql.streaming.stateStore.rocksdb.changelogCheckpointing.enabled"] == "false"
    )


def test_configure_turns_the_console_progress_bar_off_only_where_unset(built_jar: str) -> None:
    options = sw.configure(SparkSession.Builder())._options
    assert options["spark.ui.showConsoleProgress"] == "false"

    chosen = SparkSession.Builder().config("spark.ui.showConsoleProgress", "true")
    assert sw.configure(chosen)._options["spark.ui.showConsoleProgress"] == "true"


def test_configure_keeps_a_log_configuration_the_caller_chose(built_jar: str) -> None:
    chosen = "-Dlog4j2.configurationFile=file:/tmp/mine.properties"
    builder = SparkSession.Builder().config("spark.driver.extraJavaOptions", chosen)

    assert sw.configure(builder)._options["spark.driver.extraJavaOptions"] == chosen


def test_configure_rejects_what_is_not_a_builder() -> None:
    with pytest.raises(TypeError, match="takes a SparkSession.Builder.*got str"):
        sw.configure("local[2]")  # type: ignore[arg-type]


def test_configure_adds_extra_jars_after_ours(built_jar: str, tmp_path: Path) -> None:
    mine = tmp_path / "my-operators.jar"
    mine.write_bytes(b"PK\x05\x06" + bytes(18))
    builder = SparkSession.Builder().config("spark.jars", "/opt/other.jar")

    jars = (
        sw.configure(builder, extra_jars=[mine, "hdfs://cluster/jars/shared.jar"])
        ._options["spark.jars"]
        .split(",")
    )

    assert jars == ["/opt/other.jar", built_jar, str(mine), "hdfs://cluster/jars/shared.jar"]


def test_configure_refuses_extra_jars_that_are_missing_or_not_a_list(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="extra_jars entry .*missing.jar.* is not a file"):
        sw.configure(SparkSession.Builder(), extra_jars=[str(tmp_path / "missing.jar")])
    with pytest.raises(TypeError, match="takes a list of jar paths.*got a single str"):
        sw.configure(SparkSession.Builder(), extra_jars="my.jar")  # type: ignore[arg-type]


def test_the_examples_run_on_the_shared_session(spark: SparkSession, examples_jar: str) -> None:
    assert examples_jar in spark.sparkContext.getConf().get("spark.jars").split(",")


def test_configure_under_spark_submit_keeps_the_jars_given_to_it(
    built_jar: str, examples_jar: str, tmp_path: Path
) -> None:
    # spark-submit starts the JVM with --jars before the application runs; spark.jars set by
    # configure() used to replace that list, so executors lost the user's operator jar.
    here = Path(__file__).resolve().parent
    spark_submit = Path(sys.executable).parent / "spark-submit"
    import pyspark

    environment = dict(
        os.environ,
        SPARK_HOME=str(Path(pyspark.__file__).parent),  # else spark-submit asks python3 for it
        PYSPARK_PYTHON=sys.executable,
        SPARK_LOCAL_DIRS=str(tmp_path),
    )
    job = subprocess.run(
        [
            str(spark_submit),
            "--master",
            "local[1]",
            "--jars",
            f"{built_jar},{examples_jar}",
            "--conf",
            "spark.sql.shuffle.partitions=1",
            "--conf",
            "spark.sql.streaming.stateStore.providerClass=" + HDFS_STORE,
            str(here / "submitted_job.py"),
        ],
        env=environment,
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp_path,
    )
    assert job.returncode == 0, job.stderr[-5000:]
    result = json.loads(job.stdout.strip().splitlines()[-1])

    jars = [Path(jar.removeprefix("file:")).name for jar in result["jars"]]
    assert Path(examples_jar).name in jars  # given to --jars only: kept
    assert jars.count(Path(built_jar).name) == 1  # given to both: once
    assert result["totals"] == [6.0]
    # A state store chosen on spark-submit's command line stays; what it did not set is added.
    assert result["state_store"] == HDFS_STORE
    assert result["changelog"] == "true"
