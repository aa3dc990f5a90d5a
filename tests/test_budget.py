"""Time budgets: an analysis a page waits on stops sampling when its seconds are spent, and says how many samples
it used; what it answers is then exactly the answer for that many. Time here is a fake clock that moves a fixed
step at each look, so nothing depends on this machine's speed."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import budget as budget_module
from charlemagne_learn.analysis.budget import BUDGET_VARIABLE, MIN_SAMPLES, Clock, check_budget, default_budget
from charlemagne_learn.analysis.exchange import exchange_hint
from charlemagne_learn.analysis.hints import hint, review
from charlemagne_learn.analysis.pimc import play_outcomes
from charlemagne_learn.teach.decisions import decisions
from charlemagne_learn.widgets import BidOddsExplorer, DecisionQuiz, PlayTable


@pytest.fixture
def ticking(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """Every look at the clock moves it on by ``step[0]`` seconds."""
    step = [0.1]
    now = [0.0]

    def clock() -> float:
        now[0] += step[0]
        return now[0]

    monkeypatch.setattr(budget_module.time, "perf_counter", clock)
    yield step


def test_a_clock_always_gives_the_minimum_then_stops_before_overrunning(ticking: list[float]) -> None:
    clock = Clock(1.0)
    assert all(clock.more(done) for done in range(MIN_SAMPLES))
    # 0.1 s a look: after 4 samples and ~0.5 s, one more at that pace would end past 1 s? not yet; later, yes
    answers = [clock.more(done) for done in range(MIN_SAMPLES, 40)]
    assert answers[0] is True and answers[-1] is False and answers == sorted(answers, reverse=True)
    assert Clock(None).more(10**6) and Clock(None).left() is None


def test_bid_odds_in_a_budget_are_exactly_the_odds_of_the_samples_used(ticking: list[float]) -> None:
    hand = "RJ JH JD AH KH AS AC 9C"
    for workers in (1, 2):
        cut = cl.bid_odds("canadian", hand, samples=200, seed=4, workers=workers, budget=0.5)
        assert MIN_SAMPLES <= cut.samples < 200
        whole = cl.bid_odds("canadian", hand, samples=cut.samples, seed=4, workers=1)
        assert [(c.bid, c.made, c.samples, c.expected_points) for c in cut] == [
            (c.bid, c.made, c.samples, c.expected_points) for c in whole
        ]
    assert cl.bid_odds("canadian", hand, samples=30, seed=4, workers=1, budget=3600).samples == 30


def test_a_play_hint_in_a_budget_uses_the_first_deals_and_says_how_many(ticking: list[float]) -> None:
    lead = next(decisions("canadian", ["lead"], seed=3))
    cut = hint(lead.view, samples=30, budget=1.0)
    assert MIN_SAMPLES <= cut.samples < 30
    assert all(f"of {cut.samples} deals" in c.reason for c in cut.choices)
    full = play_outcomes(lead.view, samples=30, seed=0)
    first = {card: outcomes[: cut.samples] for card, outcomes in full.items()}
    ticking[0] = 0.0  # the clock stands still: no budget can run out
    assert play_outcomes(lead.view, samples=30, seed=0, budget=0.5) == full
    ticking[0] = 0.1
    assert play_outcomes(lead.view, samples=30, seed=0, budget=1.0) == first
    ticking[0] = 0.0
    # and that is the hint of that many deals: fewer samples are the first deals of more
    assert play_outcomes(lead.view, samples=cut.samples, seed=0) == first


@pytest.mark.parametrize("kind", ["lead", "play"])
def test_the_deals_of_fewer_samples_are_the_first_deals_of_more(kind: str) -> None:
    from charlemagne_learn.analysis.pimc import sample_hidden

    view = next(decisions("canadian", [kind], seed=8, samples=8)).view
    many = list(sample_hidden(view, 29, seed=4))
    for n in (1, 7, 8, 9, 20):
        assert list(sample_hidden(view, n, seed=4)) == many[:n]


def test_a_bid_hint_and_an_exchange_in_a_budget(ticking: list[float]) -> None:
    bid = next(decisions("canadian", ["bid"], seed=5))
    ranked = hint(bid.view, samples=100, workers=1, budget=0.5)
    assert MIN_SAMPLES <= ranked.samples < 100
    assert any(f"of {ranked.samples} deals" in c.reason for c in ranked.choices)
    exchange = next(decisions("canadian", ["exchange"], seed=5))
    cut = exchange_hint(exchange.state, samples=40, budget=1.0)
    assert MIN_SAMPLES <= cut.samples < 40
    ticking[0] = 0.0
    same = exchange_hint(exchange.state, samples=cut.samples)
    assert [(c.text, c.points, c.grade) for c in cut.choices] == [(c.text, c.points, c.grade) for c in same.choices]


def test_the_partners_card_in_a_budget(ticking: list[float]) -> None:
    give = next(decisions("canadian", ["give"], seed=2, samples=8))
    ranked = hint(give.view, samples=24, budget=1.0)
    assert MIN_SAMPLES <= ranked.samples < 24 and all(f"of {ranked.samples} deals" in c.reason for c in ranked.choices)
    ticking[0] = 0.0
    same = hint(give.view, samples=ranked.samples)  # the first deals of 24 are the deals of fewer
    assert [(c.action, c.points) for c in same.choices] == [(c.action, c.points) for c in ranked.choices]


def test_a_review_shares_its_budget_among_the_decisions(ticking: list[float]) -> None:
    state = cl.play_hand(cl.Rules.preset("canadian"), [cl.RuleBot(i) for i in range(4)], seed=6)
    seat = state.contract.bidder if state.contract is not None else cl.Seat.N
    lines = review(state, seat, samples=20, workers=1, budget=3.0).lines
    ticking[0] = 0.0
    assert [(ln.move, ln.action) for ln in lines] == [
        (ln.move, ln.action) for ln in review(state, seat, samples=20, workers=1).lines
    ]


def test_widgets_take_a_budget_and_say_when_it_cut_the_samples(
    ticking: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    explorer = BidOddsExplorer("canadian", hand="RJ JH JD AH KH AS AC 9C", samples=500, auto=False, budget=1.0)
    odds = explorer.compute()
    assert odds.samples < 500 and f"{odds.samples} samples of 500 (time budget 1 s)" in explorer.caption
    table = PlayTable("canadian", seed=1, budget=0.5, grade_samples=30, hint_samples=30)
    ranked = table.show_hint()
    assert ranked is not None and ranked.samples < 30 and f"({ranked.samples} deals" in table.hint["title"]
    quiz = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=30, budget=1.0)
    assert quiz.decision.budget == 1.0 and quiz.decision.grade().samples < 30
    ticking[0] = 0.0
    monkeypatch.setenv(BUDGET_VARIABLE, "none")
    assert PlayTable("canadian", seed=1)._budget is None  # "auto" reads the setting


def test_the_default_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(BUDGET_VARIABLE, raising=False)
    assert default_budget() == 1.0
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert default_budget() == 3.0  # JupyterLite: a few seconds
    monkeypatch.setenv(BUDGET_VARIABLE, "2.5")
    assert default_budget() == 2.5
    monkeypatch.setenv(BUDGET_VARIABLE, "None")
    assert default_budget() is None
    monkeypatch.setenv(BUDGET_VARIABLE, "soon")
    with pytest.raises(cl.CharlemagneError, match="seconds"):
        default_budget()


@pytest.mark.parametrize("bad", [0, -1, float("nan"), float("inf"), True, "1", 10_000])
def test_a_bad_budget_is_refused_with_what_is_allowed(bad: object) -> None:
    with pytest.raises(cl.CharlemagneError, match="budget") as caught:
        check_budget(bad)
    assert isinstance(caught.value, ValueError)
    lead = next(decisions("canadian", ["lead"], seed=3))
    with pytest.raises(cl.CharlemagneError, match="budget"):
        hint(lead.view, samples=4, budget=bad)  # type: ignore[arg-type]
    with pytest.raises(cl.CharlemagneError, match="budget"):
        PlayTable("canadian", seed=1, budget=bad)  # type: ignore[arg-type]
