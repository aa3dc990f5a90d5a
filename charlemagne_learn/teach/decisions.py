"""Decisions to practise: a seat, a moment of a seeded hand, and the question a player faces there.

A fact has one answer (who wins this trick); a decision has better and worse ones (what do you bid, which
card do you lead). Each :class:`Decision` is a position from a hand that four rule-of-thumb players
(:class:`~charlemagne_learn.analysis.rulebot.RuleBot`) played from a seeded deal, stopped where the seat
to move must ``bid``, ``exchange`` (discard after taking the kitty, then name trump), ``lead`` a trick or
``play`` to one; :meth:`Decision.grade` ranks every choice with the engine's hints (best … blunder, the
chance and points each gives up, and why; :func:`~charlemagne_learn.analysis.exchange.exchange_hint` for an exchange). Only positions where the choice
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
from dataclasses import dataclass, field, replace
from functools import cached_property
from itertools import count
from typing import Literal, get_args

from ..analysis.evaluate import bid_chance, hand_strength
from ..analysis.exchange import ExchangeHint, exchange_hint
from ..analysis.hints import GRADE_SAMPLES, Hint, hint, partner_has_bid
from ..analysis.odds import MAX_SAMPLES
from ..analysis.rulebot import RuleBot, advise, rule_text
from ..course import rules_for
from ..engine.actions import Action
from ..engine.cards import CardList, Seat, Suit
from ..engine.deal import mask_of
from ..engine.errors import IllegalActionError, RulesOptionError, quote
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import Lang, lang_or_current, say, sentence
from ..engine.ranking import card_order
from ..engine.rng import check_seed, derive_seed
from ..engine.rules import BidSpec, Rules

__all__ = [
    "DECISION_KINDS",
    "Decision",
    "DecisionKind",
    "decision_at",
    "decision_kinds",
    "decisions",
    "is_asked",
    "skill_words",
]

DecisionKind = Literal["bid", "reply", "give", "exchange", "lead", "play", "defend", "mulot"]
#: The decisions asked, in the order a hand meets them.
DECISION_KINDS: tuple[DecisionKind, ...] = get_args(DecisionKind)
#: The skills a problem's themes name too, said by the theme's words ("bidding", "the exchange").
_SKILL_KEYS = {"bid": "theme.bidding", "exchange": "theme.exchange"}
#: Deals behind the check that a position's choice matters (some choice graded below *good*, a difference these
#: deals can see) while finding it.
_FIND_SAMPLES = 40
#: Deals behind a decision's grade when not told, by kind: every kind as every hint grades a card, so no grade rests
#: on fewer deals than another (the exchange and the partner's card included: each deal played out double dummy).
SAMPLES: dict[str, int] = {kind: GRADE_SAMPLES for kind in get_args(DecisionKind)}
#: Kinds asked only by name: a take-all bid or a Mulot, which real deals seldom reach (set up on any deal), and a bid
#: after the partner's (a bid too, asked by default as "bid").
_ON_REQUEST = ("give", "defend", "reply", "mulot")
#: A position is asked only if some choice is graded one of these ("inaccuracy" or worse).
_MATTERS = ("inaccuracy", "mistake", "blunder")
#: Deals tried for one decision before giving up (every kind offered is found within a few in every variant).
_ATTEMPTS = 60


@dataclass(frozen=True, kw_only=True)
class Decision:
    """One decision: the hand as it stood, the seat to move, and what it is asked."""

    kind: DecisionKind
    #: The hand at the moment of the decision (the seat to move has not moved yet).
    state: HandState = field(repr=False)
    #: The seed the deal came from: with the rules, enough to deal the same cards again.
    deal_seed: int
    #: Deals behind the grade; None: the kind's own number (:data:`SAMPLES`).
    samples: int | None = None
    #: The language of the decision's words: None for the course's.
    lang: str | None = None
    #: Where the search for it stopped, for a decision :func:`decisions` found: the deal tried (from 0) and the
    #: moment of that deal's hand (from 0). The pair gives the same decision again at once (:func:`decision_at`).
    found_at: tuple[int, int] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def at(cls, state: HandState, *, samples: int | None = None, lang: str | None = None) -> Decision:
        """The decision of the seat to move in ``state`` (a copy is kept): a bid, an exchange (at the bidder's first
        discard, trump not yet named), a lead or a card to a trick."""
        if not isinstance(state, HandState) or state.to_move is None:
            raise IllegalActionError(sentence("decisions.over"))
        kind = next((k for k in DECISION_KINDS if _is(k, state)), None)
        if kind is None:
            raise IllegalActionError(sentence("decisions.not_graded", seat=state.to_move, phase=state.phase.text()))
        return cls(
            kind=kind, state=state.copy(), deal_seed=0, samples=samples,
            lang=None if lang is None else lang_or_current(lang),
        )  # fmt: skip

    @property
    def seat(self) -> Seat:
        assert self.state.to_move is not None
        return self.state.to_move

    @property
    def view(self) -> SeatView:
        """What the seat sees: all a learner is shown."""
        return self.state.view(self.seat)

    @property
    def _language(self) -> Lang:
        return lang_or_current(self.lang)

    @property
    def question(self) -> str:
        return say(f"decision.question.{self.kind}", self._language)

    @property
    def skill(self) -> str:
        """What the decision practises, as a teacher's results table groups it ("leading, as a defender")."""
        lang = self._language
        skill = skill_words(self.kind, lang)
        contract = self.state.contract
        if self.kind not in ("lead", "play", "mulot") or contract is None:  # "defend" says the role already
            return skill
        if self.seat == contract.bidder:
            role = "bidder"
        elif contract.alone is False and self.seat.team == contract.team:
            role = "partner"
        else:
            role = "defender"
        return say(f"decision.role.{role}", lang, skill=skill)

    @property
    def situation(self) -> str:
        """The position in words: who dealt, the bidding so far, the contract, the trick."""
        lang = self._language
        view = self.view
        if view.dealer == self.seat:
            parts = [say("decision.you_dealt", lang, seat=self.seat)]
        else:
            parts = [say("decision.other_dealt", lang, seat=self.seat, dealer=view.dealer)]
        said = [
            say("decision.passed", lang, seat=who) if a.kind == "pass"
            else say("decision.said", lang, seat=who, action=a.text(lang))
            for who, a in view.bids
        ]  # fmt: skip
        if self.kind in ("bid", "reply"):
            parts.append(say("decision.before", lang, said=", ".join(said)) if said else say("decision.first", lang))
        bid = self.state.bid.text(lang) if self.state.bid else ""
        if self.kind == "exchange":
            parts.append(say("decision.took_both" if view.received else "decision.took_kitty", lang, bid=bid))
        if self.kind == "give" and self.state.bid is not None:
            parts.append(say("decision.partner_bid", lang, seat=self.seat.partner, bid=bid))
        if view.contract is not None:
            parts.append(
                say("decision.contract", lang, contract=view.contract.text(lang), trump=view.contract.trump_words(lang))
            )
            if view.trick:
                played = ", ".join(say("story.played", lang, seat=s, card=c) for s, c in view.trick)
                parts.append(say("decision.table", lang, played=played))
        return " ".join(parts)

    @property
    def tip(self) -> str:
        """The support a learner may be shown before deciding: the rule of thumb for this kind of decision,
        worked out on this hand (the count for a bid, the discards and the count per suit for an exchange)."""
        from .judging import count_advice, count_hand

        lang = self._language
        view = self.view
        rules = view.rules
        if self.kind in ("bid", "reply"):
            return count_advice(view.hand, rules, [a.bid or "" for a in view.legal_actions if a.kind == "bid"], lang)
        if self.kind == "give":
            return rule_text("give.best", lang)
        if self.kind == "defend":  # a principle, not a card: no rule of thumb names the card here nine times in ten
            return say("decision.defend_tip", lang)
        if self.kind == "mulot" and not view.trick:  # so too for a lead in a Mulot (its lead rules: 4 in 5)
            contract = self.state.contract
            role = "bidder" if contract is not None and self.seat == contract.bidder else "defender"
            return say(f"decision.mulot_tip.{role}", lang)
        if self.kind == "exchange":
            counted = count_hand(view.hand, rules)
            return say(
                "decision.exchange_tip", lang, rule=rule_text("discard.short", lang), suit=counted.trump.symbol,
                total=counted.total,
            )  # fmt: skip
        return rule_text(advise(view).rule, lang)

    @property
    def advice(self) -> Action | tuple[CardList, Suit | None] | None:
        """The choice :attr:`tip` recommends: the count's bid (or a pass) for a bid (None at a table where the count
        is no rule: :func:`~charlemagne_learn.teach.judging.count_is_a_rule`; None for a defence against a take-all
        bid and a lead in a bid to take no trick, where the tip is a principle), RuleBot's whole exchange (the cards
        put aside and the trump) for an exchange, else RuleBot's action. Following it is graded best or good in nine
        positions in ten or more (tests/test_thumb_agreement.py)."""
        from .judging import count_action, count_is_a_rule

        view = self.view
        if self.kind == "defend" or (self.kind == "mulot" and not view.trick):
            return None
        if self.kind in ("bid", "reply"):
            if not count_is_a_rule(view.rules):
                return None
            return count_action(view.hand, view.rules, view.legal_actions)
        if self.kind == "exchange":
            state = self.state.copy()
            seat = self.seat
            start = len(state.history)
            while state.phase in (Phase.DISCARD, Phase.TRUMP) and state.to_move == seat:
                state.apply(advise(state.view(seat)).action)
            done = [a for _, a in state.history[start:]]
            out = CardList(a.card for a in done if a.kind == "discard" and a.card is not None)
            return out, next(
                (a.suit for a in done if a.kind == "trump"), state.contract.trump if state.contract else None
            )
        return advise(view).action

    def grade(self) -> Hint | ExchangeHint:
        """Every legal choice, best first, each with its grade and reason (worked out once, then kept); for an
        exchange, the candidate discards with each trump."""
        return self._graded

    @property
    def discards(self) -> int:
        """Cards to put aside in an exchange (0 for the other kinds)."""
        if self.kind != "exchange":
            return 0
        return 1 + sum(1 for what, seat in self.state.steps_to_come() if what is Phase.DISCARD and seat == self.seat)

    @cached_property
    def _graded(self) -> Hint | ExchangeHint:
        if self.kind == "exchange":
            return exchange_hint(self.state, self.deals, lang=self._language)
        return hint(self.view, self.deals, workers=1, lang=self._language)

    @property
    def deals(self) -> int:
        """Deals of the hidden cards behind the grade."""
        if self.samples is None:
            return SAMPLES[self.kind]
        # the card given changes few deals of a take-all bid, so its grade needs more of them to hold still
        return min(3 * self.samples, MAX_SAMPLES) if self.kind == "give" else self.samples


def decisions(
    rules: Rules | str | None = None,
    kinds: Iterable[str] | None = None,
    seed: int = 0,
    *,
    samples: int | None = None,
    lang: str | None = None,
) -> Iterator[Decision]:
    """An endless stream of decisions, the kinds in turn; the same arguments give the same decisions.

    ``rules``: None for the course's (:mod:`~charlemagne_learn.course`). ``kinds``: any of ``"bid"``,
    ``"reply"`` (a bid after the partner has bid), ``"give"`` (the card a lone bidder's partner passes),
    ``"exchange"``, ``"lead"``, ``"play"``, ``"defend"`` (a defender's card against a bid to take every trick alone:
    Charlemagne, Gros Charlemagne, Charles Alone), ``"mulot"`` (a card, the bidder's or a defender's, in a bid to
    take no trick: Mulot, Gros Mulot, Le Petit). By default all but ``"give"``, ``"defend"`` and ``"mulot"``, which
    need a bid that real deals seldom reach (asked, it is set up on any deal), and ``"reply"``, a kind of
    ``"bid"``."""
    rules = rules_for(rules)
    seed = check_seed(seed)
    chosen = decision_kinds(kinds, rules)
    found: set[int] = set()
    language = None if lang is None else lang_or_current(lang)
    for number in count():
        found_one = _find(rules, chosen[number % len(chosen)], derive_seed(seed, number), samples, found)
        yield found_one if language is None else replace(found_one, lang=language)


def _has_exchange(rules: Rules) -> bool:
    """Does some bid take the kitty before trump is named (the exchange graded as a whole)?"""
    return rules.kitty_size > 0 and any(
        spec.exchange.startswith("kitty") and spec.trump == "after_exchange" for spec in rules.bids
    )


def _take_all_bids(rules: Rules) -> list[BidSpec]:
    """The bids to take every trick alone (the defence against them is asked as ``"defend"``)."""
    return [b for b in rules.bids if b.alone == "always" and not b.avoid and b.tricks >= rules.tricks_per_hand]


def _avoid_bids(rules: Rules) -> list[BidSpec]:
    """The bids to take no trick (a card in one is asked as ``"mulot"``)."""
    return [b for b in rules.bids if b.avoid]


def _giving_bid(rules: Rules) -> BidSpec | None:
    """The bid whose bidder always gets a partner's card (Charlemagne), if the rules have one."""
    return next((b for b in rules.bids if b.exchange in ("kitty_and_partner", "partner") and b.alone == "always"), None)


def skill_words(kind: str, lang: str) -> str:
    """The skill a decision of ``kind`` practises, in ``lang``: "bidding", "leading"."""
    return say(_SKILL_KEYS.get(kind, f"decision.skill.{kind}"), lang)


def decision_kinds(kinds: Iterable[str] | None, rules: Rules) -> tuple[DecisionKind, ...]:
    """The kinds a decision quiz asks at this table, in the order they take turns (the default: every kind but those
    asked by name only); a refusal naming the kinds there are otherwise."""
    if kinds is None:
        # a partner's card is asked only on request: it comes up once in many hands, after a take-all bid
        return tuple(k for k in DECISION_KINDS if k not in _ON_REQUEST and (k != "exchange" or _has_exchange(rules)))
    if isinstance(kinds, str) or not isinstance(kinds, (list, tuple, set, frozenset)):
        raise RulesOptionError(sentence("decisions.kinds_list", value=quote(kinds), kinds=", ".join(DECISION_KINDS)))
    if "exchange" in kinds and not _has_exchange(rules):
        raise RulesOptionError(sentence("decisions.no_exchange", title=rules.named()))
    if "give" in kinds and _giving_bid(rules) is None:
        raise RulesOptionError(sentence("decisions.no_give", title=rules.named()))
    if "defend" in kinds and not _take_all_bids(rules):
        raise RulesOptionError(sentence("decisions.no_defend", title=rules.named()))
    if "mulot" in kinds and not _avoid_bids(rules):
        raise RulesOptionError(sentence("decisions.no_mulot", title=rules.named()))
    out = tuple(k for k in DECISION_KINDS if k in kinds)
    unknown = sorted(str(k) for k in kinds if k not in DECISION_KINDS)
    if unknown or not out:
        raise RulesOptionError(
            sentence("decisions.kinds_unknown", value=quote(sorted(map(str, kinds))), kinds=", ".join(DECISION_KINDS))
        )
    return out


def is_asked(kind: str, rules: Rules) -> bool:
    """Can a decision of ``kind`` be asked at this table (an exchange needs a kitty, a defence a take-all bid, a card
    in a Mulot a bid to take no trick)?"""
    try:
        decision_kinds([kind], rules)
    except RulesOptionError:
        return False
    return True


def _find(rules: Rules, kind: DecisionKind, seed: int, samples: int | None, found: set[int]) -> Decision:
    """The first position of ``kind`` that matters, from the deals seeded from ``seed`` (never a deal used before)."""
    for attempt in range(_ATTEMPTS):
        deal_seed = derive_seed(seed, attempt)
        if deal_seed in found:
            continue
        for moment, stop in enumerate(_moments(rules, kind, deal_seed)):
            # whether the choice matters is judged on a fixed few deals, so the same seed asks the same questions
            # everywhere
            check = Decision(kind=kind, state=stop, deal_seed=deal_seed, samples=_FIND_SAMPLES)
            if any(choice.grade in _MATTERS for choice in check.grade().choices):
                found.add(deal_seed)
                return Decision(kind=kind, state=stop, deal_seed=deal_seed, samples=samples, found_at=(attempt, moment))
    raise RulesOptionError(sentence("decisions.none_found", kind=kind, n=_ATTEMPTS, title=rules.named()))


def decision_at(
    rules: Rules | str | None,
    kind: str,
    seed: int,
    found_at: tuple[int, int],
    *,
    samples: int | None = None,
    lang: str | None = None,
) -> Decision:
    """The first decision ``decisions(rules, [kind], seed)`` asks, made at once from where its search stopped
    (``found_at``, as that decision keeps it), without grading the positions the search passed over: the stored
    problem sets keep the pair, so a stored problem is ready in the time its hand takes to play."""
    rules = rules_for(rules)
    (chosen,) = decision_kinds([kind], rules)
    seed = check_seed(seed)
    attempt, moment = found_at
    deal_seed = derive_seed(derive_seed(seed, 0), attempt)
    stops = _moments(rules, chosen, deal_seed) if 0 <= attempt < _ATTEMPTS else []
    if not 0 <= moment < len(stops):
        raise RulesOptionError(sentence("decisions.not_found_at", kind=chosen, seed=seed, where=quote(found_at)))
    language = None if lang is None else lang_or_current(lang)
    return Decision(
        kind=chosen, state=stops[moment], deal_seed=deal_seed, samples=samples, lang=language, found_at=found_at
    )


def _moments(rules: Rules, kind: DecisionKind, deal_seed: int) -> list[HandState]:
    """The moments of ``kind`` the deal of ``deal_seed`` offers, in the order they are tried."""
    rng = random.Random(deal_seed)
    state = HandState.new(rules, Seat(rng.randrange(4)), seed=deal_seed)
    return _stops(state, kind, rng)


def _stops(state: HandState, kind: DecisionKind, rng: random.Random) -> list[HandState]:
    """Play the hand with rule-of-thumb players; the moments of ``kind`` to try, in order: one chosen at random,
    or, for a card in a take-all bid or a Mulot (where most cards change nothing), every one of them."""
    bots = {seat: RuleBot(int(seat)) for seat in Seat}
    moments: list[HandState] = []
    if kind == "give":
        give = _to_give(state, bots)
        return [] if give is None else [give]
    if kind in ("defend", "mulot"):
        spec = rng.choice(_take_all_bids(state.rules) if kind == "defend" else _avoid_bids(state.rules))
        if not _bid_by_the_likeliest(state, spec):
            return []
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        if _is(kind, state) and len(state.legal_actions()) > 1:
            moments.append(state.copy())
        state.apply(bots[mover].act(state.view(mover)))
    # a Mulot from a moment at random, mostly early: from the first, the bidder's lead would nearly always be asked
    if kind == "mulot":
        start = min(int(rng.expovariate(0.3)), len(moments) - 1) if moments else 0
        moments = moments[start:] + moments[:start]
    if kind in ("defend", "mulot") or not moments:
        return moments
    # the earlier moments are the ones a learner meets first and can judge with least to remember
    return [moments[min(int(rng.expovariate(0.5)), len(moments) - 1)]]


def _to_give(state: HandState, bots: dict[Seat, RuleBot]) -> HandState | None:
    """The deal's strongest hand bids the take-all bid with a partner's card (the others pass) and the hand goes
    on to the partner's give: a bid that real deals reach once in many hands, asked on any deal."""
    spec = _giving_bid(state.rules)
    assert spec is not None
    if not _bid_by_the_likeliest(state, spec):
        return None
    while not state.is_over and not _is("give", state):
        mover = state.to_move
        assert mover is not None
        state.apply(bots[mover].act(state.view(mover)))
    return state.copy() if _is("give", state) and len(state.legal_actions()) > 1 else None


def _bid_by_the_likeliest(state: HandState, spec: BidSpec) -> bool:
    """The auction played in ``state``: the deal's likeliest hand to make ``spec`` bids it (the strongest in its best
    suit; for a bid to take no trick, the hand with most chance of it), the others pass. False where the rules make
    someone bid (the dealer, under a house rule): no such auction on this deal."""
    rules = state.rules
    # each seat's strength in its best suit, and that suit
    strongest = {
        seat: max((hand_strength(card_order(rules, t), mask_of(state.hand(seat))), t) for t in Suit) for seat in Seat
    }
    if spec.avoid:
        bid = Action.bid_(spec.name, None)
        bidder = max(Seat, key=lambda seat: bid_chance(rules, mask_of(state.hand(seat)), spec, bid))
    else:
        bidder = max(Seat, key=lambda seat: strongest[seat][0])
    said = False
    while state.phase is Phase.BIDDING:
        mover = state.to_move
        if mover == bidder and not said:
            with_suit = spec.trump in ("with_bid", "with_bid_or_none")
            state.apply(Action.bid_(spec.name, strongest[bidder][1] if with_suit else None))
            said = True
        elif Action.pass_() in state.legal_actions():
            state.apply(Action.pass_())
        else:
            return False  # the dealer must bid under this house rule
    return True


def _is(kind: DecisionKind, state: HandState) -> bool:
    if kind == "bid":
        return state.phase is Phase.BIDDING
    if kind == "reply":  # a bid after the partner's: what the partner's bid says is part of the choice
        mover = state.to_move
        return state.phase is Phase.BIDDING and mover is not None and partner_has_bid(state.view(mover))
    if kind == "give":
        bidder = state.bidder
        return state.phase is Phase.GIVE and bidder is not None and state.to_move == bidder.partner
    if kind == "exchange":
        # the first discard, with trump still to name: the whole exchange is the learner's
        bidder = state.bidder
        return (
            state.phase is Phase.DISCARD
            and bidder is not None
            and state.to_move == bidder
            and state.trump is None
            and not state.discarded(bidder)
        )
    if state.phase is not Phase.PLAY:
        return False
    if kind == "defend":
        contract = state.contract
        return contract is not None and contract.spec in _take_all_bids(state.rules) and state.to_move != state.bidder
    if kind == "mulot":
        contract = state.contract
        return contract is not None and contract.spec.avoid
    return not state.trick if kind == "lead" else bool(state.trick)
