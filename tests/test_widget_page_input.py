"""What the page sends never breaks a widget: a bad synced value or click is refused with a message and changes
nothing; the arguments are checked as the course promises; and what a widget shows keeps hidden things hidden."""

from __future__ import annotations

from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.analysis.hints import review
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
from charlemagne_learn.widgets._base import GameWidget, card_id


def _sync(widget: GameWidget, **state: Any) -> None:
    """What ipywidgets does with an update message from the page."""
    msg = {"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []}
    widget._handle_msg(msg)


def _click(widget: GameWidget, **content: Any) -> None:
    widget._on_front_end(widget, content, [])


def _table() -> Table:
    return Table(play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3), seat="S")


# ---------------------------------------------------------------- 1. synced values from the page
@pytest.mark.parametrize("bad", [999, -1, "abc", None, 2.5, [1]])
def test_a_bad_step_from_the_page_is_refused_and_the_table_keeps_its_own(bad: Any) -> None:
    t = _table()
    _sync(t, step=10)
    assert t.step == 10 and t.message == ""
    _sync(t, step=bad)
    assert t.step == 10 and t.message and "step" in t.message
    assert "step 10 of 39" in repr(t)  # still drawn and readable
    _sync(t, step=12)
    assert t.step == 12 and t.message == ""  # a good value is taken, the refusal gone


def test_a_stale_slider_after_a_shorter_hand_is_refused() -> None:
    t = _table()
    short = cl.HandState.new(cl.Rules.preset("canadian"), seed=1)
    short.apply("bid 6")
    t.update(short)
    _sync(t, step=30)
    assert t.step == 1 and "use 0 to 1" in t.message
    assert repr(t)


@pytest.mark.parametrize("state", [{"method": "exact"}, {"samples": 0}, {"samples": "abc"}, {"samples": None}])
def test_bad_odds_settings_from_the_page_are_refused(state: dict[str, Any]) -> None:
    x = BidOddsExplorer(samples=10, auto=False)
    x.set_state(state)
    assert (x.samples, x.method) == (10, "double_dummy") and x.message
    x.set_state({"samples": 50, "method": "bots"})
    assert (x.samples, x.method) == (50, "bots") and x.message == ""


def test_no_widget_lets_the_page_set_a_trait_it_may_not() -> None:
    widgets: list[GameWidget] = [_table(), BidOddsExplorer(samples=10, auto=False), TrumpLadder("canadian", "H")]
    for widget in widgets:
        for name in widget.keys:
            if name.startswith("_") or name in ("layout",):
                continue
            before = getattr(widget, name)
            for junk in ("abc" * 3, None, -1, {"x": 1}):
                widget.set_state({name: junk})  # never raises
                if name not in widget._page_writable:
                    assert getattr(widget, name) == before, name
        assert repr(widget)


# ---------------------------------------------------------------- 2. a give to a lone defender
def _maine_defended_alone() -> PlayTable:
    p = PlayTable("maine", seat="N", seed=8, bots="random", lang="fr", grade_samples=4, hint_samples=4)
    assert p.play("pass"), p.message
    assert p.play("choose defend_together"), p.message
    assert p.state.phase is cl.Phase.GIVE and p.your_turn
    return p


def test_a_card_given_to_a_lone_defender_is_played_not_graded_and_the_hand_ends() -> None:
    p = _maine_defended_alone()
    p.show_hint()
    assert p.hint["note"].startswith("Pas de conseil pour cette carte") and p.message == ""
    give = next(a for a in p.state.view(p.seat).legal_actions if a.kind == "give")
    assert p.play(give), p.message
    assert p.grade == {}
    while p.review == {}:
        view = p.state.view(p.seat)
        assert p.play(view.legal_actions[0]), p.message
    assert p.review["title"].startswith("Bilan de la donne 1")
    assert all(p.state.history[line["move"] - 1][1].kind != "give" for line in p.review["lines"])


def test_four_people_in_maine_a_defender_gives_to_the_lone_defender() -> None:
    p = PlayTable("maine", people="NESW", seed=6, grade_samples=4, hint_samples=4)
    for move in ("bid 2C", "bid 5C", "bid 6H", "bid charlemagne", "trump H", "choose alone", "JH", "QH"):
        if p.screen:
            assert p.ready()
        assert p.play(move), (move, p.message)
    if p.screen:
        assert p.ready()
    assert p.play("choose defend_alone"), p.message
    if p.screen:
        assert p.ready()
    assert p.state.phase is cl.Phase.GIVE
    assert p.play(next(a for a in p.state.view(p.seat).legal_actions if a.kind == "give")), p.message


def test_the_review_skips_a_give_to_a_lone_defender() -> None:
    p = PlayTable("maine", seat="N", seed=8, bots="random", grade_moves=False, grade_samples=4)
    p.play("pass")
    p.play("choose defend_together")
    while p.session.done is None:
        p.play(p.state.view(p.seat).legal_actions[0])
    lines = review(p.session.done, "N", samples=4).lines
    assert all(line.action.kind != "give" for line in lines)
    assert p.review and p.review["next"] in ("", "Next hand")


# ---------------------------------------------------------------- 5. a legal-play question's order tells nothing
def test_the_cards_of_a_legal_question_are_not_sorted_by_the_contract() -> None:
    q = TrickQuiz("canadian", level=2, kinds=["legal"], count=5, seed=0)
    told = 0
    for n in range(5):
        question = q._question
        ids = [c["id"] for c in q.cards]
        suits = [c["suit"] for c in q.cards]
        assert suits == sorted(suits, key=lambda s: "SHCDJ".index(s))  # suits in turn, jokers last
        right = {cl.Card.parse(c) for c in question.answer}
        shown = [cl.Card.parse(i) for i in ids]
        told += set(shown[: len(right)]) == right and len(right) < len(shown)
        q.answer(question.answer)
        if n < 4:
            q.next()
    assert told < 5


def test_an_order_question_keeps_its_trumps_shuffled_on_the_page_and_in_the_static_picture() -> None:
    q = TrickQuiz("canadian", level=2, kinds=["order"], count=1, seed=0)
    question = q._question
    assert [c["id"] for c in q.cards] == [card_id(c) for c in question.cards]
    static = q._static_html()
    spots = [static.index(f">{c}<") for c in question.cards]
    assert spots == sorted(spots)  # drawn in the engine's shuffled order, not sorted


# ---------------------------------------------------------------- 6. the pass screen shows no grade
def test_the_pass_screen_never_shows_the_last_movers_grade() -> None:
    p = PlayTable("canadian", people="NESW", seed=2, grade_samples=8)
    for _ in range(12):
        if p.screen:
            assert "grade" not in p.screen and "You chose" not in str(p.screen)
            assert p.grade == {}
            p.ready()
        elif p.review:
            break
        else:
            p.play(p.state.view(p.seat).legal_actions[0])


# ---------------------------------------------------------------- 7, 8, 12: hints, flags and the hint's message
def test_hints_off_refuses_the_hint_from_the_page() -> None:
    p = PlayTable(seat="S", seed=1, hints=False, grade_moves=False, hint_samples=4)
    _click(p, type="hint")
    assert p.hint == {} and p.message == "Hints are off at this table (hints=False)."
    assert p.show_hint() is None and p.hint == {}


@pytest.mark.parametrize(
    "make",
    [
        lambda: PlayTable(hints="no"),
        lambda: PlayTable(grade_moves="no"),
        lambda: PlayTable(four_colour=1),
        lambda: BidOddsExplorer(auto="no"),
        lambda: Hand("AS", four_colour="yes"),
        lambda: TrumpLadder("canadian", four_colour=None),
        lambda: BidBox(four_colour="no"),
        lambda: TrickQuiz(count=1, four_colour=0),
        lambda: DecisionQuiz(count=1, coach="no"),
    ],
)
def test_a_yes_no_argument_takes_only_true_or_false(make: Any) -> None:
    with pytest.raises(cl.CharlemagneError, match="use True or False"):
        make()


def test_the_hint_clears_an_earlier_refusal() -> None:
    p = PlayTable(seat="S", seed=1, grade_moves=False, hint_samples=4)
    _click(p, type="action", action="")
    assert p.message
    _click(p, type="hint")
    assert p.message == "" and p.hint["choices"]


# ---------------------------------------------------------------- 9. a Suit and a Rules wherever the signature says
def test_a_ladder_and_a_play_table_take_a_suit_and_a_rules() -> None:
    assert TrumpLadder("canadian", cl.Suit.S).trump == "S"
    assert TrumpLadder(cl.Rules.preset("maine")).rules == cl.Rules.preset("maine")
    black = TrumpLadder(cl.Rules.preset("canadian", high_joker="black"), None)
    assert black.ladder[0] == cl.Card.parse("BJ")
    assert PlayTable(cl.Rules.preset("maine"), grade_moves=False).game.rules == cl.Rules.preset("maine")
    with pytest.raises(cl.CharlemagneError, match="cannot be added to a Rules"):
        PlayTable(cl.Rules.preset("maine"), target=32)


# ---------------------------------------------------------------- 10. a hand without a contract
@pytest.mark.parametrize("cards", ["AS AS KS", "AS " * 100_000, " ".join(["AS"] * 40)])
def test_a_hand_without_a_contract_refuses_repeats_and_too_many_cards(cards: str) -> None:
    with pytest.raises(cl.HandError):
        Hand(cards)


# ---------------------------------------------------------------- 11. refusals repeat a little of the input
def test_a_huge_input_is_refused_early_and_not_repeated() -> None:
    h = Hand("AS KS")
    _click(h, type="click", card="Q" * 5_000_000)
    assert h.message and len(h.message) < 300 and h.hand == cl.parse_cards("AS KS")
    p = PlayTable(seat="S", seed=1, grade_moves=False)
    assert not p.play("bid " + "6 " * 10**6)
    assert len(p.message) < 300
    assert not p.play("bid " + "6 " * 20)
    assert len(p.message) < 400
    _click(p, type="action", action="x" * 10**6)
    assert len(p.message) < 300


# ---------------------------------------------------------------- 4 and 13: a change of language, the coach's tip
def test_a_change_of_language_rewrites_every_text() -> None:
    q = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=2, samples=4, lang="en")
    q.choose(q.decision.grade().best.action)
    english = (q.prompt, q.grade["text"], q.grade["reason"], q.review["title"])
    q.lang = "fr"
    assert q.prompt.startswith("Vous êtes") and q.grade["text"].startswith("Vous avez choisi")
    assert q.review["title"].startswith("Décision 1") and "donnes" in q.grade["reason"]
    assert q.hint["choices"][0]["grade_word"] == "meilleur"
    q.lang = "en"
    assert (q.prompt, q.grade["text"], q.grade["reason"], q.review["title"]) == english
    tq = TrickQuiz("canadian", kinds=["winner"], count=2, seed=1)
    tq.answer(tq._question.answer)
    tq.lang = "fr"
    assert tq.summary.startswith("Score :") and tq.answer_text and "wins" not in tq.feedback
    x = BidOddsExplorer(hand="RJ JH JD AH 10H AS KC 9D", samples=4)
    assert x.progress_text == "4 of 4 deals"
    x.lang = "fr"
    assert x.progress_text == "4 donnes sur 4"
    p = PlayTable(seat="S", seed=1, grade_moves=False)
    p.play("bid 9")
    assert p.message
    p.lang = "fr"
    assert p.message == ""  # the old refusal is not left in the old language


def test_a_coached_quiz_shows_its_rule_of_thumb_in_the_page_and_the_static_picture() -> None:
    q = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=4, coach=True)
    tip = q.decision.tip
    # under the question, before the folded answer (whose best reason may quote a rule of its own)
    assert tip in q.prompt and tip in q._static_html().split("<details>")[0]
    q.choose(q.decision.grade().best.action)
    assert tip in q.prompt  # still there once answered
    plain = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=4)
    assert "Rule of thumb" not in plain.prompt and tip not in plain._static_html().split("<details>")[0]
