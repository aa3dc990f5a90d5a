"""The game's score in the grade: each variant's chance of winning the game from every score, made from the engine's
own play.

A hand's end moves the score; the game is won at the target (or, in Bid Euchre, by making a bid or setting one once
past it; in Maine, at once by Charlemagne). So a point is not always worth a point: at 28–30 in the Canadian game a
5-bid made wins the game, and a 6-bid made wins it no more. Players grade by the game, not the hand, and the table
here says what each score is worth.

How the table is made (``scripts/equity_tables.py``, shipped as ``charlemagne_learn/data/equity_<variant>.json.gz``):

1. :data:`HANDS` hands are dealt from seeds (hand ``i`` from ``seed * 1_000_000 + i``, dealt by seat ``i % 4``) and
   played to their end by four :class:`~charlemagne_learn.analysis.rulebot.RuleBot` players: the auction, the
   exchange and the cards. Each hand's end is kept from the dealer's team's side (:class:`HandEnd`: the points to
   each team, whose bid stood, made or not, who won outright).
2. The chance of winning the game from ``(ours, theirs, we deal)`` solves ``V = sum over the hands' ends of their
   share x (1 if the hand wins the game, 0 if it loses it, else V at the new score with the deal passed to the
   other team)``. The win rule is the engine's (:func:`game_won`, held to
   :func:`~charlemagne_learn.engine.game.game_winner` by the tests). The scores are swept from the highest down
   until no value moves by more than :data:`_TOLERANCE`: where scores only rise (every variant but Bid Euchre) each
   value then reads values already final, but for a hand thrown in (the same score, the other team to deal), and a
   few sweeps settle it; Bid Euchre's scores also fall (a failed bid costs its size), and its table takes more
   sweeps, on scores from :attr:`EquityTable.low` to :attr:`EquityTable.high` (a score beyond is read as the nearest
   bound: such games are rare and long decided).

The bots bid and play without looking at the score (a view holds no score): the hands' ends are the same at every
score, so the table is exact for a table of RuleBots, given the hands sampled. A player who bids to the score — which
is what the grades here teach — changes the ends near the target; the table does not model that. The sampling
error of each value, by a bootstrap of the hands, is in the file (``error``) and in benchmarks/RESULTS.md.

>>> table = equity_table("canadian")
>>> table.chance(0, 0, True) + table.chance(0, 0, False) > 0.9
True
>>> table.chance(31, 0, False) > table.chance(0, 31, True)
True
"""

from __future__ import annotations

import gzip
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..engine.cards import Seat
from ..engine.contract import Contract
from ..engine.errors import RulesOptionError, quote
from ..engine.game import check_scores
from ..engine.hand import HandState
from ..engine.i18n import sentence
from ..engine.rules import Rules
from ..engine.scoring import hand_score
from .bots import play_hand
from .rulebot import RuleBot

__all__ = [
    "FORMAT", "HANDS", "SEED", "AtScore", "EquityTable", "HandEnd", "equity_table", "game_won", "hand_end", "hand_ends",
    "read_table", "sampling_error", "solve", "table_bytes",
]  # fmt: skip

#: The format of a shipped table's file.
FORMAT = "charlemagne_learn.analysis.equity/1"
#: Hands played per variant for the shipped tables, and their seed.
HANDS = 20_000
SEED = 1
#: Bid Euchre's iteration stops when no value moves by more than this.
_TOLERANCE = 1e-9
#: Bootstrap resamples behind each table's sampling error.
_RESAMPLES = 12
#: A hand's end from one team's side (:meth:`HandEnd.seen_by`).
_End = tuple[int, int, str | None, bool | None, str | None]


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended, seen from the dealer's team: the points to the dealer's team and to the other, the side
    whose bid stood (None: thrown in), whether it was made, and the side that won the game outright (Maine's
    Charlemagne), if any."""

    dealer: int
    other: int
    bidder: str | None = None
    made: bool | None = None
    outright: str | None = None

    def code(self) -> str:
        """The end as the file writes it: ``"5,0,dealer,1,"``."""
        made = "" if self.made is None else str(int(self.made))
        return f"{self.dealer},{self.other},{self.bidder or ''},{made},{self.outright or ''}"

    @classmethod
    def read(cls, text: str) -> HandEnd:
        dealer, other, bidder, made, outright = text.split(",")
        return cls(int(dealer), int(other), bidder or None, None if made == "" else made == "1", outright or None)

    def seen_by(self, dealing: bool) -> _End:
        """The end from one team's side: (its points, the others' points, whose bid stood — "us"/"them" —, made,
        who won outright)."""

        def side(who: str | None) -> str | None:
            return None if who is None else ("us" if (who == "dealer") == dealing else "them")

        ours, theirs = (self.dealer, self.other) if dealing else (self.other, self.dealer)
        return ours, theirs, side(self.bidder), self.made, side(self.outright)


def hand_end(state: HandState) -> HandEnd:
    """The end of a finished hand, from its dealer's team's side."""
    result = state.result
    if result is None:
        raise RulesOptionError(sentence("equity.not_over"))
    team = state.dealer.team

    def side(who: str | None) -> str | None:
        return None if who is None else ("dealer" if who == team else "other")

    other = "EW" if team == "NS" else "NS"
    bidder = None if result.contract is None else side(result.contract.team)
    return HandEnd(result.points[team], result.points[other], bidder, result.made, side(result.outright_winner))


def game_won(rules: Rules, ours: int, theirs: int, end: _End) -> str | None:
    """Who has won the game ("us", "them" or None) once a hand ended ``end`` (:meth:`HandEnd.seen_by`), ``ours``
    and ``theirs`` being the scores after it: the engine's win rule
    (:func:`~charlemagne_learn.engine.game.game_winner`), from one team's side."""
    got, lost, bidder, made, outright = end
    if outright is not None:
        return outright
    if bidder is None:
        return None
    if rules.win_rule == "bid_euchre":
        # a team wins only by making its own bid or by setting the other's
        team = bidder if made else ("them" if bidder == "us" else "us")
        return team if (ours if team == "us" else theirs) >= rules.target else None
    # the team that reached the target with this hand's points
    if ours >= rules.target and got > 0:
        return "us"
    if theirs >= rules.target and lost > 0:
        return "them"
    return None


def hand_ends(rules: Rules, hands: int, seed: int = SEED, *, first: int = 0) -> list[HandEnd]:
    """The ends of hands ``first`` to ``first + hands - 1`` of the table's sample: each dealt from
    ``seed * 1_000_000 + i`` by seat ``i % 4`` and played by four RuleBots seeded ``4 * i`` to ``4 * i + 3``."""
    ends = []
    for i in range(first, first + hands):
        state = play_hand(rules, [RuleBot(4 * i + k) for k in range(4)], dealer=Seat(i % 4), seed=seed * 1_000_000 + i)
        ends.append(hand_end(state))
    return ends


@dataclass(frozen=True)
class EquityTable:
    """A variant's chance of winning the game from each score, for the team that deals the next hand and for the
    team that does not.

    ``values[d][ours - low][theirs - low]`` is the chance that a team with ``ours`` points against ``theirs`` wins
    the game, ``d`` = 1 where that team deals the next hand; scores from ``low`` to ``high``.
    """

    variant: str
    low: int
    high: int
    values: tuple[tuple[tuple[float, ...], ...], ...]
    hands: int = 0
    seed: int = SEED
    #: The largest standard error of a value (a bootstrap of the hands).
    error: float = 0.0

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.variant)

    def chance(self, ours: int, theirs: int, dealing: bool) -> float:
        """The chance a team at ``ours`` to ``theirs`` wins the game, dealing the next hand or not (a score past
        the table's bounds is read at the bound)."""
        low, high = self.low, self.high
        return self.values[int(dealing)][min(max(ours, low), high) - low][min(max(theirs, low), high) - low]

    def after(self, ours: int, theirs: int, dealt: bool, end: _End) -> float:
        """The chance of winning the game once a hand ends ``end`` (:meth:`HandEnd.seen_by`: our points, theirs,
        whose bid, made, who won outright) from ``ours`` to ``theirs``, our team having ``dealt`` it: 1 or 0 where
        the hand ends the game, else the table at the new score, the other team to deal."""
        ours, theirs = ours + end[0], theirs + end[1]
        winner = game_won(self.rules, ours, theirs, end)
        if winner is not None:
            return 1.0 if winner == "us" else 0.0
        return self.chance(ours, theirs, not dealt)


def _bounds(rules: Rules) -> tuple[int, int]:
    """The scores a table covers: 0 to the target less one, or, in Bid Euchre, where a failed bid takes points away
    and a team may pass the target without winning, half the target below 0 to six above it."""
    if rules.win_rule == "bid_euchre":
        return -(rules.target // 2), rules.target + rules.hand_size
    return 0, rules.target - 1


def solve(rules: Rules, ends: Sequence[HandEnd], *, hands: int = 0, seed: int = SEED) -> EquityTable:
    """The chance of winning from each score, given how hands end (:func:`hand_ends`), swept until no value
    moves by more than :data:`_TOLERANCE` (a few sweeps where scores only rise, more for Bid Euchre's, which also
    fall)."""
    counts = Counter(ends)
    if not counts:
        raise RulesOptionError(sentence("equity.no_hands", value=quote(ends)))
    total = sum(counts.values())
    shares = [(end, n / total) for end, n in sorted(counts.items(), key=lambda item: item[0].code())]
    low, high = _bounds(rules)
    size = high - low + 1
    # v[d][i][j]: the chance of the team at low+i against low+j, dealing the next hand (d=1) or not
    v = [[[0.5] * size for _ in range(size)] for _ in range(2)]

    def value(d: int, i: int, j: int) -> float:
        dealing = bool(d)
        out = 0.0
        for end, share in shares:
            seen = end.seen_by(dealing)
            ours, theirs = low + i + seen[0], low + j + seen[1]
            winner = game_won(rules, ours, theirs, seen)
            if winner is not None:
                out += share * (winner == "us")
            else:
                ii, jj = min(max(ours, low), high) - low, min(max(theirs, low), high) - low
                out += share * v[1 - d][ii][jj]
        return out

    # the highest scores first: where scores only rise, each value then reads only values already final, but for a
    # hand thrown in (the same score, the other team to deal), which the sweep's repetition settles
    order = sorted(((i, j) for i in range(size) for j in range(size)), key=lambda p: -(p[0] + p[1]))
    while True:
        moved = 0.0
        for i, j in order:
            for d in (0, 1):
                new = value(d, i, j)
                moved = max(moved, abs(new - v[d][i][j]))
                v[d][i][j] = new
        if moved <= _TOLERANCE:
            break
    values = tuple(tuple(tuple(row) for row in v[d]) for d in (0, 1))
    return EquityTable(rules.name, low, high, values, hands, seed)


def sampling_error(rules: Rules, ends: Sequence[HandEnd], seed: int = SEED, resamples: int = _RESAMPLES) -> float:
    """The largest standard error of a table value over ``resamples`` bootstrap resamples of the hands (seeded)."""
    rng = random.Random(seed)
    base = list(ends)
    tables = [solve(rules, rng.choices(base, k=len(base))) for _ in range(resamples)]
    worst = 0.0
    first = tables[0].values
    for d in range(2):
        for i in range(len(first[d])):
            for j in range(len(first[d])):
                xs = [t.values[d][i][j] for t in tables]
                mean = sum(xs) / len(xs)
                worst = max(worst, (sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5)
    return worst


def table_bytes(table: EquityTable, ends: Sequence[HandEnd]) -> bytes:
    """The shipped file of a table: the hands' ends (each hand's, in order, as an index into the distinct ends) and
    the table to 4 decimals, gzip'd JSON, the same bytes for the same hands."""
    distinct = sorted(set(ends), key=HandEnd.code)
    index = {end: k for k, end in enumerate(distinct)}
    record: dict[str, Any] = {
        "format": FORMAT,
        "variant": table.variant,
        "hands": table.hands,
        "seed": table.seed,
        "error": round(table.error, 4),
        "low": table.low,
        "high": table.high,
        "ends": [end.code() for end in distinct],
        "played": [index[end] for end in ends],
        "chances": [[[round(x, 4) for x in row] for row in table.values[d]] for d in (0, 1)],
    }
    text = json.dumps(record, separators=(",", ":"))
    return gzip.compress(text.encode(), mtime=0)


def read_table(data: bytes) -> tuple[EquityTable, list[HandEnd]]:
    """A shipped table's file read back: the table and the hands' ends it was solved from."""
    record = json.loads(gzip.decompress(data))
    if record.get("format") != FORMAT:
        raise RulesOptionError(sentence("equity.bad_file", value=quote(record.get("format")), format=FORMAT))
    distinct = [HandEnd.read(code) for code in record["ends"]]
    values = tuple(tuple(tuple(row) for row in record["chances"][d]) for d in (0, 1))
    table = EquityTable(
        record["variant"], record["low"], record["high"], values, record["hands"], record["seed"], record["error"]
    )
    return table, [distinct[k] for k in record["played"]]


_LOADED: dict[str, EquityTable] = {}


def equity_table(variant: str | Rules = "canadian") -> EquityTable:
    """The table shipped for ``variant`` (read once, then kept)."""
    name = Rules.find(variant).name
    if name not in _LOADED:
        resource = resources.files("charlemagne_learn") / "data" / f"equity_{name}.json.gz"
        _LOADED[name] = read_table(resource.read_bytes())[0]
    return _LOADED[name]


@dataclass(frozen=True)
class AtScore:
    """The game's score before a hand, from one team's side: what each way the hand can end is worth in chances of
    winning the game (:meth:`chance_after`)."""

    rules: Rules
    #: The team the grade is for ("NS" or "EW"), and the scores before the hand.
    team: str
    ours: int
    theirs: int
    #: Does that team deal this hand?
    dealing: bool

    @classmethod
    def of(cls, rules: Rules, scores: object, team: str, dealer: Seat) -> AtScore:
        """``scores`` (``{"NS": 28, "EW": 30}``, as a game starts from: :func:`check_scores`) from ``team``'s side,
        ``dealer`` dealing the hand."""
        checked = check_scores(rules, scores)
        other = "EW" if team == "NS" else "NS"
        return cls(rules, team, checked[team], checked[other], dealer.team == team)

    @property
    def table(self) -> EquityTable:
        return equity_table(self.rules)

    def now(self) -> float:
        """The chance of winning the game from this score, before the hand."""
        return self.table.chance(self.ours, self.theirs, self.dealing)

    def chance_after(self, got: int, lost: int, bidder: str | None, made: bool | None, outright: str | None) -> float:
        """The chance of winning the game once this hand brings ``got`` points to the team and ``lost`` to the
        others (``bidder``: "us"/"them"/None, whose bid stood; ``outright``: who won the game at once)."""
        return self.table.after(self.ours, self.theirs, self.dealing, (got, lost, bidder, made, outright))

    def _ends(self, end: _End) -> bool:
        """Does a hand that ends so end the game, won or lost?"""
        return game_won(self.rules, self.ours + end[0], self.theirs + end[1], end) is not None

    def _of_contract(self, contract: Contract, bidder_tricks: int) -> _End:
        score = hand_score(contract, bidder_tricks)
        other = "EW" if self.team == "NS" else "NS"
        bidder = "us" if contract.team == self.team else "them"
        outright = None if score.outright_winner is None else ("us" if score.outright_winner == self.team else "them")
        return score.points[self.team], score.points[other], bidder, score.made, outright

    def _of_net(self, net: float) -> _End:
        points = round(net)
        if points == 0:
            return 0, 0, None, None, None
        if abs(points) >= self.rules.target:  # the whole game, won or lost
            return 0, 0, None, None, "us" if points > 0 else "them"
        return max(points, 0), max(-points, 0), "us" if points > 0 else "them", True, None

    def contract_end(self, contract: Contract, bidder_tricks: int) -> float:
        """The chance of winning the game once ``contract`` ends with ``bidder_tricks`` tricks to its side."""
        return self.chance_after(*self._of_contract(contract, bidder_tricks))

    def contract_ends(self, contract: Contract, bidder_tricks: int) -> bool:
        """Does ``contract`` ending with ``bidder_tricks`` tricks to its side end the game?"""
        return self._ends(self._of_contract(contract, bidder_tricks))

    def net_end(self, net: float) -> float:
        """The chance of winning the game once the hand brings the team ``net`` points less the others' (a bid that
        decides the game counted as the target, won or lost; 0: nothing scored), where one team scores a hand:
        every variant but Bid Euchre, whose points a net alone does not say."""
        return self.chance_after(*self._of_net(net))

    def net_ends(self, net: float) -> bool:
        """Does a hand that brings the team ``net`` points less the others' end the game (:meth:`net_end`)?"""
        return self._ends(self._of_net(net))

    @property
    def scores_text(self) -> str:
        """The score as players say it, the team's first: "28–30"."""
        return f"{self.ours}–{self.theirs}"
