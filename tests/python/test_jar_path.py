"""jar_path(), examples_jar_path() and api_jar_path(): where the jars are looked
for and what is said when they are not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from streams_window import _jars

MODULE_JAR = "java/{0}/target/streams-window-{0}-0.1.0-SNAPSHOT{1}.jar"


def make_jar(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip archive
    return path


def make_checkout(root: Path) -> Path:
    (root / "java" / "spark").mkdir(parents=True)
    (root / "pom.xml").write_text("<project/>")
    (root / "java" / "spark" / "pom.xml").write_text("<project/>")
    return root


def make_module_jar(root: Path, module: str, suffix: str = "") -> Path:
    return make_jar(root / MODULE_JAR.format(module, suffix))


def test_a_bundled_jar_is_preferred(tmp_path: Path) -> None:
    package = tmp_path / "site" / "streams_window"
    bundled = make_jar(package / "jars" / "streams-window-spark-0.1.0-all.jar")
    checkout = make_checkout(tmp_path / "checkout")
    make_module_jar(checkout, "spark", "-all")

    assert _jars.jar_path(package, checkout, build=_jars.SPARK_4) == str(bundled)


def test_a_checkout_supplies_the_spark_modules_shaded_jar_alone(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path)
    shaded = make_module_jar(checkout, "spark", "-all")
    make_module_jar(checkout, "spark")  # the unshaded jar lacks the other modules' classes
    for module in ("runtime", "engine", "api"):
        make_module_jar(checkout, module)

    found = _jars.jar_path(tmp_path / "python" / "streams_window", checkout, build=_jars.SPARK_4)
    assert found == str(shaded)


@pytest.mark.parametrize("build", ["3.5_2.12", "3.5_2.13"])
def test_spark_3_5_gets_the_jar_built_for_it_and_its_scala_version(
    tmp_path: Path, build: str
) -> None:
    checkout = make_checkout(tmp_path / "checkout")
    make_module_jar(checkout, "spark", "-all")
    scala = build.split("_")[1]
    built = make_jar(
        checkout
        / f"java/spark-3.5/scala-{scala}/target/streams-window-spark-{build}-0.1.0-SNAPSHOT-all.jar"
    )
    package = tmp_path / "site" / "streams_window"
    make_jar(package / "jars" / "streams-window-spark-0.1.0-all.jar")  # Spark 4's
    assert _jars.jar_path(package, checkout, build=build) == str(built)

    bundled = make_jar(
        package / "jars" / f"spark-{build}" / f"streams-window-spark-{build}-0.1.0-all.jar"
    )
    assert _jars.jar_path(package, checkout, build=build) == str(bundled)


def test_an_unbuilt_spark_3_5_jar_says_which_command_builds_it(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path)
    make_module_jar(checkout, "spark", "-all")  # Spark 4's is there, not the one wanted

    with pytest.raises(FileNotFoundError) as missing:
        _jars.jar_path(tmp_path / "python" / "streams_window", checkout, build="3.5_2.12")
    assert str(missing.value).endswith(
        "Build it with: cd"
        f" {checkout} && mvn -q -B -pl java/spark-3.5/scala-2.12 -am package -DskipTests"
    )


def test_several_bundled_jars_are_an_error_naming_them(tmp_path: Path) -> None:
    make_jar(tmp_path / "jars" / "streams-window-spark-0.1.0-all.jar")
    make_jar(tmp_path / "jars" / "streams-window-spark-0.2.0-all.jar")

    with pytest.raises(FileNotFoundError, match="holds 2: streams-window-spark-0.1.0-all.jar, "):
        _jars.jar_path(tmp_path, tmp_path / "no-checkout", build=_jars.SPARK_4)


def test_an_unbuilt_checkout_says_which_command_builds_the_jar(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path / "checkout")
    make_module_jar(checkout, "runtime")  # a partial build is not enough

    with pytest.raises(FileNotFoundError) as missing:
        _jars.jar_path(tmp_path / "package", checkout, build=_jars.SPARK_4)

    message = str(missing.value)
    spark_target = checkout / "java" / "spark" / "target"
    assert f"{spark_target} holds no streams-window-spark-*-all.jar" in message
    assert f"cd {checkout} && mvn -q -B -pl java/spark -am package -DskipTests" in message


def test_an_installation_outside_a_checkout_says_how_to_get_the_jar(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as missing:
        _jars.jar_path(tmp_path / "package", tmp_path / "not-a-checkout", build=_jars.SPARK_4)

    message = str(missing.value)
    assert str(tmp_path / "package" / "jars") in message
    assert "not inside a source checkout" in message
    assert "mvn -q -B -pl java/spark -am package -DskipTests" in message


def test_the_examples_jar_is_found_in_a_checkouts_examples_module(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path / "checkout")
    examples = make_module_jar(checkout, "examples")
    make_module_jar(checkout, "examples", "-sources")

    assert _jars.examples_jar_path(tmp_path / "package", checkout) == str(examples)


@pytest.mark.parametrize(
    ("module", "find"), [("examples", _jars.examples_jar_path), ("api", _jars.api_jar_path)]
)
def test_a_bundled_module_jar_is_preferred(
    tmp_path: Path, module: str, find: Callable[[Path, Path], str]
) -> None:
    package = tmp_path / "site" / "streams_window"
    bundled = make_jar(package / "jars" / module / f"streams-window-{module}-0.1.0.jar")
    checkout = make_checkout(tmp_path / "checkout")
    make_module_jar(checkout, module)
    shaded = make_module_jar(checkout, "spark", "-all")

    assert find(package, checkout) == str(bundled)
    # A jar in a subfolder of jars/ is not taken for a second main jar.
    assert _jars.jar_path(package, checkout, build=_jars.SPARK_4) == str(shaded)


def test_a_missing_examples_jar_says_which_command_builds_it(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path / "checkout")

    with pytest.raises(FileNotFoundError) as missing:
        _jars.examples_jar_path(tmp_path / "package", checkout)

    message = str(missing.value)
    assert "streams-window-examples-*.jar" in message
    assert f"cd {checkout} && mvn -q -B -pl java/spark,java/examples -am package" in message


def test_the_api_jar_is_found_in_a_checkouts_api_module(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path / "checkout")
    api = make_module_jar(checkout, "api")
    make_module_jar(checkout, "api", "-sources")
    make_module_jar(checkout, "api", "-javadoc")

    assert _jars.api_jar_path(tmp_path / "package", checkout) == str(api)


def test_a_missing_api_jar_in_a_checkout_says_which_command_builds_it(tmp_path: Path) -> None:
    checkout = make_checkout(tmp_path / "checkout")
    make_module_jar(checkout, "api", "-sources")  # no classes to compile against

    with pytest.raises(FileNotFoundError) as missing:
        _jars.api_jar_path(tmp_path / "package", checkout)

    message = str(missing.value)
    assert f"{checkout / 'java' / 'api' / 'target'} hold no streams-window-api-*.jar" in message
    assert f"cd {checkout} && mvn -q -B -pl java/api -am package -DskipTests" in message


def test_a_missing_api_jar_outside_a_checkout_says_how_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as missing:
        _jars.api_jar_path(tmp_path / "package", tmp_path / "not-a-checkout")

    message = str(missing.value)
    assert str(tmp_path / "package" / "jars" / "api") in message
    assert "not inside a source checkout" in message
    assert "mvn -q -B -pl java/api -am package -DskipTests" in message
