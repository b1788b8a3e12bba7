"""jar_path() and classpath_jars(): where the jar is looked for and what is said when it is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from streams_window import _jars


def make_jar(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip archive
    return path


def make_checkout(root: Path) -> Path:
    (root / "java").mkdir(parents=True)
    (root / "pom.xml").write_text("<project/>")
    return root


def test_a_bundled_jar_is_preferred(tmp_path: Path) -> None:
    package = tmp_path / "site" / "streams_window"
    bundled = make_jar(package / "jars" / "streams-window-spark-0.1.0.jar")
    checkout = make_checkout(tmp_path / "checkout")
    make_jar(checkout / "java/runtime/target/streams-window-runtime-0.1.0-SNAPSHOT.jar")

    assert _jars.classpath_jars(package, checkout) == [bundled]


def test_a_checkout_supplies_the_runtime_jar_first_then_what_it_needs(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path)
    target = "java/{0}/target/streams-window-{0}-0.1.0-SNAPSHOT"
    runtime = make_jar(checkout / (target.format("runtime") + ".jar"))
    engine = make_jar(checkout / (target.format("engine") + ".jar"))
    api = make_jar(checkout / (target.format("api") + ".jar"))
    make_jar(checkout / (target.format("runtime") + "-sources.jar"))
    make_jar(checkout / (target.format("runtime") + "-tests.jar"))

    assert _jars.classpath_jars(tmp_path / "python" / "streams_window", checkout) == [
        runtime,
        engine,
        api,
    ]


def test_several_bundled_jars_are_an_error_naming_them(tmp_path: Path) -> None:
    make_jar(tmp_path / "jars" / "streams-window-spark-0.1.0.jar")
    make_jar(tmp_path / "jars" / "streams-window-spark-0.2.0.jar")

    with pytest.raises(FileNotFoundError, match="holds 2: streams-window-spark-0.1.0.jar, "):
        _jars.classpath_jars(tmp_path, tmp_path / "no-checkout")


def test_an_unbuilt_checkout_says_which_command_builds_the_jar(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path / "checkout")

    with pytest.raises(FileNotFoundError) as missing:
        _jars.classpath_jars(tmp_path / "package", checkout)

    message = str(missing.value)
    assert "streams-window-runtime-*.jar" in message
    assert str(checkout / "java" / "runtime" / "target") in message
    assert f"cd {checkout} && mvn -q -B -pl java/runtime -am package -DskipTests" in message


def test_an_installation_outside_a_checkout_says_how_to_get_the_jar(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as missing:
        _jars.classpath_jars(tmp_path / "package", tmp_path / "not-a-checkout")

    message = str(missing.value)
    assert str(tmp_path / "package" / "jars") in message
    assert "not inside a source checkout" in message
    assert "mvn -q -B -pl java/runtime -am package -DskipTests" in message
