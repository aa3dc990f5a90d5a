"""What importing the package loads, each in a fresh interpreter: the facade (``import charlemagne_learn as cl``)
and a card load the engine only (which reads the language of the course's settings itself); the analysis, the lessons' tools, the widgets and
matplotlib come when asked for. A bid's hint is the same whether or not the lessons' tools were ever imported."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import charlemagne_learn as cl

ROOT = Path(__file__).resolve().parent.parent
#: Libraries a card, a rule or a score never needs.
HEAVY = ("matplotlib", "numpy", "anywidget", "traitlets", "ipywidgets", "IPython")


def _fresh(code: str, cwd: Path = ROOT) -> object:
    """What ``code`` prints as JSON (its last line), run in a new interpreter with this checkout first on the path."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    return json.loads(done.stdout.splitlines()[-1])


def _loaded(statement: str) -> dict[str, list[str]]:
    code = f"""
import json, sys
{statement}
parts = sorted({{m.split(".")[1] for m in sys.modules if m.startswith("charlemagne_learn.")}})
print(json.dumps({{"parts": parts, "heavy": sorted(h for h in {HEAVY!r} if h in sys.modules)}}))
"""
    out = _fresh(code)
    assert isinstance(out, dict)
    return out


@pytest.mark.parametrize(
    ("statement", "parts"),
    [
        ("import charlemagne_learn", ["engine"]),  # the engine's package and its lazy names' helper alone
        ("import charlemagne_learn as cl; cl.Card.parse('AS'); cl.Rules.preset('maine')", ["engine"]),
        ("from charlemagne_learn.engine.cards import Card", ["engine"]),
        ("import charlemagne_learn.engine", ["engine"]),
        ("import charlemagne_learn as cl; cl.course_rules()", ["course", "engine"]),
        ("import charlemagne_learn.analysis", ["analysis", "engine"]),
        ("import charlemagne_learn as cl; cl.double_dummy", ["analysis", "engine"]),
        ("import charlemagne_learn as cl; cl.term", ["analysis", "course", "engine", "teach"]),
    ],
)
def test_importing_loads_only_the_parts_asked_for(statement: str, parts: list[str]) -> None:
    assert _loaded(statement) == {"parts": parts, "heavy": []}


def test_every_name_of_the_facade_is_found_where_it_is_defined() -> None:
    homes = cl._HOMES  # type: ignore[attr-defined]
    assert set(cl.__all__) == set(homes)  # every name given when asked for, none imported at once
    for name in cl.__all__:
        value = getattr(cl, name)
        if name in homes:
            module = sys.modules[f"charlemagne_learn{homes[name]}"]
            assert getattr(module, name) is value, name
    assert set(cl.__all__) <= set(dir(cl)) and {"analysis", "engine", "teach", "widgets"} <= set(dir(cl))
    with pytest.raises(AttributeError, match="no attribute 'Kard'"):
        cl.Kard  # noqa: B018 - a name the facade does not have


def test_type_checkers_see_every_name_the_facade_gives() -> None:
    """Each lazily given name is also imported under ``if TYPE_CHECKING:`` from the module it is given from."""
    tree = ast.parse((ROOT / "charlemagne_learn" / "__init__.py").read_text(encoding="utf-8"))
    seen = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    seen.update({a.name: "." * inner.level + (inner.module or "") for a in inner.names})
    assert seen == cl._HOMES  # type: ignore[attr-defined]


#: A bid's hint and the count's rule of thumb in one position where the count bids (West, after South's 5).
_HINT = """
import json, sys
from charlemagne_learn.analysis.hints import _thumb, hint
from charlemagne_learn.engine.hand import HandState
from charlemagne_learn.engine.messages import said
from charlemagne_learn.engine.rules import Rules
{before}
state = HandState.new(Rules.preset("canadian"), dealer="E", seed=9)
state.apply("bid 5")
view = state.view(state.to_move)
thumb, rule = _thumb(view, "fr")
ranked = hint(view, samples=8, workers=1, lang="fr")
choices = [[str(c.action), c.grade, c.rule and said(c.rule, "fr")] for c in ranked.choices]
print(json.dumps({{"teach": "charlemagne_learn.teach" in sys.modules, "thumb": str(thumb), "rule": rule,
                  "choices": choices}}))
"""


def test_a_bid_hint_is_the_same_whether_or_not_the_lessons_tools_were_imported() -> None:
    alone = _fresh(_HINT.format(before=""))
    with_teach = _fresh(_HINT.format(before="import charlemagne_learn.teach.judging"))
    assert isinstance(alone, dict) and isinstance(with_teach, dict)
    assert alone["teach"] is False and with_teach["teach"] is True
    assert alone["rule"].startswith("Compte")  # the count is the bid's rule of thumb, in the language asked
    assert {**alone, "teach": True} == with_teach


def test_a_card_imported_alone_already_speaks_the_courses_language(tmp_path: Path) -> None:
    """The engine's default language is the course's, read by the engine itself: a ruling made from the engine's
    modules alone, in a French course, is said in French, and nothing above the engine was imported for it."""
    (tmp_path / "course.json").write_text('{"lang": "fr"}', encoding="utf-8")
    code = """
import json
from charlemagne_learn.engine.contract import Contract
from charlemagne_learn.engine.rules import Rules
from charlemagne_learn.engine.tricks import explain_trick_winner
contract = Contract(Rules.preset("canadian"), bid="6", bidder="N", trump="H")
import sys
assert not [m for m in sys.modules if m.startswith(("charlemagne_learn.course", "charlemagne_learn.teach"))]
print(json.dumps(str(explain_trick_winner(contract, "E", "AS JD 7S KS"))))
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    said = json.loads(done.stdout.splitlines()[-1])
    assert "Sud" in said and "South" not in said, said
