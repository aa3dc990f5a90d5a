"""Readable without a kernel: a saved quiz shows every question with its answer folded away, and every
analysis object has a plain-text form that carries its numbers."""

from __future__ import annotations

from IPython.lib.pretty import pretty

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint, review
from charlemagne_learn.analysis.bots import play_hand
from charlemagne_learn.analysis.kinds import make_bot
from charlemagne_learn.widgets import TrickQuiz

try:
    from ._html import Folded
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    from _html import Folded  # type: ignore[no-redef]


def test_a_saved_quiz_holds_every_question_with_its_answer_folded_away() -> None:
    quiz = TrickQuiz("canadian", level=3, kinds=["winner", "legal", "order", "score"], seed=5, count=8)
    page = Folded()
    page.feed(quiz._static_html())
    outside, inside = " ".join(page.outside), " ".join(page.inside)
    assert page.depth == 0
    for q in quiz._questions:
        assert q.prompt in outside  # every question, not only the first
        assert q.explanation in inside and q.explanation not in outside
    # the cards on show carry no role that gives an answer away
    assert not any(role in label for label in page.labels for role in ("little jack", "big jack", "joker,"))
    assert inside.count("The answer:") == len(quiz._questions) and "no cards" not in outside


def test_bid_odds_as_text_carry_every_number() -> None:
    odds = cl.bid_odds(cl.Rules.preset("canadian"), "RJ JH JD AH 10H AS KC 9D", samples=12, seed=3, workers=1)
    text = str(odds)
    assert pretty(odds) == text and repr(odds).startswith("<BidOdds")  # the repr stays short and stable
    for chance in odds:
        low, high = chance.interval
        line = next(row for row in text.splitlines() if row.startswith(chance.label + " "))
        assert f"{chance.probability:.0%}" in line and f"{low:.0%}–{high:.0%}" in line
        if chance.expected_points is not None:
            assert f"{chance.expected_points:+.1f}" in line
    assert "12 deals" in text and "North" in text


def test_hints_and_reviews_as_text_carry_their_grades_and_points() -> None:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
    ranked = hint(state.view("N"), samples=8, workers=1)
    text = " ".join(pretty(ranked).split())  # a long reason wraps: read the table as one line of words
    for c in ranked.choices:
        # each row: the grade, then the reason (what the choice does, then its points)
        assert f"{c.grade} {' '.join(c.reason.said('en').split())}" in text
        assert c.action.kind == "pass" or f"{c.points:+.1f} points" in c.reason.said("en")
    played = play_hand(cl.Rules.preset("canadian"), [make_bot("rule", s) for s in range(4)], seed=3)
    graded = review(played, "S", samples=4, workers=1)
    lines = pretty(graded).splitlines()
    # each row starts where the decision fell, as a player says it (a long reason wraps onto lines of its own)
    rows = [line for line in lines if line.startswith(("The bidding", "After the bidding", "The exchange", "Trick "))]
    assert len(rows) == len(graded.lines) and all(g.grade in " ".join(lines) for g in graded.lines)
    assert [row.startswith(str(g.when)) for row, g in zip(rows, graded.lines, strict=True)] == [True] * len(rows)
    assert not any(line[:4].strip().isdigit() for line in lines)  # no move number


def test_an_exchange_hint_as_text() -> None:
    from charlemagne_learn.analysis.exchange import exchange_hint

    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    ranked = exchange_hint(state, samples=4)
    text = pretty(ranked)
    assert all(c.text in text for c in ranked.choices) and f"{ranked.best.points:+.2f}" in text
