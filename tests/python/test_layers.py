"""The package's modules import only downwards, in the layers docs/python.md documents ("How the
package is layered"): no import cycle, at module level or inside a function."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "python" / "streams_window"
PACKAGE_NAME = "streams_window"


def modules() -> list[str]:
    return sorted(path.stem for path in PACKAGE.glob("*.py"))


def imports(module: str) -> set[str]:
    """The package's modules that ``module`` imports, wherever the import statement is."""
    return imports_in((PACKAGE / f"{module}.py").read_text(encoding="utf-8"), module)


def imports_in(source: str, module: str) -> set[str]:
    tree = ast.parse(source)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # "from streams_window import _jvm" imports the module _jvm, "from streams_window
            # import run_operator" the package itself, "from streams_window._call import
            # OperatorCall" the module _call.
            named = [
                f"{node.module}.{alias.name}"
                if node.module == PACKAGE_NAME and alias.name in modules()
                else node.module
                for alias in node.names
            ]
        elif isinstance(node, ast.ImportFrom):
            raise AssertionError(f"{module}: relative imports are not used in this package")
        else:
            continue
        for name in named:
            parts = name.split(".")
            if parts[0] != PACKAGE_NAME:
                continue
            found.add(parts[1] if len(parts) > 1 else "__init__")
    found.discard(module)
    return found


def documented_layers() -> list[list[str]]:
    """The numbered list of docs/python.md's section "How the package is layered"."""
    text = (ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    section = text.split("## How the package is layered", 1)[1].split("\n## ", 1)[0]
    layers = []
    for item in re.findall(r"^\d+\. (.*?):", section, re.MULTILINE):
        layers.append(re.findall(r"`(\w+)`", item))
    return layers


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as the modules along it, or ``None``."""
    visiting: list[str] = []
    done: set[str] = set()

    def visit(module: str) -> list[str] | None:
        if module in visiting:
            return visiting[visiting.index(module) :] + [module]
        if module in done:
            return None
        visiting.append(module)
        for imported in sorted(graph[module]):
            cycle = visit(imported)
            if cycle is not None:
                return cycle
        visiting.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module)
        if cycle is not None:
            return cycle
    return None


def test_the_package_has_no_import_cycle() -> None:
    graph = {module: imports(module) for module in modules()}

    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_every_module_is_in_one_documented_layer() -> None:
    listed = [module for layer in documented_layers() for module in layer]

    assert sorted(listed) == modules()  # each once, and none missing or gone


@pytest.mark.parametrize("module", modules())
def test_a_module_imports_only_lower_layers(module: str) -> None:
    layer_of = {name: n for n, layer in enumerate(documented_layers()) for name in layer}

    upward = sorted(m for m in imports(module) if layer_of[m] >= layer_of[module])

    assert upward == [], f"{module} (layer {layer_of[module] + 1}) imports {upward}"


def test_the_cycle_finder_finds_a_function_level_cycle() -> None:
    # The checks above are only as good as the reading: a cycle through an import inside a
    # function counts, and is found.
    late = "def late():\n    from streams_window import _jvm\n    import streams_window._call\n"
    assert imports_in(late, "errors") == {"_jvm", "_call"}
    graph = {"errors": {"_jvm"}, "_jvm": {"_call"}, "_call": {"errors"}}
    assert find_cycle(graph) == ["_call", "errors", "_jvm", "_call"]
    assert find_cycle({"errors": {"_jvm"}, "_jvm": set()}) is None


def private_names_read(source: str) -> list[str]:
    """The private attributes ``source`` reads off objects other than its own (``self``,
    ``cls``) and the package's modules: ``SparkContext._gateway``, ``df._jdf``, ..."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or name.startswith("__"):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and (owner.id in ("self", "cls") or owner.id in modules()):
            continue
        found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize("module", [module for module in modules() if module != "_pyspark"])
def test_only_pyspark_reads_private_names(module: str) -> None:
    # docs/python.md: _pyspark is the only module that touches PySpark's internals.
    source = (PACKAGE / f"{module}.py").read_text(encoding="utf-8")

    assert private_names_read(source) == []


def test_the_private_name_finder_finds_pyspark_internals() -> None:
    source = (
        "def f(df, spark):\n"
        "    from pyspark import SparkContext\n"
        "    return SparkContext._gateway, df._jdf, spark.sparkContext._jsc, self._own,"
        " _jvm.chain, df.__class__\n"
    )
    assert private_names_read(source) == [
        "SparkContext._gateway",
        "df._jdf",
        "spark.sparkContext._jsc",
    ]
