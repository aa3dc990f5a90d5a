"""The graders of a hint sit below their dispatcher: ``hints`` chooses the grader of a phase, and no grader (nor the
pieces they share) imports it back; and none of them, nor the dispatcher and the refutation built on it, puts an
import off until a function runs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ANALYSIS = Path(__file__).resolve().parent.parent / "charlemagne_learn" / "analysis"
#: What the graders share, the graders, and the pictures of their results: all below the dispatcher.
GRADERS = ["choices", "grading", "play", "first_bid", "auction", "give", "choose", "exchange", "shown", "odds"]


def _imports(name: str) -> list[tuple[str, bool]]:
    """Each module of the package ``name`` imports (relative imports), and whether the import is inside a function."""
    tree = ast.parse((ANALYSIS / f"{name}.py").read_text(encoding="utf-8"))
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, inside: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ImportFrom) and child.level:
                found.append(("." * child.level + (child.module or ""), inside))
            visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))

    visit(tree, False)
    return found


@pytest.mark.parametrize("name", [n for n in GRADERS if (ANALYSIS / f"{n}.py").exists()])
def test_no_grader_imports_the_dispatcher(name: str) -> None:
    assert [module for module, _ in _imports(name) if module == ".hints"] == []


@pytest.mark.parametrize("name", ["hints", "refute", *GRADERS])
def test_no_import_waits_inside_a_function(name: str) -> None:
    # an import inside a function is a circle put off until the call: each of these is built on the ones it imports
    if (ANALYSIS / f"{name}.py").exists():
        assert [module for module, inside in _imports(name) if inside] == []
