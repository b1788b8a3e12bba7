"""IBM's compiled functional operators (com.ibm.streamsx.topology.jar of the pinned streamsx
wheel, docs/porting.md "IBM's functional operators") through the Python ``run_operator``.

IBM's jar is fetched by the Maven build of java/ibm-topology (scripts/fetch_streamsx.py), for tests
only, and IBM's jar decodes its ``functionalLogic`` parameter with ``javax.xml.bind``, which
Java 11+ lacks: the test takes jaxb-api from the Maven repository the build used
(``-Dmaven.repo.local`` in MAVEN_OPTS, else ~/.m2/repository). Without either it is skipped, naming what is missing, or
fails under STREAMS_WINDOW_REQUIRE_JAR=1 as scripts/test runs it. The functions are an
application's own classes, compiled here against IBM's jar and serialized by IBM's
``ObjectUtils.serializeLogic``, as IBM's application API serializes them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import zipfile
from collections import defaultdict, deque
from pathlib import Path

import pytest

from support import last_json_line, run_script

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
JAXB = Path("javax/xml/bind/jaxb-api/2.3.1/jaxb-api-2.3.1.jar")

LOGIC_JAVA = """\
package com.acme.ibm;

import com.ibm.streams.operator.types.XML;
import com.ibm.streamsx.topology.function.Function;
import com.ibm.streamsx.topology.internal.logic.ObjectUtils;
import com.ibm.streamsx.topology.logic.Identity;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

/** An application's functions for IBM's operators; main prints them as IBM serializes them. */
public final class Logic {
  /** The window's strings, oldest first, in brackets. */
  public static final class Bracketed implements Function<List<String>, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String apply(List<String> tuples) {
      return "[" + String.join(",", tuples) + "]";
    }
  }

  /** A string's key: its first letter. */
  public static final class FirstLetter implements Function<String, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String apply(String s) {
      return s.substring(0, 1);
    }
  }

  /** A reading's sensor attribute and value: {@code <reading sensor="s1">2.5</reading>}. */
  public static final class SensorAndValue implements Function<XML, String> {
    private static final long serialVersionUID = 1L;

    @Override
    public String apply(XML document) {
      try {
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(document.getInputStream()).getDocumentElement();
        return root.getAttribute("sensor") + "=" + root.getTextContent();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  public static void main(String[] args) {
    System.out.println(ObjectUtils.serializeLogic(new Bracketed()));
    System.out.println(ObjectUtils.serializeLogic(new FirstLetter()));
    System.out.println(ObjectUtils.serializeLogic(new SensorAndValue()));
    System.out.println(ObjectUtils.serializeLogic(new Identity<XML>()));
  }
}
"""


def _missing(what: str) -> None:
    if os.environ.get("STREAMS_WINDOW_REQUIRE_JAR") == "1":
        pytest.fail(what, pytrace=False)
    pytest.skip(what)


def ibm_topology_jar() -> Path:
    target = ROOT / "java" / "ibm-topology" / "target"
    jars = sorted(target.glob("streams-window-ibm-topology-*.jar"))
    if not jars:
        _missing(
            "IBM's topology jar is not built: mvn -pl java/ibm-topology install"
            " (it fetches the pinned streamsx wheel, scripts/fetch_streamsx.py)"
        )
    return jars[-1]


def harness_jar() -> Path:
    """IBM's FunctionTransform implements com.ibm.streams.flow.handlers.StreamHandler, part of
    IBM's harness API, which streams-window's Spark jar does not carry (docs/porting.md, "IBM's
    functional operators"): the harness jar goes with it."""
    target = ROOT / "java" / "harness" / "target"
    jars = sorted(target.glob("streams-window-harness-*.jar"))
    if not jars:
        _missing("the harness jar is not built: mvn -pl java/harness install")
    return jars[-1]


def jaxb_api_jar() -> Path:
    match = re.search(r"-Dmaven\.repo\.local=(\S+)", os.environ.get("MAVEN_OPTS", ""))
    repositories = ([Path(match.group(1))] if match else []) + [Path.home() / ".m2" / "repository"]
    for repository in repositories:
        if (repository / JAXB).is_file():
            return repository / JAXB
    _missing(
        f"IBM's jar needs javax.xml.bind: no {JAXB} in "
        + ", ".join(str(r) for r in repositories)
        + " (mvn -pl java/ibm-compat test-compile downloads it)"
    )
    raise AssertionError("unreachable")


def serialized_logic(
    ibm_jar: Path, jaxb: Path, api_jar: str, tmp_path: Path
) -> tuple[Path, list[str]]:
    """Compiles the application's functions; returns their jar and IBM's serialized forms."""
    javac, java = shutil.which("javac"), shutil.which("java")
    if javac is None or java is None:
        pytest.skip("this test compiles an application's functions and needs a JDK on PATH")
    source = tmp_path / "src" / "com" / "acme" / "ibm" / "Logic.java"
    source.parent.mkdir(parents=True)
    source.write_text(LOGIC_JAVA)
    classes = tmp_path / "classes"
    classpath = os.pathsep.join([str(ibm_jar), api_jar])
    compiled = subprocess.run(
        [javac, "-cp", classpath, "-d", str(classes), str(source)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stderr
    printed = subprocess.run(
        [java, "-cp", os.pathsep.join([classpath, str(jaxb), str(classes)]), "com.acme.ibm.Logic"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    jar = tmp_path / "acme-logic.jar"
    with zipfile.ZipFile(jar, "w") as archive:
        for path in sorted(classes.rglob("*.class")):
            archive.write(path, path.relative_to(classes).as_posix())
    return jar, printed.stdout.split()


def test_ibms_operators_run_through_run_operator(
    built_jar: str, api_jar: str, tmp_path: Path
) -> None:
    ibm_jar, jaxb = ibm_topology_jar(), jaxb_api_jar()
    logic_jar, logic = serialized_logic(ibm_jar, jaxb, api_jar, tmp_path)
    bracketed, first_letter, sensor_and_value, identity = logic
    strings = ["a1", "b1", "a2", "a3", "b2", "c1", "a4", "b3"]
    readings = [("s1", 2.5), ("s2", 10.0), ("s3", 0.125)]
    documents = [f'<reading sensor="{sensor}">{value}</reading>' for sensor, value in readings]

    job = run_script(
        HERE / "ibm_operator_job.py",
        json.dumps(
            {
                "jars": [str(jar) for jar in (ibm_jar, jaxb, harness_jar(), logic_jar)],
                "aggregate": {"logic": bracketed, "key_getter": first_letter, "strings": strings},
                "xml": {
                    "read": sensor_and_value,
                    "identity": identity,
                    "documents": documents,
                },
                "scratch": str(tmp_path),
            }
        ),
    )
    produced = last_json_line(job)

    # IBM's key(firstLetter).last(2).aggregate(f): at each arrival, the key's last two strings.
    windows: dict[str, deque[str]] = defaultdict(lambda: deque(maxlen=2))
    expected = []
    for s in strings:
        windows[s[0]].append(s)
        expected.append("[" + ",".join(windows[s[0]]) + "]")
    assert produced["aggregated"] == sorted(expected)

    # IBM's transform on its tuple<xml document> port: a string column stated as xml reaches the
    # function as IBM's XML value, and an xml attribute comes back as the document's text.
    assert produced["read"] == sorted(f"{sensor}={value}" for sensor, value in readings)
    assert produced["unchanged"] == sorted(documents)
