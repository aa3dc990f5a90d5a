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


def at_play(lead: bool) -> cl.HandState:
    """A Canadian hand at its first card, or (``lead`` False) at its second card, with a card to refuse."""
    state = cl.play_hand(RULES, [cl.RuleBot(i) for i in range(4)], seed=3)
    first = next(m for m in range(len(state.history)) if state.at(m).phase is cl.Phase.PLAY)
    return state.at(first if lead else first + 1)


def refused_card(state: cl.HandState) -> str:
    """A card the seat to move holds but may not play now (it must follow suit)."""
    seat = state.to_move
    assert seat is not None
    legal = {a.card for a in state.legal_actions()}
    return str(next(c for c in state.hand(seat) if c not in legal))


def other_seat(state: cl.HandState) -> cl.Seat:
    assert state.to_move is not None
    return cl.Seat((int(state.to_move) + 1) % 4)


def not_held(state: cl.HandState) -> cl.Card:
    """A card of the deck the seat to move does not hold."""
    assert state.to_move is not None
    return next(c for c in map(cl.Card.from_index, range(34)) if c not in state.hand(state.to_move))


def maine_dealer_passing() -> cl.HandState:
    """Maine, the dealer's turn after three passes: the dealer may not pass."""
    state = cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=2)
    for _ in range(3):
        state.apply("pass")
    return state


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
    # a hand's refusals: its rulings (a card that must follow suit), the moves allowed, the phase, the seat
    lambda: at_play(False).apply(refused_card(at_play(False))),
    lambda: at_play(True).apply("bid 6"),
    lambda: at_play(True).apply(str(at_play(True).legal_actions()[0]), seat=other_seat(at_play(True))),
    lambda: maine_dealer_passing().apply("pass"),
    lambda: cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=2).apply("bid 6"),
    lambda: discarding().apply(f"discard {not_held(discarding())}"),
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


def test_a_refusal_said_later_tells_the_position_it_refused() -> None:
    """A ruling inside a refusal is put together again from the cards of that moment, not from the hand as it is
    when the message is shown (the hand has moved on by then)."""
    state = at_play(False)
    card = refused_card(state)
    with speaking("en"), pytest.raises(cl.IllegalActionError) as raised:
        state.apply(card)
    french_now = raised.value.said("fr")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert raised.value.said("fr") == french_now


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
