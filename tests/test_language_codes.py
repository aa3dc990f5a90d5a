"""Each language's grammar lives in one module: no module outside the words' layer (``engine/i18n.py``) asks which
language it is writing (``lang == "en"``). What differs from one language to another — a colon's spacing, a name
quoted as code, a seat by its letter or its name, the engine's words or the table's — is said by a catalog entry
(the English in the English catalog) or by a grammar function of ``i18n``, so one call says it in every language and
a new language is one catalog, not a branch in each module."""

from __future__ import annotations

import ast
from pathlib import Path

from charlemagne_learn.engine.i18n import LANGS

PACKAGE = Path(__file__).resolve().parent.parent / "charlemagne_learn"
#: The words' layer: the formatter's grammar per language, and which catalog is the English one.
GRAMMAR = frozenset({"engine/i18n.py"})
#: Modules still comparing a language while they are rewritten (none left: the list only shrinks).
NOT_YET: frozenset[str] = frozenset()
#: Every language code the package could meet: those it speaks, and every catalog folder.
CODES = frozenset(LANGS) | {p.name for p in (PACKAGE / "locale").iterdir() if p.is_dir()}
_COMPARE = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)


def _is_code(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in CODES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_code(item) for item in node.elts)
    return False


def language_tests(source: str) -> list[int]:
    """The lines of ``source`` that compare a value with a language code (``==``, ``!=``, ``in``, a ``case``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(isinstance(op, _COMPARE) for op in node.ops):
            if any(_is_code(side) for side in (node.left, *node.comparators)):
                lines.append(node.lineno)
        elif isinstance(node, ast.MatchValue) and _is_code(node.value):
            lines.append(node.lineno)
    return sorted(lines)


def _found() -> dict[str, list[int]]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = language_tests(path.read_text(encoding="utf-8"))
        if lines:
            found[path.relative_to(PACKAGE).as_posix()] = lines
    return found


def test_no_module_outside_the_words_layer_compares_a_language() -> None:
    outside = {module: lines for module, lines in _found().items() if module not in GRAMMAR | NOT_YET}
    assert not outside, f"say it with a catalog entry or a grammar function of engine/i18n.py: {outside}"


def test_a_module_that_no_longer_compares_a_language_leaves_the_list() -> None:
    assert set(_found()) >= NOT_YET, sorted(NOT_YET - set(_found()))


def test_the_check_sees_what_it_should() -> None:
    source = """
if lang == "fr": pass
if "en" != language: pass
if lang in ("en", "de"): pass
x = colon if lang not in ["fr"] else ""
match lang:
    case "fr": pass
if kind == "bid" or lang == LANG or name in ("en passant",): pass
"""
    assert language_tests(source) == [2, 3, 4, 5, 7]
