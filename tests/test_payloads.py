"""The payloads Python sends the widgets' pages have one shape on both sides: the TypedDicts of
``charlemagne_learn/widgets/payloads.py``, the declarations written from them for the front-end
(``widgets/payloads.d.ts``, which its files name in JSDoc), and what the widgets really send, key for key."""

from __future__ import annotations

import re
import types
import typing
from pathlib import Path
from typing import Any

import pytest
import traitlets as t

import charlemagne_learn as cl
from charlemagne_learn.widgets import (
    Afresh,
    BidBox,
    BidOddsExplorer,
    BoardsBox,
    DecisionQuiz,
    Hand,
    HomeworkBox,
    Lobby,
    NameBox,
    PlayTable,
    SharedTable,
    Table,
    TrickQuiz,
    TrumpLadder,
    payloads,
)
from charlemagne_learn.widgets._base import card_view
from charlemagne_learn.widgets._codebox import CodeBox
from charlemagne_learn.widgets._payload_types import FILE, declarations
from charlemagne_learn.widgets._traits import Payload, Payloads
from charlemagne_learn.widgets.playtable import TableFront
from charlemagne_learn.widgets.table import table_picture

ROOT = Path(__file__).resolve().parents[1]
TYPES = {name: getattr(payloads, name) for name in payloads.__all__}


def test_the_page_side_declarations_are_written_from_the_typed_dicts() -> None:
    """``widgets/payloads.d.ts`` is what the TypedDicts make of it now: a key renamed in Python is renamed for the
    page's files too (run scripts/build_widgets.py after editing payloads.py)."""
    text = (ROOT / "widgets" / FILE).read_text(encoding="utf-8")
    assert text == declarations(), f"widgets/{FILE} is stale: run scripts/build_widgets.py"
    assert 'export interface BidRow {\n  "who plays": string;' in text  # the game's words, spaces and all
    assert "  last_trick: LastTrick | null;" in text and "  legal?: boolean;" in text


def test_the_page_names_each_payload_from_the_declarations_and_writes_none_itself() -> None:
    """No payload shape is written by hand on the page's side: each file takes the names it uses from
    ``payloads.d.ts``, and each name it takes is a payload Python sends."""
    for path in sorted((ROOT / "widgets").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        assert "@typedef {Object}" not in text and "@property" not in text, path.name
        taken = set(re.findall(r'@typedef \{import\("\./payloads"\)\.(\w+)\} \1 \*/', text))
        assert taken <= set(TYPES), path.name
        annotations = re.findall(r"@(?:type|param|returns)\s*\{([^}]*)\}", text)
        used = {name for a in annotations for name in re.findall(r"\w+", a)} & set(TYPES)
        assert used == taken, f"{path.name}: names {sorted(used)}, takes {sorted(taken)}"


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
    elif origin in (typing.Union, types.UnionType):  # X | None, or one of several shapes (a card or a gap)
        options = [o for o in typing.get_args(kind) if o is not type(None)]
        if value is None and len(options) < len(typing.get_args(kind)):
            return
        failures = []
        for option in options:
            try:
                conforms(value, option, where)
                return
            except AssertionError as exc:
                failures.append(str(exc))
        raise AssertionError(f"{where}: none of {[o.__name__ for o in options]}: {failures}")
    else:  # a leaf; a bool is an int to isinstance, never to the page's reader of a count
        assert isinstance(value, kind) and (kind is bool or not isinstance(value, bool)), (
            f"{where}: {type(value).__name__}, not {kind.__name__}"
        )


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


# ---------------------------------------------------------------- every widget's synced payloads
P = payloads
_TABLE_FRONT: dict[str, Any] = {
    "picture": P.TablePicture,
    "actions": list[P.ActionButton],
    "hint": P.HintPanel,
    "grade": P.GradeLine,
    "review": P.HandReview | None,
    "screen": P.PassScreen | None,
    "words": dict[str, str],
}
#: The shape of every synced trait a widget sends as a dict or a list of dicts; ``X | None``: ``{}`` while there is
#: nothing of its kind to show.
SHAPES: dict[type, dict[str, Any]] = {
    BidBox: {"rows": list[P.BidRow], "pass_action": P.BidButton},
    Hand: {"cards": list[P.CardView]},
    TrumpLadder: {
        "trumps": list[P.LadderStep],
        "plain": list[P.PlainSuit],
        "variants": list[P.VariantChoice],
        "suits": list[P.TrumpChoice],
        "words": dict[str, str],
    },
    BidOddsExplorer: {"hand_cards": list[P.CardView], "rows": list[P.OddsRow], "words": dict[str, str]},
    TrickQuiz: {
        "trick": list[P.QuizPlay],
        "cards": list[P.CardView],
        "seats": list[P.QuizSeat],
        "words": dict[str, str],
        "_download": P.Download | None,
    },
    NameBox: {"words": P.NameBoxWords},
    Afresh: {"lessons": list[P.AfreshLesson], "words": P.AfreshWords},
    HomeworkBox: {"words": P.NameBoxWords},
    BoardsBox: {"words": P.NameBoxWords},
    CodeBox: {"words": P.NameBoxWords},
    Table: {"picture": P.TablePicture, "words": dict[str, str]},
    TableFront: _TABLE_FRONT,
    PlayTable: {**_TABLE_FRONT, "story": P.StoryStep | None, "replay_info": P.ReplayInfo | None},
    DecisionQuiz: {**_TABLE_FRONT, "_download": P.Download | None},
    SharedTable: {"words": dict[str, str]},
    Lobby: {"words": dict[str, str]},
}
LANGS = ("en", "fr")
VARIANTS = ("canadian", "american", "maine", "bid_euchre")


def click(widget: Any, **content: Any) -> None:
    """What the page sends on a click."""
    widget._on_front_end(widget, content, [])


def sent(widget: Any, where: str, seen: set[str]) -> None:
    """Every dict-shaped trait ``widget`` syncs has its declared shape now; ``seen`` gathers those that hold
    something (so a test can tell it drew each one, not only its empty state)."""
    # anywidget draws each widget from a subclass of its own: the shapes are its widget class's
    shapes = next(SHAPES[cls] for cls in type(widget).__mro__ if cls in SHAPES)
    for name, kind in shapes.items():
        value = getattr(widget, name)
        if value == {} and type(None) in typing.get_args(kind):
            value = None
        conforms(value, kind, f"{where}.{name}")
        if value:
            seen.add(name)


def _dict_traits(cls: type) -> dict[str, Any]:
    """Each synced trait of ``cls`` that holds a dict or a list of dicts, and the shape it checks ("untyped": none)."""
    out: dict[str, Any] = {}
    for name, trait in cls.class_traits(sync=True).items():  # type: ignore[attr-defined]
        if isinstance(trait, Payload):
            out[name] = trait.kind
        elif isinstance(trait, Payloads):
            out[name] = list[trait.kind]  # type: ignore[name-defined]
        elif isinstance(trait, t.Dict) and isinstance(trait._value_trait, t.Unicode):
            out[name] = dict[str, str]
        elif isinstance(trait, t.Dict) or (isinstance(trait, t.List) and isinstance(trait._trait, t.Dict)):
            out[name] = "untyped"
    return out


def test_every_dict_a_widget_syncs_checks_its_declared_shape() -> None:
    from charlemagne_learn.widgets._base import DRAWN

    assert set(DRAWN) <= set(SHAPES)
    for cls, shapes in SHAPES.items():
        # X | None in SHAPES: {} while there is nothing to show, which every payload trait takes
        declared = {
            name: next(o for o in typing.get_args(k) if o is not type(None))
            if typing.get_args(k) and type(None) in typing.get_args(k)
            else k
            for name, k in shapes.items()
        }
        assert _dict_traits(cls) == declared, cls.__name__


def test_a_payload_of_another_shape_is_refused_in_python_and_changes_nothing() -> None:
    """A payload built with a key missing, misspelt or of the wrong kind fails where Python sets it, naming the place,
    as a ValueError of the course's family: never an empty box in a learner's browser."""
    table = Table(cl.play_hand(cl.Rules.preset("canadian"), [cl.RuleBot(i) for i in range(4)], seed=2).at(5))
    before = table.picture
    seat = dict(before["seats"][0])
    wrong = [
        (
            {**before, "seats": [{k: v for k, v in seat.items() if k != "count"}, *before["seats"][1:]]},
            r"seats\[0\] has no count",
        ),
        ({**before, "sets": before["seats"]}, "has keys a TablePicture has not: sets"),
        ({**before, "seats": [{**seat, "count": "13"}, *before["seats"][1:]]}, r"seats\[0\]\.count is str, not int"),
        ({**before, "seats": [{**seat, "face_up": 1}, *before["seats"][1:]]}, r"face_up is int, not bool"),
        ({**before, "last_trick": "none"}, "last_trick is none of LastTrick | NoneType"),
    ]
    for picture, refusal in wrong:
        with pytest.raises(cl.CharlemagneError, match=refusal):
            table.picture = picture  # type: ignore[assignment]
        assert table.picture is before
    hand = Hand("RJ JH AS")
    with pytest.raises(ValueError, match=r"cards\[0\] has no"):
        hand.cards = [{"id": "AS"}]  # type: ignore[typeddict-item]
    with pytest.raises(ValueError, match="words"):
        table.words = {"dealer": 3}  # type: ignore[dict-item]
    table.picture = {}  # nothing to show is a shape of its own
    assert table.picture == {}


def test_the_shape_check_catches_a_missing_a_stray_and_a_mistyped_key() -> None:
    """``conforms`` is strict enough to fail: each mistake the widgets' payloads could make is caught."""
    gap: dict[str, Any] = {"gap": True, "text": "J♦ is a trump now", "id": "JD"}
    conforms(gap, P.LadderCard | P.LadderGap, "gap")
    with pytest.raises(AssertionError, match="missing"):
        conforms({"gap": True, "text": "x"}, P.LadderGap, "gap")
    with pytest.raises(AssertionError, match="does not name"):
        conforms({**gap, "place": 1}, P.LadderGap, "gap")
    with pytest.raises(AssertionError, match="none of"):
        conforms({**gap, "gap": "yes"}, P.LadderCard | P.LadderGap, "gap")
    row = {
        "move": 3,
        "when": "Trick 1, first card",
        "phase": "",
        "action": "9♠",
        "grade": "good",
        "grade_word": "good",
        "best": "",
        "reason": "",
    }
    conforms(row, P.ReviewRow, "row")
    with pytest.raises(AssertionError, match="bool, not int"):
        conforms({**row, "move": True}, P.ReviewRow, "row")
    with pytest.raises(AssertionError, match="none of"):
        conforms({}, P.HandReview | None, "review")  # {} is "none" only where sent() reads it so


def test_the_bid_boxs_columns_are_the_keys_of_a_bid_row() -> None:
    """The page draws a row's cells by their names, listed in bidbox.js: each is a key Python sends."""
    source = (ROOT / "widgets" / "bidbox.js").read_text(encoding="utf-8")
    listed = re.search(r"const keys = \[([^\]]+)\]", source)
    assert listed is not None
    keys = set(re.findall(r'"([^"]+)"', listed.group(1)))
    assert len(keys) == 7 and keys <= set(P.BidRow.__required_keys__)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_bid_box_sends_its_declared_shapes_at_every_step_of_an_auction(variant: str) -> None:
    seen: set[str] = set()
    played = cl.play_hand(cl.Rules.preset(variant), [cl.RuleBot(i) for i in range(4)], seed=2)
    auction = [played.at(m) for m in range(len(played.history)) if played.at(m).phase is cl.Phase.BIDDING]
    assert len(auction) >= 4
    refused = 0
    for lang in LANGS:
        box = BidBox(variant, lang=lang)
        sent(box, f"{lang} reference", seen)
        inked = {"ink" in b for r in box.rows for b in r["actions"]} | {"ink" in box.pass_action}
        for moment, state in enumerate(auction):
            box.update(state)
            sent(box, f"{lang} {moment}", seen)
            buttons = [box.pass_action, *(b for r in box.rows for b in r["actions"])]
            refused += sum(not b["legal"] for b in buttons)
            first = next(b["id"] for b in buttons if b["legal"])
            click(box, type="bid", action=first)
            assert box.chosen == first and box.message == ""
            sent(box, f"{lang} {moment} clicked", seen)
    assert seen == {"rows", "pass_action"}
    assert refused > 0  # later in the auction some bids are buttons that may not be clicked
    # the pass button has no suit and so no inks; a bid naming its suit has them, where a variant has such bids
    assert False in inked and (True in inked) == (variant in ("maine", "bid_euchre"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_hand_sends_card_views(lang: str) -> None:
    seen: set[str] = set()
    contract = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    for show_legal in (True, False):
        hand = Hand("AS JD 7H RJ 9C", contract=contract, trick="KH", lang=lang, show_legal=show_legal)
        sent(hand, f"shown {show_legal}", seen)
        click(hand, type="click", card="JD")
        sent(hand, f"shown {show_legal}, clicked", seen)
        refused = {c["id"] for c in hand.cards if not c["legal"]}
        assert refused == ({"AS", "9C"} if show_legal else set())  # a heart led: these two may not follow it
    sent(Hand("AS KD", lang=lang), "no contract", seen)
    assert seen == {"cards"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_trump_ladder_sends_its_declared_shapes_for_every_trump(variant: str) -> None:
    seen: set[str] = set()
    gaps = 0
    for lang in LANGS:
        ladder = TrumpLadder(variant, "H", lang=lang)
        sent(ladder, f"{lang} H", seen)
        for choice in list(ladder.suits):
            click(ladder, type="trump", suit=choice["id"])
            assert ladder.message == "" and ladder.trump == (None if choice["id"] == "none" else choice["id"])
            sent(ladder, f"{lang} {choice['id']}", seen)
            gaps += sum(bool(c.get("gap")) for s in ladder.plain for c in s["cards"])
        click(ladder, type="variant", variant="canadian" if variant != "canadian" else "maine")
        sent(ladder, f"{lang} switched", seen)
    assert seen == set(SHAPES[TrumpLadder])
    assert gaps > 0  # the little jack's suit, one card short: a gap the page draws in its place


@pytest.mark.parametrize("variant", VARIANTS)
def test_an_odds_explorer_sends_its_declared_shapes_before_and_after_computing(variant: str) -> None:
    seen: set[str] = set()
    explorer = BidOddsExplorer(variant, samples=10, auto=False, lang="en")
    sent(explorer, "dealt", seen)
    assert explorer.rows == []
    click(explorer, type="compute")
    assert explorer.message == "" and len(explorer.rows) == len(cl.Rules.preset(variant).bids)
    sent(explorer, "computed", seen)
    explorer.lang = "fr"  # the same odds, said again
    sent(explorer, "fr", seen)
    click(explorer, type="deal")  # a new hand: its odds not computed yet
    sent(explorer, "dealt again", seen)
    assert seen == set(SHAPES[BidOddsExplorer])


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_trick_quiz_sends_its_declared_shapes_asked_and_answered(variant: str, lang: str) -> None:
    seen: set[str] = set()
    quiz = TrickQuiz(variant, level=2, seed=1, count=4, lang=lang)
    sent(quiz, "asked", seen)
    assert quiz._download == {}
    for number in range(1, 5):
        sent(quiz, f"{number} asked", seen)
        quiz.answer(quiz._question.answer)
        sent(quiz, f"{number} answered", seen)
        if number < 4:
            click(quiz, type="next")
    click(quiz, type="next")
    assert quiz.phase == "finished"
    sent(quiz, "finished", seen)
    # the default kinds in turn: a trick to read, seats to click, cards to click; and the results to download
    assert seen == set(SHAPES[TrickQuiz])


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_box_sends_its_words(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from charlemagne_learn import course

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(course, "_student", None)
    seen: set[str] = set()
    box = NameBox(lang=lang)
    sent(box, "none saved", seen)
    before = box.words["status"]
    click(box, type="save", name="Ada")
    sent(box, "saved", seen)
    assert box.words["status"] != before and "Ada" in box.words["status"]
    assert seen == {"words"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_box_of_lessons_to_start_afresh_sends_them_and_its_words(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from charlemagne_learn.teach import shipped

    lesson = tmp_path / "05_bidding.ipynb"
    lesson.write_text('{"cells": [{"cell_type": "markdown", "source": "# Lesson 5"}]}', encoding="utf-8")
    shipped.write_shipped(tmp_path)
    lesson.write_text('{"cells": []}', encoding="utf-8")
    monkeypatch.setattr(shipped, "in_browser", lambda: True)
    seen: set[str] = set()
    box = Afresh(tmp_path, lang=lang)
    sent(box, "a lesson changed", seen)
    click(box, type="afresh", lesson="05_bidding.ipynb")
    sent(box, "started afresh", seen)
    assert seen == {"lessons", "words"} and box.lessons == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_replay_table_sends_its_declared_shapes_at_every_step(variant: str) -> None:
    seen: set[str] = set()
    played = cl.play_hand(cl.Rules.preset(variant), [cl.RuleBot(i) for i in range(4)], seed=1)
    for lang, seat in (("en", "S"), ("fr", None)):
        table = Table(played, seat=seat, lang=lang)
        for step in range(table.steps + 1):
            table.step = step
            sent(table, f"{lang} {step}", seen)
    assert seen == set(SHAPES[Table])


@pytest.mark.parametrize("lang", LANGS)
def test_a_play_table_sends_its_declared_shapes_through_a_hand(lang: str) -> None:
    """The exchange (cards chosen, then put aside), the bots' story, a hint, the hand to its review and the replay."""
    seen: set[str] = set()
    table = PlayTable(seed=1, lang=lang, grade_moves=False, hint_samples=4, grade_samples=4)
    sent(table, "first", seen)
    click(table, type="action", action="bid gros_charlemagne")
    assert table.telling
    sent(table, "told", seen)
    click(table, type="skip")
    click(table, type="hint")
    sent(table, "hinted", seen)
    click(table, type="action", action="choose kitty")
    held = [c["id"] for s in table.picture["seats"] if s["you"] for c in s["cards"]]
    for card in held[-2:]:
        click(table, type="card", card=card)
        sent(table, f"chose {card}", seen)
    assert [a["kind"] for a in table.actions] == ["confirm", "undo"]
    click(table, type="action", action="confirm discards")
    click(table, type="action", action="trump S")
    while table.state.phase is not cl.Phase.OVER:
        while table.telling:
            click(table, type="continue")
            sent(table, "telling", seen)
        sent(table, "playing", seen)
        assert table.play(str(table.state.legal_actions()[-1])), table.message
    sent(table, "reviewed", seen)
    table.replay = 3
    sent(table, "replayed", seen)
    assert table.review["lines"] and table.review["log"]
    assert seen == set(SHAPES[PlayTable]) - {"grade", "screen"}


def test_a_play_table_for_two_people_sends_a_pass_screen_and_grades() -> None:
    seen: set[str] = set()
    table = PlayTable("canadian", people="NS", seed=3, grade_samples=4, lang="fr")
    for _ in range(12):
        if table.screen:
            sent(table, "passing", seen)
            click(table, type="ready")
        sent(table, "playing", seen)
        if table.state.phase is cl.Phase.OVER:
            break
        assert table.play(str(table.state.legal_actions()[0])), table.message
    assert {"screen", "grade"} <= seen


@pytest.mark.parametrize("lang", LANGS)
def test_a_decision_quiz_sends_its_declared_shapes_asked_and_answered(lang: str) -> None:
    seen: set[str] = set()
    quiz = DecisionQuiz("canadian", kinds=["bid"], seed=3, count=2, samples=8, lang=lang)
    sent(quiz, "asked", seen)
    assert quiz.actions and quiz.review == {} and quiz._download == {}
    click(quiz, type="action", action=quiz.actions[0]["id"])
    sent(quiz, "answered", seen)
    assert quiz.review["next"] and quiz._download["file"]
    assert seen == set(SHAPES[DecisionQuiz]) - {"screen"}
