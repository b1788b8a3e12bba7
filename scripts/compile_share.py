#!/usr/bin/env python3
"""How many of IBM's toolkits' Java operators compile unchanged against our jars.

Not run by CI: a measurement (docs/conformance.md, "IBM's operator API"). Nothing of IBM's is
kept: the toolkits are checkouts in a scratch directory, the classes compile into another.

  compile_share.py list TOOLKITS
      Lists the operator classes found in each toolkit.
  compile_share.py run TOOLKITS WORK_DIR OUT.json --classpath JARS [--maven-repo DIR]
                    [--only NAME,...]
      Compiles every operator class of every toolkit, one javac per class, and writes what
      compiled and each failure's first errors to OUT.json (with --only, those toolkits again,
      the others' results in OUT.json kept). JARS are our jars (API, harness,
      JSON4J), separated by the path separator.
  compile_share.py table BEFORE.json AFTER.json
      Prints the Markdown table of docs/conformance.md: per toolkit (and commit), the operators,
      how many compiled before and after, and the reasons of the failures after (REASONS);
      then the share among operators whose libraries Maven Central has.

TOOLKITS is a directory with one checkout per toolkit, named after it (`kafka` for
IBMStreams/streamsx.kafka). A toolkit's commit is its git HEAD, else the first line of
`TOOLKITS/<name>.commit`.

An operator class is a class that is not abstract and extends `AbstractOperator` or one of the
patterns of IBM's samples (`TupleProducer`, ...), or implements `Operator`, directly or through
classes of the same toolkit; test, sample and documentation directories are left out. Each is
compiled with `javac -proc:none`, the classes it needs coming from the toolkit's own sources
through `-sourcepath`, against our jars, log4j 1.2.17 and `javax.xml.bind` (both there on the
Streams and Java 8 the toolkits were built for), and the toolkit's third-party libraries from
Maven Central: those its `pom.xml` or `build.gradle` declares, with the versions it names,
and for toolkits whose build fetches its libraries another way, the versions that build names
(EXTRA_DEPENDENCIES). A library whose own dependencies are not all on Maven Central is taken
alone; one not on Maven Central is left out, and the classes that need it then fail.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

ALWAYS = ("log4j:log4j:1.2.17", "javax.xml.bind:jaxb-api:2.3.1")
# Toolkits whose build gets its libraries from Maven Central without a pom.xml or build.gradle
# (an Ant target, a download script): the coordinates and versions their build files name.
EXTRA_DEPENDENCIES = {
    # Jars the repository carries in impl/lib or opt, named with their versions; uimaj-json's
    # jar has no version, so the one of the uimaj-core that ruta-core 2.4.0 depends on.
    "nlp": (
        "org.apache.uima:ruta-core:2.4.0",
        "org.apache.uima:uimafit-core:2.1.0",
        "org.apache.uima:uimaj-json:2.8.1",
    ),
    "plumbing": ("org.apache.curator:curator-recipes:2.12.0",),
    "websocket": (
        "org.apache.httpcomponents:httpclient:4.5.14",
        "org.apache.httpcomponents:httpmime:4.5.14",
        "org.apache.httpcomponents:httpcore:4.4.16",
    ),
    # Its build's classpath: the jars under opt, and the Streams installation's commons-math.
    "topology": (
        "com.google.code.gson:gson:2.3.1",
        "org.apache.commons:commons-compress:1.19",
        "org.apache.httpcomponents:httpclient:4.5.13",
        "org.apache.httpcomponents:fluent-hc:4.5.13",
        "org.apache.httpcomponents:httpmime:4.5.13",
        "org.apache.mina:mina-core:2.0.2",
        "org.apache.commons:commons-math:2.2",
        "com.sun.xml.bind:jaxb-impl:2.3.3",
    ),
}
OPERATOR_BASES = {
    "AbstractOperator",
    "TupleProducer",
    "ProcessTupleProducer",
    "PollingTupleProducer",
    "PollingSingleTupleProducer",
    "TupleConsumer",
    "TupleInTupleOut",
}
OPERATOR_INTERFACES = {"Operator"}
LEFT_OUT = re.compile(r"(^|/)(tests?|testers?|samples?|docs?|demos?|examples?)(/|$)", re.I)
# Toolkits built on another toolkit's classes: messagehub's build fetches the kafka toolkit
# (v3.2.5, the kafka checkout measured here) and compiles against it.
TOOLKIT_SOURCES = {"messagehub": ("kafka",)}
CLASS_DECL = re.compile(
    r"^(?P<mods>(?:(?:public|protected|private|abstract|final|static|strictfp)\s+)*)class\s+"
    r"(?P<name>\w+)(?:\s*<[^{]*?>)?(?:\s+extends\s+(?P<ext>[\w.]+)(?:\s*<[^{]*?>)?)?"
    r"(?:\s+implements\s+(?P<impl>[^{]+))?\s*\{",
    re.M,
)


def strip_comments(text):
    """The text without comments and with string and character literals emptied."""
    return re.sub(
        r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
        lambda m: " " if m.group(0)[0] == "/" else m.group(0)[0] * 2,
        text,
        flags=re.S,
    )


def java_classes(root):
    """{simple name: (path, package, abstract, superclass simple name, interface simple names)}"""
    classes = {}
    for folder, dirs, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        if LEFT_OUT.search(rel.replace(os.sep, "/")):
            dirs[:] = []
            continue
        for name in files:
            if not name.endswith(".java"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = strip_comments(f.read())
            package = re.search(r"^\s*package\s+([\w.]+)\s*;", text, re.M)
            for m in CLASS_DECL.finditer(text):
                interfaces = [
                    re.sub(r"<.*", "", i).strip().split(".")[-1]
                    for i in re.sub(r"<[^<>]*>", "", m.group("impl") or "").split(",")
                    if i.strip()
                ]
                classes.setdefault(m.group("name"), (
                    path,
                    package.group(1) if package else "",
                    "abstract" in m.group("mods").split(),
                    (m.group("ext") or "").split(".")[-1],
                    interfaces,
                    m.group("name") == name[:-5],
                ))
    return classes


def operators(root):
    """[(class name, path)] of the toolkit's operator classes (top-level classes only)."""
    classes = java_classes(root)

    for other in TOOLKIT_SOURCES.get(os.path.basename(os.path.normpath(root)), ()):
        for name, entry in java_classes(os.path.join(os.path.dirname(root), other)).items():
            # Only as supertypes: the other toolkit's operators are counted there.
            classes.setdefault(name, entry[:5] + (False,))

    def is_operator(name, seen=()):
        if name not in classes or name in seen:
            return False
        _, _, _, ext, interfaces, _ = classes[name]
        if ext in OPERATOR_BASES or OPERATOR_INTERFACES & set(interfaces):
            return True
        return is_operator(ext, seen + (name,)) or any(
            is_operator(i, seen + (name,)) for i in interfaces)

    found = []
    for name, (path, package, abstract, _, _, top) in sorted(classes.items()):
        if top and not abstract and is_operator(name):
            found.append((f"{package}.{name}" if package else name, path))
    return found


def source_roots(root):
    roots = set()
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".java"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    package = re.search(r"^\s*package\s+([\w.]+)\s*;", strip_comments(f.read()), re.M)
                depth = len(package.group(1).split(".")) if package else 0
                src = folder
                for _ in range(depth):
                    src = os.path.dirname(src)
                roots.add(src)
    return sorted(roots)


# ---- third-party libraries -------------------------------------------------------------------

def pom_dependencies(path):
    try:
        tree = ET.parse(path).getroot()
    except ET.ParseError:
        return []
    for element in tree.iter():
        element.tag = element.tag.split("}")[-1]  # no namespaces, whether the pom has one or not
    props = {p.tag: (p.text or "").strip() for p in tree.findall("properties/*")}
    props.setdefault("project.version", (tree.findtext("version") or "").strip())

    def resolve(value):
        for _ in range(5):
            value = re.sub(r"\$\{([^}]+)\}", lambda m: props.get(m.group(1), m.group(0)), value)
        return value.strip()

    found = []
    for dep in tree.findall("dependencies/dependency"):
        group = resolve(dep.findtext("groupId", ""))
        artifact = resolve(dep.findtext("artifactId", ""))
        version = resolve(dep.findtext("version", ""))
        scope = dep.findtext("scope", "").strip()
        if scope in ("test", "system") or not version or "${" in version:
            continue
        found.append(f"{group}:{artifact}:{version}")
    return found


GRADLE_DEP = re.compile(
    r"^\s*(?:compile|implementation|api|compileOnly|provided|runtime)\s*\(?\s*"
    r"(?:['\"]([^'\":]+):([^'\":]+):([^'\"@]+)[^'\"]*['\"]"
    r"|group\s*:\s*['\"]([^'\"]+)['\"]\s*,\s*name\s*:\s*['\"]([^'\"]+)['\"]\s*,\s*"
    r"version\s*:\s*['\"]([^'\"]+)['\"])",
    re.M,
)


def gradle_dependencies(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = []
    for m in GRADLE_DEP.finditer(text):
        g = [x for x in m.groups() if x]
        if len(g) == 3 and "$" not in g[2]:
            found.append(":".join(g))
    return found


def declared_dependencies(name, root):
    found = list(EXTRA_DEPENDENCIES.get(name, ()))
    for folder, dirs, files in os.walk(root):
        rel = os.path.relpath(folder, root).replace(os.sep, "/")
        if LEFT_OUT.search(rel):
            dirs[:] = []
            continue
        if "pom.xml" in files:
            found += pom_dependencies(os.path.join(folder, "pom.xml"))
        if "build.gradle" in files:
            found += gradle_dependencies(os.path.join(folder, "build.gradle"))
    # IBM's own API and toolkits are what is measured, not libraries to fetch. The build's order
    # is kept: of two versions of a library at the same depth, Maven takes the first declared.
    return list(dict.fromkeys(
        d for d in found if not d.startswith(("com.ibm.streams", "com.ibm.json"))))


POM = """<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>scratch</groupId><artifactId>{name}</artifactId><version>0</version>
<dependencies>{deps}</dependencies></project>
"""


def resolve_classpath(name, coordinates, work_dir, maven_repo):
    """The jars of the coordinates and their dependencies; coordinates Maven Central does not
    have are dropped and returned."""
    missing = []
    coordinates = list(coordinates)
    folder = os.path.join(work_dir, "deps", name)
    os.makedirs(folder, exist_ok=True)
    for _ in range(len(coordinates) + 1):
        deps = "".join(
            f"<dependency><groupId>{g}</groupId><artifactId>{a}</artifactId><version>{v}</version>"
            "<exclusions><exclusion><groupId>*</groupId><artifactId>jdk.tools</artifactId>"
            "</exclusion></exclusions></dependency>"
            for g, a, v in (c.split(":")[:3] for c in coordinates))
        with open(os.path.join(folder, "pom.xml"), "w") as f:
            f.write(POM.format(name=re.sub(r"\W", "-", name), deps=deps))
        out = os.path.join(folder, "classpath.txt")
        result = subprocess.run(
            ["mvn", "-B", "-q", f"-Dmaven.repo.local={maven_repo}", "-f",
             os.path.join(folder, "pom.xml"), "dependency:build-classpath",
             f"-Dmdep.outputFile={out}"], capture_output=True, text=True)
        if result.returncode == 0:
            with open(out) as f:
                jars = [p for p in f.read().strip().split(os.pathsep) if p]
            return jars + jars_alone(missing, maven_repo), [
                c for c in missing if not jar_alone(c, maven_repo)]
        text = result.stdout + result.stderr
        bad = [c for c in coordinates if ":".join(c.split(":")[:2]) in text
               and c.split(":")[2] in text]
        if not bad:
            bad = coordinates[:1]
        for c in bad:
            coordinates.remove(c)
            missing.append(c)
        if not coordinates:
            return jars_alone(missing, maven_repo), [
                c for c in missing if not jar_alone(c, maven_repo)]
    return [], missing


def jar_alone(coordinate, maven_repo):
    """The coordinate's jar without its dependencies, when Central has it (a library whose own
    dependencies are not all there still compiles what uses only it); else None."""
    group, artifact, version = coordinate.split(":")[:3]
    jar = os.path.join(maven_repo, *group.split("."), artifact, version,
                       f"{artifact}-{version}.jar")
    if not os.path.exists(jar):
        subprocess.run(["mvn", "-B", "-q", f"-Dmaven.repo.local={maven_repo}", "dependency:get",
                        f"-Dartifact={coordinate}", "-Dtransitive=false"], capture_output=True)
    return jar if os.path.exists(jar) else None


def jars_alone(coordinates, maven_repo):
    return [j for j in (jar_alone(c, maven_repo) for c in coordinates) if j]


# ---- compile ---------------------------------------------------------------------------------

def compile_one(class_name, path, roots, classpath, out_dir, declared_in=None):
    """Compiles one operator class. A class javac reports missing that the toolkit declares in a
    file of another name (a second class in a file, which -sourcepath cannot find) is added with
    its file, as the toolkit's own build compiles all its sources together."""
    declared_in = declared_in or {}
    files = [path]
    for _ in range(4):
        os.makedirs(out_dir, exist_ok=True)
        result = subprocess.run(
            ["javac", "-proc:none", "-nowarn", "-encoding", "UTF-8", "-implicit:class", "-d",
             out_dir, "-cp", classpath, "-sourcepath", os.pathsep.join(roots)] + files,
            capture_output=True, text=True)
        shutil.rmtree(out_dir, ignore_errors=True)
        # Each error with the symbol javac could not find, when it names one.
        errors, lines = [], result.stderr.splitlines()
        for i, line in enumerate(lines):
            if ": error: " in line:
                symbol = next((s.strip() for s in lines[i + 1:i + 4]
                               if s.strip().startswith("symbol:")), "")
                errors.append(line.split(": error: ", 1)[1] + (f" ({symbol})" if symbol else ""))
        more = {declared_in[m] for m in re.findall(r"symbol:\s+class (\w+)", result.stderr)
                if m in declared_in} - set(files)
        # javac compiling a class implicitly (through -sourcepath) can meet an annotation whose
        # value is another class's constant before it has that constant's value; named on the
        # command line first, as in the toolkit's build, the class compiles.
        first = set(re.findall(r"^(\S+\.java):\d+: error: element value must be a constant",
                               result.stderr, re.M)) - set(files)
        if result.returncode == 0 or not (more or first):
            return result.returncode == 0, errors[:8]
        files = sorted(first) + files + sorted(more)
    return False, errors[:8]


def commit_of(toolkits, name):
    root = os.path.join(toolkits, name)
    if os.path.exists(os.path.join(root, ".git")):
        return subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
    marker = os.path.join(toolkits, name + ".commit")
    if os.path.exists(marker):
        with open(marker) as f:
            return f.readline().strip()
    return ""


def run(toolkits, work_dir, out_file, jars, maven_repo, only=()):
    names = sorted(n for n in os.listdir(toolkits) if os.path.isdir(os.path.join(toolkits, n))
                   and (not only or n in only))
    report = {}
    if only and os.path.exists(out_file):
        with open(out_file) as f:
            report = json.load(f)  # the other toolkits' results are kept
    base = [os.path.abspath(j) for j in jars.split(os.pathsep) if j]
    always, _ = resolve_classpath("always", ALWAYS, work_dir, maven_repo)
    for name in names:
        root = os.path.join(toolkits, name)
        found = operators(root)
        libraries, missing = resolve_classpath(
            name, declared_dependencies(name, root), work_dir, maven_repo)
        classpath = os.pathsep.join(base + always + libraries)
        roots = source_roots(root)
        for other in TOOLKIT_SOURCES.get(name, ()):
            roots += source_roots(os.path.join(toolkits, other))
        declared_in = {n: entry[0] for n, entry in java_classes(root).items() if not entry[5]}
        jobs = [(c, p, roots, classpath, os.path.join(work_dir, "classes", name, c), declared_in)
                for c, p in found]
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(lambda job: compile_one(*job), jobs))
        report[name] = {
            "commit": commit_of(toolkits, name),
            "missing_libraries": missing,
            "operators": {c: {"compiled": ok, "errors": errs}
                          for (c, _), (ok, errs) in zip(found, results)},
        }
        ok = sum(1 for ok, _ in results if ok)
        print(f"{name}: {ok}/{len(found)} compile; libraries not found: {missing or 'none'}",
              flush=True)
    with open(out_file, "w") as f:
        json.dump(report, f, indent=1, sort_keys=True)


# What a failing operator lacks, from its errors: (pattern, the reason, whether Maven Central
# has what is lacking). The first that matches names the reason.
REASONS = (
    (r"com\.ibm\.streams\.operator\.control|class (ControlPlaneContext|Controllable)\b",
     "`com.ibm.streams.operator.control`", True),
    (r"com\.ibm\.json|class (JSON|JSONObject|JSONArray|JSONArtifact|OrderedJSONObject)\)",
     "JSON4J", True),
    (r"com\.ibm\.streams\.management", "Streams' JMX API (`com.ibm.streams.management`)", False),
    (r"com\.ibm\.lang\.management", "IBM's JVM (`com.ibm.lang.management`)", False),
    (r"com\.ibm\.streams\.function\.samples", "IBM's sample functions", False),
)
# Toolkits whose operators need code Maven Central does not have, whatever javac reports first.
OUTSIDE_CENTRAL = {
    "cassandra": "its own Scala implementation",
    "cdc": "IBM's CDC libraries",
    "eventstore": "its own Scala implementation and IBM's Event Store client",
    "health": "the OSEA library its repository carries",
    "objectstorage": "IBM's Stocator build and COS SDK bundle (3 also IBM's sample functions)",
}


def reason(name, operator, missing_libraries):
    text = " ".join(operator["errors"])
    for pattern, why, central in REASONS:
        if central and re.search(pattern, text):
            return why, central  # what streams-window provides comes first
    if name in OUTSIDE_CENTRAL:
        return OUTSIDE_CENTRAL[name], False
    for pattern, why, central in REASONS:
        if re.search(pattern, text):
            return why, central
    if missing_libraries:
        return "libraries not on Maven Central: " + ", ".join(missing_libraries), False
    return (operator["errors"][0] if operator["errors"] else "?"), True


def table(before_file, after_file):
    with open(before_file) as f:
        before = json.load(f)
    with open(after_file) as f:
        after = json.load(f)
    print("| toolkit (commit) | operators | before | after | what the others need |")
    print("|---|---|---|---|---|")
    totals = [0, 0, 0]
    central = [0, 0, 0]  # operators whose libraries Maven Central has: all, before, after
    for name in sorted(after, key=str.lower):
        ops = after[name]["operators"]
        was = before.get(name, {}).get("operators", {})
        b = sum(1 for o in was.values() if o["compiled"])
        a = sum(1 for o in ops.values() if o["compiled"])
        reasons = {}
        for op_name, op in sorted(ops.items()):
            on_central = True
            if not op["compiled"]:
                why, on_central = reason(name, op, after[name]["missing_libraries"])
                reasons[why] = reasons.get(why, 0) + 1
            if on_central:
                central[0] += 1
                central[1] += was.get(op_name, {}).get("compiled", False)
                central[2] += op["compiled"]
        needs = "; ".join(f"{why} ({n})" for why, n in sorted(reasons.items()))
        totals = [totals[0] + len(ops), totals[1] + b, totals[2] + a]
        print(f"| {name} ({after[name]['commit'][:10]}) | {len(ops)} | {b} | {a} | {needs} |")
    n, b, a = totals
    print(f"| **all** | **{n}** | **{b} ({100 * b // max(n, 1)}%)** | "
          f"**{a} ({100 * a // max(n, 1)}%)** | |")
    n, b, a = central
    print(f"\nOperators whose libraries Maven Central has: {n}; before {b} "
          f"({100 * b // max(n, 1)}%), after {a} ({100 * a // max(n, 1)}%).")


def main(argv):
    if len(argv) == 2 and argv[0] == "list":
        for name in sorted(os.listdir(argv[1])):
            if os.path.isdir(os.path.join(argv[1], name)):
                found = operators(os.path.join(argv[1], name))
                print(f"{name}: {len(found)}")
                for class_name, _ in found:
                    print(f"  {class_name}")
        return 0
    if len(argv) >= 4 and argv[0] == "run" and "--classpath" in argv:
        maven_repo = os.path.expanduser("~/.m2/repository")
        if "--maven-repo" in argv:
            maven_repo = argv[argv.index("--maven-repo") + 1]
        only = argv[argv.index("--only") + 1].split(",") if "--only" in argv else ()
        run(argv[1], argv[2], argv[3], argv[argv.index("--classpath") + 1],
            os.path.abspath(maven_repo), only)
        return 0
    if len(argv) == 3 and argv[0] == "table":
        table(argv[1], argv[2])
        return 0
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
