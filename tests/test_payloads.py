"""The payloads Python sends the widgets' pages have one shape on both sides: the TypedDicts of
``charlemagne_learn/widgets/payloads.py``, the JSDoc ``@typedef`` blocks of the front-end, and what the widgets
really send, key for key."""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.widgets import payloads
from charlemagne_learn.widgets._base import card_view
from charlemagne_learn.widgets.table import table_picture

ROOT = Path(__file__).resolve().parents[1]
TYPES = {name: getattr(payloads, name) for name in payloads.__all__}


def jsdoc_types() -> dict[str, tuple[set[str], set[str]]]:
    """Each ``@typedef`` of the front-end: its required and its optional (``[key]``) properties."""
    found: dict[str, tuple[set[str], set[str]]] = {}
    current: tuple[set[str], set[str]] | None = None
    for path in sorted((ROOT / "widgets").glob("*.js")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if m := re.search(r"@typedef \{Object\} (\w+)", line):
                current = found.setdefault(m.group(1), (set(), set()))
            elif (m := re.search(r"@property \{[^}]+\} (\[?)(\w+)\]?", line)) and current is not None:
                current[1 if m.group(1) else 0].add(m.group(2))
            elif "*/" in line:
                current = None
    return found


def test_each_payload_type_has_the_same_keys_on_both_sides() -> None:
    js = jsdoc_types()
    assert set(TYPES) <= set(js), sorted(set(TYPES) - set(js))
    for name, kind in TYPES.items():
        assert js[name] == (set(kind.__required_keys__), set(kind.__optional_keys__)), name


def conforms(value: Any, kind: Any, where: str) -> None:
    """``value`` has the shape ``kind`` says, down to every nested payload (keys, and the types of the leaves)."""
    origin = typing.get_origin(kind)
    if typing.is_typeddict(kind):
        assert isinstance(value, dict), where
        hints = typing.get_type_hints(kind)
        assert set(value) <= set(hints), f"{where}: keys the type does not name: {set(value) - set(hints)}"
        assert kind.__required_keys__ <= set(value), f"{where}: missing {kind.__required_keys__ - set(value)}"
        for key, item in value.items():
            conforms(item, hints[key], f"{where}.{key}")
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            conforms(item, typing.get_args(kind)[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict) and all(isinstance(v, str) for v in value.values()), where
    elif origin is typing.NotRequired:
        conforms(value, typing.get_args(kind)[0], where)
    elif origin in (typing.Union, types.UnionType):  # X | None
        options = typing.get_args(kind)
        if value is not None or type(None) not in options:
            conforms(value, next(o for o in options if o is not type(None)), where)
    else:
        assert isinstance(value, kind), f"{where}: {type(value).__name__}, not {kind.__name__}"


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_table_pictures_have_the_declared_shape_at_every_step(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    for seed in range(4):
        played = cl.play_hand(rules, [cl.RuleBot(i) for i in range(4)], seed=seed)
        for moment in range(len(played.history) + 1):
            for viewer in (cl.Seat.S, None):
                conforms(table_picture(played.at(moment), viewer, "fr"), payloads.TablePicture, f"{seed}:{moment}")


def test_a_card_view_has_the_declared_shape() -> None:
    conforms(card_view(cl.Card.parse("JD"), "en"), payloads.CardView, "card")
    conforms(card_view(cl.Card.parse("RJ"), "fr", legal=True, illegal_word="x"), payloads.CardView, "card")


def test_hint_panels_and_grade_lines_have_the_declared_shape() -> None:
    """What the play table and the decision quiz send after a hint and after a choice: ranked choices, the grade
    line, and after a worse card the punishing line."""
    from charlemagne_learn.analysis import hint
    from charlemagne_learn.analysis.exchange import exchange_hint
    from charlemagne_learn.widgets.playtable import exchange_grade_line, exchange_panel, grade_line, hint_panel, refuted

    rules = cl.Rules.preset("canadian")
    played = cl.play_hand(rules, [cl.RuleBot(i) for i in range(4)], seed=4)
    kinds = set()
    for moment in range(len(played.history)):
        state = played.at(moment)
        mover = state.to_move
        if mover is None or len(state.legal_actions()) < 2:
            continue
        if state.phase is cl.Phase.DISCARD and state.bidder == mover:
            ranked_exchange = exchange_hint(state, 6, lang="fr")
            conforms(exchange_panel(ranked_exchange, "fr"), payloads.HintPanel, "exchange")
            worst = ranked_exchange.choices[-1]
            conforms(exchange_grade_line(ranked_exchange, worst, "fr"), payloads.GradeLine, "exchange grade")
            kinds.add("exchange")
        elif state.phase in (cl.Phase.BIDDING, cl.Phase.PLAY):
            view = state.view(mover)
            ranked = hint(view, 12, workers=1, lang="en")
            conforms(hint_panel(ranked, rules, "en"), payloads.HintPanel, str(moment))
            worst = ranked.choices[-1].action
            line = {**grade_line(ranked, worst, rules, "en"), **refuted(view, worst, ranked, "en")}
            conforms(line, payloads.GradeLine, f"{moment} grade")
            kinds.add("why" if "lines" in line else state.phase.name)
    assert {"exchange", "BIDDING", "why"} <= kinds


def test_a_story_step_has_its_declared_shape_in_both_languages() -> None:
    from charlemagne_learn.widgets.playtable import PlayTable

    for lang in ("en", "fr"):
        table = PlayTable("canadian", "S", seed=4, lang=lang, grade_moves=False)
        table._on_front_end(table, {"type": "action", "action": "pass"}, [])
        assert table.telling
        conforms(table.story, payloads.StoryStep, f"story {lang}")
        conforms(table.picture, payloads.TablePicture, f"story picture {lang}")
