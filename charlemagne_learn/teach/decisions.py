"""Decisions to practise: a seat, a moment of a seeded hand, and the question a player faces there.

A fact has one answer (who wins this trick); a decision has better and worse ones (what do you bid, which
card do you lead). Each :class:`Decision` is a position from a hand that four rule-of-thumb players
(:class:`~charlemagne_learn.analysis.rulebot.RuleBot`) played from a seeded deal, stopped where the seat
to move must ``bid``, ``lead`` a trick or ``play`` to one; :meth:`Decision.grade` ranks every choice with
the engine's hints (best … blunder, the points each gives up, and why). Only positions where the choice
matters are asked: a card that leads to the same result as every other teaches nothing.

>>> first = next(decisions("canadian", ["lead"], seed=3))
>>> first.kind, first.view.phase.value, len(first.view.legal_actions) > 1
('lead', 'play', True)
>>> first.grade().best.grade
'best'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from itertools import count
from typing import Literal, get_args

from ..analysis.hints import Hint, hint
from ..analysis.rulebot import RuleBot
from ..cards import Seat
from ..course import rules_for
from ..errors import RulesOptionError
from ..hand import HandState, Phase, SeatView
from ..rng import check_seed, derive_seed
from ..rules import Rules

__all__ = ["DECISION_KINDS", "Decision", "DecisionKind", "decisions"]

DecisionKind = Literal["bid", "lead", "play"]
#: The decisions asked, in the order a hand meets them.
DECISION_KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)
#: Hidden-card deals behind each grade: enough for grades that hold still, few enough to answer in a second.
SAMPLES = 40
#: A position is asked only if its worst choice gives up at least this share of the stake ("inaccuracy" or worse).
_MATTERS = ("inaccuracy", "mistake", "blunder")
_QUESTION = {
    "bid": "What do you bid?",
    "lead": "You lead this trick. Which card?",
    "play": "Which card do you play to this trick?",
}


@dataclass(frozen=True, kw_only=True)
class Decision:
    """One decision: the hand as it stood, the seat to move, and what it is asked."""

    kind: DecisionKind
    #: The hand at the moment of the decision (the seat to move has not moved yet).
    state: HandState = field(repr=False)
    #: The seed the deal came from: with the rules, enough to deal the same cards again.
    deal_seed: int
    samples: int = SAMPLES

    @property
    def seat(self) -> Seat:
        assert self.state.to_move is not None
        return self.state.to_move

    @property
    def view(self) -> SeatView:
        """What the seat sees: all a learner is shown."""
        return self.state.view(self.seat)

    @property
    def question(self) -> str:
        return _QUESTION[self.kind]

    @property
    def situation(self) -> str:
        """The position in words: who dealt, the bidding so far, the contract, the trick."""
        view = self.view
        parts = [f"You are {self.seat.word}; {view.dealer.word} dealt."]
        said = [f"{who.word} {'passed' if a.kind == 'pass' else a}" for who, a in view.bids]
        if self.kind == "bid":
            parts.append(("Before you: " + ", ".join(said) + ".") if said else "You speak first.")
        if view.contract is not None:
            parts.append(f"Contract: {view.contract} ({view.contract.trump_text} trump).")
            if view.trick:
                parts.append("On the table: " + ", ".join(f"{s.word} {c}" for s, c in view.trick) + ".")
        return " ".join(parts)

    def grade(self) -> Hint:
        """Every legal choice, best first, each with its grade and reason (worked out once, then kept)."""
        return self._graded

    @cached_property
    def _graded(self) -> Hint:
        return hint(self.view, self.samples, workers=1)


def decisions(
    rules: Rules | str | None = None, kinds: Iterable[str] | None = None, seed: int = 0, *, samples: int = SAMPLES
) -> Iterator[Decision]:
    """An endless stream of decisions, the kinds in turn; the same arguments give the same decisions.

    ``rules``: None for the course's (:mod:`~charlemagne_learn.course`). ``kinds``: any of ``"bid"``,
    ``"lead"``, ``"play"`` (default all three)."""
    rules = rules_for(rules)
    check_seed(seed)
    chosen = _kinds(kinds)
    found: set[int] = set()
    for number in count():
        yield _find(rules, chosen[number % len(chosen)], derive_seed(seed, number), samples, found)


def _kinds(kinds: Iterable[str] | None) -> tuple[DecisionKind, ...]:
    if kinds is None:
        return DECISION_KINDS
    if isinstance(kinds, str) or not isinstance(kinds, (list, tuple, set, frozenset)):
        raise RulesOptionError(f"kinds={kinds!r} is not allowed; give a list of kinds from {', '.join(DECISION_KINDS)}")
    out = tuple(k for k in DECISION_KINDS if k in kinds)
    unknown = sorted(str(k) for k in kinds if k not in DECISION_KINDS)
    if unknown or not out:
        raise RulesOptionError(
            f"kinds={sorted(map(str, kinds))!r} is not allowed; choose among {', '.join(DECISION_KINDS)}"
        )
    return out


def _find(rules: Rules, kind: DecisionKind, seed: int, samples: int, found: set[int]) -> Decision:
    """The first position of ``kind`` that matters, from the deals seeded from ``seed`` (never a deal used before)."""
    for attempt in count():
        deal_seed = derive_seed(seed, attempt)
        if deal_seed in found:
            continue
        rng = random.Random(deal_seed)
        state = HandState.new(rules, Seat(rng.randrange(4)), seed=deal_seed)
        stop = _stops(state, kind, rng)
        if stop is None:
            continue
        decision = Decision(kind=kind, state=stop, deal_seed=deal_seed, samples=samples)
        if any(choice.grade in _MATTERS for choice in decision.grade().choices):
            found.add(deal_seed)
            return decision
    raise AssertionError("unreachable: count() never ends")  # pragma: no cover


def _stops(state: HandState, kind: DecisionKind, rng: random.Random) -> HandState | None:
    """Play the hand with rule-of-thumb players to a moment of ``kind`` chosen at random, or None if it has none."""
    bots = {seat: RuleBot(int(seat)) for seat in Seat}
    moments: list[HandState] = []
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if _is(kind, state) and len(state.legal_actions()) > 1:
            moments.append(state.copy())
        state.apply(bots[mover].act(state.view(mover)))
    # the earlier moments are the ones a learner meets first and can judge with least to remember
    return moments[min(int(rng.expovariate(0.5)), len(moments) - 1)] if moments else None


def _is(kind: DecisionKind, state: HandState) -> bool:
    if kind == "bid":
        return state.phase is Phase.BIDDING
    if state.phase is not Phase.PLAY:
        return False
    return not state.trick if kind == "lead" else bool(state.trick)
