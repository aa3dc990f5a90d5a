"""The course in JupyterLite's Python: the built wheel runs in Pyodide under Node, offline, with its pure
dependencies (the versions in ``tests/pyodide/requirements.txt``): the engine, bid odds, a hint, a quiz, the
widgets' Python side and the compiled double-dummy search (the wheel's .wasm, run by Pyodide's WebAssembly). A
developer's machine without Node or Pyodide skips; CI never does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "pyodide"))
from runner import missing, run_in_pyodide

#: Starts Pyodide under Node and installs the package's wheel there: in the full test command, not the quick check.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    lacking = missing()
    if lacking is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{lacking} is missing, and the Pyodide test must run in CI (python3 tasks.py test sets it up)")
        pytest.skip(f"{lacking} is not set up here (python3 tasks.py test does it)")
    return run_in_pyodide(tmp_path_factory.mktemp("pyodide"))


def test_it_is_pyodide(pyodide_run: dict[str, Any]) -> None:
    assert pyodide_run["platform"] == "emscripten"


@pytest.mark.parametrize(
    "part", ["engine", "bid_odds", "hint", "quiz", "ratings", "practice", "widgets", "solver", "compiled"]
)
def test_each_part_runs(pyodide_run: dict[str, Any], part: str) -> None:
    assert "error" not in pyodide_run[part], pyodide_run[part]


def test_practice_keeps_every_answer_in_the_browser_s_files(pyodide_run: dict[str, Any]) -> None:
    """Two notebooks answering in turn (two tabs: no lock there) keep all six answers; a damaged record is put
    aside."""
    assert pyodide_run["practice"]["kept"] == 6 and pyodide_run["practice"]["aside"] == "practice.unreadable.json"


def test_the_same_answers_as_here(pyodide_run: dict[str, Any]) -> None:
    import charlemagne_learn as cl
    from charlemagne_learn.analysis import hint
    from charlemagne_learn.teach.decisions import decisions

    k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
    assert pyodide_run["engine"]["winner"] == str(cl.trick_winner(k, "E", cl.parse_cards("AS JD 7S KS")))
    assert pyodide_run["engine"]["hands_per_second"] > 0
    odds = cl.bid_odds("canadian", "RJ JH JD AH KH AS AC 9C", samples=100, seed=1, workers=1)
    # the pure-Python search there and DDS here solve the same deals to the same tricks
    assert pyodide_run["bid_odds"]["made"] == {c.bid: c.made for c in odds}
    lead = next(decisions("canadian", ["lead"], seed=3, samples=20))
    assert pyodide_run["hint"]["best"] == str(hint(lead.view, samples=20, workers=1).best.action)
    assert pyodide_run["quiz"]["right"] is True and pyodide_run["quiz"]["score"] == "1 of 1"
    from in_pyodide import _ratings  # the practice ratings, to a millionth of a point (each libm rounds its own)

    there, here = pyodide_run["ratings"], json.loads(json.dumps(_ratings()))
    assert [round(x, 6) for x in there["problem"]] == [round(x, 6) for x in here["problem"]]
    assert {k: [round(x, 6) for x in v] for k, v in there["ratings"]["skills"].items()} == {
        k: [round(x, 6) for x in v] for k, v in here["ratings"]["skills"].items()
    }
    widgets = pyodide_run["widgets"]
    assert widgets["played"] is True and widgets["hand_cards"] == 5 and widgets["decision_grade"] == "best"
    assert widgets["playtable"].startswith("PlayTable(Canadian Charlemagne, you are South")
    from in_pyodide import solver_deals

    from charlemagne_learn.analysis import double_dummy

    expected = [double_dummy(k, hands, k.first_leader, method="python") for k, hands in solver_deals()]
    assert pyodide_run["solver"]["tricks"] == expected


def test_the_compiled_search_runs_there_with_the_same_answers(pyodide_run: dict[str, Any]) -> None:
    """The .wasm in the wheel, run by Pyodide's WebAssembly, solves as the pure-Python search does here."""
    from in_pyodide import compiled_deals

    from charlemagne_learn.analysis import double_dummy, solve_position

    there = pyodide_run["compiled"]
    deals = compiled_deals()
    assert there["tricks"] == [double_dummy(k, hands, k.first_leader, method="python") for k, hands in deals]
    k, hands = deals[0]
    after = {s: c[1:] for s, c in hands.items()}
    leads = solve_position(k, after, k.first_leader, method="python")
    assert there["position"] == {str(c): v for c, v in leads.items()}
    assert there["solves_per_second"] > 0


def test_the_quizzes_and_widgets_load_no_matplotlib() -> None:
    """Only the plots need matplotlib: JupyterLite loads it when a lesson draws, not for every quiz."""
    code = (
        "import sys, charlemagne_learn, charlemagne_learn.widgets, charlemagne_learn.teach.quiz\n"
        "from charlemagne_learn.teach import read_results, answer_key, hand_records\n"
        "print('matplotlib' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_every_public_teaching_name_is_found() -> None:
    import types

    import charlemagne_learn.teach as teach

    for name in teach.__all__:
        assert not isinstance(getattr(teach, name), types.ModuleType), name  # a function, not its module
    assert set(teach._PLOTS) <= set(teach.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        teach.nothing  # noqa: B018
