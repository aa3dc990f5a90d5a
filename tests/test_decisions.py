"""Decisions to practise: seeded positions where the choice matters, graded by the engine, and the quiz
that asks them (a click on a bid or a card, the grade of every choice, results for a teacher)."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.rulebot import advise, rule_text
from charlemagne_learn.engine.hand import Phase
from charlemagne_learn.teach.decisions import DECISION_KINDS, decisions
from charlemagne_learn.widgets import DecisionQuiz

try:
    from ._html import Folded
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    from _html import Folded  # type: ignore[no-redef]

BAD_GRADES = ("inaccuracy", "mistake", "blunder")


def _take(rules: str, kinds: list[str] | None, seed: int, n: int) -> list:  # type: ignore[type-arg]
    return [d for _, d in zip(range(n), decisions(rules, kinds, seed, samples=40), strict=False)]


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@pytest.mark.parametrize("variant", ["canadian", "maine"])
def test_each_decision_is_a_real_choice_of_its_kind(variant: str) -> None:
    for d in _take(variant, None, 5, 8):
        view = d.view
        assert view.to_move == view.seat == d.seat and len(view.legal_actions) > 1
        grades = [c.grade for c in d.grade().choices]
        # the choice matters: some choice gives up a real share of the stake
        assert grades[0] == "best" and any(g in BAD_GRADES for g in grades)
        if d.kind == "exchange":
            assert view.phase is Phase.DISCARD and view.seat == d.state.bidder and d.discards >= 1
            assert all(len(c.discards) == d.discards for c in d.grade().choices)
            assert all(c.discards[i] in view.hand for c in d.grade().choices for i in range(d.discards))
            continue
        if d.kind == "bid":
            assert view.phase is Phase.BIDDING
        else:
            assert view.phase is Phase.PLAY and bool(view.trick) == (d.kind == "play")
        assert {str(c.action) for c in d.grade().choices} == {str(a) for a in view.legal_actions}


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_the_same_seed_asks_the_same_decisions_and_kinds_take_turns() -> None:
    first = _take("canadian", None, 11, 6)
    again = _take("canadian", None, 11, 6)
    assert [(d.kind, d.deal_seed, d.state.to_json()) for d in first] == [
        (d.kind, d.deal_seed, d.state.to_json()) for d in again
    ]
    asked = [k for k in DECISION_KINDS if k not in ("give", "defend", "reply", "mulot")]  # asked by name only
    assert [d.kind for d in first] == [asked[i % len(asked)] for i in range(6)]
    other = _take("canadian", None, 12, 6)
    assert [d.deal_seed for d in other] != [d.deal_seed for d in first]
    assert len({d.deal_seed for d in first}) == 6  # no deal twice in one run


@pytest.mark.parametrize(
    ("kinds", "seed", "says"),
    [
        (["bid", "dream"], 0, "choose among bid, reply, give, exchange, lead, play, defend"),
        ("bid", 0, "give a list of kinds"),
        ([], 0, "choose among"),
        (None, -1, "seed=-1"),
    ],
)
def test_bad_requests_say_what_is_allowed(kinds: object, seed: int, says: str) -> None:
    with pytest.raises(cl.CharlemagneError, match=says):
        next(decisions("canadian", kinds, seed))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["american", "maine", "bid_euchre"])
def test_tables_without_a_kitty_have_no_exchange_to_practise(variant: str) -> None:
    with pytest.raises(cl.RulesOptionError, match="no kitty"):
        next(decisions(variant, ["exchange"], 0))
    assert "exchange" not in {d.kind for _, d in zip(range(4), decisions(variant, None, 0, samples=8), strict=False)}


def test_the_quiz_grades_a_choice_and_moves_on() -> None:
    quiz = DecisionQuiz("canadian", kinds=["bid", "lead"], seed=2, count=2, samples=12, student="=HYPERLINK(1)")
    assert quiz.decision.kind == "bid" and quiz.actions and not quiz.grade
    # a choice the rules refuse: the engine's reason, nothing recorded, the position unchanged
    before = quiz.decision.state.to_json()
    assert quiz.choose("play AS") is False and quiz.message and not quiz.results
    assert quiz.decision.state.to_json() == before
    ranked = quiz.decision.grade()
    worst = ranked.choices[-1]
    assert quiz.choose(worst.action) is True
    assert quiz.grade["grade"] == worst.grade and quiz.grade["text"].endswith(f": {worst.grade}")
    # the choice's reason, then the best one's, each said once: the ranking below lists grades and points only
    assert quiz.grade["reason"] == f"{worst.reason}. Better: {ranked.best.reason}"
    assert all(c["reason"] == "" for c in quiz.hint["choices"]) and quiz.review["result"] == ""
    assert [c["id"] for c in quiz.hint["choices"]] == [str(c.action) for c in ranked.choices]
    assert quiz.review["next"] == "Next decision" and quiz.actions == []
    row = quiz.results[0]
    assert (row["answer"], row["grade"], row["best"]) == (str(worst.action), worst.grade, str(ranked.best.action))
    assert row["points_lost"] == pytest.approx(worst.loss, abs=0.01)
    # one answer a decision: a second click is refused and changes nothing
    assert quiz.choose(ranked.best.action) is False and len(quiz.results) == 1
    assert quiz.next() is True and quiz.decision.kind == "lead" and not quiz.grade
    lead = quiz.decision
    card = next(a.card for a in lead.view.legal_actions)
    assert quiz.choose(str(card)) is True  # a card's text stands for playing it
    assert quiz.review["next"] == "" and "last decision" in quiz.review["hand_points"]
    assert quiz.next() is False and quiz.message == "The quiz is finished."
    # results a spreadsheet opens safely
    csv = quiz.to_csv()
    assert csv.splitlines()[0].startswith("student,quiz,question,kind,skill") and "'=HYPERLINK(1)" in csv
    assert len(csv.splitlines()) == 3


def test_clicks_from_the_page_are_choices_and_the_page_cannot_change_the_state() -> None:
    quiz = DecisionQuiz("canadian", kinds=["bid"], seed=4, count=1, samples=12)
    quiz._on_front_end(quiz, {"type": "action", "action": "bid 99"}, [])
    assert quiz.message and not quiz.results
    quiz.set_state({"grade": {"grade": "best"}, "review": {"next": "x"}})  # a tampered page
    assert quiz.grade == {} and quiz.review == {}
    best = quiz.decision.grade().best.action
    quiz._on_front_end(quiz, {"type": "action", "action": str(best)}, [])
    assert quiz.results[0]["grade"] == "best"


def test_read_without_a_kernel_the_answer_is_folded_away() -> None:
    quiz = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=12)
    page = Folded()
    page.feed(quiz._static_html())
    best = str(quiz.decision.grade().best.action)
    assert best in "".join(page.inside) and "Best:" not in "".join(page.outside)
    assert quiz.decision.situation in "".join(page.outside)


def test_the_quiz_follows_the_course(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHARLEMAGNE_COURSE", '{"house_rules": {"high_joker": "black"}}')
    quiz = DecisionQuiz(kinds=["play"], seed=1, count=1, samples=12)
    assert quiz.decision.state.rules.high_joker == "black"


def test_bad_options_are_refused() -> None:
    for kwargs in ({"count": 0}, {"count": 1.5}, {"samples": 2}, {"seed": "x"}, {"kinds": ["trump"]}):
        with pytest.raises(cl.CharlemagneError):
            DecisionQuiz("canadian", **kwargs)  # type: ignore[arg-type]


def _charlemagne_exchange() -> cl.HandState:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=382)
    for action in ["pass", "bid 6", "bid charlemagne", "pass", "give KD"]:
        state.apply(action)
    return state


def test_an_exchange_is_made_card_by_card_then_trump_and_graded_as_a_whole() -> None:
    state = _charlemagne_exchange()
    quiz = DecisionQuiz.at(state, samples=8)
    assert quiz.decision.kind == "exchange" and quiz.decision.discards == 3 and not quiz.actions
    assert quiz.choose("7H") is False and "does not hold" in quiz.message  # not South's card: refused
    assert quiz.choose("trump H") is False and not quiz.results  # trump comes after the discards
    for card in ["8C", "KD", "AC"]:
        assert quiz.choose(card) is True and not quiz.results
    assert {a["id"] for a in quiz.actions} == {"trump ♣", "trump ♦", "trump ♥", "trump ♠"}
    assert quiz.choose("trump H") is True
    row = quiz.results[0]
    assert row["kind"] == "exchange" and row["answer"] == "discard 8♣ A♣ K♦, trump ♥"
    assert row["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
    assert any(c["id"] == row["answer"] for c in quiz.hint["choices"])  # the learner's choice is on the list
    assert state.history[-1][1].kind == "give"  # the lesson's own hand is untouched


def test_an_exchange_outside_the_candidates_is_graded_on_the_same_deals() -> None:
    from charlemagne_learn.analysis.exchange import exchange_hint

    state = _charlemagne_exchange()
    odd = ("RJ BJ JH", "S")  # throwing away the three top trumps: never a candidate, surely a blunder
    ranked = exchange_hint(state, samples=8, also=odd)
    mine = ranked.choice(*odd)
    assert mine.grade == "blunder" and mine.points < ranked.best.points
    assert exchange_hint(state, samples=8).best == ranked.best  # the same deals: the same best
    with pytest.raises(cl.IllegalActionError):
        exchange_hint(state, samples=8).choice(*odd)
    with pytest.raises(cl.IllegalActionError, match="3 cards"):
        exchange_hint(state, samples=8, also=("RJ BJ", "S"))
    with pytest.raises(cl.IllegalActionError, match="bidder discards"):
        exchange_hint(cl.HandState.new(cl.Rules.preset("canadian"), seed=1))


def test_a_decision_at_a_lessons_own_position() -> None:
    fresh = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
    assert DecisionQuiz.at(fresh, samples=8).decision.kind == "bid"
    over = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
    for _ in range(4):
        over.apply("pass")
    with pytest.raises(cl.IllegalActionError, match="seat to move"):
        DecisionQuiz.at(over)


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_the_partners_card_is_a_decision_graded_on_deals_that_follow_the_bid() -> None:
    quiz = DecisionQuiz("canadian", kinds=["give"], seed=0, count=1, samples=40, coach=True)
    d = quiz.decision
    view = d.view
    assert d.kind == "give" and view.phase is Phase.GIVE and d.seat == d.state.bidder.partner
    assert "bid Charlemagne" in d.situation and "strongest card" in quiz.prompt  # the coached form says the rule
    ranked = d.grade()
    assert {str(c.action) for c in ranked.choices} == {str(a) for a in view.legal_actions}
    assert any(c.grade in BAD_GRADES for c in ranked.choices)
    # the card given is graded as the bidder plays it: a joker is never worse than a plain seven or eight
    jokers = [c for c in ranked.choices if c.action.card is not None and c.action.card.is_joker]
    smalls = [c for c in ranked.choices if c.action.card is not None and str(c.action.card)[0] in "78"]
    assert all(j.points >= s.points for j in jokers for s in smalls)
    worst = ranked.choices[-1]
    assert quiz.choose(str(worst.action.card)) and quiz.results[0]["grade"] == worst.grade
    assert quiz.results[0]["kind"] == "give" and quiz.results[0]["best"] == str(ranked.best.action)


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@pytest.mark.parametrize("variant", ["canadian", "american"])
def test_the_defence_against_a_take_all_bid_is_a_defenders_card_that_matters(variant: str) -> None:
    for d in _take(variant, ["defend"], 2, 2):
        contract = d.state.contract
        assert d.kind == "defend" and contract is not None and contract.alone
        assert contract.spec.tricks == d.state.rules.tricks_per_hand and not contract.spec.avoid
        assert d.view.phase is Phase.PLAY and d.seat != d.state.bidder
        ranked = d.grade()
        assert {str(c.action) for c in ranked.choices} == {str(a) for a in d.view.legal_actions}
        assert ranked.choices[0].grade == "best" and any(c.grade in BAD_GRADES for c in ranked.choices)
        # the coach states the principle and names no card: no rule names the right card here nine times in ten
        assert d.advice is None and "One trick for your side beats the bid" in d.tip
        assert d.skill == "defending against a bid to take every trick"
    quiz = DecisionQuiz(variant, kinds=["defend"], seed=2, count=1, samples=24, lang="fr")
    worst = quiz.decision.grade().choices[-1]
    assert quiz.choose(str(worst.action.card)) and quiz.results[0]["grade"] == worst.grade
    assert quiz.results[0]["kind"] == "defend"


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@pytest.mark.parametrize("variant", ["canadian", "maine"])
def test_a_card_in_a_mulot_is_the_bidders_or_a_defenders_card_that_matters(variant: str) -> None:
    seats = set()
    for d in _take(variant, ["mulot"], 4, 6):
        contract = d.state.contract
        assert d.kind == "mulot" and contract is not None and contract.spec.avoid and contract.alone
        assert d.view.phase is Phase.PLAY and d.seat not in contract.sitting_out
        seats.add(d.seat == contract.bidder)
        ranked = d.grade()
        assert {str(c.action) for c in ranked.choices} == {str(a) for a in d.view.legal_actions}
        assert ranked.choices[0].grade == "best" and any(c.grade in BAD_GRADES for c in ranked.choices)
        role = "as the bidder" if d.seat == contract.bidder else "as a defender"
        assert d.skill == f"playing a bid to take no trick, {role}" and "take no trick" in d.question
        if d.view.trick:  # following, the Mulot's rules of thumb name the card (tests/test_thumb_agreement.py)
            assert d.advice == advise(d.view).action and d.tip == rule_text(advise(d.view).rule, "en")
            continue
        # for a lead, the coach states the principle for the seat and names no card: the lead rules are right only
        # four times in five
        principle = "One trick beats your bid" if role == "as the bidder" else "leave it there"
        assert d.advice is None and principle in d.tip
    assert seats == {True, False}  # the bidder's cards and the defenders'
    quiz = DecisionQuiz(variant, kinds=["mulot"], seed=4, count=1, samples=24, lang="fr")
    assert "aucune levée" in quiz.decision.question
    worst = quiz.decision.grade().choices[-1]
    assert quiz.choose(str(worst.action.card)) and quiz.results[0]["kind"] == "mulot"


def test_tables_without_a_bid_to_take_no_trick_refuse_to_ask_a_mulot() -> None:
    with pytest.raises(cl.RulesOptionError, match="no bid to take no trick"):
        next(decisions("bid_euchre", ["mulot"], 0))


@pytest.mark.parametrize("variant", ["canadian", "maine", "bid_euchre"])
def test_a_reply_is_a_bid_after_the_partners_bid(variant: str) -> None:
    for d in _take(variant, ["reply"], 3, 2):
        view = d.view
        assert d.kind == "reply" and view.phase is Phase.BIDDING
        assert any(seat == d.seat.partner and action.kind == "bid" for seat, action in view.bids)
        assert {str(c.action) for c in d.grade().choices} == {str(a) for a in view.legal_actions}
        assert any(c.grade in BAD_GRADES for c in d.grade().choices)
        assert d.question == "Your partner has bid. What do you bid?" and "bid" in d.situation


def test_tables_without_a_take_all_bid_played_alone_refuse_to_ask_its_defence() -> None:
    with pytest.raises(cl.RulesOptionError, match="no bid to take every trick alone"):
        next(decisions("maine", ["defend"], 0))


def test_tables_without_a_lone_bid_with_a_partners_card_refuse_to_ask_one() -> None:
    with pytest.raises(cl.RulesOptionError, match="partner's card"):
        next(decisions("bid_euchre", ["give"], 0))


def test_the_coach_gives_the_rule_of_thumb_before_the_choice_and_only_when_asked() -> None:
    coached = DecisionQuiz("canadian", kinds=["bid"], seed=4, count=1, samples=12, coach=True)
    plain = DecisionQuiz("canadian", kinds=["bid"], seed=4, count=1, samples=12)
    assert coached.decision.state.to_json() == plain.decision.state.to_json()
    assert "Count " in coached.prompt and "Count " not in plain.prompt
    assert coached.decision.tip in coached.prompt
    with pytest.raises(cl.CharlemagneError, match="coach="):
        DecisionQuiz("canadian", kinds=["bid"], coach="yes")  # type: ignore[arg-type]
