"""LearnerBot: RuleBot with the mistakes learners make, each at a documented, seeded rate — the bottom of the ladder.

It decides as :class:`~charlemagne_learn.analysis.rulebot.RuleBot` does, then, where one of the mistakes of
:data:`MISTAKES` is open to it (RuleBot's rule is the one the mistake breaks, and the wrong action is legal and
different), it makes that mistake with the mistake's rate, drawing from its own seeded generator; anywhere else it
plays RuleBot's action and draws nothing. Same seed, same views: same actions.

The mistakes are the course's themes of practice (:data:`~charlemagne_learn.teach.problems.THEMES`), each the wrong
answer the theme's problems are about:

* ``overbid`` (bidding): one trick more than the hand is worth — the lowest numeric bid above RuleBot's (above its
  pass, the lowest there is), when the hand makes that bid one time in four or more;
* ``no_trump_draw`` (drawing trumps): the declarer leads its longest side suit where RuleBot draws trumps;
* ``second_hand_high`` (ducking): second hand plays its highest card that wins the trick, where RuleBot plays low;
* ``overtake_partner`` (taking the trick): the partner's trick is taken over with the cheapest card that beats it;
* ``discard_winner`` (discarding): off suit, the highest card goes (a joker, an ace) where RuleBot throws a small
  one from a short suit;
* ``ruff_high`` (trumping): a ruff with the highest trump, where the lowest that wins would do;
* ``own_suit`` (defending): a lead from its own longest suit where RuleBot returns the partner's.

The rates are not counted from learners' answers — the repository keeps none. They are what the course's own
rating model (:mod:`~charlemagne_learn.teach.ratings`) predicts a learner misses: for each theme, the chance that a
learner of a given rating fails a problem of the stored starter sets (``data/problems_*.json``, all four variants)
with that theme, averaged over those problems — and a problem's first rating is set by its grades, higher the more
of its choices are graded below good and when RuleBot gets it wrong (:func:`~charlemagne_learn.teach.ratings.
first_rating`). :data:`NEWCOMER` is a learner as practice starts everyone (1500 ± 350), :data:`PRACTISED` one rated
1800 ± 150 (a learner some weeks into practice). ``tests/test_learner.py`` works them out again from the bank.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis.bots import play_hand
>>> state = play_hand(cl.Rules.preset("canadian"), [LearnerBot(s) for s in range(4)], seed=3)
>>> state.is_over
True
>>> LearnerBot(2)
LearnerBot(seed=2, rates='newcomer')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.deal import mask_of
from ..engine.errors import RulesOptionError, quote
from ..engine.hand import Phase, SeatView
from ..engine.i18n import sentence
from .bots import Bot, check_view
from .evaluate import judge
from .rulebot import Advice, _highest, _lowest, _Table, advise

__all__ = ["MISTAKES", "NEWCOMER", "PRACTISED", "LearnerBot", "mistake_open"]

#: Each mistake and the course's theme it belongs to (the theme's rate is the mistake's).
MISTAKES: Mapping[str, str] = MappingProxyType(
    {
        "overbid": "bidding",
        "no_trump_draw": "drawing_trumps",
        "second_hand_high": "ducking",
        "overtake_partner": "taking_the_trick",
        "discard_winner": "discarding",
        "ruff_high": "trumping",
        "own_suit": "defending",
    }
)
#: A newcomer's chance of missing a problem of each mistake's theme (rating 1500 ± 350, the bank's problems).
NEWCOMER: Mapping[str, float] = MappingProxyType(
    {
        "overbid": 0.47,
        "no_trump_draw": 0.38,
        "second_hand_high": 0.38,
        "overtake_partner": 0.41,
        "discard_winner": 0.37,
        "ruff_high": 0.42,
        "own_suit": 0.36,
    }
)
#: The same for a learner rated 1800 ± 150.
PRACTISED: Mapping[str, float] = MappingProxyType(
    {
        "overbid": 0.23,
        "no_trump_draw": 0.16,
        "second_hand_high": 0.16,
        "overtake_partner": 0.17,
        "discard_winner": 0.16,
        "ruff_high": 0.18,
        "own_suit": 0.14,
    }
)
#: The learners whose rates a bot may be given by name.
_NAMED = {"newcomer": NEWCOMER, "practised": PRACTISED}
#: A bid tempts a learner once the hand makes it this often (RuleBot's own estimate).
_TEMPTING = 0.25


class LearnerBot(Bot):
    """RuleBot with learners' mistakes (:data:`MISTAKES`) at the rates of ``rates``: ``"newcomer"`` (the default),
    ``"practised"`` or a mapping of every mistake to a chance from 0 to 1; see the module text."""

    name = "learner"

    def __init__(self, seed: int = 0, rates: str | Mapping[str, float] = "newcomer") -> None:
        super().__init__(seed)
        if isinstance(rates, str):
            if rates not in _NAMED:
                raise RulesOptionError(
                    sentence("learner.rates", value=quote(rates), allowed=", ".join(map(repr, _NAMED)))
                )
            self._named: str | None = rates
            rates = _NAMED[rates]
        else:
            self._named = None
        if not isinstance(rates, Mapping) or set(rates) != set(MISTAKES):
            raise RulesOptionError(sentence("learner.rates", value=quote(rates), allowed=", ".join(map(repr, _NAMED))))
        for mistake, rate in rates.items():
            if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1:
                raise RulesOptionError(sentence("learner.rate", mistake=mistake, value=quote(rate)))
        #: Each mistake's chance, where it is open.
        self.rates: Mapping[str, float] = MappingProxyType(dict(rates))
        #: The mistake made in the last decision, or None (RuleBot's action).
        self.last_mistake: str | None = None

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        advice = advise(view)
        self.last_mistake = None
        found = mistake_open(view, advice)
        # the generator is drawn only where a mistake is open: a hand's other decisions stay RuleBot's, and the
        # seed's draws go to the decisions that matter
        if found is not None and rng.random() < self.rates[found[0]]:
            self.last_mistake = found[0]
            return found[1]
        return advice.action

    def __repr__(self) -> str:
        rates = repr(self._named) if self._named is not None else dict(self.rates)
        return f"LearnerBot(seed={self.seed}, rates={rates})"


def mistake_open(view: SeatView, advice: Advice | None = None) -> tuple[str, Action] | None:
    """The mistake of :data:`MISTAKES` a learner could make in ``view`` and its action, or None where RuleBot's
    choice (``advice``, worked out if not given) breaks none of them."""
    check_view(view, "mistake_open")
    if len(view.legal_actions) < 2:
        return None
    advice = advise(view) if advice is None else advice
    found: tuple[str, Action | None] | None = None
    if view.phase is Phase.BIDDING:
        found = "overbid", _overbid(view, advice.action)
    elif view.phase is Phase.PLAY and view.contract is not None and not view.contract.spec.avoid:
        found = _card_mistake(view, advice)
    if found is None or found[1] is None or found[1] == advice.action or found[1] not in view.legal_actions:
        return None
    return found[0], found[1]


def _overbid(view: SeatView, chosen: Action) -> Action | None:
    rules = view.rules
    above = rules.bid(chosen.bid).tricks if chosen.kind == "bid" and chosen.bid else 0
    judged = judge(rules, mask_of(view.hand))
    for action in view.legal_actions:
        if action.kind != "bid":
            continue
        spec = rules.bid(action.bid or "")
        if not spec.numbered or spec.tricks <= above:
            continue
        if chosen.kind == "bid" and chosen.suit is not None and action.suit != chosen.suit:
            continue  # a suited ladder: the same suit one trick higher
        return action if judged.value(spec, action)[1] >= _TEMPTING else None
    return None


def _play(card: int) -> Action:
    return Action.play(Card.from_index(card))


def _card_mistake(view: SeatView, advice: Advice) -> tuple[str, Action | None] | None:
    t = _Table(view)
    order = t.order
    legal = [a.card.index for a in view.legal_actions if a.card is not None]
    rule = advice.rule
    side = [c for c in legal if not order.is_trump(c)]
    if rule in ("lead.draw_trumps", "lead.draw_low"):
        return "no_trump_draw", _longest_side(t, side)
    if rule == "lead.partner_suit":
        return "own_suit", _longest_side(t, side)
    if not t.trick:
        return None
    led = order.suit_of[t.trick[0]]
    strength = order.strength[led]
    best = strength[t.winning()[0]]
    beaters = sorted((c for c in legal if strength[c] > best), key=lambda c: strength[c])
    if rule == "follow.second_low":
        return "second_hand_high", _play(beaters[-1]) if beaters else None
    if rule in ("follow.partner_sure", "follow.partner_wins"):
        return "overtake_partner", _play(beaters[0]) if beaters else None
    card = advice.action.card
    played = card.index if card is not None else -1
    following = any(order.suit_of[c] == led for c in legal)
    if rule in ("follow.win_cheaply", "follow.ruff_winner") and not following and order.is_trump(played):
        trumps = [c for c in beaters if order.is_trump(c)]
        return "ruff_high", _play(_highest(trumps, order)) if trumps else None
    if rule in ("follow.low", "follow.void_partner_after") and not following:
        return "discard_winner", _play(_highest(legal, order))
    return None


def _longest_side(t: _Table, side: list[int]) -> Action | None:
    """The lowest card of the longest side suit (None: no side suit to lead)."""
    if not side:
        return None
    order = t.order
    lengths = [(t.hand & order.suit_mask[s]).bit_count() for s in range(5)]
    suit = order.suit_of[max(side, key=lambda c: (lengths[order.suit_of[c]], -order.suit_of[c]))]
    return _play(_lowest([c for c in side if order.suit_of[c] == suit], order))
