"""A game: hands strung together with dealer rotation, scores and each variant's win rule.

>>> from .rules import Rules
>>> game = Game(Rules.preset("canadian"), first_dealer="N", seed=3)
>>> game.hand.dealer, game.scores
(<Seat.N: 0>, {'NS': 0, 'EW': 0})
>>> for _ in range(4): game.apply("pass")
>>> game.hand.dealer, len(game.finished)   # all passed: thrown in, the deal passed left
(<Seat.E: 1>, 1)
>>> Game.from_json(game.to_json()).to_json() == game.to_json()
True

A game can also start from a score, and a hand can be a chosen deal: the end of a game, set up to ask
"28–30, what do you bid?".

>>> late = Game("canadian", first_dealer="E", scores={"NS": 28, "EW": 30},
...             hands={"N": "7C 8C 9C 7D 8D 9D 7S 8S", "E": "10C JC QC 10D QD 10S JS QS",
...                    "S": "RJ BJ JH JD AH KH QH AS", "W": "KC AC KD AD KS 7H 8H 9H"}, kitty="9S 10H")
>>> late.scores, late.hand.to_move, " ".join(map(str, late.hand.hand("S")))
({'NS': 28, 'EW': 30}, <Seat.S: 2>, 'J♦ J♥ Q♥ K♥ A♥ A♠ RJ BJ')
>>> Game.from_json(late.to_json()).hand.hands == late.hand.hands
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from contextlib import suppress
from typing import Any, TypeAlias

from .actions import Action, load_record
from .cards import Card, Seat
from .checks import is_whole, whole_number_text
from .errors import CharlemagneError, IllegalActionError, RulesOptionError, quote
from .hand import HandResult, HandState
from .i18n import say, sentence
from .rng import DealRandom, check_seed
from .rules import Rules
from .tallies import TeamTally

__all__ = ["FORMAT", "FORMAT_PREPARED", "SCORE_LIMIT", "Game", "check_scores", "game_winner"]

#: The format of a game's record.
FORMAT = "charlemagne_learn.engine.game/1"
#: The format of the record of a game started from a score or with a chosen deal: it says them, and a reader
#: that knows only :data:`FORMAT` refuses it rather than replaying another game.
FORMAT_PREPARED = "charlemagne_learn.engine.game/2"
#: How far from 0 a starting score may be where scores have no bound of their own (Bid Euchre's may go past the
#: target, and below 0): far beyond any game, and a record stays small.
SCORE_LIMIT = 10_000

#: A chosen deal as a record keeps it: a seed, or each seat's cards and the kitty as text.
_Deal: TypeAlias = int | dict[str, str]


_TEAMS = ("NS", "EW")


def check_scores(rules: Rules, scores: object) -> dict[str, int]:
    """``scores`` as a game of ``rules`` can start from: each team's points, a whole number, below the target
    (or, in Bid Euchre, where a team can pass it without winning, at most one team at it or past it), below 0
    only where a hand can take points away (Bid Euchre); a clear error otherwise.

    >>> check_scores(Rules.preset("american"), {"EW": 20, "NS": 0})
    {'NS': 0, 'EW': 20}
    >>> check_scores(Rules.preset("american"), {"NS": 21, "EW": 0})
    Traceback (most recent call last):
    ...
    charlemagne_learn.engine.errors.RulesOptionError: scores={'NS': 21, 'EW': 0} is not allowed; give both teams' points as whole numbers, like scores={'NS': 28, 'EW': 30}, each from 0 to 20: a team with 21 has won the game
    """
    target = rules.target
    past = rules.win_rule == "bid_euchre"
    low = -SCORE_LIMIT if rules.per_trick_scoring else 0
    high = max(SCORE_LIMIT, target) if past else target - 1
    if (
        isinstance(scores, Mapping)
        and len(scores) == 2
        and all(type(team) is str and team in _TEAMS for team in scores)
        and all(is_whole(points) and low <= points <= high for points in scores.values())
    ):
        checked = {team: int(scores[team]) for team in _TEAMS}
        if not (past and min(checked.values()) >= target):
            return checked
    limits = say("game.scores_past_target" if past else "game.scores_to_target", low=low, high=high, target=target)
    raise RulesOptionError(sentence("game.bad_scores", value=quote(scores), limits=limits))


def game_winner(rules: Rules, scores: dict[str, int], result: HandResult) -> str | None:
    """The team that has won the game after ``result`` was added to ``scores``, if any."""
    if result.outright_winner is not None:
        return result.outright_winner
    if result.passed_out or result.contract is None:
        return None
    bidders, defenders = result.contract.team, result.contract.defenders
    if rules.win_rule == "bid_euchre":
        # A team wins only by making its own bid or by setting the opponents.
        team = bidders if result.made else defenders
        return team if scores[team] >= rules.target else None
    reached = [t for t in ("NS", "EW") if scores[t] >= rules.target and result.points[t] > 0]
    return reached[0] if reached else None


class Game:
    """Hands played one after another until a team wins.

    ``game.hand`` is the hand in play; :meth:`apply` acts in it and, when it ends, adds its
    points, checks the win rule and deals the next hand (dealer passes left). A hand played to its end
    through ``game.hand.apply`` is scored the same way the next time the game is asked anything, so
    both ways of playing give the same game.

    The hands are dealt from ``seed``. A game may start from a score (``scores={"NS": 28, "EW": 30}``,
    :func:`check_scores` says which are allowed) and its first hand may be a chosen deal (``hands=`` and
    ``kitty=``, as :meth:`HandState.new <charlemagne_learn.engine.hand.HandState.new>` takes them); :meth:`deal` deals
    any later hand before its first action. It then plays on and ends exactly as a game that reached that score
    and those deals by play, and its record says them, so it replays.
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        first_dealer: Seat | str = "N",
        seed: int = 0,
        *,
        scores: Mapping[str, int] | None = None,
        hands: Mapping[str | Seat, Iterable[Card | str] | str] | None = None,
        kitty: Iterable[Card | str] | str = (),
    ) -> None:
        self.rules = Rules.find(rules)
        self.first_dealer = Seat.find(first_dealer)
        self.seed = check_seed(seed)
        #: The score the game started from (0 to 0 unless ``scores=`` was given).
        self.starting_scores = {"NS": 0, "EW": 0} if scores is None else check_scores(self.rules, scores)
        self._seeds = DealRandom(self.seed)
        self._scores = dict(self.starting_scores)
        self._finished: list[HandState] = []
        self._winner: str | None = None
        #: Chosen deals by hand index (0: the first hand).
        self._deals: dict[int, _Deal] = {}
        self._hand = self._next_hand(self.first_dealer)
        if hands is not None or kitty:
            self.deal(hands=hands, kitty=kitty)

    def _catch_up(self) -> None:
        """Score the hand in play if it was played to its end directly (``game.hand.apply``), as :meth:`apply`
        would have done."""
        hand = self._hand
        if hand.is_over and not (self._finished and self._finished[-1] is hand):
            self._record(hand)

    @property
    def hand(self) -> HandState:
        """The hand in play (the last hand once the game is won)."""
        self._catch_up()
        return self._hand

    @property
    def scores(self) -> TeamTally:
        """Points of each team ("NS", "EW") so far (a copy; shown "NS 12 – EW 7")."""
        self._catch_up()
        return TeamTally(self._scores)

    @property
    def finished(self) -> list[HandState]:
        """The hands played to their end, in order."""
        self._catch_up()
        return self._finished

    @property
    def winner(self) -> str | None:
        """The team that has won ("NS" or "EW"), None while the game goes on."""
        self._catch_up()
        return self._winner

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self._hand.legal_actions()

    def apply(self, action: Action | str, seat: Seat | str | None = None) -> None:
        if self.is_over:
            raise IllegalActionError(sentence("game.over", team=self._winner))
        self._hand.apply(action, seat)
        self._catch_up()

    def deal(
        self,
        seed: int | None = None,
        *,
        hands: Mapping[str | Seat, Iterable[Card | str] | str] | None = None,
        kitty: Iterable[Card | str] | str = (),
    ) -> None:
        """Deal the hand in play anew, before its first action: from ``seed``, or the given ``hands`` (seat →
        cards) and ``kitty``, as :meth:`HandState.new <charlemagne_learn.engine.hand.HandState.new>` deals. The dealer
        stays the one whose turn it is, and the hands after it are dealt as they would have been.

        >>> game = Game("american", first_dealer="S", scores={"NS": 15, "EW": 19})
        >>> game.deal(seed=42)
        >>> game.hand.to_json() == HandState.new("american", "S", seed=42).to_json()
        True
        >>> game.apply("pass"); game.deal(seed=7)
        Traceback (most recent call last):
        ...
        charlemagne_learn.engine.errors.IllegalActionError: a deal replaces only a hand not yet begun: hand 1 has begun; undo its actions first, or deal the next hand once this one is over
        """
        self._catch_up()
        if self._winner is not None:
            raise IllegalActionError(sentence("game.over", team=self._winner))
        if self._hand.history:
            raise IllegalActionError(sentence("game.hand_begun", n=len(self._finished) + 1))
        fresh = HandState.new(self.rules, self._hand.dealer, seed, hands=hands, kitty=kitty)
        if hands is None:
            chosen: _Deal = check_seed(seed)
        else:
            chosen = {seat: " ".join(map(str, cards)) for seat, cards in fresh.hands.items()}
            chosen["kitty"] = " ".join(map(str, fresh.kitty))
        self._deals[len(self._finished)] = chosen
        self._hand = fresh

    def _next_hand(self, dealer: Seat) -> HandState:
        # drawn for a chosen deal too, so that the hands after it are dealt as they would have been
        seed = self._seeds.next64()
        return _dealt(self.rules, dealer, self._deals.get(len(self._finished), seed))

    def _record(self, hand: HandState) -> None:
        result = hand.result
        assert result is not None
        for team, pts in result.points.items():
            self._scores[team] += pts
        self._finished.append(hand)
        self._winner = game_winner(self.rules, self._scores, result)
        if self._winner is None:
            self._hand = self._next_hand(hand.dealer.left)

    @property
    def actions(self) -> list[Action]:
        """Every action of the game so far, hand after hand: with the seed (and the starting score and the chosen
        deals), the whole game."""
        hands = self.finished if self.is_over else [*self._finished, self._hand]
        return [a for hand in hands for _, a in hand.history]

    def _set_deals(self, deals: dict[int, _Deal]) -> None:
        """Take ``deals`` as the game's chosen deals before its first action (the first hand dealt anew if
        it is one of them)."""
        self._deals = dict(deals)
        if 0 in self._deals:
            self._hand = _dealt(self.rules, self.first_dealer, self._deals[0])

    def undo(self) -> Action:
        """Take back the last action, reopening a finished hand (or game) if need be.

        Only the hand the action was in is replayed (to its action before), never the hands before it: undo takes
        as long after thousands of hands as after one."""
        self._catch_up()
        hand = self._hand
        if self._winner is None and hand.history:  # an action of the hand in play
            self._hand = hand.at(len(hand.history) - 1)
            return hand.history[-1][1]
        if not self._finished:
            raise IllegalActionError(sentence("game.nothing_to_undo"))
        # the last action ended the last finished hand: reopen it, its points taken back (the game went on after
        # the hand before it, so nobody had won then)
        last = self._finished[-1]
        result = last.result
        assert result is not None
        for team, pts in result.points.items():
            self._scores[team] -= pts
        if self._winner is None:
            self._seeds.back()  # the hand in play was dealt by the next draw: drawn again when `last` ends again
        self._winner = None
        self._finished = self._finished[:-1]  # a new list, as the hands before were: one read before stays whole
        self._hand = last.at(len(last.history) - 1)
        return last.history[-1][1]

    def to_json(self) -> str:
        """The rules, the first dealer, the seed and every action: enough to replay the game; and, for a game
        started from a score or with chosen deals, they too (in the format :data:`FORMAT_PREPARED`)."""
        record: dict[str, Any] = {
            "format": FORMAT,
            "rules": self.rules.to_record(),
            "first_dealer": self.first_dealer.name,
            "seed": self.seed,
        }
        if self._deals or any(self.starting_scores.values()):
            record["format"] = FORMAT_PREPARED
            record["scores"] = dict(self.starting_scores)
            record["deals"] = {
                str(index + 1): {"seed": deal} if isinstance(deal, int) else deal
                for index, deal in sorted(self._deals.items())
            }
        record["actions"] = [str(a) for a in self.actions]
        return json.dumps(record, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game a record of :meth:`to_json` describes (of either format), replayed to where it stood."""

        def start(record: dict[str, Any]) -> Game:
            game = cls(
                Rules.from_record(record["rules"]),
                record["first_dealer"],
                record["seed"],
                scores=record.get("scores"),
            )
            deals = record.get("deals", {})
            if not isinstance(deals, dict):
                raise CharlemagneError(sentence("game.bad_deal", value=quote(deals)))
            game._set_deals({_deal_index(number): _read_deal(game, deal) for number, deal in deals.items()})
            return game

        return load_record(text, (FORMAT_PREPARED, FORMAT), "Game.to_json()", start)

    def __repr__(self) -> str:
        state = f"won by {self.winner}" if self.winner else f"hand {len(self.finished) + 1}"
        return f"<Game {self.rules.title}: NS {self.scores['NS']}, EW {self.scores['EW']}, {state}>"

    def _repr_html_(self) -> str:
        from .display import show

        return show(self)


def _dealt(rules: Rules, dealer: Seat, deal: _Deal) -> HandState:
    """A hand dealt by ``dealer`` from a seed or from a chosen deal's cards."""
    if isinstance(deal, int):
        return HandState.new(rules, dealer, deal)
    return HandState.new(rules, dealer, hands={s.name: deal[s.name] for s in Seat}, kitty=deal["kitty"])


def _deal_index(number: object) -> int:
    """The hand index of a record's deal number ("1" is the first hand), read as every number written as text is
    (the digits 0 to 9, a bounded few: int() raised a plain ValueError on thousands)."""
    if isinstance(number, str) and number[:1] not in ("0", "-"):
        with suppress(RulesOptionError):
            return whole_number_text("deal", number) - 1
    raise CharlemagneError(sentence("game.bad_deal_number", value=quote(number)))


def _read_deal(game: Game, deal: object) -> _Deal:
    """A record's deal, checked now (a deal the game reaches later would otherwise fail deep in its replay)."""
    if isinstance(deal, dict) and deal.keys() == {"seed"}:
        return check_seed(deal["seed"])
    if (
        isinstance(deal, dict)
        and deal.keys() == {"N", "E", "S", "W", "kitty"}
        and all(isinstance(cards, str) for cards in deal.values())
    ):
        _dealt(game.rules, game.first_dealer, deal)
        return dict(deal)
    raise CharlemagneError(sentence("game.bad_deal", value=quote(deal)))
