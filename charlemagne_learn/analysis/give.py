"""The partner's card, graded: which card a lone bidder's partner passes before sitting out.

In Charlemagne (and Gros Charlemagne played with the partner's card) the bidder's partner gives one card
and sits out; the bidder adds it (and the kitty, where the bid takes both), puts the extra cards aside,
names trump if it is not named yet, and must then take every trick alone. The giver cannot see the bidder's
cards, so each card the giver may pass is tried on the same deals of the cards the giver cannot see: the
bidder receives it, makes the rule-of-thumb exchange
(:func:`~charlemagne_learn.analysis.evaluate.best_trump`: the strongest trump, the weakest cards aside) and
the hand is played out double dummy. The cards are ranked by how often the bidder makes the contract, then by the
points they bring on average, like every other hint (:func:`~charlemagne_learn.analysis.hints.hint` calls this
for a seat that must give).

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
>>> for action in ["bid charlemagne", "pass", "pass", "pass"]:
...     state.apply(action)
>>> state.phase.value, state.to_move.word
('give', 'South')
>>> ranked = cl.analysis.hint(state.view("S"), samples=8)
>>> ranked.best.action.kind, ranked.best.grade
('give', 'best')
"""

from __future__ import annotations

from ..engine.actions import Action
from ..engine.cards import Card, Seat, Suit
from ..engine.contract import Contract
from ..engine.deal import deck_mask, indices_of, mask_of
from ..engine.errors import IllegalActionError
from ..engine.hand import SeatView
from ..engine.i18n import sentence
from ..engine.messages import Message, message
from ..engine.ranking import CardOrder, card_order
from ..engine.rng import DealRandom, derive_seed
from ..engine.rules import Rules
from ..engine.scoring import stake
from .choices import Choice, Row, rank_choices
from .evaluate import best_trump, bid_chance
from .exchange import mean_tricks, outcomes
from .pimc import likely_deals
from .rulebot import named_trump, trump_known, winning_bid

__all__ = ["give_choices"]

#: Candidate deals looked at per deal kept, and the least weight of one: the bid is strong evidence.
_LOOK = 25
_FLOOR = 0.002


def give_choices(view: SeatView, samples: int, seed: int) -> tuple[list[Choice], int]:
    """Every card the seat to move in ``view`` may give its lone-bidder partner, ranked (see the module text), and
    the deals used (all ``samples``)."""
    spec, bidder = winning_bid(view)
    if view.seat != bidder.partner:
        raise IllegalActionError(sentence("give.not_partner"))
    rules = view.rules
    hand = mask_of(view.hand)
    # a bid that takes the kitty and the partner's card takes the kitty after the card: it is still hidden
    kitty_size = rules.kitty_size if spec.exchange == "kitty_and_partner" else 0
    alone = True if spec.alone == "optional" else None
    at_stake = stake(rules, spec)
    # named with the bid, or by the bidder before the partner gives
    options = (named_trump(view),) if trump_known(view) else (tuple(Suit) if spec.has_trump else (None,))
    unseen = indices_of(deck_mask(rules) & ~hand)
    sizes = {s: view.hand_sizes[s.name] for s in Seat if s != view.seat}
    # a partner bids Charlemagne with strong cards: the deals follow the bidding, as the play hints' do
    rng = DealRandom(derive_seed(seed, 0))

    def draw() -> tuple[dict[Seat, int], int]:
        cards = list(unseen)
        rng.shuffle(cards)
        hands, at = {}, 0
        for s, size in sizes.items():
            hands[s] = sum(1 << c for c in cards[at : at + size])
            at += size
        return hands, sum(1 << c for c in cards[at : at + kitty_size])

    # The bid itself is read hard: a take-all bid is made with few losers, and the card given matters only to
    # such hands (the play hints' softer weighing would leave most deals hopeless whatever is given).
    top = rules.numbered_bids[-1]
    bid = next(a for _, a in reversed(view.bids) if a.kind == "bid")
    eight = Action.bid_(top.name) if top.trump not in ("with_bid", "with_bid_or_none") else bid

    def weigh(deal: tuple[dict[Seat, int], int]) -> float:
        return max(_FLOOR, bid_chance(rules, deal[0][bidder], top, eight)) ** 2

    deals = list(likely_deals(rng, draw, weigh, samples, _LOOK))

    gifts = [a.card for a in view.legal_actions if a.card is not None]

    def table(card: Card, deal: tuple[dict[Seat, int], int]) -> tuple[Contract, list[int]]:
        others, kitty = deal
        received = others[bidder] | 1 << card.index | kitty
        extra = received.bit_count() - rules.hand_size
        chosen, out = best_trump(rules, received, extra, options)
        contract = Contract.cached(rules, spec, bidder, chosen, alone=alone)
        hands = [others.get(s, 0) for s in Seat]
        hands[bidder] = received & ~out
        hands[view.seat] = hand & ~(1 << card.index)
        return contract, hands

    n = len(deals)
    by_card, sums, made_on = outcomes(gifts, deals, table)
    points = dict(zip(gifts, by_card, strict=True))
    totals = dict(zip(gifts, sums, strict=True))
    rows: list[Row] = []
    # what each card is to the bidder, where the giver knows it: a trump once trump is named (a jack or a joker by
    # its name), a side ace; the jokers are trumps whatever trump the bidder names
    order = card_order(rules, options[0]) if len(options) == 1 else None
    for card in gifts:
        tricks, made = mean_tricks(totals[card][0], n), totals[card][1] / n
        what = _what(rules, order, card.index)
        key = "give.reason_what" if what is not None else "give.reason"
        reason = message(key, card=card, what=what, p=made, points=sum(points[card]) / n)
        rows.append((Action.give(card), points[card], tricks, made, reason))
    return rank_choices(rows, at_stake, results=made_on), n


def _what(rules: Rules, order: CardOrder | None, c: int) -> Message | None:
    """What card ``c`` is to a bidder who names trump with ``order`` (None: trump still to name), None for a card
    that is nothing in particular."""
    if order is None:
        joker = card_order(rules, None)  # the jokers are trumps whatever the trump
        if joker.role[c] and joker.is_trump(c):
            return message("give.what.role", role=joker.role[c])
        return message("give.what.an_ace") if c < 32 and c % 8 == 7 else None
    if order.is_trump(c):
        return message("give.what.role", role=order.role[c]) if order.role[c] else message("give.what.trump")
    return message("give.what.ace") if c < 32 and c % 8 == 7 else None
