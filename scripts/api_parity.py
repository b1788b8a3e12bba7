#!/usr/bin/env python3
"""IBM's operator API as a list of signatures, and how much of it our jars have.

IBM's compiled API jar is not published, so the reference list is made from IBM's open-sourced
sources (the `com.ibm.streams.operator.api` module of IBMStreams/OSStreams, plus the `patterns`
package of its samples module, which IBM shipped beside the API and toolkits extend, with the
samples' `Counter` that its signatures name): they are
compiled in a scratch directory and listed with `javap -protected -constants`. The list holds only
names, signatures, checked exceptions and constant values (docs/porting.md, "API coverage").

  api_parity.py generate IBM_CHECKOUT WORK_DIR OUT_FILE [--maven-repo DIR]
      IBM_CHECKOUT is a git checkout (or bare mirror) of IBMStreams/OSStreams. WORK_DIR is a
      scratch directory (emptied first); nothing of IBM's is written anywhere else. The module's
      third-party dependencies (log4j 1.2, API4JSON, commons-math 2.2, ICU4J) come from Maven
      Central through `mvn dependency:get` into the Maven repository given (default ~/.m2).
  api_parity.py check LIST CLASSPATH [--only PREFIX[,PREFIX...]]
      Lists the types and members of LIST missing from CLASSPATH (our compiled jars) or different
      there, then one summary line; exits 0 only when every member is present. --only limits the
      check to types whose names start with one of the prefixes.

Where IBM's product API, which IBM's toolkits were compiled against and call, differs from the
open-sourced module, the list follows the product (PRODUCT_SIGNATURES): real operators are the
reference. generate applies those differences and notes each in the list's header.

Both sides are read with the same javap, so one normalisation serves: interface methods lose
`abstract`/`default`, and `synchronized`, `native` and `strictfp` (which a caller never sees) are
dropped. Packages named `internal` are IBM's implementation (annotation processors, service
providers), not API, and are left out.
"""
import os
import re
import shutil
import subprocess
import sys

API_MODULE = "src/java/spl/com.ibm.streams.operator.api"
SAMPLES_MODULE = "src/java/spl/com.ibm.streams.operator.samples"
MESSAGES_MODULE = "src/java/spl/com.ibm.streams.spl.messages"
# The samples module's packages that are API: base classes operators extend, and the one type
# their signatures name from another package.
SAMPLE_API_PACKAGES = ("com.ibm.streams.operator.samples.patterns",)
SAMPLE_API_TYPES = ("com.ibm.streams.operator.samples.state.Counter",)
DEPENDENCIES = (
    "log4j:log4j:1.2.17",
    "com.github.wnm3:API4JSON:2.0",
    "org.apache.commons:commons-math:2.2",
    "com.ibm.icu:icu4j:56.1",
)
# The product's signatures where they differ from IBM's open-sourced sources: (type, the
# open-sourced member or None, the product's member). EncodingFactory.getJSONEncoding() returns
# JSON4J's types in the product (IBMStreams/streamsx.inetserver's AccessWindowContents and
# WebSocketSend assign it to JSONEncoding<com.ibm.json.java.JSONObject, ...JSONArray>; the json,
# inet and slack toolkits do the same), API4JSON's in OSStreams. The product's
# ConsistentRegionContext also names its region's bean (IBMStreams/streamsx.kafka calls it).
PRODUCT_SIGNATURES = (
    (
        "com.ibm.streams.operator.encoding.EncodingFactory",
        "public static com.ibm.streams.operator.encoding.JSONEncoding<com.api.json.JSONObject,"
        " com.api.json.JSONArray> getJSONEncoding()",
        "public static com.ibm.streams.operator.encoding.JSONEncoding<com.ibm.json.java.JSONObject,"
        " com.ibm.json.java.JSONArray> getJSONEncoding()",
    ),
    (
        "com.ibm.streams.operator.state.ConsistentRegionContext",
        None,
        "public javax.management.ObjectName getConsistentRegionMXBeanName()",
    ),
)
HEADER = """\
# Public and protected signatures of IBM's Java Operator API: every type of the
# com.ibm.streams.operator.api module of IBMStreams/OSStreams outside its `internal` packages, and
# the com.ibm.streams.operator.samples.patterns package (with samples.state.Counter, which it names). Facts only (names, generics, checked
# exceptions, constant values), listed with `javap -protected -constants` from IBM's sources
# compiled for Java 8. Regenerate with scripts/api_parity.py generate; check a build with
# scripts/api_parity.py check (docs/porting.md, "API coverage"). Where IBM's product API, which
# the toolkits compiled against, differs from those sources, the list has the product's member
# (PRODUCT_SIGNATURES in scripts/api_parity.py): EncodingFactory.getJSONEncoding() returns
# JSON4J's types (com.ibm.json.java), and ConsistentRegionContext has
# getConsistentRegionMXBeanName().
"""


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, text=True, capture_output=True, **kw)


# ---- reading javap output -------------------------------------------------------------------

TYPE_LINE = re.compile(r"(?:class|interface|enum|@interface)\s+([\w.$]+)")


def normalise(line):
    s = re.sub(r"\s+", " ", line.strip().rstrip(";").rstrip("{").strip())
    s = s.replace("public abstract ", "public ").replace("abstract ", "")
    s = s.replace(" default ", " ")
    return re.sub(r"\b(synchronized|native|strictfp) ", "", s)


def parse(text):
    """{type name: {"decl": header, "members": set of signatures}} from javap or a list file."""
    types, current = {}, None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("Compiled from"):
            continue
        if line.endswith("{") and current is None:
            m = TYPE_LINE.search(line)
            current = m.group(1) if m else None
            if current:
                types[current] = {"decl": normalise(line), "members": set()}
        elif line == "}":
            current = None
        elif current:
            types[current]["members"].add(normalise(line))
    return types


def javap(classpath, names):
    found = {}
    for i in range(0, len(names), 60):
        result = subprocess.run(
            ["javap", "-protected", "-constants", "-cp", classpath] + names[i:i + 60],
            capture_output=True, text=True)
        found.update(parse(result.stdout))
    return found


# ---- generate -------------------------------------------------------------------------------

def fetch_dependencies(maven_repo):
    jars = []
    for coordinate in DEPENDENCIES:
        group, artifact, version = coordinate.split(":")
        jar = os.path.join(maven_repo, *group.split("."), artifact, version,
                           f"{artifact}-{version}.jar")
        if not os.path.exists(jar):
            run(["mvn", "-B", "-q", f"-Dmaven.repo.local={maven_repo}", "dependency:get",
                 f"-Dartifact={coordinate}", "-Dtransitive=false"])
        jars.append(jar)
    return jars


def message_key_stub(source_root):
    """IBM's message keys are generated at build time from XLIFF files that compile nothing the
    API exposes; a stand-in enum with the key names the sources use lets them compile."""
    keys = set()
    for folder, _, files in os.walk(source_root):
        for name in files:
            if name.endswith(".java"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    keys.update(re.findall(r"\bKey\.([A-Z][A-Z0-9_]+)", f.read()))
    return (
        "package com.ibm.streams.spl.messages.general;\n"
        "public class StreamsSPLJavaMessagesKey {\n"
        "  public enum Key implements com.ibm.streams.spl.messages.MessageKey {\n"
        f"    {', '.join(sorted(keys))};\n"
        "    public String getMessageId() { return name(); }\n"
        "    public String getResourceBundleName() { return \"\"; }\n"
        "  }\n}\n")


def in_scope(class_name, module):
    package = class_name.rsplit(".", 1)[0]
    if ".internal" in f".{package}.":
        return False
    if re.search(r"\$\d", class_name):
        return False  # anonymous and local classes
    if module == SAMPLES_MODULE:
        return package in SAMPLE_API_PACKAGES or class_name in SAMPLE_API_TYPES
    return module == API_MODULE


def apply_product_signatures(listed):
    """Replaces or adds, in {type: {"decl", "members"}}, the product's members."""
    for type_name, open_sourced, product in PRODUCT_SIGNATURES:
        members = listed[type_name]["members"]
        if open_sourced is not None:
            members.discard(open_sourced)
        members.add(product)
    return listed


def generate(ibm_checkout, work_dir, out_file, maven_repo):
    if os.path.exists(work_dir):
        shutil.rmtree(work_dir)
    src, classes = os.path.join(work_dir, "src"), os.path.join(work_dir, "classes")
    os.makedirs(src)
    os.makedirs(classes)
    git_dir = ["git", "-C", ibm_checkout]
    archive = run(git_dir + ["rev-parse", "HEAD"]).stdout.strip()
    tar = subprocess.run(git_dir + ["archive", "HEAD", API_MODULE, SAMPLES_MODULE, MESSAGES_MODULE],
                         check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", src], input=tar, check=True)
    stub_dir = os.path.join(work_dir, "stub", "com", "ibm", "streams", "spl", "messages", "general")
    os.makedirs(stub_dir)
    with open(os.path.join(stub_dir, "StreamsSPLJavaMessagesKey.java"), "w") as f:
        f.write(message_key_stub(src))
    sources = []
    for folder, _, files in os.walk(work_dir):
        sources += [os.path.join(folder, n) for n in files if n.endswith(".java")]
    with open(os.path.join(work_dir, "sources.txt"), "w") as f:
        f.write("\n".join(sources))
    classpath = os.pathsep.join(fetch_dependencies(maven_repo))
    run(["javac", "--release", "8", "-proc:none", "-nowarn", "-encoding", "UTF-8", "-d", classes,
         "-cp", classpath, "@" + os.path.join(work_dir, "sources.txt")])

    names = []
    for module in (API_MODULE, SAMPLES_MODULE):
        root = os.path.join(src, module, "src", "main", "java")
        packages = set()
        for folder, _, files in os.walk(root):
            if any(n.endswith(".java") for n in files):
                packages.add(os.path.relpath(folder, root))
        for package in packages:
            for name in os.listdir(os.path.join(classes, package)):
                if name.endswith(".class"):
                    class_name = (package + "/" + name[:-6]).replace("/", ".")
                    if in_scope(class_name, module):
                        names.append(class_name)
    listed = apply_product_signatures(javap(os.pathsep.join([classes, classpath]), sorted(names)))
    with open(out_file, "w") as out:
        out.write(HEADER)
        out.write(f"# IBMStreams/OSStreams commit {archive}\n")
        for name in sorted(listed):
            entry = listed[name]
            if not entry["decl"].startswith(("public ", "protected ")):
                continue  # package-private types and members never reach operator code
            out.write(f"\n{entry['decl']} {{\n")
            for member in sorted(entry["members"]):
                out.write(f"  {member};\n")
            out.write("}\n")
    print(f"{out_file}: {len(listed)} types from IBMStreams/OSStreams {archive[:12]}")


# ---- check ----------------------------------------------------------------------------------

def check(list_file, classpath, prefixes):
    with open(list_file, encoding="utf-8") as f:
        reference = parse(f.read())
    names = sorted(n for n in reference if not prefixes or n.startswith(tuple(prefixes)))
    ours = javap(classpath, names)
    total = present = 0
    problems = []
    for name in names:
        if name not in ours:
            problems.append(f"missing type {reference[name]['decl']}")
        elif ours[name]["decl"] != reference[name]["decl"]:
            problems.append(f"{name}: declared as '{ours[name]['decl']}', "
                            f"IBM: '{reference[name]['decl']}'")
        for member in sorted(reference[name]["members"]):
            total += 1
            if member in ours.get(name, {}).get("members", ()):
                present += 1
            elif name in ours:
                problems.append(f"{name}: missing or different: {member}")
    for line in problems:
        print(line)
    # A type counts when it is there with IBM's declaration (kind, modifiers, supertypes).
    types_present = sum(1 for n in names if n in ours and ours[n]["decl"] == reference[n]["decl"])
    print(f"API parity: {present}/{total} IBM members present with the exact signature; "
          f"{types_present}/{len(names)} types with IBM's declaration")
    return 0 if present == total and types_present == len(names) else 1


def main(argv):
    if len(argv) >= 4 and argv[0] == "generate":
        maven_repo = os.path.expanduser("~/.m2/repository")
        if "--maven-repo" in argv:
            maven_repo = argv[argv.index("--maven-repo") + 1]
        generate(argv[1], argv[2], argv[3], os.path.abspath(maven_repo))
        return 0
    if len(argv) >= 3 and argv[0] == "check":
        prefixes = []
        if "--only" in argv:
            prefixes = argv[argv.index("--only") + 1].split(",")
        return check(argv[1], argv[2], prefixes)
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
