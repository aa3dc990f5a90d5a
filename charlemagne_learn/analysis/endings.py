"""Small endings of real hands: a contract bid, the hand played by RuleBot to its last three or four tricks, and the
seat to move there, for measuring the card grader where double dummy is known to lie (:mod:`.alphamu`).

An ending is named by a few numbers (:class:`Ending`: the rules, the bid, the seed of the deal, the cards left, whose
turn), never stored as cards: :func:`ending_state` deals and plays it again, the same every time. The bid is made by
the first seat to speak, everyone else passing (a lone Charlemagne is rare at a table of bots, and these endings are
about the lone contracts most); every other choice is RuleBot's, the bidder's exchange and trump included. The set
the benchmark reads is ``charlemagne_learn/data/endings.json``, written by ``scripts/build_endings.py``.

>>> state = ending_state(Ending("canadian", "charlemagne", 7, 3, "bidder"))
>>> state.phase.value, len(state.hand(state.to_move)), state.to_move == state.bidder
('play', 3, True)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.errors import IllegalActionError
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import sentence
from ..engine.rules import Rules
from ..engine.scoring import trick_values
from .rulebot import advise

__all__ = ["ENDINGS", "KINDS", "Ending", "card_scores", "ending_state", "load_endings"]

#: The stored set (``scripts/build_endings.py``).
ENDINGS = Path(__file__).resolve().parent.parent / "data" / "endings.json"

#: The contracts the set covers, by rules and bid: every kind the game has — the numbered bids of each rule system,
#: the lone take-all bids (Charlemagne, Gros Charlemagne, the American and Maine Charlemagne alone) and the lone
#: bids to take nothing (Mulot, Gros Mulot with its hand shown, Le Petit).
KINDS: tuple[tuple[str, str], ...] = (
    ("canadian", "6"),
    ("canadian", "mulot"),
    ("canadian", "charlemagne"),
    ("canadian", "gros_mulot"),
    ("canadian", "gros_charlemagne"),
    ("american", "5"),
    ("american", "le_petit"),
    ("american", "charles_alone"),
    ("maine", "charlemagne"),
    ("bid_euchre", "4"),
)

Role = Literal["bidder", "defender"]


@dataclass(frozen=True)
class Ending:
    """A moment of a hand: ``rules`` (a preset's name) and ``bid`` made by the first seat to speak on the deal of
    ``seed``, played to where the seat to move holds ``left`` cards and is the bidder or a defender (``role``)."""

    rules: str
    bid: str
    seed: int
    left: int
    role: Role


def ending_state(ending: Ending) -> HandState:
    """The hand of ``ending`` at its moment; refused when the hand never comes there (the bid cannot be made, or
    no card is left to choose)."""
    rules = Rules.preset(ending.rules)
    state = HandState.new(rules, dealer="W", seed=ending.seed)
    bid_made = False
    while not state.is_over:
        if state.phase is Phase.BIDDING:
            action = _bid(state, ending.bid) if not bid_made else _pass(state)
            bid_made = True
            state.apply(action)
            continue
        seat = state.to_move
        assert seat is not None
        if state.phase is Phase.PLAY and len(state.hand(seat)) == ending.left:
            bidder = state.bidder
            assert bidder is not None
            theirs = seat.team != bidder.team
            if (ending.role == "defender") == theirs:
                return state
        state.apply(advise(state.view(seat)).action)
    raise IllegalActionError(sentence("endings.none", ending=str(ending)))


def _bid(state: HandState, name: str) -> Action:
    """The bid ``name`` as the first seat to speak can make it: with the trump suit it holds most of, where the bid
    names one."""
    seat = state.to_move
    assert seat is not None
    hand = state.hand(seat)
    offered = [a for a in state.legal_actions() if a.kind == "bid" and a.bid == name]
    if not offered:
        raise IllegalActionError(sentence("endings.none", ending=name))
    return max(offered, key=lambda a: (a.suit is not None and sum(c.suit == a.suit for c in hand), -offered.index(a)))


def _pass(state: HandState) -> Action:
    legal = state.legal_actions()
    return next((a for a in legal if a.kind == "pass"), legal[0])


def load_endings(path: Path = ENDINGS) -> list[Ending]:
    """The stored set of endings (each record's count of worlds is the builder's note, not part of the ending)."""
    rows = json.loads(path.read_text(encoding="utf-8"))["endings"]
    return [Ending(r["rules"], r["bid"], r["seed"], r["left"], r["role"]) for r in rows]


def record(endings: list[Ending], worlds: list[int]) -> str:
    """The set as ``scripts/build_endings.py`` writes it, with each ending's count of worlds."""
    rows = [{**asdict(e), "worlds": n} for e, n in zip(endings, worlds, strict=True)]
    return json.dumps({"endings": rows}, indent=1) + "\n"


def card_scores(view: SeatView, found: dict[Card, list[int]]) -> dict[Card, tuple[int, int]]:
    """Each card's deals (or worlds) on which the seat gets its result, and its points, summed over them: what the
    grader compares first and second, as exact numbers, so two searches' answers on one ending can be compared."""
    contract = view.contract
    assert contract is not None
    values, makes = trick_values(contract)
    ours = view.seat.team == contract.team
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    sign = 1 if ours else -1
    return {
        card: (sum(makes[taken + t] == ours for t in v), sum(sign * values[taken + t] for t in v))
        for card, v in found.items()
    }
