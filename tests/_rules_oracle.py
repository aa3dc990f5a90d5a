"""An independent reference model of the rulebook (docs/rules.md), and a checker that drives one hand.

Nothing here calls the engine's ranking, legality, trick-winner or scoring code: decks, trump
orders, bid tables and scores are written out from the rulebook so that the randomised tests
compare the engine against the rules, not against itself. The engine is only used as the
thing under test (``HandState``) and for parsing card text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

import charlemagne_learn as cl

SUITS = "CDHS"
#: Plain suits, high to low (docs/rules.md#cards-and-rank: suits not trumps rank A, K, Q, J, 10, 9, 8, 7).
PLAIN_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")
_SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
VARIANTS = ("canadian", "american", "maine", "bid_euchre")
TRUMP_MARK = "T"  # effective suit of every trump


# ----------------------------------------------------------------------------- cards
def rank_of(card: cl.Card) -> str:
    """Rank text ("10", "J", ...) or the joker's text ("RJ"/"BJ")."""
    text = str(card)
    return text if card.is_joker else text[:-1]


def suit_of(card: cl.Card) -> str | None:
    return None if card.is_joker else "CDHS"["♣♦♥♠".index(str(card)[-1])]


@cache
def make_deck(variant: str) -> frozenset[cl.Card]:
    """The deck of the variant, from the variants' table, docs/rules.md#the-four-variants."""
    low = {"canadian": "7", "american": "7", "maine": "7", "bid_euchre": "9"}[variant]
    ranks = ("7", "8", "9", "10", "J", "Q", "K", "A")
    ranks = ranks[ranks.index(low) :]
    cards = {cl.Card.parse(r + s) for r in ranks for s in SUITS}
    if variant == "canadian":
        cards |= {cl.Card.parse("RJ"), cl.Card.parse("BJ")}
    return frozenset(cards)


# ----------------------------------------------------------------------------- bids
@dataclass(frozen=True)
class Bid:
    """One row of a bid table of docs/rules.md.

    goal: "tricks" (the bidder's side must take at least ``need``), "avoid" (the bidder takes
    no trick) or, with ``per_trick``, Bid Euchre's scoring.
    trump: "named" (bidder names a suit after the bidding/exchange), "with_bid" (Maine numeric),
    "with_bid_or_none" (Bid Euchre), "none".
    alone: "always", "never" or "optional" (Maine Charlemagne).
    """

    name: str
    goal: str
    need: int
    made: int
    failed: int
    trump: str
    alone: str = "never"
    bidder_leads: bool = True
    outright: bool = False
    per_trick: bool = False


def _numeric(n: int, trump: str, bidder_leads: bool, per_trick: bool = False) -> Bid:
    return Bid(str(n), "tricks", n, n, n, trump, bidder_leads=bidder_leads, per_trick=per_trick)


LADDERS: dict[str, tuple[Bid, ...]] = {
    # Canadian table: 5-8 both partners, first lead left of bidder; then the alone contracts.
    "canadian": (
        *(_numeric(n, "named", bidder_leads=False) for n in (5, 6, 7, 8)),
        Bid("mulot", "avoid", 0, 15, 7, "none", alone="always"),
        Bid("charlemagne", "tricks", 8, 16, 8, "named", alone="always"),
        Bid("gros_mulot", "avoid", 0, 30, 15, "none", alone="always"),
        Bid("gros_charlemagne", "tricks", 8, 32, 16, "named", alone="always"),
    ),
    # American: the bidder always leads.
    "american": (
        *(_numeric(n, "named", bidder_leads=True) for n in (5, 6, 7)),
        Bid("le_petit", "avoid", 0, 8, 8, "none", alone="always"),
        Bid("no_trump", "tricks", 8, 8, 8, "none"),
        Bid("charles", "tricks", 8, 21, 21, "named"),
        Bid("charles_alone", "tricks", 8, 21, 21, "named", alone="always"),
    ),
    "maine": (
        *(_numeric(n, "with_bid", bidder_leads=True) for n in range(1, 8)),
        Bid("le_petit", "avoid", 0, 8, 8, "none", alone="always"),
        Bid("high_card_no_trump", "tricks", 8, 8, 8, "none"),
        Bid("charlemagne", "tricks", 8, 0, 0, "named", alone="optional", outright=True),
    ),
    "bid_euchre": tuple(_numeric(n, "with_bid_or_none", bidder_leads=True, per_trick=True) for n in range(1, 7)),
}

TARGETS = {"canadian": 32, "american": 21, "maine": 32, "bid_euchre": 32}
TRICKS = {"canadian": 8, "american": 8, "maine": 8, "bid_euchre": 6}
KITTY = {"canadian": 2, "american": 0, "maine": 0, "bid_euchre": 0}


def bid_forms(variant: str, bid: Bid) -> list[tuple[str, str | None]]:
    """(name, suit) of each way the bid can be said."""
    if bid.trump == "with_bid":
        return [(bid.name, s) for s in SUITS]
    if bid.trump == "with_bid_or_none":
        return [(bid.name, s) for s in SUITS] + [(bid.name, None)]
    return [(bid.name, None)]


def is_made(bid: Bid, side_tricks: int) -> bool:
    return side_tricks == 0 if bid.goal == "avoid" else side_tricks >= bid.need


def expected_score(variant: str, bid: Bid, team: str, side_tricks: int) -> tuple[dict[str, int], bool, str | None]:
    """(points by team, made, outright winner) from the bid tables of docs/rules.md."""
    other = "EW" if team == "NS" else "NS"
    made = is_made(bid, side_tricks)
    points = {"NS": 0, "EW": 0}
    if bid.per_trick:
        # Bid Euchre: a point per trick each when made; a set team loses its bid.
        points[other] = TRICKS[variant] - side_tricks
        points[team] = side_tricks if made else -bid.need
        return points, made, None
    if bid.outright:
        return points, made, team if made else other
    if made:
        points[team] = bid.made
    else:
        points[other] = bid.failed
    return points, made, None


def first_certain(bid: Bid, side_tricks_after: list[int], total: int) -> int | None:
    """First number of tricks after which made/failed no longer depends on the tricks still to play.

    ``side_tricks_after[i]`` is the bidder side's trick count after i+1 tricks.
    """
    for played, have in enumerate(side_tricks_after, start=1):
        outcomes = {is_made(bid, have + extra) for extra in range(total - played + 1)}
        if len(outcomes) == 1:
            return played
    return None


# ----------------------------------------------------------------------------- ranking
def effective_suit(variant: str, trump: str | None, card: cl.Card) -> str:
    """Bowers and jokers moved into the trump suit (jokers are always trumps in Canadian)."""
    if card.is_joker:
        return TRUMP_MARK
    suit, rank = suit_of(card), rank_of(card)
    assert suit is not None
    if trump is None:
        return suit
    if suit == trump or (rank == "J" and suit == _SAME_COLOUR[trump]):
        return TRUMP_MARK
    return suit


@cache
def trump_ranking(variant: str, trump: str | None, high_joker: str = "red") -> tuple[cl.Card, ...]:
    """Every trump, highest first, as docs/rules.md#cards-and-rank lists them."""
    jokers = ["RJ", "BJ"] if high_joker == "red" else ["BJ", "RJ"]
    if trump is None:
        names = jokers if variant == "canadian" else []
    else:
        big, little = "J" + trump, "J" + _SAME_COLOUR[trump]
        if variant == "canadian":
            names = [*jokers, big, little, *(r + trump for r in ("A", "K", "Q", "10", "9", "8", "7"))]
        elif variant in ("american", "maine"):
            names = ["9" + trump, big, little, *(r + trump for r in ("A", "K", "Q", "10", "8", "7"))]
        else:
            names = [big, little, *(r + trump for r in ("A", "K", "Q", "10", "9"))]
    return tuple(cl.Card.parse(n) for n in names)


def trick_winner_position(variant: str, trump: str | None, high_joker: str, cards: list[cl.Card]) -> int:
    """Highest trump played, else highest card of the led (effective) suit."""
    order = trump_ranking(variant, trump, high_joker)
    trumps = [i for i, c in enumerate(cards) if c in order]
    if trumps:
        return min(trumps, key=lambda i: order.index(cards[i]))
    led = effective_suit(variant, trump, cards[0])
    following = [i for i, c in enumerate(cards) if effective_suit(variant, trump, c) == led]
    return min(following, key=lambda i: PLAIN_ORDER.index(rank_of(cards[i])))


def legal_cards(variant: str, trump: str | None, hand: Iterable[cl.Card], trick: list[cl.Card]) -> set[cl.Card]:
    """Follow the effective led suit if able; the Mulot joker rule when only jokers are trumps."""
    hand = set(hand)
    if not trick:
        return hand
    led = effective_suit(variant, trump, trick[0])
    follow = {c for c in hand if effective_suit(variant, trump, c) == led}
    if follow:
        return follow
    if variant == "canadian" and trump is None:
        jokers = {c for c in hand if c.is_joker}
        if jokers:
            return jokers
    return hand


# ----------------------------------------------------------------------------- actions
def act_key(action: cl.Action) -> tuple[Any, ...]:
    """A comparable form of an action that does not depend on the engine's own equality."""
    suit = None if action.suit is None else action.suit.name
    card = None if action.card is None else str(action.card)
    return (action.kind, action.bid, suit, card, action.choice)


def bid_key(name: str, suit: str | None) -> tuple[Any, ...]:
    return ("bid", name, suit, None, None)


PASS_KEY = ("pass", None, None, None, None)


def action_universe(variant: str, deck: Iterable[cl.Card]) -> list[cl.Action]:
    """Every well-formed action of the variant (every ladder bid in every suit form, every card, ...)."""
    out = [cl.Action.parse("pass")]
    for bid in LADDERS[variant]:
        for suit in (None, *SUITS):
            out.append(cl.Action.bid_(bid.name, suit))
    out += [cl.Action.trump(s) for s in SUITS]
    out += [
        cl.Action.choose(c)
        for c in ("kitty", "partner_card", "alone", "with_partner", "defend_alone", "defend_together")
    ]
    for card in sorted(deck, key=str):
        out += [cl.Action.play(card), cl.Action.give(card), cl.Action.discard(card)]
    return out


# ----------------------------------------------------------------------------- the checker
def seat(i: int) -> cl.Seat:
    return cl.Seat(i % 4)


def team_of(s: int) -> str:
    return "NS" if s % 2 == 0 else "EW"


class HandChecker:
    """Drives one HandState and checks every step against the reference model.

    ``options`` are the Rules options the test asked for (the rulebook's Decisions).
    """

    def __init__(self, state: cl.HandState, variant: str, options: dict[str, Any]) -> None:
        self.state = state
        self.variant = variant
        self.options = options
        self.deck = make_deck(variant)
        self.high_joker = options.get("high_joker", "red")
        self.stop_when_decided = bool(options.get("stop_when_decided", False))
        default_all_pass = "stick_dealer" if variant == "american" else "redeal"
        self.stick_dealer = options.get("all_pass", default_all_pass) == "stick_dealer"
        self.ladder = LADDERS[variant]
        self.dealer = int(state.dealer)
        self.deal = {s: set(cards) for s, cards in state.hands.items()}
        self.kitty0 = set(state.kitty)
        # Facts derived from the action history by the reference model, not read from the engine.
        self.bids: list[tuple[int, tuple[Any, ...]]] = []
        self.bidder: int | None = None
        self.bid: Bid | None = None
        self.trump: str | None = None
        self.alone = False
        self.lone_defender: int | None = None
        self.discards: list[tuple[int, cl.Card]] = []
        self.gives: list[tuple[int, cl.Card]] = []
        self.choices: list[tuple[int, str]] = []
        self.trump_named_at: int | None = None
        self.play_hands: dict[int, int] | None = None
        self.steps = 0
        #: Rule situations met in this hand, so that the tests can show the rules were exercised.
        self.events: Counter[str] = Counter()
        self._check_deal()

    # ------------------------------------------------------------------ helpers
    def played_cards(self) -> list[cl.Card]:
        cards = [c for t in self.state.tricks for c in t.cards]
        return cards + [c for _, c in self.state.trick]

    def sitting_out(self) -> set[int]:
        out = set()
        if self.alone and self.bidder is not None:
            out.add((self.bidder + 2) % 4)
        if self.lone_defender is not None:
            out.add((self.lone_defender + 2) % 4)
        return out

    def next_active(self, s: int) -> int:
        out = self.sitting_out()
        s = (s + 1) % 4
        while s in out:
            s = (s + 1) % 4
        return s

    def bid_level(self, key: tuple[Any, ...]) -> int:
        return [b.name for b in self.ladder].index(key[1])

    # ------------------------------------------------------------------ checks
    def _check_deal(self) -> None:
        hands = self.deal
        assert all(len(h) == TRICKS[self.variant] for h in hands.values())
        assert len(self.kitty0) == KITTY[self.variant]
        everything = [c for h in hands.values() for c in h] + list(self.kitty0)
        assert len(everything) == len(set(everything)) == len(self.deck)
        assert set(everything) == self.deck

    def check_conservation(self, hands: dict[str, list[cl.Card]] | None = None) -> None:
        """Hands + kitty on the table + cards played + discards are exactly the deck."""
        st = self.state
        if hands is None:
            hands = st.hands
        cards = [c for h in hands.values() for c in h] + list(st.kitty) + self.played_cards()
        cards += [c for _, c in self.discards]
        counts = Counter(cards)
        dupes = sorted(str(c) for c, n in counts.items() if n > 1)
        assert not dupes, f"cards in two places at once: {dupes}"
        assert set(counts) == self.deck, (
            f"missing {sorted(map(str, self.deck - set(counts)))}, extra {sorted(map(str, set(counts) - self.deck))}"
        )

    def expected_bid_actions(self) -> set[tuple[Any, ...]]:
        mover = int(self.state.to_move)  # type: ignore[arg-type]
        high = max((self.bid_level(k) for _, k in self.bids if k[0] == "bid"), default=-1)
        low = high + 1
        may_pass = True
        if mover == self.dealer:
            if self.variant == "maine":
                # The dealer must bid at least 5 when no bid above 4 has been made.
                five = [b.name for b in self.ladder].index("5")
                if high < five:
                    low, may_pass = five, False
            elif self.stick_dealer and high < 0:
                may_pass = False
        out = {PASS_KEY} if may_pass else set()
        for bid in self.ladder[low:]:
            out |= {bid_key(n, s) for n, s in bid_forms(self.variant, bid)}
        return out

    def expected_choices(self, mover: int) -> set[str]:
        assert self.bid is not None and self.bidder is not None
        if self.bid.name == "gros_charlemagne" and self.variant == "canadian":
            assert mover == self.bidder
            return {"kitty", "partner_card"}
        assert self.variant == "maine" and self.bid.name == "charlemagne"
        if not self.choices:
            assert mover == self.bidder
            return {"with_partner", "alone"}
        assert mover % 2 != self.bidder % 2, "only a defender chooses to defend alone"
        return {"defend_together", "defend_alone"}

    def check_offer(self) -> set[cl.Card] | None:
        """legal_actions() offers exactly what docs/rules.md allows; returns the legal cards when playing."""
        st = self.state
        offered = {act_key(a) for a in st.legal_actions()}
        mover = int(st.to_move)  # type: ignore[arg-type]
        phase = st.phase
        if phase is cl.Phase.BIDDING:
            # One round, from the dealer's left, ending with the dealer.
            assert mover == (self.dealer + 1 + len(self.bids)) % 4
            assert offered == self.expected_bid_actions()
            return None
        if phase is cl.Phase.PLAY:
            trick = [c for _, c in st.trick]
            hand = st.hand(seat(mover))
            legal = legal_cards(self.variant, self.trump, hand, trick)
            self._note_play_situation(hand, trick, legal)
            assert offered == {("play", None, None, str(c), None) for c in legal}, (
                f"{seat(mover).name} holds {st.hand(seat(mover))}, trick {trick}, trump {self.trump}"
            )
            return legal
        own = {str(c) for c in st.hand(seat(mover))}
        if phase is cl.Phase.DISCARD:
            assert offered == {("discard", None, None, c, None) for c in own}
        elif phase is cl.Phase.GIVE:
            assert offered == {("give", None, None, c, None) for c in own}
        elif phase is cl.Phase.TRUMP:
            assert mover == self.bidder
            assert offered == {("trump", None, s, None, None) for s in SUITS}
        elif phase is cl.Phase.CHOOSE:
            assert offered == {("choose", None, None, None, c) for c in self.expected_choices(mover)}
        return None

    def _note_play_situation(self, hand: list[cl.Card], trick: list[cl.Card], legal: set[cl.Card]) -> None:
        if not trick:
            return
        led = effective_suit(self.variant, self.trump, trick[0])
        if legal != set(hand) and all(effective_suit(self.variant, self.trump, c) != led for c in legal):
            self.events["void must play a joker"] += 1
        if trick[0].is_joker and self.trump is None and any(c.is_joker for c in hand):
            self.events["joker led, other joker must answer"] += 1
        little_jacks = [
            c
            for c in legal
            if rank_of(c) == "J"
            and self.trump not in (None, suit_of(c))
            and effective_suit(self.variant, self.trump, c) == TRUMP_MARK
        ]
        if led == TRUMP_MARK and little_jacks:
            self.events["little jack follows trump"] += 1
        if any(suit_of(c) == led and c not in legal for c in hand):
            self.events["little jack cannot follow its printed suit"] += 1

    def apply(self, action: cl.Action) -> None:
        """Apply one legal action and check everything that must hold before and after it."""
        st = self.state
        mover = int(st.to_move)  # type: ignore[arg-type]
        phase = st.phase
        legal = self.check_offer()
        before = {s: set(cards) for s, cards in st.hands.items()}
        trick_before = [c for _, c in st.trick]
        kitty_before = set(st.kitty)
        st.apply(action)
        self.steps += 1
        key = act_key(action)
        name = seat(mover).name
        after_lists = st.hands
        after = {s: set(cards) for s, cards in after_lists.items()}
        if phase is cl.Phase.BIDDING:
            self.bids.append((mover, key))
            if len(self.bids) == 4:
                self._bidding_over()
        elif phase is cl.Phase.PLAY:
            assert action.card is not None and legal is not None
            assert action.card in legal, f"{action.card} is not a legal play from {before[name]} to {trick_before}"
            assert after[name] == before[name] - {action.card}
        elif phase is cl.Phase.GIVE:
            assert action.card is not None
            receiver = seat(mover + 2).name
            # Canadian Charlemagne: the bidder picks up the kitty right after the partner's card.
            picked_up = kitty_before - set(st.kitty)
            # Moved, not duplicated: gone from the giver, now with the partner.
            assert after[name] == before[name] - {action.card}
            assert after[receiver] == before[receiver] | {action.card} | picked_up
            self.gives.append((mover, action.card))
        elif phase is cl.Phase.DISCARD:
            assert action.card is not None
            assert after[name] == before[name] - {action.card}
            self.discards.append((mover, action.card))
        elif phase is cl.Phase.TRUMP:
            assert action.suit is not None
            self.trump = action.suit.name
            self.trump_named_at = self.steps
        elif phase is cl.Phase.CHOOSE:
            assert action.choice is not None
            self.choices.append((mover, action.choice))
            if action.choice == "alone":
                self.alone = True
            elif action.choice == "defend_alone":
                self.lone_defender = mover
        if phase is not cl.Phase.PLAY and st.phase is cl.Phase.PLAY:
            self._play_starts()
        self.check_conservation(after_lists)
        if st.is_over:
            self.check_result()

    def _bidding_over(self) -> None:
        bids = [(s, k) for s, k in self.bids if k[0] == "bid"]
        if not bids:
            return
        self.bidder, key = bids[-1]
        self.bid = self.ladder[self.bid_level(key)]
        self.alone = self.bid.alone == "always"
        if self.bid.trump in ("with_bid", "with_bid_or_none"):
            self.trump = key[2]

    def _play_starts(self) -> None:
        """The exchange is over: check it followed the bid's table row."""
        st, bid, bidder = self.state, self.bid, self.bidder
        assert bid is not None and bidder is not None
        partner = (bidder + 2) % 4
        if bid.trump in ("named",):
            assert self.trump is not None, "the bidder names trump"
        elif bid.trump == "none":
            assert self.trump is None
        k = st.contract
        assert k is not None
        assert int(k.bidder) == bidder and k.bid == bid.name
        assert (None if k.trump is None else k.trump.name) == self.trump
        assert {int(s) for s in k.sitting_out} == self.sitting_out()
        # Who passed a card and who discarded, per contract.
        gives = Counter(s for s, _ in self.gives)
        discards = Counter(s for s, _ in self.discards)
        kitty_taken = not st.kitty and bool(self.kitty0)
        expected_gives: Counter[int] = Counter()
        expected_discards: Counter[int] = Counter()
        kitty = False
        choice = dict((c, s) for s, c in self.choices)
        if self.variant == "canadian" and bid.name[0].isdigit():
            kitty, expected_discards[bidder] = True, 2
        elif bid.name == "charlemagne" and self.variant == "canadian":
            kitty, expected_gives[partner], expected_discards[bidder] = True, 1, 3
        elif bid.name == "gros_charlemagne":
            if "kitty" in choice:
                kitty, expected_discards[bidder] = True, 2
            else:
                expected_gives[partner], expected_discards[bidder] = 1, 1
        elif bid.name == "charles_alone" or (self.variant == "maine" and bid.name == "charlemagne" and self.alone):
            expected_gives[partner], expected_discards[bidder] = 1, 1
        if self.lone_defender is not None:
            expected_gives[(self.lone_defender + 2) % 4] += 1
            expected_discards[self.lone_defender] += 1
        assert gives == expected_gives and discards == expected_discards and kitty_taken == kitty, (
            f"{bid.name}: gives {gives}, discards {discards}, kitty taken {kitty_taken}"
        )
        if self.variant == "canadian" and self.trump_named_at is not None:
            # Canadian: trump is named after the exchange (and after the partner's card).
            assert self.trump_named_at == self.steps
        self.events[f"contract {bid.name}"] += 1
        for _, c in self.choices:
            self.events[f"choose {c}"] += 1
        # Every active seat starts play with a full hand.
        for s in range(4):
            if s not in self.sitting_out():
                assert len(st.hand(seat(s))) == TRICKS[self.variant]
        self.play_hands = {s: len(st.hand(seat(s))) for s in range(4)}

    def check_result(self) -> None:
        st = self.state
        result = st.result
        assert result is not None and st.to_move is None and st.legal_actions() == []
        if self.bid is None:
            assert len(self.bids) == 4 and all(k == PASS_KEY for _, k in self.bids)
            assert not self.stick_dealer and self.variant != "maine", "the dealer had to bid"
            assert result.passed_out and result.contract is None and result.points == {"NS": 0, "EW": 0}
            assert st.tricks == []
            self.events["passed out"] += 1
            return
        assert self.bidder is not None
        assert not result.passed_out
        tricks = st.tricks
        total = TRICKS[self.variant]
        active = [s for s in range(4) if s not in self.sitting_out()]
        first_leader = self.bidder if self.bid.bidder_leads else self.next_active(self.bidder)
        leader = first_leader
        side = {self.bidder, (self.bidder + 2) % 4}
        side_after: list[int] = []
        side_tricks = 0
        won = Counter()
        for t in tricks:
            assert int(t.leader) == leader
            # One card per active seat, clockwise from the leader, skipping who sits out.
            order = [leader]
            while len(order) < len(active):
                order.append(self.next_active(order[-1]))
            assert [int(s) for s in t.seats] == order
            assert len(t.cards) == len(active) == 4 - len(self.sitting_out())
            pos = trick_winner_position(self.variant, self.trump, self.high_joker, list(t.cards))
            assert int(t.winner) == order[pos], (
                f"trick {[str(c) for c in t.cards]} led by {t.leader.name}, trump {self.trump}: "
                f"winner should be {seat(order[pos]).name}, engine says {t.winner.name}"
            )
            won[order[pos]] += 1
            side_tricks += order[pos] in side
            side_after.append(side_tricks)
            leader = order[pos]
        assert st.trick == []
        assert st.tricks_won == {seat(s).name: won[s] for s in range(4)}
        assert result.bidder_tricks == side_tricks
        certain = first_certain(self.bid, side_after, total)
        if len(tricks) < total:
            # Play may stop early only with the option, and only once the result is certain.
            assert self.stop_when_decided and not self.bid.per_trick
            assert certain == len(tricks), f"stopped after {len(tricks)} tricks, certain after {certain}"
            self.events["stopped when decided"] += 1
        else:
            assert len(tricks) == total
            if self.stop_when_decided and not self.bid.per_trick:
                assert certain == total, f"play went on after the result was certain (trick {certain})"
        if not self.bid.per_trick:
            assert result.decided_after == certain
        points, made, outright = expected_score(self.variant, self.bid, team_of(self.bidder), side_tricks)
        assert (result.points, result.made, result.outright_winner) == (points, made, outright), (
            f"{self.bid.name} by {seat(self.bidder).name}, side took {side_tricks}: expected {points}, "
            f"made={made}, outright={outright}; engine {result.points}, {result.made}, {result.outright_winner}"
        )


# ----------------------------------------------------------------------------- random play
def random_action(state: cl.HandState, rng: Random, pass_bias: float) -> cl.Action:
    """A uniformly random legal action, except that in bidding a pass is taken first with
    probability ``pass_bias`` (uniform bidding almost always ends in the top bid)."""
    legal = state.legal_actions()
    if state.phase is cl.Phase.BIDDING and legal[0].kind == "pass" and rng.random() < pass_bias:
        return legal[0]
    return legal[rng.randrange(len(legal))]


def play_hand(
    state: cl.HandState,
    variant: str,
    options: dict[str, Any],
    choose: Callable[[cl.HandState], cl.Action],
    on_step: Callable[[HandChecker], None] | None = None,
) -> HandChecker:
    """Play ``state`` to the end with ``choose``, checking every step; ``on_step`` runs before each action."""
    checker = HandChecker(state, variant, options)
    checker.check_conservation()
    while not state.is_over:
        if on_step is not None:
            on_step(checker)
        checker.apply(choose(state))
    if on_step is not None:
        on_step(checker)
    return checker
