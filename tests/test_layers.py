"""The package's layers, as its folders show them, and no circle among its modules at import time.

From the bottom: ``engine/`` (the rules, the standard library only), then ``analysis/`` and ``course.py`` side by
side (neither imports the other), then ``teach/``, then ``widgets/``, then the package's root (the facade
``import charlemagne_learn as cl`` gathers, and the Jupyter server's ``saving``). A module imports only from its own
layer or below, counting imports inside functions and those made for type checking alone. A module's imports at
import time never lead back to it: each module can be read as built on the ones it imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "charlemagne_learn"
NAME = PACKAGE.name
#: Each layer's folders (or modules), bottom first; modules in one entry are side by side.
LAYERS: list[tuple[str, ...]] = [("engine",), ("analysis", "course"), ("teach",), ("widgets",), ("",)]


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join((NAME, *parts))] = path
    return out


MODULES = _modules()


def _resolve(module: str, is_package: bool, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The package's modules an import statement reads (a name imported from a package may be a module)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        if node.level:
            base = module.split(".") if is_package else module.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        names = [f"{source}.{a.name}" if f"{source}.{a.name}" in MODULES else source for a in node.names]
    found = []
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name.startswith(NAME):
            found.append(name)
    return found


def _imports(module: str) -> tuple[set[str], set[str]]:
    """Every module of the package ``module`` imports, and those it imports when it is itself imported (at its
    top level, not for type checking)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    every: set[str] = set()
    at_import: set[str] = set()

    def visit(nodes: list[ast.stmt], top: bool) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets = set(_resolve(module, is_package, node)) - {module}
                every.update(targets)
                if top:
                    at_import.update(targets)
            elif isinstance(node, ast.If) and any(k in ast.unparse(node.test) for k in ("TYPE_CHECKING", "__main__")):
                # for type checkers only, or when the module runs as a script: not when it is imported
                visit(node.body, False)
                visit(node.orelse, top)
            else:
                # a class body runs at import time; a function's body only when called
                now = top and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(node, field, None)
                    if isinstance(inner, list):
                        visit(inner, now)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body, now)

    visit(tree.body, True)
    return every, at_import


def _layer(module: str) -> tuple[int, str]:
    """The layer of ``module`` and its place in it (the folder or module side by side with others)."""
    parts = module.split(".")[1:]
    first = parts[0] if parts and any(parts[0] in places for places in LAYERS) else ""
    for level, places in enumerate(LAYERS):
        if first in places:
            return level, first
    raise AssertionError(f"{module} is in no layer")


def test_every_module_is_in_a_layer() -> None:
    assert {_layer(m)[1] for m in MODULES} == {p for places in LAYERS for p in places}


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_goes_up_a_layer_or_across(module: str) -> None:
    level, place = _layer(module)
    wrong = []
    for target in sorted(_imports(module)[0]):
        their_level, their_place = _layer(target)
        if their_level > level or (their_level == level and their_place != place):
            wrong.append(f"{target} ({their_place or 'the root'})")
    assert not wrong, f"{module} ({place or 'the root'}) imports {', '.join(wrong)}"


def test_the_engine_needs_only_the_standard_library() -> None:
    import sys

    for module, path in MODULES.items():
        if _layer(module)[1] != "engine":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                tops = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                tops = [node.module.split(".")[0]]
            else:
                continue
            for top in tops:
                assert top in sys.stdlib_module_names or top == "__future__", f"{module} imports {top}"


def test_no_circle_at_import_time() -> None:
    graph = {m: _imports(m)[1] for m in MODULES}
    # Tarjan's strongly connected components: a component of more than one module is a circle
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in graph:
        if v not in index:
            connect(v)
    assert circles == []


def test_the_checks_see_what_they_should() -> None:
    # the reading of imports itself: a lazy import counts for the layers, not for circles; a package's names resolve
    every, at_import = _imports(f"{NAME}.engine.cards")
    assert f"{NAME}.engine.display" in every - at_import  # Card._repr_html_ draws with the engine's display
    assert _layer(f"{NAME}.course") == (1, "course") and _layer(f"{NAME}.analysis.hints") == (1, "analysis")
    assert _layer(NAME) == (4, "") and _layer(f"{NAME}.saving") == (4, "")
