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
"""

from __future__ import annotations

import json
from typing import Any

from .actions import Action, load_record
from .cards import Seat
from .errors import IllegalActionError
from .hand import HandResult, HandState
from .i18n import add_messages, say
from .rng import DealRandom, check_seed
from .rules import Rules
from .tallies import TeamTally

__all__ = ["FORMAT", "Game", "game_winner"]

FORMAT = "charlemagne_learn.game/1"

# A team is written as the engine names it ("NS") in English refusals, as it is said ("Nord–Sud", a word the
# scoring module gives) in French.
add_messages({
    "game.over": ("the game is over: {team} won; start a new Game to play on",
                  "la partie est finie : {team:w} l'ont gagnée ; commencez une nouvelle partie (`Game`) pour continuer"),
    "game.nothing_to_undo": ("nothing to undo: no action has been taken in this game",
                             "rien à annuler : aucune action n'a encore été faite dans cette partie"),
})  # fmt: skip


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
    """

    def __init__(self, rules: Rules | str | None = None, first_dealer: Seat | str = "N", seed: int = 0) -> None:
        self.rules = Rules.find(rules)
        self.first_dealer = Seat.find(first_dealer)
        self.seed = check_seed(seed)
        self._seeds = DealRandom(seed)
        self._scores = {"NS": 0, "EW": 0}
        self._finished: list[HandState] = []
        self._winner: str | None = None
        self._hand = HandState.new(self.rules, self.first_dealer, self._seeds.next64())

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
            raise IllegalActionError(say("game.over", team=self._winner))
        self._hand.apply(action, seat)
        self._catch_up()

    def _record(self, hand: HandState) -> None:
        result = hand.result
        assert result is not None
        for team, pts in result.points.items():
            self._scores[team] += pts
        self._finished.append(hand)
        self._winner = game_winner(self.rules, self._scores, result)
        if self._winner is None:
            self._hand = HandState.new(self.rules, hand.dealer.left, self._seeds.next64())

    @property
    def actions(self) -> list[Action]:
        """Every action of the game so far, hand after hand: with the seed, the whole game."""
        hands = self.finished if self.is_over else [*self._finished, self._hand]
        return [a for hand in hands for _, a in hand.history]

    def undo(self) -> Action:
        """Take back the last action, reopening a finished hand (or game) if need be."""
        actions = self.actions
        if not actions:
            raise IllegalActionError(say("game.nothing_to_undo"))
        replay = Game(self.rules, self.first_dealer, self.seed)
        for a in actions[:-1]:
            replay.apply(a)
        self.__dict__.update(replay.__dict__)
        return actions[-1]

    def to_json(self) -> str:
        """The rules, the first dealer, the seed and every action: enough to replay the game."""
        return json.dumps(
            {
                "format": FORMAT,
                "rules": self.rules.to_record(),
                "first_dealer": self.first_dealer.name,
                "seed": self.seed,
                "actions": [str(a) for a in self.actions],
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        def start(record: dict[str, Any]) -> Game:
            return cls(Rules.from_record(record["rules"]), record["first_dealer"], record["seed"])

        return load_record(text, FORMAT, "Game.to_json()", start)

    def __repr__(self) -> str:
        state = f"won by {self.winner}" if self.winner else f"hand {len(self.finished) + 1}"
        return f"<Game {self.rules.title}: NS {self.scores['NS']}, EW {self.scores['EW']}, {state}>"

    def _repr_html_(self) -> str:
        from .display import game_html

        return game_html(self)
