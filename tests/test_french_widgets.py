"""The widgets in French: every text a widget sends to its page (synced traits) and its static HTML picture hold
no English word, built with ``lang="fr"`` or under a French course, after a few clicks; their own refusals are
French too; and the English widgets say exactly what they said before. Every text is checked, the ones the
engine, the analysis and teach write for a widget too (questions, reasons, results, static pictures): a widget
passes its language to each of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.widgets import (
    BidBox,
    BidOddsExplorer,
    DecisionQuiz,
    Hand,
    PlayTable,
    Table,
    TrickQuiz,
    TrumpLadder,
    _base,
)
from charlemagne_learn.widgets._base import GameWidget

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

VARIANTS = ("canadian", "american", "maine", "bid_euchre")

#: Synced values that are ids the page sends back or uses as CSS classes, never shown: "bid 5", "pass", "right".
_IDS = frozenset(
    {"id", "action", "suit", "seat", "name", "kind", "place", "grade", "to", "bid", "phase", "verdict", "variant"}
    | {"ink", "ink4"}  # palette names of a card's colours
)
#: Traits that hold no text for the learner: the front-end's code, ids, and the teacher's results (data columns).
_NOT_TEXT = frozenset(
    {"_esm", "_css", "_download", "variant", "trump", "kind", "phase", "verdict", "selected", "chosen", "picked"}
    | {"right", "seat", "_anywidget_id", "_model_name", "_view_name", "_model_module", "_view_module"}
    | {"_model_module_version", "_view_module_version", "_dom_classes", "layout", "tabbable", "tooltip"}
)


def _texts(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _IDS:
                yield from _texts(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for n, item in enumerate(value):
            yield from _texts(item, f"{path}[{n}]")


def english_in(widget: GameWidget, static: bool = True) -> dict[str, set[str]]:
    """The English words in every synced text of ``widget`` (and its static HTML), by where they are."""
    found: dict[str, set[str]] = {}
    for name in widget.keys:
        if name in _NOT_TEXT:
            continue
        for path, text in _texts(getattr(widget, name), name):
            words = _french.english_words_in(text)
            if words:
                found[f"{path}: {text[:120]!r}"] = words
    if static:
        words = _french.english_words_in(widget._static_html())
        if words:
            found["static html"] = words
    return found


def click(widget: GameWidget, **content: Any) -> None:
    widget._on_front_end(widget, content, [])


# ---------------------------------------------------------------- one widget at a time, in French
def test_a_hand_and_its_refusals() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    h = Hand("AS JD 7H RJ 9C", contract=k, trick="KH", lang="fr", caption="Votre main")
    assert not english_in(h)
    click(h, type="click", card="AS")  # must follow suit: the ruling in French
    assert h.message and not english_in(h)
    click(h, type="click", card="QH")  # not held
    assert h.message == "Cette main n'a pas la dame de cœur ; elle tient RJ V♦ 7♥ A♠ 9♣" and not english_in(h)
    assert h.select("JD") and h.message == ""


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_dealt_hand_every_card_clicked(variant: str, seed: int) -> None:
    rules = cl.Rules.preset(variant)
    dealt = cl.HandState.new(rules, seed=seed)
    k = cl.Contract(rules, "5", "N", "S")
    h = Hand(dealt.hand(cl.Seat.S), contract=k, trick=dealt.hand(cl.Seat.W)[:1], lang="fr")
    for card in dealt.hand(cl.Seat.S):
        click(h, type="click", card=str(card))
        assert not english_in(h), card


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_ladder_every_trump_and_no_trump(variant: str) -> None:
    ladder = TrumpLadder(variant, "H", lang="fr")
    for suit in ("C", "D", "S", "none", "X"):
        click(ladder, type="trump", suit=suit)
        assert not english_in(ladder), suit  # "X": the engine's reading of a suit, in the ladder's language
    click(ladder, type="variant", variant="skat")
    assert ladder.message and not english_in(ladder)  # the engine's list of variants, in French too
    assert "Euchre à enchères" in [v["title"] for v in ladder.variants]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_bid_box_reference_card_and_a_hand_in_bidding(variant: str) -> None:
    assert not english_in(BidBox(variant, lang="fr"))
    state = cl.HandState.new(cl.Rules.preset(variant), seed=3)
    box = BidBox(state=state, lang="fr")
    assert not english_in(box)
    click(box, type="bid", action="play JH")
    assert box.message.startswith("« joue V♥ » n'est pas une enchère") and not english_in(box)


def test_bid_names_of_the_american_and_maine_tables_in_french() -> None:
    rows = {r["name"]: r["bid"] for r in BidBox("maine", lang="fr").rows}
    assert rows["high_card_no_trump"].startswith("Sans-atout") and rows["le_petit"] == "Le Petit"
    rows = {r["name"]: r["bid"] for r in BidBox("american", lang="fr").rows}
    assert rows["no_trump"] == "Sans-atout" and rows["charles_alone"] == "Charles seul"


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_table_at_every_step_from_a_seat_and_for_the_teacher(variant: str) -> None:
    state = play_hand(cl.Rules.preset(variant), [make_bot("rule", s) for s in range(4)], seed=3)
    for seat in ("S", None):
        table = Table.replay(state, seat=seat, lang="fr")
        for step in range(0, table.steps + 1, 2):
            table.step = step
            assert not english_in(table), (seat, step)
    assert Table(state, seat="S", lang="fr").words["last"].startswith("dernière action : ")
    table.step = next(n for n, (_, a) in enumerate(state.history, 1) if a.kind == "bid")
    assert " enchérit " in table.words["last"]
    # the teams as French players write them, with French spacing before the colon
    table.step = table.steps
    assert re.fullmatch(r"Levées gagnées : NS \d – EO \d", table.picture["tricks_line"])
    assert re.fullmatch(r"Points : NS \d+ – EO \d+", table.picture["points_line"])


def test_a_trick_quiz_played_through_with_its_refusals() -> None:
    for variant in ("canadian", "maine"):
        quiz = TrickQuiz(variant, level=3, count=6, seed=1, lang="fr")
        while quiz.phase != "finished":
            assert not english_in(quiz)
            click(quiz, type="next")  # not answered yet
            assert quiz.message == "Répondez d'abord à cette question."
            click(quiz, type="check")  # nothing picked (or not a card question)
            assert quiz.message and not english_in(quiz, static=False)
            quiz.answer(quiz._question.answer)
            click(quiz, type="card", card="AS")  # answered already
            assert quiz.message.startswith("Cette question a sa réponse")
            assert not english_in(quiz, static=False)
            quiz.next()
        assert quiz.summary.startswith("Vous avez") and not english_in(quiz)


def test_a_decision_quiz_its_grades_and_refusals() -> None:
    quiz = DecisionQuiz("canadian", kinds=["bid", "lead", "play"], seed=3, count=3, samples=4, lang="fr")
    for _ in range(3):
        assert not english_in(quiz)
        click(quiz, type="next")
        assert quiz.message == "prenez d'abord cette décision"
        best = quiz.decision.grade().best
        assert quiz.choose(best.action)  # type: ignore[union-attr]
        assert not quiz.choose(best.action)  # type: ignore[union-attr]
        assert quiz.message == "Cette décision est prise : cliquez Décision suivante."
        assert not english_in(quiz)
        quiz.next()
    assert quiz.message == "Le quiz est terminé."


def test_the_odds_explorer_before_and_after_computing() -> None:
    for variant in VARIANTS:
        x = BidOddsExplorer(variant, samples=4, seed=2, lang="fr", auto=False)
        assert not english_in(x)
        x.compute()
        assert not english_in(x)
        assert all("\u202f%" in row["text"] for row in x.rows)  # 91 %, as French writes it
        assert all("." not in row["expected"] for row in x.rows)  # +1,8 points: a decimal comma


def test_a_play_table_through_a_whole_hand_and_its_refusals() -> None:
    p = PlayTable("canadian", seat="S", seed=2, lang="fr", grade_samples=4, hint_samples=4)
    for _ in range(60):
        assert not english_in(p)
        if p.your_turn:
            click(p, type="hint")
            p.play(p.state.legal_actions()[-1])
        else:
            click(p, type="card", card="AS")  # the hand is over
            assert p.message.startswith("la donne est finie") or p.message.startswith("la partie est finie")
            if not p.next_hand():
                break
    people = PlayTable("canadian", people="NS", seed=2, lang="fr", grade_moves=False, hints=False)
    assert not english_in(people)


# ---------------------------------------------------------------- the course's language, and English as it was
def test_widgets_follow_the_course_language() -> None:
    cl.set_course(lang="fr")
    try:
        widgets: list[GameWidget] = [
            Hand("AS JD 7H"),
            TrumpLadder("canadian", "S"),
            BidBox("maine"),
            TrickQuiz(count=2),
            BidOddsExplorer(samples=4, auto=False),
            PlayTable(seed=1, grade_moves=False, hints=False),
        ]
        for widget in widgets:
            assert widget.lang == "fr"
        assert widgets[3].words["check"] == "Vérifier"
        with pytest.raises(cl.CharlemagneError, match="une levée commencée demande le contrat"):
            Hand("AS JD", trick="KH")
        with pytest.raises(cl.CharlemagneError, match="n'est pas permis"):
            BidOddsExplorer(method="exact", auto=False)
    finally:
        cl.set_course()


def test_english_is_unchanged() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    h = Hand("AS JD 7H RJ 9C", contract=k, trick="KH")
    assert not h.select("AS")
    assert h.message == (
        "A♠ cannot be played: a heart was led and you hold some (the red joker, the high joker, counts as a heart; "
        "J♦, the little jack, counts as a heart), so you must follow suit."
    )
    with pytest.raises(cl.CharlemagneError, match=r"^Q♥ is not in this hand; it holds RJ J♦ 7♥ A♠ 9♣$"):
        h.select("QH")
    state = cl.HandState.new(cl.Rules.preset("canadian"), "N", seed=1)
    state.apply("bid 6")
    box = BidBox(state=state, lang="en")
    assert box.caption == "Canadian Charlemagne; dealer North; highest so far: 6 by East; South to bid."
    assert not box.bid("bid 5")
    assert box.message.startswith("bid 5 is not allowed: a bid must be higher than bid 6")
    with pytest.raises(cl.CharlemagneError, match=r"^play J♥ is not a bid; a bid box offers 'pass'"):
        box.bid("play JH")
    played = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)
    table = Table(played, seat="S", lang="en")
    assert repr(table) == "Table(Canadian Charlemagne, 6 ♣ by South, over; step 39 of 39; South's view)"
    assert table.picture["contract"] == "6 ♣ by South" and table.picture["title"] == "Canadian Charlemagne"
    assert table.words["last"].startswith("last action: ") and " play " in table.words["last"]
    quiz = TrickQuiz("canadian", level=1, kinds=["legal"], count=2, lang="en")
    click(quiz, type="check")
    assert quiz.message == "Click your answer first, then Check."
    click(quiz, type="seat", seat="N")
    assert quiz.message == "this question is answered with cards"
    x = BidOddsExplorer(hand="RJ JH JD AH 10H AS KC 9D", samples=4, lang="en")
    assert x.caption.startswith("North holds RJ A♠ A♥ J♥ 10♥ K♣ J♦ 9♦ — Canadian Charlemagne, 4 samples")
    assert all(row["text"].endswith("%") and "\u202f" not in row["text"] for row in x.rows)
    maine = BidOddsExplorer("maine", samples=4, lang="en", auto=False)
    maine.compute()
    assert "High Card No Trump" in [row["label"] for row in maine.rows]
    p = PlayTable("canadian", "S", seed=1, grade_moves=False)
    assert not p.play("bid 9")
    assert p.message.startswith("Canadian Charlemagne has no bid '9'")


def test_a_widget_switched_to_french_redraws_in_french() -> None:
    ladder = TrumpLadder("bid_euchre", "H", lang="en")
    assert ladder.caption.startswith("Bid Euchre, hearts trump")
    ladder.lang = "fr"
    assert ladder.caption.startswith("Euchre à enchères, atout cœur") and not english_in(ladder)
    quiz = TrickQuiz(count=2, lang="en")
    quiz.lang = "fr"
    assert quiz.words["check"] == "Vérifier"
    assert _base.variant_title(cl.Rules.preset("maine"), "fr") == "Charlemagne du Maine"


# ---------------------------------------------------------------- the engine's refusals follow the widget's language
def _french_refusal(widget: GameWidget, **content: Any) -> str:
    """The message a click from the page leaves, checked French: the engine's refusals speak the widget's language."""
    click(widget, **content)
    assert widget.message, content
    assert not _french.english_words_in(widget.message), (content, widget.message)
    return widget.message


def test_every_widgets_refusals_speak_its_language_not_the_courses() -> None:
    p = PlayTable(seat="S", seed=1, grade_moves=False, lang="fr")
    assert _french_refusal(p, type="action", action="bid 9").startswith("il n'y a pas d'enchère")
    _french_refusal(p, type="card", card="JH")
    _french_refusal(p, type="action", action="")
    assert not p.play("bid 9") and not _french.english_words_in(p.message)  # from Python too
    _french_refusal(Hand("AS KS", lang="fr"), type="click", card="QQ")
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    _french_refusal(Hand("AS JD 7H RJ 9C", contract=k, trick="KH", lang="fr"), type="click", card="AS")
    _french_refusal(
        BidBox(state=cl.HandState.new(cl.Rules.preset("canadian"), seed=3), lang="fr"), type="bid", action="bid 9"
    )
    quiz = TrickQuiz("canadian", kinds=["winner"], count=2, lang="fr")
    _french_refusal(quiz, type="seat", seat="X")
    quiz = TrickQuiz("canadian", kinds=["legal"], count=2, lang="fr")
    _french_refusal(quiz, type="card", card="QQ")
    ladder = TrumpLadder("canadian", "H", lang="fr")
    _french_refusal(ladder, type="trump", suit="X")
    _french_refusal(ladder, type="variant", variant="skat")
    x = BidOddsExplorer(samples=10, auto=False, lang="fr")
    _french_refusal(x, type="hand", text="AS AS")
    _french_refusal(x, type="hand", text="QQ")
    x.set_state({"method": "exact"})
    assert x.message and not _french.english_words_in(x.message)
    d = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=4, lang="fr")
    _french_refusal(d, type="card", card="QQ")
    _french_refusal(d, type="action", action="bid 9")
    with pytest.raises(cl.CharlemagneError) as info:  # refused at construction, in the widget's language too
        DecisionQuiz("maine", kinds=["give"], lang="fr")
    assert not _french.english_words_in(str(info.value)), info.value
    table = Table(play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3), lang="fr")
    table.set_state({"step": 999})
    assert table.message and not _french.english_words_in(table.message)


def test_an_english_widget_under_a_french_course_refuses_in_english() -> None:
    cl.set_course(lang="fr")
    try:
        p = PlayTable(seat="S", seed=1, grade_moves=False, lang="en")
        assert not p.play("bid 9") and p.message.startswith("Canadian Charlemagne has no bid '9'")
        h = Hand("AS KS", lang="en")
        click(h, type="click", card="QQ")
        assert h.message.startswith("'QQ' is not a card") or "not a card" in h.message, h.message
    finally:
        cl.set_course()


def test_a_decision_quiz_says_an_exchange_in_its_own_language() -> None:
    quiz = DecisionQuiz("canadian", kinds=["exchange"], seed=1, count=1, samples=4, lang="fr")
    assert "discard" not in quiz._static_html() and "écarter" in quiz._static_html()
    ranked = quiz.decision.grade()
    best = ranked.best
    for card in best.discards:
        assert quiz.choose(str(card)), quiz.message
    assert quiz.choose(f"trump {best.trump.name}" if best.trump else "trump none") or quiz.message
    assert quiz.grade["reason"].startswith("Écarter"), quiz.grade["reason"]
    assert quiz.results[0]["answer"].startswith("discard")  # the teacher's columns: the engine's own words
