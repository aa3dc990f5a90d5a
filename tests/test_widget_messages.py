"""A page's messages are untrusted input: no message, however odd, raises out of a widget's handler.

Issue 11 found a quiz's Check with nothing chosen raising IndexError out of the message handler (a
traceback in the page). Every widget gets messages of every shape here: the types it knows with
missing, empty, wrong-typed or unknown values, and types it does not know.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.widgets import BidBox, BidOddsExplorer, Hand, PlayTable, Table, TrickQuiz, TrumpLadder

TYPES = ["click", "card", "seat", "choice", "check", "clear", "next", "bid", "trump", "variant", "deal", "compute",
         "hint", "action", "step", "", "unknown"]  # fmt: skip
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.floats(), st.text(max_size=6),
    st.sampled_from(["JH", "RJ", "N", "E", "H", "6", "bid 6", "pass", "play JH", "canadian", "XX", "♡", "0"]),
    st.lists(st.text(max_size=3), max_size=3), st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2),
)  # fmt: skip
KEYS = ["card", "seat", "choice", "action", "suit", "variant", "text", "step", "type"]


def widgets() -> list[Any]:
    state = cl.play_hand(cl.Rules.preset("canadian"), [cl.RandomBot(s) for s in range(4)], seed=1)
    bidding = cl.HandState.new(cl.Rules.preset("canadian"), "N", seed=1)
    return [
        Hand("AS JD 7H RJ 9C", contract=cl.Contract("canadian", "6", "N", trump="H"), trick="KH"),
        TrumpLadder("canadian", trump="H"),
        BidBox(state=bidding),
        Table(state, seat="S"),
        TrickQuiz(count=3),
        TrickQuiz(kinds=["legal"], count=3),
        BidOddsExplorer(samples=10, auto=False),
        PlayTable("canadian", seat="S", seed=2, hints=False, grade_moves=False),
    ]


WIDGETS = widgets()


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    which=st.integers(0, len(WIDGETS) - 1),
    kind=st.sampled_from(TYPES),
    fields=st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=3),
    shape=st.sampled_from(["dict", "list", "text", "none"]),
)
def test_no_page_message_raises_out_of_a_widget(which: int, kind: str, fields: dict[str, Any], shape: str) -> None:
    widget = WIDGETS[which]
    content: Any = {"type": kind, **fields}
    if shape != "dict":
        content = {"list": [content], "text": kind, "none": None}[shape]
    widget._on_front_end(widget, content, [])  # anything but a refusal shown in widget.message is a bug
    repr(widget)


@pytest.mark.parametrize("widget", WIDGETS, ids=lambda w: type(w).__name__)
def test_a_message_with_no_type_changes_nothing(widget: Any) -> None:
    before = widget.get_state()
    widget._on_front_end(widget, {"card": None}, [])
    after = widget.get_state()
    assert {k: v for k, v in after.items() if k != "message"} == {k: v for k, v in before.items() if k != "message"}


@pytest.mark.parametrize(
    "make",
    [
        lambda: TrickQuiz(lang=5),
        lambda: TrickQuiz(four_colour="yes"),
        lambda: TrickQuiz(kinds=5),
        lambda: TrumpLadder("canadian", trump=5),
        lambda: BidOddsExplorer(method=3, auto=False),
    ],
    ids=["quiz-lang", "quiz-four-colour", "quiz-kinds", "ladder-trump", "explorer-method"],
)
def test_a_widget_option_of_the_wrong_type_is_a_charlemagne_error(make: Any) -> None:
    with pytest.raises(cl.CharlemagneError):
        make()


def test_a_trait_set_to_the_wrong_type_from_python_is_a_charlemagne_error() -> None:
    quiz = TrickQuiz(count=2)
    with pytest.raises(cl.CharlemagneError, match="lang"):
        quiz.lang = 5  # type: ignore[assignment]
    assert quiz.lang == "en"
