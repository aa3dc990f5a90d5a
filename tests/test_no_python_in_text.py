"""No Python in what a learner reads, in English as in French: no dict or list reprs (``{'N': 2, …}``), no "card(s)"
plurals, no record names such as ``gros_mulot`` or ``partner_card`` — in the sentences, the rulings and refusals a
widget shows, its labels and its static picture, the tables and the play table's words. ``tests/test_french*.py`` checks
French for English words; this checks both languages for code."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.engine import i18n
from charlemagne_learn.widgets import BidBox, DecisionQuiz, Hand, PlayTable, Table, TrickQuiz, TrumpLadder
from charlemagne_learn.widgets._base import GameWidget

#: Code in a text: a dict's or a list's repr, a card's repr, a "(s)" plural, a snake_case name (outside `backticks`,
#: where the French edition quotes what a reader types).
_DICT = re.compile(r"\{'[^']*': |\{\"[^\"]*\": ")
_CARD_REPR = re.compile(r"\bCard\('")
_PLURAL = re.compile(r"[A-Za-zÀ-ÿ]\((?:s|es|e|x)\)")
_SNAKE = re.compile(r"(?<![\w=.])[a-z]+(?:_[a-z]+)+\b(?!\s*=)")
_BACKTICKS = re.compile(r"`[^`]*`")
_TAGS = re.compile(r"<[^>]*>")


def python_in(text: str) -> list[str]:
    """What reads as code in ``text`` (HTML tags and `quoted code` aside)."""
    plain = _BACKTICKS.sub(" ", _TAGS.sub(" ", text))
    found = [m.group(0) for pattern in (_DICT, _CARD_REPR, _PLURAL) for m in pattern.finditer(plain)]
    return found + _SNAKE.findall(plain)


def test_the_finder_finds_code() -> None:
    assert python_in("Tricks won: {'N': 2, 'E': 1}") == ["{'N': "]
    assert python_in("got 3 card(s), 2 levée(s)") == ["d(s)", "e(s)"]
    assert python_in("last action: South bid gros_mulot") == ["gros_mulot"]
    assert python_in("use `high_joker` or hints=False, 91%") == []


# ---------------------------------------------------------------- every sentence
def _all_messages() -> list[str]:
    for module in pkgutil.walk_packages(cl.__path__, "charlemagne_learn."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    return i18n.catalog_keys()


def _literal(template: str) -> str:
    return "".join(literal for literal, *_ in string.Formatter().parse(template))


@pytest.mark.parametrize("key", _all_messages())
def test_no_sentence_writes_a_plural_in_brackets(key: str) -> None:
    for text in i18n.templates(key).values():
        assert not _PLURAL.search(_literal(text)), f"{key}: {text!r}: use {{n:one|many}}"


@pytest.mark.parametrize(
    ("n", "en", "fr"), [(0, "0 tricks", "0 levée"), (1, "1 trick", "1 levée"), (2, "2 tricks", "2 levées")]
)
def test_one_plural_rule_for_every_sentence(n: int, en: str, fr: str) -> None:
    assert i18n.say("display.won", "en", n=n) == f" — {en}"
    assert i18n.say("display.won", "fr", n=n) == f" — {fr}"


# ---------------------------------------------------------------- what the engine prints and shows
def test_counts_by_seat_and_team_read_as_words() -> None:
    state = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)
    won = state.tricks_won
    assert won == {"N": 2, "E": 1, "S": 5, "W": 0}  # still the dict code reads
    assert str(won) == "North 2 · East 1 · South 5 · West 0"
    assert won.text("fr") == "Nord 2 · Est 1 · Sud 5 · Ouest 0"
    points = cl.score_hand(cl.Contract(cl.Rules.preset("canadian"), "7", "E", "D"), 8)
    assert points == {"NS": 0, "EW": 7} and str(points) == "NS 0 – EW 7" and points.text("fr") == "NS 0 – EO 7"
    game = cl.Game(cl.Rules.preset("canadian"), "N", 1)
    assert str(game.scores) == "NS 0 – EW 0"
    # a notebook shows them as words too (IPython's text/plain), and a lesson that prints them prints words
    from IPython.lib.pretty import pretty

    assert pretty(won) == "North 2 · East 1 · South 5 · West 0" and pretty(points) == "NS 0 – EW 7"
    assert not python_in(f"Tricks won: {won}")


def test_actions_are_said_by_their_bids_names_and_read_back() -> None:
    for variant in ("canadian", "american", "maine", "bid_euchre"):
        rules = cl.Rules.preset(variant)
        for spec in rules.bids:
            action = cl.Action.parse(f"bid {spec.name}")
            said = action.text("en")
            assert not python_in(said), said
            assert cl.Action.parse(said) == action
    for choice in ("kitty", "partner_card", "alone", "with_partner", "defend_alone", "defend_together"):
        action = cl.Action.choose(choice)
        assert not python_in(action.text("en")) and cl.Action.parse(action.text("en")) == action


def test_the_engine_s_refusals_name_bids_as_players_do() -> None:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="E", seed=3)
    state.apply("bid gros_mulot")
    with pytest.raises(cl.IllegalActionError) as info:
        state.apply("bid mulot")
    assert str(info.value) == (
        "bid Mulot is not allowed: a bid must be higher than bid Gros Mulot; allowed: pass, bid Gros Charlemagne"
    )
    with pytest.raises(cl.ContractError) as bad:
        cl.Rules.preset("canadian").bid("9")
    assert not python_in(str(bad.value).split(";")[1])


# ---------------------------------------------------------------- every widget, in both languages
def _texts(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in {
                "id",
                "action",
                "suit",
                "seat",
                "kind",
                "place",
                "grade",
                "to",
                "bid",
                "name",
                "ink",
                "ink4",
            }:
                yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


_NOT_SHOWN = {"_esm", "_css", "_download", "variant", "trump", "kind", "phase", "verdict", "selected", "chosen"}
_NOT_SHOWN |= {"picked", "right", "seat", "_anywidget_id", "_model_name", "_view_name", "_model_module"}
_NOT_SHOWN |= {"_view_module", "_model_module_version", "_view_module_version", "_dom_classes", "layout"}
_NOT_SHOWN |= {"tabbable", "tooltip", "variants"}


def python_shown(widget: GameWidget) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name in widget.keys:
        if name in _NOT_SHOWN:
            continue
        for text in _texts(getattr(widget, name)):
            if python_in(text):
                found[f"{name}: {text[:100]!r}"] = python_in(text)
    static = python_in(widget._static_html())
    if static:
        found["static html"] = static
    return found


def click(widget: GameWidget, **content: Any) -> None:
    widget._on_front_end(widget, content, [])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_play_table_through_hands_with_refusals_hints_and_reviews(lang: str) -> None:
    p = PlayTable("canadian", seat="S", seed=2, lang=lang, grade_samples=4, hint_samples=4)
    for _ in range(80):
        assert not python_shown(p)
        if p.your_turn:
            click(p, type="hint")
            assert not python_shown(p)
            click(p, type="action", action="bid 9")  # no such bid: the ladder named as players call it
            assert p.message and not python_shown(p), p.message
            p.play(p.state.legal_actions()[-1])
        else:
            click(p, type="card", card="AS")
            if not p.next_hand():
                break


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_table_replayed_step_by_step(lang: str) -> None:
    for variant, seed in (("canadian", 3), ("maine", 5), ("american", 1), ("bid_euchre", 2)):
        state = play_hand(cl.Rules.preset(variant), [make_bot("rule", s) for s in range(4)], seed=seed)
        table = Table.replay(state, seat="S", lang=lang)
        for step in range(table.steps + 1):
            table.step = step
            assert not python_shown(table), (variant, step)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bid_boxes_hands_ladders_and_quizzes(lang: str) -> None:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="E", seed=3)
    state.apply("bid gros_mulot")
    box = BidBox(state=state, lang=lang)
    click(box, type="bid", action="bid mulot")  # lower than Gros Mulot: the engine's refusal
    assert box.message and not python_shown(box), box.message
    hand = Hand(
        "AS JD 7H RJ 9C", contract=cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H"), trick="KH", lang=lang
    )
    click(hand, type="click", card="AS")
    assert hand.message and not python_shown(hand)
    for variant in ("canadian", "maine"):
        assert not python_shown(TrumpLadder(variant, "H", lang=lang))
        assert not python_shown(BidBox(variant, lang=lang))
        quiz = TrickQuiz(variant, level=3, count=4, seed=1, lang=lang)
        while quiz.phase != "finished":
            assert not python_shown(quiz)
            quiz.answer(quiz._question.answer)
            assert not python_shown(quiz)
            quiz.next()
    decide = DecisionQuiz("canadian", kinds=["bid", "exchange"], seed=50, count=2, samples=4, lang=lang)
    assert not python_shown(decide)


# ---------------------------------------------------------------- tables printed as text
def test_printed_tables_wrap_between_words_within_a_notebook_s_width() -> None:
    """JupyterLab breaks a printed line that is too wide anywhere, even inside a word ("nam / es"): every text table
    and its heading keep their lines to ``TEXT_WIDTH`` characters, breaking between words."""
    from charlemagne_learn.analysis import hint
    from charlemagne_learn.analysis.hints import review
    from charlemagne_learn.analysis.shown import hint_text, review_text
    from charlemagne_learn.engine.display import TEXT_WIDTH, text_table

    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="N", seed=1)
    ranked = hint(state.view(state.to_move), 4)
    played = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)
    for lang in ("en", "fr"):
        for text in (hint_text(ranked, lang), review_text(review(played, cl.Seat.S, samples=4), lang)):
            assert max(len(line) for line in text.splitlines()) <= TEXT_WIDTH, text
    # every word of every reason is still there, whole, in order
    words = " ".join(hint_text(ranked, "en").split())
    assert all(" ".join(c.reason.said("en").split()) in words for c in ranked.choices)
    long = "a reason " * 20
    table = text_table(["choice", "why"], [["bid 5", long.strip()]])
    assert all(len(line) <= TEXT_WIDTH for line in table.splitlines())
    assert [line[:7] for line in table.splitlines()[2:]] == ["       "] * (len(table.splitlines()) - 2)
