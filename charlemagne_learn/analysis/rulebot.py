"""RuleBot: a player that follows the rules of thumb players teach each other, one documented rule per decision.

It sees only its seat's view (its cards, the table, what has been played and passed face up) and
plays every phase of every variant. Each decision names the rule that made it:
:func:`advise` returns the action with the rule's key, and :data:`RULES` holds the text a learner
reads. In short:

* **Bidding** — every legal bid is valued as points expected: chance of making it times what it
  scores, less the chance of failing times what the opponents score. Numeric bids are judged by
  the tricks the hand should take with its best trump (plus the partner's help and, in the
  Canadian game, the kitty); Mulot and Le Petit by low cards and no high joker; Charlemagne and
  Charles by counting losers, since they must take every trick. The bot bids the most valuable
  bid worth more than passing, raises its partner only when clearly better, and when it must bid
  (stick the dealer, Maine's dealer minimum) takes the least bad one.
* **Exchange** — the partner passes its strongest card; the bidder discards from its shortest
  side suits, low cards first; it takes the partner's card rather than the kitty in Gros
  Charlemagne unless it has two losers to replace; in Maine it plays and defends with the partner.
* **Trump** — the suit that makes the hand strongest (fewest losers for a take-all bid).
* **Card play** — draw trumps when declaring, cash sure winners, return the partner's suit, lead
  from length; second hand low, third hand high, cover an honour, win as cheaply as possible,
  never overtake the partner's sure winner, discard from short suits. In Mulot and Le Petit the
  bidder ducks under the winning card and leads its low joker at once; the opponents play low
  before the bidder and under it after, and keep the high joker.

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W",
...     hands={"N": "RJ BJ JH JD AH KH QH AS", "E": "7C 8C 9C 10C JC QC KC AC",
...            "S": "7D 8D 9D 10D QD KD AD 7S", "W": "8S 9S 10S JS QS KS 10H 9H"}, kitty="8H 7H")
>>> advice = advise(state.view("N"))
>>> str(advice.action), advice.rule
('bid gros_charlemagne', 'bid.value')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from ..engine.actions import Action
from ..engine.cards import SUITS, Card, Seat, Suit
from ..engine.contract import Contract
from ..engine.deal import deck_mask, indices_of, mask_of
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import catalog_keys, lang_or_current, word
from ..engine.ranking import CardOrder, card_order
from ..engine.rules import BidSpec, Rules
from .bots import Bot, check_view
from .evaluate import best_trump, discard, hand_strength, judge, losers, partner_card
from .pimc import shown_out

__all__ = [
    "RULES", "Advice", "RuleBot", "Seen", "advise", "bid_by_rule", "exchange_key", "named_trump", "rule_text",
    "trump_known", "winning_bid",
]  # fmt: skip

#: Every rule RuleBot follows, by key, in English: the text is what a learner reads about a decision (the catalogs
#: hold each one as ``rule.<key>``, in every language).
RULES: Mapping[str, str] = {key[5:]: word(key, "en") for key in catalog_keys("rule.")}


def rule_text(rule: str, lang: str | None = None) -> str:
    """A rule of :data:`RULES` in ``lang`` (the course's language by default)."""
    if rule not in RULES:
        raise KeyError(f"no rule {rule!r}")
    return word(f"rule.{rule}", lang_or_current(lang))


@dataclass(frozen=True)
class Advice:
    """The action RuleBot takes in a view and the key of the rule (in :data:`RULES`) that chose it."""

    action: Action
    rule: str

    @property
    def text(self) -> str:
        """The rule in plain words, for a learner (in the course's language)."""
        return rule_text(self.rule)

    def __str__(self) -> str:
        return f"{self.action}: {self.text}"


class RuleBot(Bot):
    """A heuristic player: every decision comes from one of the documented :data:`RULES` (see the module text).

    It is deterministic — the seed only names it — and it reads nothing but the view.

    >>> import charlemagne_learn as cl
    >>> from charlemagne_learn.analysis.bots import play_hand
    >>> state = play_hand(cl.Rules.preset("maine"), [RuleBot(s) for s in range(4)], dealer="S", seed=11)
    >>> state.is_over, state.contract is not None
    (True, True)
    """

    name = "rule"

    def decide(self, view: SeatView, rng: random.Random) -> Action:
        return advise(view).action

    def advise(self, view: SeatView) -> Advice:
        """The action and the rule behind it."""
        return advise(check_view(view, "advise"))


def advise(view: SeatView) -> Advice:
    """What RuleBot does in ``view``, and which rule says so."""
    if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
        return _play(view)
    return _advise_before_play(view)


class Seen(Protocol):
    """What RuleBot's decisions before the play read of a seat's view: a :class:`SeatView` has it all, and the
    analyses that play thousands of auctions and exchanges out a hint read it from the state as asked
    (:class:`_StateSeat`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def seat(self) -> Seat: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hand_mask(self) -> int: ...
    @property
    def bids(self) -> list[tuple[Seat, Action]]: ...
    @property
    def history(self) -> list[tuple[Seat, Action]]: ...
    @property
    def legal_actions(self) -> list[Action]: ...


class _StateSeat:
    """The seat to move in a hand, seen as :class:`Seen` says: the legal actions, which every step reads, at once;
    the bids and the history, which a step's rule reads at most once, when it asks. A whole :class:`SeatView`
    costs more than the rule."""

    __slots__ = ("_state", "legal_actions", "phase", "rules", "seat")

    def __init__(self, state: HandState) -> None:
        seat = state.to_move
        assert seat is not None
        self._state = state
        self.seat = seat
        self.rules = state.rules
        self.phase = state.phase
        self.legal_actions = state.legal_actions()

    @property
    def hand_mask(self) -> int:
        return self._state.masks()[self.seat]

    @property
    def bids(self) -> list[tuple[Seat, Action]]:
        return self._state.bids_heard()

    @property
    def history(self) -> list[tuple[Seat, Action]]:
        return self._state.history_seen_by(self.seat)

    @property
    def calls(self) -> list[tuple[Seat, Action]]:
        """The hand's own history, not a copy: read only for the bids and the trump named, which every seat heard
        (:func:`_bid_and_trump`), it answers as :attr:`history` does without turning the others' discards face
        down first."""
        return self._state.history


def _advise_before_play(view: Seen) -> Advice:
    legal = view.legal_actions
    if len(legal) == 1:
        return Advice(legal[0], "only")
    phase = view.phase  # never PLAY: advise sends a card to choose to _play, which reads the whole view
    if phase is Phase.BIDDING:
        return _bid(view)
    if phase is Phase.DISCARD:
        return _discard(view)
    if phase is Phase.GIVE:
        card = partner_card(view.rules, view.hand_mask, named_trump(view))
        return Advice(Action.give(Card.from_index(card)), "give.best")
    if phase is Phase.TRUMP:
        return _trump(view)
    return _choose(view)


# ================================================================ bidding
def _bid(view: Seen) -> Advice:
    rules = view.rules
    judged = judge(rules, view.hand_mask)
    legal = view.legal_actions
    can_pass = any(a.kind == "pass" for a in legal)
    minimum = rules.dealer_minimum if can_pass else None
    best: tuple[float, float, Action] | None = None
    for action in legal:
        if action.kind != "bid":
            continue
        spec, ev, p = judged.bid_value(action)
        # a numeric bid under the dealer's minimum cannot win the auction: the dealer must overcall it
        if minimum is not None and spec.numbered and spec.tricks < minimum:
            continue
        if best is None or ev > best[0]:
            best = (ev, p, action)
    if not can_pass:
        assert best is not None
        return Advice(best[2], "bid.forced")
    # the bids heard are read only where the call depends on them (a forced bid does not)
    bids = view.bids
    if best is None or best[0] <= 0:
        # every seat bids once, the dealer last: after three calls nobody is left to bid
        return Advice(Action.pass_(), "bid.pass_last" if len(bids) == 3 else "bid.pass")
    high = next(((seat, a) for seat, a in reversed(bids) if a.kind == "bid"), None)
    if high is not None and high[0] == view.seat.partner:
        partner_spec = rules.bid(high[1].bid or "")
        if best[1] < 0.75 or best[0] <= partner_spec.made:
            return Advice(Action.pass_(), "bid.partner")
    return Advice(best[2], "bid.value")


# ================================================================ exchange and trump
def auction_by_rule(state: HandState) -> None:
    """Every bid still to come in ``state`` made as RuleBot makes it, for the analyses that judge a bid by the
    rest of the auction."""
    while state.phase is Phase.BIDDING:
        state.apply(bid_by_rule(state))


def bid_by_rule(state: HandState) -> Action:
    """The call RuleBot makes for the seat to bid in ``state`` (in the bidding): a function of that seat, its cards
    and the highest bid so far, and of nothing else the auction said."""
    return _advise_before_play(_StateSeat(state)).action


def exchange_by_rule(state: HandState) -> None:
    """Every step of ``state`` before play (choices, the partner's card, discards, trump) made as RuleBot makes
    it, for the analyses that play a decision on (a hand thrown in stays over)."""
    while not state.is_over and state.phase is not Phase.PLAY:
        state.apply(_advise_before_play(_StateSeat(state)).action)


def exchange_key(rules: Rules, spec: BidSpec, bid: Action) -> tuple[object, ...]:
    """All that the steps from the end of the auction to the first card (the engine's, and RuleBot's choices in
    them, :func:`exchange_by_rule`) read of the winning bid ``bid``: two bids with the same key, won by the same seat
    on the same deal, are exchanged alike, card for card and with the same trump — only the contract differs (the
    numbered bids, whose trick count the exchange never reads, share one)."""
    return (
        bid.suit,
        bid.no_trump,
        spec.trump,
        spec.alone,
        spec.exchange,
        spec.avoid,
        spec.bidder_leads,
        spec.exposed_after_first_trick,
        spec.outright,
        _take_all(spec, rules),
    )


def winning_bid(view: Seen) -> tuple[BidSpec, Seat]:
    """The winning bid and its bidder, read from the bids everybody heard."""
    seat, action = _winning(view)
    return view.rules.bid(action.bid or ""), seat


def _winning(view: Seen) -> tuple[Seat, Action]:
    """The last bid heard, and who made it."""
    return next((s, a) for s, a in reversed(view.bids) if a.kind == "bid")


def named_trump(view: Seen) -> Suit | None:
    """Trump if it has been named (with the bid or after it), else None."""
    return _bid_and_trump(view)[1]


def trump_known(view: Seen) -> bool:
    """Is trump known to every seat: named with the bid, or named after it?"""
    return _bid_and_trump(view)[2]


def _bid_and_trump(view: Seen) -> tuple[BidSpec, Suit | None, bool]:
    """The winning bid, the trump named (:func:`named_trump`) and whether it is known (:func:`trump_known`), read
    in one pass over the history, the last bid and the last trump named in it (the bids are in it as they were
    heard): RuleBot's exchange asks all three at every step."""
    bid: Action | None = None
    named: Action | None = None
    for _, action in reversed(view.calls if type(view) is _StateSeat else view.history):
        kind = action.kind
        if kind == "trump" and named is None:
            named = action
        elif kind == "bid" and bid is None:
            bid = action
        if bid is not None and named is not None:
            break
    assert bid is not None, "the exchange comes after a bid"
    spec = view.rules.bid(bid.bid or "")
    if named is not None:
        return spec, named.suit, True
    return spec, bid.suit, spec.trump in ("with_bid", "with_bid_or_none")


def _take_all(spec: BidSpec, rules: Rules) -> bool:
    return not spec.avoid and not spec.numbered and spec.tricks >= rules.tricks_per_hand


# Judging a bid by the rest of the auction plays one deal's exchange out once for each final bid, from the same
# hands: kept, each hand is planned once.
@lru_cache(maxsize=8192)
def _plan_trump(rules: Rules, hand: int, discards: int, take_all: bool) -> tuple[Suit | None, int]:
    """The trump to name and the cards to discard with it: by hand strength, or by fewest losers for a take-all bid."""
    if not take_all:
        return best_trump(rules, hand, discards)
    # the fewest losers, then the strongest hand: a hand's strength is weighed only against another trump's with as
    # few losers (seldom), the best's once it is met
    best: tuple[int, CardOrder, int, Suit, int] | None = None
    strongest: float | None = None
    for trump in SUITS:
        order = card_order(rules, trump)
        out = discard(order, hand, discards)
        lost = losers(order, hand & ~out)
        if best is None or lost < best[0]:
            best, strongest = (lost, order, hand & ~out, trump, out), None
        elif lost == best[0]:
            if strongest is None:
                strongest = hand_strength(best[1], best[2])
            strength = hand_strength(order, hand & ~out)
            if strength > strongest:
                best, strongest = (lost, order, hand & ~out, trump, out), strength
    assert best is not None
    return best[3], best[4]


def _discard(view: Seen) -> Advice:
    rules = view.rules
    spec, trump, known = _bid_and_trump(view)
    hand = view.hand_mask
    count = hand.bit_count() - rules.hand_size
    if known:
        out = discard(card_order(rules, trump), hand, count)
    else:
        trump, out = _plan_trump(rules, hand, count, _take_all(spec, rules))
    order = card_order(rules, trump)
    # one card at a time: the weakest of the cards the plan gives up (the others follow in the next steps)
    card = min(indices_of(out or hand), key=lambda c: (order.suit_of[c] == order.trump_suit, order.power[c], c))
    return Advice(Action.discard(Card.from_index(card)), "discard.short")


def _trump(view: Seen) -> Advice:
    rules = view.rules
    spec = _bid_and_trump(view)[0]
    take_all = _take_all(spec, rules)
    trump, _ = _plan_trump(rules, view.hand_mask, 0, take_all)
    assert trump is not None
    return Advice(Action.trump(trump), "trump.all" if take_all else "trump.best")


def _choose(view: Seen) -> Advice:
    choices = {a.choice: a for a in view.legal_actions}
    if "partner_card" in choices:
        rules = view.rules
        hand = view.hand_mask
        judged = judge(rules, hand)  # the hand the bidder bid with: its losers were counted for its bids
        fewest = min(judged.losers(t) for t in SUITS)
        key = "partner_card" if fewest <= 1 else "kitty"
        return Advice(choices[key], f"choose.{key}")
    for key in ("with_partner", "defend_together"):
        if key in choices:
            return Advice(choices[key], f"choose.{key}")
    return Advice(view.legal_actions[0], "only")  # pragma: no cover - every choice of the rules is handled above


# ================================================================ card play
class _Table:
    """What one seat knows during play: the cards it cannot see, who has shown out of which suit, the trick."""

    def __init__(self, view: SeatView) -> None:
        contract = view.contract
        assert contract is not None
        self.view = view
        self.contract: Contract = contract
        self.order = order = contract.order
        self.seat = view.seat
        self.hand = mask_of(view.hand)
        self.bidder = contract.bidder
        self.declaring = view.seat.team == contract.team
        # void[seat] is a bit set of the effective suits (0-4) the seat has shown out of
        self.void = shown_out(view)
        played = mask_of(c for t in view.tricks for c in t.cards) | mask_of(c for _, c in view.trick)
        for name, shown_cards in view.exposed.items():
            shown = mask_of(shown_cards)
            for suit in range(5):
                if not shown & order.suit_mask[suit]:
                    self.void[Seat.find(name)] |= 1 << suit
        known = mask_of(view.discards) | mask_of(view.kitty or ())
        self.unseen = deck_mask(view.rules) & ~self.hand & ~played & ~known
        self.played = played
        self.trick = [c.index for _, c in view.trick]
        self.trick_seats = [s for s, _ in view.trick]
        # the seats still to play to this trick after this one
        after = []
        seat = self.seat
        for _ in range(len(contract.active_seats) - len(self.trick) - 1):
            seat = contract.next_active(seat)
            after.append(seat)
        self.after = after

    def is_opponent(self, seat: Seat) -> bool:
        return seat.team != self.seat.team

    def higher_unseen(self, card: int) -> int:
        """Unseen cards of the same effective suit that beat ``card``."""
        order = self.order
        power = order.power[card]
        return sum(1 for c in indices_of(self.unseen & order.suit_mask[order.suit_of[card]]) if order.power[c] > power)

    def is_master(self, card: int) -> bool:
        """The highest card left in its suit (nobody else can follow with a better one)."""
        return self.higher_unseen(card) == 0

    def opponents_may_trump(self, suit: int) -> bool:
        """Could an opponent trump a lead of ``suit``: trumps are out and some opponent may be void in it?"""
        order = self.order
        trump = order.trump_suit
        if trump is None or suit == trump or not self.unseen & order.suit_mask[trump]:
            return False
        opponents = [s for s in self.contract.active_seats if self.is_opponent(s)]
        return (
            any(self.void[s] >> suit & 1 and not self.void[s] >> trump & 1 for s in opponents)
            or not self.unseen & order.suit_mask[suit]
        )

    def opponents_hold_trumps(self) -> bool:
        order = self.order
        trump = order.trump_suit
        if trump is None or not self.unseen & order.suit_mask[trump]:
            return False
        return any(not self.void[s] >> trump & 1 for s in self.contract.active_seats if self.is_opponent(s))

    def winning(self) -> tuple[int, Seat]:
        """The card winning the trick so far and who played it."""
        strength = self.order.strength[self.order.suit_of[self.trick[0]]]
        pos = max(range(len(self.trick)), key=lambda i: strength[self.trick[i]])
        return self.trick[pos], self.trick_seats[pos]


def _lowest(cards: Iterable[int], order: CardOrder) -> int:
    return min(cards, key=lambda c: (order.power[c], c))


def _highest(cards: Iterable[int], order: CardOrder) -> int:
    return max(cards, key=lambda c: (order.power[c], -c))


def _throw(t: _Table, legal: list[int]) -> int:
    """The card to play when not trying to win: the lowest of the led suit, or a discard from the shortest side
    suit (never a sure winner or a trump while another card will do)."""
    order = t.order
    if t.trick:
        led = order.suit_of[t.trick[0]]
        follow = [c for c in legal if order.suit_of[c] == led]
        if follow:
            return _lowest(follow, order)
    lengths = [(t.hand & order.suit_mask[s]).bit_count() for s in range(5)]

    def keep(c: int) -> tuple[bool, bool, int, int]:
        return (order.is_trump(c), t.is_master(c), lengths[order.suit_of[c]], order.power[c])

    return min(legal, key=keep)


def _card(card: int, rule: str) -> Advice:
    return Advice(Action.play(Card.from_index(card)), rule)


def _play(view: SeatView) -> Advice:
    t = _Table(view)
    legal = [a.card.index for a in view.legal_actions if a.card is not None]
    if t.contract.spec.avoid:
        return _play_avoid(t, legal)
    if not t.trick:
        return _lead(t, legal)
    return _follow(t, legal)


def _lead(t: _Table, legal: list[int]) -> Advice:
    order = t.order
    trump = order.trump_suit
    trumps = [c for c in legal if order.is_trump(c)]
    if t.declaring and trumps and t.opponents_hold_trumps():
        top = _highest(trumps, order)
        if t.is_master(top):
            return _card(top, "lead.draw_trumps")
        if len(trumps) >= 3 and t.seat == t.bidder:
            return _card(_lowest(trumps, order), "lead.draw_low")
    side = [c for c in legal if not order.is_trump(c)]
    winners = [c for c in side if t.is_master(c) and not t.opponents_may_trump(order.suit_of[c])]
    if t.declaring and trumps and not t.opponents_hold_trumps():
        winners += [c for c in trumps if t.is_master(c)]
    if winners:
        return _card(_highest(winners, order), "lead.cash")
    partner = t.seat.partner
    if partner in t.contract.active_seats:
        for trick in reversed(t.view.tricks):
            if trick.leader == partner:
                suit = order.suit_of[trick.cards[0].index]
                mine = [c for c in side if order.suit_of[c] == suit]
                if mine:
                    return _card(_lowest(mine, order), "lead.partner_suit")
                break
    if not t.declaring and trumps and trump is not None:
        singles = [c for c in side if (t.hand & order.suit_mask[order.suit_of[c]]).bit_count() == 1]
        if singles:
            return _card(_lowest(singles, order), "lead.short_for_ruff")
    if side:
        lengths = [(t.hand & order.suit_mask[s]).bit_count() for s in range(5)]
        longest = max(side, key=lambda c: (lengths[order.suit_of[c]], -order.suit_of[c]))
        suit = order.suit_of[longest]
        return _card(_lowest([c for c in side if order.suit_of[c] == suit], order), "lead.length")
    return _card(_lowest(legal, order), "lead.low")


def _follow(t: _Table, legal: list[int]) -> Advice:
    order = t.order
    led = order.suit_of[t.trick[0]]
    strength = order.strength[led]
    best_card, best_seat = t.winning()
    top = strength[best_card]
    beaters = sorted((c for c in legal if strength[c] > top), key=lambda c: strength[c])
    opponents_after = [s for s in t.after if t.is_opponent(s)]
    take_all = t.declaring and _take_all(t.contract.spec, t.contract.rules)
    if not t.is_opponent(best_seat) and best_seat != t.seat:
        if not opponents_after:
            return _card(_throw(t, legal), "follow.partner_wins")
        sure = t.is_master(best_card) and (order.is_trump(best_card) or not t.opponents_may_trump(led))
        if sure:
            return _card(_throw(t, legal), "follow.partner_sure")
        # never trump the partner's trick; follow high to make the last player pay
        in_suit = [c for c in beaters if order.suit_of[c] == led]
        masters = [c for c in in_suit if t.is_master(c)]
        if in_suit:
            return _card(masters[0] if masters else in_suit[-1], "follow.third_high")
        return _card(_throw(t, legal), "follow.low")
    if not beaters:
        return _card(_throw(t, legal), "follow.low")
    if not opponents_after:
        return _card(beaters[0], "follow.win_cheaply")
    masters = [c for c in beaters if t.is_master(c)]
    if take_all:
        return _card(masters[0] if masters else beaters[-1], "follow.take_all")
    partner_after = any(not t.is_opponent(s) for s in t.after)
    if partner_after:  # second hand
        can_follow = any(order.suit_of[c] == led for c in legal)
        led_card = t.trick[0]
        honour = order.is_trump(led_card) or led_card >= 32 or led_card % 8 >= 5  # queen, king, ace or any trump
        if can_follow and honour:
            return _card(beaters[0], "follow.cover")
        if not can_follow and t.is_master(best_card):
            return _card(beaters[0], "follow.ruff_winner")
        if not can_follow:
            return _card(_throw(t, legal), "follow.void_partner_after")
        return _card(_throw(t, legal), "follow.second_low")
    return _card(masters[0] if masters else beaters[-1], "follow.third_high")


def _may_be_overtaken(t: _Table, card: int, led: int) -> bool:
    """May a seat still to play to this trick hold a card that beats ``card`` (one of a suit it has not shown out
    of)?"""
    order = t.order
    strength = order.strength[led]
    return any(
        strength[x] > strength[card] and any(not t.void[s] >> order.suit_of[x] & 1 for s in t.after)
        for x in indices_of(t.unseen)
    )


def _play_avoid(t: _Table, legal: list[int]) -> Advice:
    order = t.order
    rules = t.contract.rules
    high, low = ((32, 33) if rules.high_joker == "red" else (33, 32)) if rules.jokers else (-1, -1)
    bidder = t.seat == t.bidder
    if not t.trick:
        plain = [c for c in legal if c < 32]
        if low in legal and t.unseen >> high & 1:
            return _card(low, "avoid.lead_low_joker" if bidder else "avoid.defend_lead_joker")
        if bidder:

            def safety(c: int) -> tuple[int, int]:
                # how many unseen cards can beat it, counting none in a suit every opponent is out of
                suit = order.suit_of[c]
                if all(t.void[s] >> suit & 1 for s in t.contract.active_seats if s != t.seat):
                    return (0, -order.power[c])
                return (t.higher_unseen(c), -order.power[c])

            return _card(max(plain or legal, key=safety), "avoid.lead_safe")
        choices = [c for c in plain if not t.void[t.bidder] >> order.suit_of[c] & 1] or plain or legal
        choices = [c for c in choices if c != high] or choices
        return _card(_lowest(choices, order), "avoid.defend_lead")
    led = order.suit_of[t.trick[0]]
    strength = order.strength[led]
    best_card, best_seat = t.winning()
    top = strength[best_card]
    under = [c for c in legal if strength[c] < top]
    if bidder:
        if under and not any(order.suit_of[c] == led for c in legal):
            # nothing of the suit led, so any card loses: the most dangerous goes, the highest of the shortest
            # suit (a long suit keeps low cards to duck under with; a short one's high card may be left alone)
            lengths = [sum(order.suit_of[c] == suit for c in legal) for suit in range(5)]
            return _card(max(legal, key=lambda c: (-lengths[order.suit_of[c]], order.power[c], -c)), "avoid.void_throw")
        if under:
            return _card(_highest(under, order), "avoid.duck")
        lowest = _lowest(legal, order)
        if t.after and _may_be_overtaken(t, lowest, led):
            return _card(lowest, "avoid.forced_win")
        # the trick is the bidder's whatever comes after: the highest goes, the low cards stay to duck with later
        return _card(_highest(legal, order), "avoid.forced_win_sure" if t.after else "avoid.forced_win_last")
    if best_seat == t.bidder:
        if under:
            return _card(_highest(under, order), "avoid.defend_under")
        # every card overtakes the bidder's: take it with the highest, keeping the low ones to go under it later
        return _card(_highest(legal, order), "avoid.defend_over")
    if t.bidder in t.after:
        return _card(_lowest([c for c in legal if c != high] or legal, order), "avoid.defend_low_before")
    return _card(_highest([c for c in legal if c != high] or legal, order), "avoid.defend_throw_high")
