#!/usr/bin/env python3
"""How many of the SPL expressions in IBM's samples (IBMStreams/samples) the expression layer
parses and types: the expressions of every Functor, Filter, Join, Sort and Aggregate invocation
(filter, match, equalityLHS/RHS, sortBy, output assignments, Aggregate's function arguments).

Usage: scripts/spl_sample_share.py SAMPLES [--failures]

SAMPLES is a checkout of IBMStreams/samples, or its git directory (read with git show); it is
fetched by hand and never committed. The jar of the build must exist (mvn install). Each
expression is typed against the schemas of the streams it reads, resolved from the sample's
`stream<...>` declarations and `type` definitions; expressions that call a function the sample
defines, read a composite parameter ($name) or a variable of the invocation's logic clause (which
this layer's Functor has no clause for), are counted apart, as are those whose input schema the
script cannot resolve. Prints the counts, the share that parses and the share that
types, and with --failures each failure's first line.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPERATORS = ("Functor", "Filter", "Join", "Sort", "Aggregate")
AGGREGATE_FUNCTIONS = {
    "Count", "CountAll", "CountGroups", "CountByGroup", "CountDistinct", "CountByDistinct", "Sum",
    "Average", "Min", "Max", "MinCount", "MaxCount", "ArgMin", "ArgMax", "First", "Last", "Any",
    "Collect", "CollectDistinct", "SampleStdDev", "PopulationStdDev",
}
PRIMITIVES = {
    "boolean", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float32", "float64", "decimal32", "decimal64", "decimal128", "rstring", "ustring",
    "timestamp", "blob", "xml", "complex32", "complex64",
}


def read_files(samples: Path) -> dict[str, str]:
    if (samples / "HEAD").is_file() and not (samples / ".git").exists():
        names = subprocess.run(
            ["git", "--git-dir", str(samples), "ls-tree", "-r", "--name-only", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.split()
        wanted = [n for n in names if n.endswith((".spl", ".xml"))]
        return {
            name: subprocess.run(
                ["git", "--git-dir", str(samples), "show", f"HEAD:{name}"],
                capture_output=True, text=True, errors="replace",
            ).stdout
            for name in wanted
        }
    return {
        str(p.relative_to(samples)): p.read_text(errors="replace")
        for p in samples.rglob("*")
        if p.suffix in (".spl", ".xml") and ".git" not in p.parts
    }


def strip_comments(text: str) -> str:
    out, i, quote = [], 0, ""
    while i < len(text):
        c = text[i]
        if quote:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1 : i + 2])
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
            out.append(c)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = len(text) if end < 0 else end + 2
            out.append(" ")
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def balanced(text: str, start: int, open_: str, close: str) -> int:
    """The index just past the bracket closing the one at ``start``, or -1."""
    depth, quote, i = 0, "", start
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'" and open_ != "<":
            quote = c
        elif c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def split_top(text: str, separator: str) -> list[str]:
    parts, depth, quote, start, i = [], 0, "", 0, 0
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 2
                continue
            if c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "([{<":
            depth += 1 if c != "<" or _angle_opens(text, i) else 0
        elif c in ")]}>":
            depth -= 1 if c != ">" or _angle_closes(text, i) else 0
        elif c == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [p for p in (p.strip() for p in parts) if p]


def _angle_opens(text: str, i: int) -> bool:
    before = re.search(r"(\w+)\s*$", text[:i])
    return bool(before and before.group(1) in ("list", "map", "set", "tuple", "optional"))


def _angle_closes(text: str, i: int) -> bool:
    # A '>' closes a type's brackets when an opened one is pending before it.
    opened = sum(1 for j, c in enumerate(text[:i]) if c == "<" and _angle_opens(text, j))
    closed = sum(1 for j, c in enumerate(text[:i]) if c == ">" and j and text[j - 1] != "-")
    return opened > closed


class Toolkit:
    """One sample: its named types, streams and the functions it defines."""

    def __init__(self, files: dict[str, str]) -> None:
        self.texts = {name: strip_comments(text) for name, text in files.items()}
        self.types: dict[str, str] = {}
        self.streams: dict[str, str] = {}
        self.functions: set[str] = set()
        for name, text in self.texts.items():
            if name.endswith(".xml"):
                self.functions.update(re.findall(r"\b(\w+)\s*\([^)<]*\)\s*</function:prototype>", text))
                continue
            for match in re.finditer(r"(?<![\w.])(\w+)\s*=\s*([^;{}=]+?)\s*;", text):
                self.types.setdefault(match.group(1), match.group(2))
            for match in re.finditer(r"\bstream\s*<", text):
                end = balanced(text, match.end() - 1, "<", ">")
                declared = re.match(r"\s*(\w+)", text[end:]) if end > 0 else None
                if declared:
                    self.streams[declared.group(1)] = text[match.end() : end - 1]
            for match in re.finditer(
                r"^\s*(?:public\s+|stateful\s+)*[\w<>\[\], ]+?\s+(\w+)\s*\([^;{)]*\)\s*\{",
                text, re.MULTILINE,
            ):
                if match.group(1) not in ("if", "while", "for", "composite"):
                    self.functions.add(match.group(1))

    def attributes(self, schema: str, depth: int = 0) -> list[tuple[str, str]] | None:
        if depth > 8:
            return None
        found: list[tuple[str, str]] = []
        for item in split_top(schema, ","):
            if item.startswith("tuple") and item.endswith(">"):
                inner = self.attributes(item[item.index("<") + 1 : -1], depth + 1)
            elif re.fullmatch(r"[\w.:]+", item):
                named = self.types.get(item.split("::")[-1].split(".")[-1])
                inner = self.attributes(named, depth + 1) if named else None
            else:
                parts = re.match(r"(.+?)\s+(\w+)$", item)
                if not parts:
                    return None
                type_text = self.type_text(parts.group(1).strip(), depth)
                if type_text is None:
                    return None
                inner = [(type_text, parts.group(2))]
            if inner is None:
                return None
            found.extend(inner)
        return found

    def type_text(self, text: str, depth: int) -> str | None:
        words = re.findall(r"[A-Za-z_]\w*", text)
        for word in words:
            if word in PRIMITIVES or word in ("list", "map", "set", "tuple", "optional", "enum"):
                continue
            named = self.types.get(word)
            if named is None or depth > 8:
                return None
            if self.attributes(named, depth + 1) is not None and "," in named:
                return None  # a tuple type: nested tuples are not typed here
            text = re.sub(rf"\b{word}\b", named, text)
            return self.type_text(text, depth + 1)
        return text


def invocations(toolkit: Toolkit):
    pattern = re.compile(r"=\s*(" + "|".join(OPERATORS) + r")\s*\(")
    for name, text in toolkit.texts.items():
        if not name.endswith(".spl"):
            continue
        for match in pattern.finditer(text):
            open_at = match.end() - 1
            close = balanced(text, open_at, "(", ")")
            body_open = text.find("{", close)
            if close < 0 or body_open < 0 or text[close:body_open].strip():
                continue
            body_close = balanced(text, body_open, "{", "}")
            ports = []
            for port in text[open_at + 1 : close - 1].split(";"):
                words = port.split(",")[0].split()
                if not words:
                    continue
                stream, alias = words[0], words[2] if len(words) > 2 and words[1] == "as" else None
                ports.append((stream, [n for n in (stream, alias) if n]))
            yield name, match.group(1), ports, text[body_open + 1 : body_close - 1]


def logic_variables(body: str) -> set[str]:
    """The names the invocation's logic clause declares (state and local variables)."""
    logic = sections(body).get("logic", "")
    return set(re.findall(r"\b(?:mutable\s+)?[\w<>\[\]]+(?:\s*<[^;=]*>)?\s+(\w+)\s*(?:=|;)", logic))


def sections(body: str) -> dict[str, str]:
    found, keys = {}, ("logic", "window", "param", "output", "config")
    positions = sorted(
        (m.start(), m.group(1)) for m in re.finditer(r"\b(" + "|".join(keys) + r")\b", body)
    )
    top = [(p, k) for p, k in positions if body[:p].count("{") == body[:p].count("}")]
    for (start, key), (end, _) in zip(top, top[1:] + [(len(body), "")]):
        found[key] = body[start + len(key) : end]
    return found


def expressions(operator: str, body: str) -> list[tuple[str, str]]:
    """(where, expression) pairs of an invocation's body."""
    found = []
    parts = sections(body)
    for entry in split_top(parts.get("param", ""), ";"):
        if ":" not in entry:
            continue
        key, value = (s.strip() for s in entry.split(":", 1))
        if key in ("filter", "match"):
            found.append((key, value))
        elif key in ("equalityLHS", "equalityRHS", "sortBy"):
            found.extend((key, v) for v in split_top(value, ","))
    for output in split_top(parts.get("output", ""), ";"):
        if ":" not in output:
            continue
        for assignment in split_top(output.split(":", 1)[1], ","):
            if "=" not in assignment:
                continue
            value = assignment.split("=", 1)[1].strip()
            if operator == "Aggregate":
                calls = list(re.finditer(r"\b(\w+)\s*\(", value))
                for call in calls:
                    if call.group(1) in AGGREGATE_FUNCTIONS:
                        end = balanced(value, call.end() - 1, "(", ")")
                        for argument in split_top(value[call.end() : end - 1], ","):
                            found.append((f"{call.group(1)}()", argument))
                continue
            found.append(("output", value))
    return found


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    files = read_files(Path(sys.argv[1]))
    by_sample: dict[str, dict[str, str]] = {}
    for name, text in files.items():
        by_sample.setdefault("/".join(name.split("/")[:2]), {})[name] = text
    rows = []
    for sample, sample_files in sorted(by_sample.items()):
        toolkit = Toolkit(sample_files)
        for file, operator, ports, body in invocations(toolkit):
            schemas = [toolkit.attributes(toolkit.streams.get(s, "")) if s in toolkit.streams
                       else None for s, _ in ports]
            variables = logic_variables(body)
            attributes = {n for schema in schemas if schema for _, n in schema}
            for where, expression in expressions(operator, body):
                called = set(re.findall(r"\b(\w+)\s*\(", expression))
                named = set(re.findall(r"(?<![\w.$])([A-Za-z_]\w*)\b(?!\s*\()", expression))
                if "$" in expression:
                    kind = "composite parameter"
                elif (named & variables) - attributes:
                    kind = "logic clause variable"
                elif called & toolkit.functions:
                    kind = "user-defined function"
                elif any(s is None for s in schemas):
                    kind = "schema not resolved"
                else:
                    kind = "checked"
                rows.append((file, operator, where, expression, kind, ports, schemas))
    jar = sorted((ROOT / "java" / "spark" / "target").glob("streams-window-spark-*-all.jar"))
    if not jar:
        sys.exit("the build's jar is missing: mvn -q install -DskipTests")
    lines = []
    for _, _, _, expression, kind, ports, schemas in rows:
        fields = [expression.replace("\n", " ").replace("\t", " ")]
        for (_, names), schema in zip(ports, schemas):
            attributes = schema or []
            fields += [",".join(names), "tuple<" + ", ".join(f"{t} {n}" for t, n in attributes) + ">"
                       if attributes else "tuple<int32 __none>"]
        lines.append("\t".join(fields))
    answers = subprocess.run(
        ["java", "-cp", str(jar[-1]), "io.streamswindow.expression.ExpressionCheckMain"],
        input="\n".join(lines) + "\n", capture_output=True, text=True, check=True,
    ).stdout.splitlines()
    tally: Counter[str] = Counter()
    failures = []
    for row, answer in zip(rows, answers):
        verdict, _, detail = answer.partition("\t")
        kind = row[4]
        tally[(kind, verdict)] += 1
        if kind == "checked" and verdict != "ok":
            failures.append((row[0], row[1], row[2], row[3], verdict, detail))
    total = len(rows)
    parsed = sum(n for (k, v), n in tally.items() if v != "parse")
    checked = sum(n for (k, v), n in tally.items() if k == "checked")
    typed = tally[("checked", "ok")]
    print(f"invocations' expressions: {total}")
    for kind in ("checked", "user-defined function", "composite parameter",
                 "logic clause variable", "schema not resolved"):
        n = sum(c for (k, v), c in tally.items() if k == kind)
        print(f"  {kind}: {n}")
    print(f"parse: {parsed} of {total} ({100 * parsed / total:.1f}%)")
    print(f"parse and type, of those without user-defined functions or composite parameters and"
          f" with a resolved schema: {typed} of {checked} ({100 * typed / max(checked, 1):.1f}%)")
    if "--failures" in sys.argv:
        for file, operator, where, expression, verdict, detail in failures:
            print(f"- {file}: {operator} {where}: {expression!r}: {verdict}: {detail}")


if __name__ == "__main__":
    main()
