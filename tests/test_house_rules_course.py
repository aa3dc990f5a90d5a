"""House rules hold course-wide: every lesson runs, and follows them, at a table with other rules.

A teacher sets the table's rules once (``course.json``, or ``CHARLEMAGNE_COURSE``); the lessons start from
``cl.course_rules()`` and the widgets and quizzes made without rules follow the same setting. Here every
lesson is run at a table that plays the black joker high and sticks the dealer, and must run to the end
with those rules in force. Its prose must not tie "high" to a joker's colour, which would be false there.
"""

from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import charlemagne_learn as cl
from charlemagne_learn.course import COURSE_VARIABLE, CourseSettingsError, course, set_course

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + [
    NOTEBOOKS / "teachers" / "teachers_guide.ipynb",
    NOTEBOOKS / "teachers" / "teachers_dashboard.ipynb",
]
#: Run at the other table: the English edition and the teacher's notebooks. The French edition's lessons ask for
#: their rules in the very same calls, cell by cell (``test_the_french_lessons_ask_for_their_rules_alike``), so
#: running them too would prove nothing more, and took a minute of every test run.
RUN = list(LESSONS)
#: The French edition: the same lessons, held to the same rules.
FRENCH = sorted((NOTEBOOKS / "fr").glob("[0-9][0-9]_*.ipynb"))
LESSONS += FRENCH
HOUSE = {"variant": "canadian", "house_rules": {"high_joker": "black", "all_pass": "stick_dealer"}}
#: Runs many whole lessons or hands: in the full test command, not the quick check.
pytestmark = pytest.mark.slow
#: A colour of joker named as the high (or highest, top, winning) one: true only at some tables.
COLOUR_AS_HIGH = re.compile(
    r"(red|black)\s+joker\W+(\w+\W+){0,4}(high|highest|top|wins|beats)|(high|highest|top)\s+joker\W+\((red|black)",
    re.IGNORECASE,
)
#: The same in French: « le joker rouge est le plus fort », « le grand joker (rouge) ».
COULEUR_GRAND = re.compile(
    r"joker\s+(rouge|noir)\W+(\w+\W+){0,4}(grand|plus\s+fort|gagne|bat)"
    r"|(grand|plus\s+fort)\s+joker\W+\(?\s*(le\s+)?(rouge|noir)",
    re.IGNORECASE,
)


def _lesson_id(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).with_suffix("").as_posix()  # "04_the_jokers", "fr/04_the_jokers"


def _rules_asked(source: str) -> list[str]:
    """How a cell's code comes by its table's rules: the calls that make or read rules, the ``rules=`` and
    ``variant=`` given, and what ``rules`` is set to."""
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    asked = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("course_rules", "preset", "set_course", "rules_for", "Rules"):
                asked.append(f"{name}{[ast.dump(a) for a in node.args]}{sorted(k.arg or '' for k in node.keywords)}")
            asked += [f"{k.arg}={ast.dump(k.value)}" for k in node.keywords if k.arg in ("rules", "variant")]
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "rules" for t in node.targets):
            asked.append(f"rules = {ast.dump(node.value)}")
    return sorted(asked)


@pytest.mark.parametrize("path", FRENCH, ids=_lesson_id)
def test_the_french_lessons_ask_for_their_rules_alike(path: Path) -> None:
    english = NOTEBOOKS / path.name
    cells = [[_rules_asked(c.source) for c in nbformat.read(p, as_version=4).cells if c.cell_type == "code"]
             for p in (english, path)]  # fmt: skip
    assert cells[0] == cells[1], f"{path.name} comes by its rules otherwise than {english.name}"


@pytest.mark.parametrize("path", RUN, ids=_lesson_id)
def test_every_lesson_runs_with_other_house_rules(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(COURSE_VARIABLE, json.dumps(HOUSE))
    nb = nbformat.read(path, as_version=4)
    lesson = path.name[:2].isdigit() and path.name[:2] != "13"  # lesson 13 compares other tables on purpose
    check = "import charlemagne_learn as cl\nprint(cl.course_rules().high_joker, cl.course_rules().all_pass)"
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    if lesson:
        # a lesson keeps its table's rules as `rules`; one that keeps none (the final test: quizzes only) names no
        # other table's rules either, so every quiz in it asks with the course's
        check += "\nprint(globals().get('rules', cl.course_rules()) == cl.course_rules())"
        assert "rules = " in code or "Rules.preset(" not in code, path.name
    nb.cells.append(nbformat.v4.new_code_cell(check))
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    printed = "".join(o.get("text", "") for o in nb.cells[-1].outputs).split()
    assert printed[:2] == ["black", "stick_dealer"]
    if lesson:
        assert printed[2] == "True", f"{path.name} does not play the course's rules"


def _explains_the_house_rule(source: str) -> bool:
    """A cell that explains the house rule names both jokers as the high one, each at its tables (or its keyword)."""
    both = re.search(r"red\s+joker|joker\s+rouge", source, re.I) and re.search(
        r"black\s+joker|joker\s+noir", source, re.I
    )
    return "high_joker" in source or bool(both)


@pytest.mark.parametrize("path", LESSONS, ids=_lesson_id)
def test_no_lesson_says_a_colour_of_joker_is_high(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for number, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown" or _explains_the_house_rule(cell.source):
            continue
        found = COLOUR_AS_HIGH.search(cell.source) or COULEUR_GRAND.search(cell.source)
        assert found is None, f"{path.name}, cell {number}: {found.group(0)!r} is false where the other joker is high"


def test_widgets_and_quizzes_follow_the_course(monkeypatch: pytest.MonkeyPatch) -> None:
    from charlemagne_learn.teach.quiz import questions
    from charlemagne_learn.widgets import BidBox, PlayTable, TrumpLadder
    from charlemagne_learn.widgets.odds import BidOddsExplorer

    monkeypatch.setenv(COURSE_VARIABLE, json.dumps(HOUSE))
    house = cl.course_rules()
    assert (house.high_joker, house.all_pass) == ("black", "stick_dealer")
    assert TrumpLadder()._rules == house
    assert TrumpLadder(high_joker="red")._rules.high_joker == "red"  # an option given outright wins
    assert TrumpLadder("canadian")._rules == cl.Rules.preset("canadian")  # a variant named outright: as printed
    assert BidBox()._rules == house
    assert PlayTable(seed=0).game.rules == house
    assert BidOddsExplorer(auto=False)._rules == house
    assert all(q.contract.rules == house for q in _take(questions(None, 2, None, 0), 12))


def test_every_widget_speaks_the_courses_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from charlemagne_learn.widgets import (
        BidBox,
        BidOddsExplorer,
        DecisionQuiz,
        Hand,
        PlayTable,
        Table,
        TrickQuiz,
        TrumpLadder,
    )

    monkeypatch.setenv(COURSE_VARIABLE, json.dumps({**HOUSE, "lang": "fr"}))
    assert cl.course_lang() == "fr"
    made = [
        TrumpLadder(),
        BidBox(),
        Hand("AS JD"),
        TrickQuiz(seed=1, count=1),
        PlayTable(seed=0, grade_moves=False),
        BidOddsExplorer(auto=False),
        DecisionQuiz(kinds=["lead"], seed=3, count=1, samples=4),
        Table(cl.HandState.new(seed=1)),
    ]
    assert [w.lang for w in made] == ["fr"] * len(made)
    assert TrumpLadder(lang="en").lang == "en"  # a language given outright wins
    try:
        assert set_course(lang="en").lang == "en" and Hand("AS").lang == "en"  # the session's setting first
    finally:
        set_course()
    assert Hand("AS").lang == "fr"


def test_settings_come_from_the_file_the_variable_or_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(COURSE_VARIABLE, raising=False)
    lessons = tmp_path / "course" / "lessons"
    lessons.mkdir(parents=True)
    monkeypatch.chdir(lessons)
    assert course().rules == cl.Rules.preset("canadian")  # no file: the rulebook
    (tmp_path / "course" / "course.json").write_text(json.dumps(HOUSE), encoding="utf-8")
    assert course().rules.high_joker == "black"  # found in a folder above the lesson's
    monkeypatch.setenv(COURSE_VARIABLE, '{"house_rules": {"target": 21}}')
    assert (course().rules.high_joker, course().rules.target) == ("red", 21)  # the variable comes first
    try:
        assert set_course(high_joker="black").rules.target == 32  # the session's setting comes first of all
    finally:
        set_course()
    assert course().rules.target == 21


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{not json", "not JSON"),
        ("[1, 2]", "one JSON object"),
        ('{"variant": "canadian", "houserules": {}}', "an unknown key houserules"),
        ('{"variant": "cribbage"}', "unknown variant 'cribbage'"),
        ('{"house_rules": {"high_joker": "green"}}', "high_joker"),
        ('{"house_rules": {"hand_size": 7}}', "cannot change"),
        ('{"house_rules": {"bids": []}}', "belongs to the variant"),
        ('{"lang": "de"}', "'fr' (French)"),
        ('{"lang": ["fr"]}', "'fr' (French)"),
    ],
)
def test_bad_settings_say_what_is_wrong(text: str, says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(COURSE_VARIABLE, text)
    with pytest.raises(CourseSettingsError, match=re.escape(says)) as info:
        cl.course_rules()
    assert isinstance(info.value, ValueError) and COURSE_VARIABLE in str(info.value)


def test_the_shipped_settings_are_the_rulebook() -> None:
    shipped = json.loads((NOTEBOOKS / "course.json").read_text(encoding="utf-8"))
    assert cl.Rules.preset(shipped["variant"], **shipped["house_rules"]) == cl.Rules.preset("canadian")
    assert os.environ.get(COURSE_VARIABLE) is None or "CI" not in os.environ


def _take(stream, n):  # type: ignore[no-untyped-def]
    return [q for _, q in zip(range(n), stream, strict=False)]
