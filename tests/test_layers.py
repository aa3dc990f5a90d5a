"""The package's layers, as its folders show them, and no circle among its modules at import time.

From the bottom: ``engine/`` (the rules, the standard library only), then ``analysis/`` and ``course.py`` side by
side (neither imports the other), then ``teach/``, then ``widgets/``, then the package's root (the facade
``import charlemagne_learn as cl`` gathers, and the Jupyter server's ``saving``). A module imports only from its own
layer or below, counting imports inside functions and those made for type checking alone. A module's imports at
import time never lead back to it: each module can be read as built on the ones it imports; nor does an import put
off into a function (no new circle through one). And no module, as it is imported, changes how another module of its
layer or a lower one behaves (a setter or a registry called from above or beside): a module's behaviour never
depends on what else was imported (``make_bot("rule")`` once failed where the rule bot's module had not been).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "charlemagne_learn"
NAME = PACKAGE.name
#: Each layer's folders (or modules), bottom first; modules in one entry are side by side.
LAYERS: list[tuple[str, ...]] = [("engine",), ("analysis", "course"), ("teach",), ("widgets", "referee"), ("",)]


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
    every, at_import, _ = _imports_and_types(module)
    return every, at_import


def _imports_and_types(module: str) -> tuple[set[str], set[str], set[str]]:
    """:func:`_imports`, and the modules imported for type checkers only."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    every: set[str] = set()
    at_import: set[str] = set()
    for_types: set[str] = set()

    def visit(nodes: list[ast.stmt], top: bool, typing: bool = False) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                targets = set(_resolve(module, is_package, node)) - {module}
                every.update(targets)
                if top:
                    at_import.update(targets)
                if typing:
                    for_types.update(targets)
            elif isinstance(node, ast.If) and any(k in ast.unparse(node.test) for k in ("TYPE_CHECKING", "__main__")):
                # for type checkers only, or when the module runs as a script: not when it is imported
                visit(node.body, False, "TYPE_CHECKING" in ast.unparse(node.test))
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
    return every, at_import, for_types


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


def _circles_through_functions() -> set[tuple[str, str]]:
    """The pairs of modules of which one imports the other inside a function while that one imports it back (at its
    top level or in a function): an import deferred to break a circle, not one that needs no other module's help."""
    found = set()
    # an import for type checkers runs nowhere: it closes no circle
    for module in MODULES:
        every, at_import, for_types = _imports_and_types(module)
        for target in every - at_import - for_types:
            back, _, back_for_types = _imports_and_types(target)
            if module in back - back_for_types:
                found.add((min(module, target), max(module, target)))
    return found


#: The circles through a function's import found on 29 November 2026 (without the package's name), each to be
#: untied where it is, then struck from this list; the list shrinks only, and goes once it is empty.
KNOWN_CIRCLES = {
    # a picture or a word of an object made by a module that builds on the object's own
    ("analysis.compiled", "analysis.solver"),
    ("engine.cards", "engine.display"),
    ("engine.cards", "engine.i18n"),
    ("teach.cheatsheet", "teach.commands"),
    ("teach.commands", "teach.hand_records"),
    ("teach.final", "teach.progress"),
}


def test_no_new_circle_through_a_function() -> None:
    found = {(a.removeprefix(f"{NAME}."), b.removeprefix(f"{NAME}.")) for a, b in _circles_through_functions()}
    assert found - KNOWN_CIRCLES == set(), "a module imports, inside a function, one that imports it back"
    assert KNOWN_CIRCLES - found == set(), "untied: strike these from KNOWN_CIRCLES"


#: The names of functions that change how a module of a lower layer behaves from then on.
HOOK_WORDS = ("set_", "register", "install")
#: Hooks installed from above that are still there (none: the engine reads the course's language itself).
KNOWN_HOOKS: set[tuple[str, str]] = set()


def _hooks_from_above(module: str) -> set[str]:
    """What ``module`` does, when it is imported, to another module of its layer or a lower one: a call of its ``set_*``,
    ``register*`` or ``install*`` function, or an assignment to one of its attributes (``lower.name = ...``,
    ``setattr(lower, ...)``). Such a hook makes the lower module behave as whoever was imported last decided."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    level = _layer(module)[0]
    # what each name bound by an import stands for: a module of the package, or a function of one
    bound: dict[str, tuple[str, str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias, target in zip(node.names, _resolve(module, is_package, node), strict=False):
                name = alias.asname or alias.name
                bound[name] = (target, "" if target.endswith(f".{alias.name}") else alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in MODULES:
                    bound[alias.asname] = (alias.name, "")

    def lower(name: str) -> tuple[str, str] | None:
        target = bound.get(name)
        return target if target and _layer(target[0])[0] <= level and target[0] != module else None

    found = set()

    def at_import(node: ast.AST) -> Iterator[ast.AST]:
        """``node`` and what it holds, but not a function's body: that runs when called, not when imported."""
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                yield from at_import(child)

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            for inner in at_import(node):
                if isinstance(inner, ast.Call):
                    func = inner.func
                    if isinstance(func, ast.Name) and (target := lower(func.id)) and target[1]:
                        called = f"{target[0]}.{target[1]}"
                    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                        target = lower(func.value.id)
                        called = f"{target[0]}.{func.attr}" if target and not target[1] else ""
                    else:
                        called = ""
                    if called and called.rpartition(".")[2].startswith(HOOK_WORDS):
                        found.add(called)
                    if isinstance(func, ast.Name) and func.id == "setattr" and inner.args:
                        first = inner.args[0]
                        if isinstance(first, ast.Name) and (target := lower(first.id)) and not target[1]:
                            found.add(f"setattr({target[0]})")
                if isinstance(inner, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                    targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
                    for t in targets:
                        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name):
                            target = lower(t.value.id)
                            if target and not target[1]:
                                found.add(f"{target[0]}.{t.attr} =")

    visit(tree.body)
    return found


def test_no_hook_is_installed_from_above() -> None:
    found = {
        (module.removeprefix(f"{NAME}.") or NAME, hook.replace(f"{NAME}.", ""))
        for module in MODULES
        for hook in _hooks_from_above(module)
    }
    assert found - KNOWN_HOOKS == set(), "a module changes, as it is imported, how another module behaves"
    assert KNOWN_HOOKS - found == set(), "gone: strike these from KNOWN_HOOKS"


def test_the_new_checks_see_what_they_should(tmp_path: Path) -> None:
    # a hook of each kind, read as a module of the lessons' tools would be
    source = (
        "from ..analysis.hints import set_bid_rule\n"
        "from ..analysis import hints\n"
        "from ..engine import i18n as words\n"
        "from .session import register_kind\n"
        "set_bid_rule(print)\n"
        "register_kind(print)\n"
        "hints.register_rule(print)\n"
        "words._default = print\n"
        "setattr(hints, 'x', 1)\n"
        "def later():\n"
        "    hints.set_bid_rule(None)  # called, not imported: no hook\n"
    )
    path = tmp_path / "hooks.py"
    path.write_text(source, encoding="utf-8")
    module = f"{NAME}.teach._hooks_example"
    MODULES[module] = path
    try:
        assert _hooks_from_above(module) == {
            f"{NAME}.analysis.hints.set_bid_rule",
            f"{NAME}.analysis.hints.register_rule",
            f"{NAME}.teach.session.register_kind",
            f"{NAME}.engine.i18n._default =",
            f"setattr({NAME}.analysis.hints)",
        }
    finally:
        del MODULES[module]
    # a circle through a function: one module imports the other in a function, the other imports it back on top
    first, second = f"{NAME}.teach._first_example", f"{NAME}.teach._second_example"
    (tmp_path / "first.py").write_text("def later():\n    from . import _second_example\n", encoding="utf-8")
    (tmp_path / "second.py").write_text("from . import _first_example\n", encoding="utf-8")
    MODULES.update({first: tmp_path / "first.py", second: tmp_path / "second.py"})
    try:
        assert (first, second) in _circles_through_functions()
    finally:
        del MODULES[first], MODULES[second]
