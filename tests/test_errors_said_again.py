"""An error is said in the language of whoever shows it, not only of the code that raised it.

Every error the engine raises for bad input is made from a catalog sentence and keeps its key and fields:
``str(error)`` is the message as raised, ``error.said(lang)`` the same message in any language. A widget shows a
refusal in its own language this way, whatever the course speaks.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint
from charlemagne_learn.engine.i18n import speaking
from charlemagne_learn.widgets import PlayTable

RULES = cl.Rules.preset("canadian")
K = cl.Contract(RULES, "6", "N", trump="H")
PACKAGE = Path(cl.__file__).parent


def discarding() -> cl.HandState:
    """North about to put cards aside: no phase a card's or a bid's hint grades."""
    state = cl.HandState.new(RULES, dealer="W", seed=7)
    for action in ("bid 6", "pass", "pass", "pass"):
        state.apply(action)
    return state


# Errors made of values and of words of the interface: each said again wholly in the other language.
BAD: list[Callable[[], Any]] = [
    lambda: cl.HandState.new(RULES, dealer="X", seed=1),
    lambda: cl.parse_cards("ZZ"),
    lambda: cl.Contract(RULES, "6", "N"),
    lambda: cl.HandState.new(RULES, dealer="W", seed=-1),
    lambda: cl.score_hand(K, 9),
    lambda: cl.Card.from_index("5"),
    # fields that are words of the interface (a variant's title, a phase, a seat, a help text) are said again too
    lambda: cl.Action.parse("fly away"),
    lambda: cl.Rules.preset("canadian", kitty_size=0),
    lambda: cl.jokers("bid_euchre"),
    lambda: hint(discarding().view("N")),
    lambda: cl.play_hand(RULES, [cl.RuleBot(0), cl.RuleBot(1)], seed=1),
]


@pytest.mark.parametrize("call", BAD, ids=range(len(BAD)))
def test_an_error_raised_in_english_is_said_in_french_and_back(call: Callable[[], Any]) -> None:
    with speaking("en"), pytest.raises(cl.CharlemagneError) as raised:
        call()
    error = raised.value
    assert error.key is not None, str(error)
    assert error.said("en") == str(error)
    french = error.said("fr")
    assert french != str(error)
    with speaking("fr"), pytest.raises(cl.CharlemagneError) as again:
        call()
    assert str(again.value) == french  # the same words as an error raised in French


def test_a_message_written_out_in_full_is_said_as_raised() -> None:
    error = cl.IllegalActionError("written here")
    assert error.key is None and error.said("fr") == "written here"


@pytest.mark.parametrize(
    "refuse",
    [
        lambda w: w.play("ZZ"),  # a PlayTable: a card no deck has
        lambda w: w.play("bid 9"),  # a PlayTable: a bid the ladder lacks
    ],
)
def test_a_french_widget_shows_an_english_courses_refusal_in_french(refuse: Callable[[Any], Any]) -> None:
    with speaking("en"):
        french, english = PlayTable("canadian", "S", seed=1, lang="fr"), PlayTable("canadian", "S", seed=1)
        assert refuse(french) is False and refuse(english) is False
    assert french.message and english.message and french.message != english.message
    with speaking("fr"):
        also = PlayTable("canadian", "S", seed=1, lang="fr")
        refuse(also)
    assert also.message == french.message


def test_every_widget_refusal_goes_through_one_place() -> None:
    """No widget writes an error's text as raised into its message: each says it again in its language."""
    for path in (PACKAGE / "widgets").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Attribute) and target.attr == "message" for target in node.targets
            ):
                value = node.value
                assert not (
                    isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "str"
                ), f"{path.name}:{node.lineno} shows str(error): use self._refusal(error)"


def test_every_engine_error_made_from_a_sentence_keeps_its_key() -> None:
    """Raised errors are built from sentence(...), not say(...), so they can be said again."""
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id.endswith("Error")
                and node.args
                and isinstance(node.args[0], ast.Call)
                and isinstance(node.args[0].func, ast.Name)
            ):
                assert node.args[0].func.id != "say", f"{path.relative_to(PACKAGE)}:{node.lineno}"
