"""Double-dummy solver: how many tricks the bidder's side takes when everyone sees every card.

Ranking and following rules come only from the engine (:class:`~charlemagne_learn.engine.ranking.CardOrder`,
:func:`~charlemagne_learn.engine.tricks.legal_mask`, :func:`~charlemagne_learn.engine.tricks.winning_position`), so bowers,
jokers, the high nine and the Mulot joker rule are never re-implemented here.

The search below is also compiled to WebAssembly (:mod:`~charlemagne_learn.analysis.compiled`, from
``native/solver.cpp``: the same layout, more bounds, a finer move order, tens of times faster), which answers by
default wherever it loads; this pure-Python one is the fallback, and the oracle the compiled one is tested against.

The search is alpha-beta over single card plays, with

* packed hands (:class:`_Layout`): each effective suit's cards still in play fill the low bits of its own
  segment, re-packed after every trick, so positions that differ only by which cards are already gone are the
  same integer;
* a transposition table of (lower, upper) bounds and the best lead, keyed on that integer and the leader at
  trick boundaries (sure-trick bounds that settle a position are kept there too);
* sure-trick bounds at trick boundaries (trumps that must win; top cards the leader can cash, or its partner
  after a low lead to the partner's top card), which settle many null-window questions ("does the bidder's
  side take at least 6?") without a search;
* equivalence pruning: cards one player holds that are adjacent in power within their effective suit, with no
  card still in play between them, are interchangeable, so only one of them is searched (in packed form: one
  card per run of adjacent bits);
* move ordering: leads cash winners first, then go to the partner's top card, then the rest; followers win as
  cheaply as possible when the trick is going to the other side and play low when their own side is winning;
  in avoid bids the bidder sheds its highest losing card;
* full values found by a few null-window searches sharing the table (MTD(f)).

>>> import charlemagne_learn as cl
>>> k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
>>> hands = {"N": "JH AS", "E": "AC KS", "S": "JD 7S", "W": "KC QS"}
>>> double_dummy(k, hands, leader="N")  # J♥ draws no trump; A♠ then wins the second trick
2
>>> # East led A♣; South, void in clubs, must keep A♦ to win the last trick with it after North ruffs this one.
>>> after = {"N": "7H 7D", "E": "KS", "S": "AD 7S", "W": "KC 8D"}
>>> {str(c): n for c, n in solve_position(k, after, leader="E", trick=["AC"]).items()}
{'A♦': 1, '7♠': 2}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Literal, Protocol

from ..engine.cards import Card, Seat, parse_cards
from ..engine.contract import Contract, check_contract
from ..engine.deal import deck_mask, hands_by_seat, indices_of
from ..engine.errors import RulesOptionError, TrickError, quote
from ..engine.i18n import say, sentence
from ..engine.ranking import CardOrder
from ..engine.tricks import legal_mask, winning_position
from . import compiled, dds, work

__all__ = [
    "HandsArg",
    "Searcher",
    "double_dummy",
    "scored_tricks",
    "scored_tricks_many",
    "searcher",
    "solve_position",
    "solve_positions",
]

#: ``seat -> cards``: seats as ``Seat`` or text ("N"), cards as ``Card`` objects, text, or one string.
#: (Two mappings, not one keyed on ``Seat | str``: a mapping's key type is invariant, so a plain
#: ``dict[Seat, list[Card]]`` would not type-check against the latter.)
HandsArg = Mapping[Seat, Iterable[Card | str] | str] | Mapping[str, Iterable[Card | str] | str]

Method = Literal["auto", "compiled", "dds", "python"]
_Bounds = tuple[int, int]
#: lower bound, upper bound, best lead (-1: none yet)
_Entry = tuple[int, int, int]


# ---------------------------------------------------------------- packed layout
class _Layout:
    """Where each card sits in the search's packed bit sets, for one card order.

    Each effective suit owns a segment of ``width`` bits, the trump suit (if any) the highest one. Inside a
    segment the cards *still in play* take bits 0, 1, 2, … in increasing power: after every trick the played
    cards are squeezed out. So a bit's position says everything about a card that play depends on, positions
    that differ only by which cards are already gone pack to the same bits (one table entry serves them all),
    "equivalent cards" are runs of adjacent bits, and a card beats another of its suit or of a lower-placed
    suit exactly when its bit is higher. The four hands share one integer, seat ``s`` in bits
    ``s * hand_width`` and up.
    """

    def __init__(self, order: CardOrder) -> None:
        suits = [s for s in range(5) if order.suit_mask[s]]
        trump = order.trump_suit
        if trump is not None:
            suits.remove(trump)
            suits.append(trump)
        #: Each segment's cards (compact indices), weakest first.
        self.cards = [sorted(indices_of(order.suit_mask[s]), key=lambda i: order.power[i]) for s in suits]
        # One spare bit above the longest suit keeps runs of adjacent bits from crossing into the next segment.
        width = max(len(c) for c in self.cards) + 1
        self.hand_width = hw = width * len(suits)
        self.hand_mask = (1 << hw) - 1
        self.shift = [seat * hw for seat in range(4)]
        segment = [((1 << width) - 1) << (k * width) for k in range(len(suits))]
        self.trump_mask = segment[-1] if trump is not None else 0
        self.width = width
        self.trump_offset = hw - width
        self.trump_low = (1 << width) - 1
        self.side_segments = segment[:-1] if trump is not None else segment
        #: ``sure_trumps[t | 1 << n]``: tricks a player is sure to win with trumps ``t`` (segment bits) when ``n``
        #: trumps are left in play (see :meth:`_Search._bounds`).
        self.sure_trumps = [_sure_trumps(i) for i in range(2 << width)]
        self.joker_rule = order.void_must_play_joker
        #: Per bit position: the segment of that suit (cards that follow it) ...
        self.follow = [segment[p // width] for p in range(hw)]
        #: ... the cards that can win a trick it leads ...
        self.contend = [m | self.trump_mask for m in self.follow]
        # ... and, in all four hands at once, the bits above it in its segment, which move down one when it is
        # played (``squeeze``), and the bits that stay.
        everyone = sum(1 << s for s in self.shift)
        above = [(self.follow[p] & ~((2 << p) - 1)) * everyone for p in range(hw)]
        self.squeeze_down = above
        self.squeeze_keep = [((1 << 4 * hw) - 1) & ~m for m in above]

    def pack(self, hands: Sequence[int], played: Sequence[int]) -> tuple[int, list[int]]:
        """The packed hands (cards of ``played`` still in play, held by nobody), and the bits of ``played``."""
        alive = hands[0] | hands[1] | hands[2] | hands[3]
        for c in played:
            alive |= 1 << c
        where: dict[int, int] = {}
        width = self.hand_width // len(self.cards)
        for k, cards in enumerate(self.cards):
            pos = k * width
            for c in cards:
                if alive >> c & 1:
                    where[c] = pos
                    pos += 1
        packed = 0
        for seat in range(4):
            for c in indices_of(hands[seat]):
                packed |= 1 << (where[c] + self.shift[seat])
        return packed, [where[c] for c in played]


class _Search:
    """One contract's search: hands as bit sets by seat number (``hands``, compact card indices).

    ``boundary`` and ``play`` take positions in compact indices, pack them (:class:`_Layout`) and search the
    packed form; ``hands`` itself is left as it was.
    """

    def __init__(self, contract: Contract, hands: list[int]) -> None:
        order: CardOrder = contract.order
        self.order = order
        self.hands = hands
        self.seats = [int(s) for s in contract.active_seats]
        self.size = len(self.seats)
        self.next = [int(contract.next_active(Seat(s))) if s in self.seats else -1 for s in range(4)]
        #: 1 for seats of the bidder's side: a trick they win counts.
        self.counts = [int(Seat(s).team == contract.team) for s in range(4)]
        # Seats that want MORE bidder tricks: the bidder's side, unless the bid is to avoid tricks.
        self.maximises = [bool(self.counts[s]) != contract.spec.avoid for s in range(4)]
        self.avoid = contract.spec.avoid
        self.bidder = int(contract.bidder)
        #: The partner in play (-1: none, or sitting out): a lead to the partner's top card keeps the lead.
        self.partner = [s ^ 2 if s ^ 2 in self.seats else -1 for s in range(4)]
        self.layout = layout = _layout(order)
        # The layout's tables the hot loop reads, bound here: one attribute lookup instead of two per use.
        self._shift = layout.shift
        self._hand_mask = layout.hand_mask
        self._follow_of = layout.follow
        self._contend = layout.contend
        self._trump_mask = layout.trump_mask
        self._joker_rule = layout.joker_rule
        self._keep = layout.squeeze_keep
        self._down = layout.squeeze_down
        #: The seats in play on the other side from each seat.
        self._opponents = [[o for o in self.seats if self.counts[o] != self.counts[s]] for s in range(4)]
        #: (lower, upper) bounds by packed position (hands and leader) at trick boundaries.
        self.table: dict[int, _Entry] = {}
        self.nodes = 0

    def seat_at(self, seat: int, played: int, pos: int) -> int:
        """Seat that played position ``pos`` of a trick where ``seat`` is about to play card number ``played``."""
        s = seat
        for _ in range(self.size - (played - pos)):
            s = self.next[s]
        return s

    # ------------------------------------------------------------ entry points (compact indices)
    def boundary(self, leader: int, alpha: int, beta: int) -> int:
        """Bidder-side tricks still to come, ``leader`` to lead; exact when strictly inside (alpha, beta),
        otherwise a bound on the side of the window it fell."""
        work.stop_if_exiting()
        packed, _ = self.layout.pack(self.hands, ())
        return self._boundary(packed, leader, alpha, beta)

    def play(self, leader: int, seat: int, trick: list[int], alpha: int, beta: int) -> int:
        """Value for the bidder's side with ``seat`` to play to ``trick`` (cards from ``leader`` on), the
        current trick included; exact inside (alpha, beta) as for :meth:`boundary`."""
        work.stop_if_exiting()
        layout = self.layout
        packed, bits = layout.pack(self.hands, trick)
        if not bits:
            return self._lead(packed, leader, -1, alpha, beta)[0]
        best, winner, s = bits[0], leader, leader
        for b in bits[1:]:
            s = self.next[s]
            if layout.contend[bits[0]] >> b & 1 and b > best:
                best, winner = b, s
        return self._follow(packed, seat, bits, best, winner, alpha, beta)

    def solve(self, leader: int) -> int:
        """The exact value of :meth:`boundary`, by null-window searches that share the table (MTD(f)): about
        10% fewer nodes than one search with the full window."""
        work.stop_if_exiting()
        packed, _ = self.layout.pack(self.hands, ())
        lo, hi = 0, self.hands[leader].bit_count()
        guess = hi // 4
        while lo < hi:
            beta = max(guess, lo + 1)
            guess = self._boundary(packed, leader, beta - 1, beta)
            if guess < beta:
                hi = guess
            else:
                lo = guess
        return lo

    # ------------------------------------------------------------ search (packed)
    def _boundary(self, packed: int, leader: int, alpha: int, beta: int) -> int:
        """:meth:`boundary` on packed hands: the table, sure-trick bounds, then every lead."""
        left = (packed >> self._shift[leader] & self._hand_mask).bit_count()
        if left <= 1:
            return self._last_trick(packed, leader) if left else 0
        key = packed << 2 | leader
        entry = self.table.get(key)
        if entry is None:
            lo, hi = self._bounds(packed, leader, left)
            first = -1
            if lo >= beta or hi <= alpha or lo == hi:
                # Kept, so the next visit (another order of the same cards, the next null window) reads them.
                self.table[key] = (lo, hi, first)
        else:
            lo, hi, first = entry
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        a, b = max(alpha, lo), min(beta, hi)
        value, first = self._lead(packed, leader, first, a, b)
        if value <= a:
            hi = value
        elif value >= b:
            lo = value
        else:
            lo = hi = value
        self.table[key] = (lo, hi, first)
        return value

    def _lead(self, packed: int, leader: int, first: int, alpha: int, beta: int) -> tuple[int, int]:
        """Fail-soft value of the best lead, and that lead; ``first`` (the best lead found the last time this
        position was searched, or -1) is tried first."""
        self.nodes += 1
        layout = self.layout
        shift = layout.shift[leader]
        hand = packed >> shift & layout.hand_mask
        reps = hand & ~(hand >> 1)  # one card per run of equivalent cards: the top of each run of adjacent bits
        if self.avoid:
            # Defenders of an avoid bid lead low, leaving the bidder no lower card; the bidder leads high while
            # a defender can still win the trick.
            moves = _bits_down(reps) if self.counts[leader] else indices_of(reps)
        else:
            moves = self._lead_order(packed, leader, reps)
        if first >= 0:
            moves.remove(first)
            moves.insert(0, first)
        maximise = self.maximises[leader]
        best_value, best = (-1 if maximise else 99), -1
        follower = self.next[leader]
        trick = [0]
        for c in moves:
            trick[0] = c
            value = self._follow(packed ^ (1 << (c + shift)), follower, trick, c, leader, alpha, beta)
            if maximise:
                if value > best_value:
                    best_value, best = value, c
                    if value > alpha:
                        alpha = value
            elif value < best_value:
                best_value, best = value, c
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best_value, best

    def _bounds(self, packed: int, leader: int, left: int) -> _Bounds:
        """Cheap (lower, upper) bounds on the bidder side's tricks to come, from sure tricks.

        * Trumps that must win, however anyone plays: each of a player's top ``i`` trumps either wins its trick
          or falls to a higher trump of someone else, one per trick; with ``m`` such trumps out, the player
          wins at least ``i - m`` tricks.
        * Tricks the leader can cash: the top cards of a suit, as many rounds as no opponent holding a trump
          can ruff (every such opponent still has a card of the suit), or those the partner can cash once a low
          card of the leader's has put it on lead (the partner holding the top card of that suit). Only when
          both sides want tricks.
        """
        layout = self.layout
        counts = self.counts
        lo, hi = 0, left
        mask, hw = self._hand_mask, layout.hand_width
        hands = [packed & mask, packed >> hw & mask, packed >> 2 * hw & mask, packed >> 3 * hw]
        union = hands[0] | hands[1] | hands[2] | hands[3]
        trump_mask = layout.trump_mask
        if union & trump_mask:
            low = layout.trump_low
            off = layout.trump_offset
            marker = 1 << (union >> off).bit_length()
            for seat in self.seats:
                sure = layout.sure_trumps[hands[seat] >> off & low | marker]
                if sure:
                    if counts[seat]:
                        if sure > lo:
                            lo = sure
                    elif left - sure < hi:
                        hi = left - sure
        if self.avoid:
            if not counts[leader] and self._ducks_everything(hands, union):
                return 0, 0
            return lo, hi
        # At a trick boundary each suit's cards in play fill the bottom bits of its segment, so the top card of
        # each suit is the top of a run of the union.
        ruffers = [h for h in (hands[s] for s in self._opponents[leader]) if h & trump_mask]
        cash, _ = self._cash(hands[leader], union, ruffers, 0)
        partner = self.partner[leader]
        if partner >= 0 and hands[partner]:
            # a low card led to the partner's top card of a suit puts the partner on lead to cash its own
            theirs, entries = self._cash(hands[partner], union, ruffers, hands[leader])
            if entries and theirs > cash:
                cash = theirs
        if not cash:
            return lo, hi
        if counts[leader]:
            return max(lo, cash), hi
        return lo, min(hi, left - cash)

    def _cash(self, mine: int, union: int, ruffers: list[int], leader: int) -> tuple[int, bool]:
        """Tricks a hand can cash from the top of its suits, and whether ``leader`` holds a card of a suit
        where it cashes at least one."""
        tops = mine & union & ~(union >> 1)
        follow = self._follow_of
        trump_mask = self._trump_mask
        cash = 0
        entry = False
        while tops:
            top = tops.bit_length() - 1
            tops ^= 1 << top
            segment = follow[top]
            others = union & segment & ~mine
            run = top + 1 - others.bit_length() if others else (mine & segment).bit_count()
            if not segment & trump_mask:
                for h in ruffers:
                    length = (h & segment).bit_count()
                    if length < run:
                        run = length
            if run and leader & segment:
                entry = True
            cash += run
        return cash, entry

    def _ducks_everything(self, hands: list[int], union: int) -> bool:
        """Can the lone bidder of an avoid bid lose every trick still to come, the opponents on lead?

        Yes when it holds no trump (no joker in Mulot) and in every suit its highest card is below the
        opponents' lowest: whatever they lead, the led card beats the bidder's card of that suit, and a
        bidder out of the suit discards, which never wins without trumps.
        """
        bidder = self.bidder
        mine = hands[bidder]
        if mine & self.layout.trump_mask:
            return False
        theirs = union & ~mine
        for segment in self.layout.side_segments:
            low_theirs = theirs & segment
            if mine & segment and low_theirs and mine & segment > low_theirs & -low_theirs:
                return False
        return True

    def _split(self, packed: int) -> list[int]:
        """The four hands of a packed position."""
        mask, hw = self.layout.hand_mask, self.layout.hand_width
        return [packed & mask, packed >> hw & mask, packed >> 2 * hw & mask, packed >> 3 * hw]

    def _last_trick(self, packed: int, leader: int) -> int:
        """Every card is forced in the last trick: the highest card that can win it wins."""
        layout = self.layout
        led = (packed >> layout.shift[leader] & layout.hand_mask).bit_length() - 1
        contend = layout.contend[led]
        best, winner, seat = led, leader, self.next[leader]
        while seat != leader:
            card = (packed >> layout.shift[seat] & layout.hand_mask).bit_length() - 1
            if contend >> card & 1 and card > best:
                best, winner = card, seat
            seat = self.next[seat]
        return self.counts[winner]

    def _lead_order(self, packed: int, leader: int, reps: int) -> list[int]:
        """Leads in a good order to search: winners first (the top card in play of a suit), then a low card
        of a suit whose top card the partner holds, then the rest, nearest the top of its suit first."""
        hands = self._split(packed)
        union = hands[0] | hands[1] | hands[2] | hands[3]
        # At a trick boundary each suit's cards in play fill the bottom bits of its segment.
        tops = union & ~(union >> 1)
        follow = self.layout.follow
        cash = reps & tops
        rest = reps ^ cash
        to_partner = 0
        partner = self.partner[leader]
        held = tops & hands[partner] if partner >= 0 else 0
        while held:
            top = held.bit_length() - 1
            held ^= 1 << top
            suit = rest & follow[top]
            to_partner |= suit & -suit
        rest ^= to_partner
        return [
            *_bits_down(cash),
            *indices_of(to_partner),
            *sorted(_bits_down(rest), key=lambda c: (union & follow[c]).bit_length() - c),
        ]

    def _follow(self, packed: int, seat: int, trick: list[int], best: int, winner: int, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta value with ``seat`` to play to ``trick`` (packed bits, not empty), where card
        ``best``, played by ``winner``, is winning so far."""
        # The hot loop of the search: everything it reads is bound to locals once per call.
        self.nodes += 1
        counts = self.counts
        shift = self._shift[seat]
        hand = packed >> shift & self._hand_mask
        led = trick[0]
        legal = hand & self._follow_of[led]
        if not legal:
            trumps = hand & self._trump_mask
            legal = trumps if trumps and self._joker_rule else hand
        reps = legal & ~(legal >> 1)  # one card per run of equivalent cards
        contend = self._contend[led]
        beat = reps & contend & ~((2 << best) - 1)
        if self.avoid:
            # The bidder sheds its highest card that loses the trick; defenders play low, leaving it to the bidder.
            moves = (_DOWN if counts[seat] else _UP)[reps ^ beat] + _UP[beat]
        elif counts[winner] == counts[seat]:
            moves = _UP[reps]  # partner winning: keep high cards
        else:
            moves = _UP[beat] + _UP[reps ^ beat]  # win as cheaply as possible, else play low
        maximise = self.maximises[seat]
        best_value = -1 if maximise else 99
        if len(trick) + 1 < self.size:
            follower = self.next[seat]
            follow = self._follow
            for c in moves:
                trick.append(c)
                if c > best and contend >> c & 1:
                    value = follow(packed ^ (1 << (c + shift)), follower, trick, c, seat, alpha, beta)
                else:
                    value = follow(packed ^ (1 << (c + shift)), follower, trick, best, winner, alpha, beta)
                trick.pop()
                if maximise:
                    if value > best_value:
                        best_value = value
                        if value > alpha:
                            alpha = value
                elif value < best_value:
                    best_value = value
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    break
            return best_value
        # The last card of the trick: squeeze the trick's cards out of the packed hands and go on to the next.
        # The cards already played are squeezed out once (highest first, so a squeeze never moves a position
        # still to be squeezed); each move then only squeezes its own card, found where those squeezes left it:
        # one place lower for every card of the trick below it in its suit.
        keep, down = self._keep, self._down
        base = packed
        played = 0
        for p in sorted(trick, reverse=True):
            base = (base & keep[p]) | (base & down[p]) >> 1
            played |= 1 << p
        segment = self._follow_of
        boundary = self._boundary
        for c in moves:
            q = c - (played & segment[c] & ((1 << c) - 1)).bit_count()
            after = base ^ (1 << (q + shift))
            after = (after & keep[q]) | (after & down[q]) >> 1
            w = seat if c > best and contend >> c & 1 else winner
            won = counts[w]
            value = won + boundary(after, w, alpha - won, beta - won)
            if maximise:
                if value > best_value:
                    best_value = value
                    if value > alpha:
                        alpha = value
            elif value < best_value:
                best_value = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best_value


class _BitLists(dict[int, tuple[int, ...]]):
    """Bit positions of a mask, lowest first (``descending``: highest first), computed once per mask.

    The search asks for the same masks over and over; a dict lookup costs less than walking the bits in
    Python. Cleared when it grows large, so a long session's memory stays bounded.
    """

    def __init__(self, descending: bool) -> None:
        super().__init__()
        self.descending = descending

    def __missing__(self, mask: int) -> tuple[int, ...]:
        if len(self) > 100_000:
            self.clear()
        bits = _bits_down(mask) if self.descending else indices_of(mask)
        out = self[mask] = tuple(bits)
        return out


_UP = _BitLists(descending=False)
_DOWN = _BitLists(descending=True)


def _bits_down(mask: int) -> list[int]:
    """Bit positions of ``mask``, highest first."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def _sure_trumps(index: int) -> int:
    """``max(i - m)`` over a player's top ``i`` trumps, ``m`` being the others' trumps above the ``i``-th.

    ``index`` is the player's trumps as bits (highest bit the top trump in play) plus a marker bit just above
    the trumps in play.
    """
    n = index.bit_length() - 1
    best = mine = 0
    for seen, bit in enumerate(range(n - 1, -1, -1), 1):
        if index >> bit & 1:
            mine += 1
            best = max(best, mine - (seen - mine))
    return best


@cache
def _layout(order: CardOrder) -> _Layout:
    return _Layout(order)


# ---------------------------------------------------------------- public API
def _setup(
    contract: Contract, hands: HandsArg, leader: Seat | str, trick: Iterable[Card | str] | str
) -> tuple[list[int], int, list[int]]:
    """The public calls' checks of a position: the hands as bit sets by seat, the leader's seat number and the
    trick's cards (compact indices). No search is made here: the compiled search or DDS answers most calls, and a
    pure-Python search costs more to set up than a small position costs them to solve."""
    check_contract(contract)
    masks = hands_by_seat(hands)
    seen = 0
    for seat, mask in zip(Seat, masks, strict=True):
        if mask & seen:
            raise TrickError(sentence("solver.two_hands"))
        seen |= mask
        if mask and seat in contract.sitting_out:
            raise TrickError(sentence("solver.out_holds", seat=seat))
    played = [c.index for c in parse_cards(trick, distinct="the trick")]
    in_trick = sum(1 << i for i in set(played))
    if (seen | in_trick) & ~deck_mask(contract.rules):
        raise TrickError(sentence("solver.not_in_deck", title=contract.rules.named()))
    if seen & in_trick or len(set(played)) != len(played):
        raise TrickError(sentence("solver.twice"))
    first = Seat.find(leader)
    if first in contract.sitting_out:
        raise TrickError(sentence("solver.out_leads", seat=first))
    if len(played) >= len(contract.active_seats):
        raise TrickError(sentence("solver.complete"))
    # the seats in playing order from the leader
    seats = [first]
    while len(seats) < len(contract.active_seats):
        seats.append(contract.next_active(seats[-1]))
    # Every active seat holds the same number of cards, less one for those who already played to this trick.
    sizes = [masks[seat].bit_count() + (pos < len(played)) for pos, seat in enumerate(seats)]
    if len(set(sizes)) != 1:
        raise TrickError(sentence("solver.unequal"))
    if not 1 <= sizes[0] <= contract.rules.hand_size:
        raise TrickError(sentence("solver.sizes", most=contract.rules.hand_size, held=sizes[0]))
    for pos in range(1, len(played)):
        if not legal_mask(contract.order, masks[seats[pos]] | 1 << played[pos], played[0]) >> played[pos] & 1:
            raise TrickError(sentence("solver.not_playable", card=Card.from_index(played[pos])))
    return masks, int(first), played


def solve_position(
    contract: Contract,
    hands: HandsArg,
    leader: Seat | str,
    trick: Iterable[Card | str] | str = (),
    *,
    method: Method = "auto",
) -> dict[Card, int]:
    """For each legal card of the player to move, the bidder's side's tricks from now on (this trick included).

    ``hands`` are the cards still held; ``trick`` the cards already played to the current trick, starting
    with ``leader``'s. Every player plays perfectly afterwards, all cards visible. ``method`` as for
    :func:`double_dummy`.
    """
    masks, first, played = _setup(contract, hands, leader, trick)
    mover = Seat(first)
    for _ in played:
        mover = contract.next_active(mover)
    seat = int(mover)
    if not masks[seat]:
        return {}
    engine = _engine(contract, method)
    if engine == "dds":
        solved = dds.dds_position(contract, masks, Seat(first), played)
        return {Card.from_index(c): solved[c] for c in sorted(solved)}
    legal = indices_of(legal_mask(contract.order, masks[seat], played[0] if played else -1))
    if engine == "compiled":
        values = compiled.CompiledSearch(contract, masks).position(first, played, legal)
        return {Card.from_index(c): v for c, v in zip(legal, values, strict=True)}
    search = _Search(contract, masks)
    limit = search.hands[first].bit_count() + (1 if played else 0)
    result: dict[Card, int] = {}
    for c in legal:
        bit = 1 << c
        search.hands[seat] ^= bit
        line = [*played, c]
        if len(line) == search.size:
            winner = search.seat_at(first, 0, winning_position(search.order, line))
            won = search.counts[winner]
            value = won + search.boundary(winner, -1, limit + 1)
        else:
            value = search.play(first, search.next[seat], line, -1, limit + 1)
        search.hands[seat] ^= bit
        result[Card.from_index(c)] = value
    return result


def solve_positions(
    contract: Contract, deals: Sequence[Sequence[int]], leader: Seat, trick: Sequence[int]
) -> list[dict[int, int]]:
    """:func:`solve_position` for many deals of one moment (the same ``leader`` and ``trick``, as compact indices),
    each seat's cards still held as bit sets: the tricks after each legal card (compact indices). For deals made
    consistent by construction (the sampler's): they are not checked one by one, and DDS, where it answers, takes
    them in one call.
    """
    if not deals:
        return []
    engine = _engine(contract, "auto")
    if engine == "dds":
        return dds.dds_positions(contract, deals, leader, trick)
    mover = leader
    for _ in trick:
        mover = contract.next_active(mover)
    order = contract.order

    def compiled_part(part: Sequence[Sequence[int]]) -> list[dict[int, int]]:
        # one search for every deal of the part: the values are exact, so the positions one deal's search stores
        # serve the next deals' as they are (late in the hand they recur), about 1.4x faster than a fresh table
        shared = compiled.CompiledSearch(contract, list(part[0]))
        out = []
        for hands in part:
            legal = indices_of(legal_mask(order, hands[mover], trick[0] if trick else -1))
            shared.hands = list(hands)
            out.append(dict(zip(legal, shared.position(int(leader), trick, legal), strict=True)))
        return out

    if engine == "compiled":
        return work.split(compiled_part, deals)
    out = []
    for hands in deals:
        solved = solve_position(
            contract,
            {s: [Card.from_index(c) for c in indices_of(hands[s])] for s in Seat},
            leader,
            [Card.from_index(c) for c in trick],
            method="python",
        )
        out.append({card.index: v for card, v in solved.items()})
    return out


def double_dummy(contract: Contract, hands: HandsArg, leader: Seat | str, *, method: Method = "auto") -> int:
    """Tricks the bidder's side (the bidder alone, in alone contracts) takes with perfect play, all cards seen.

    For ``avoid`` bids (Mulot, Gros Mulot, Le Petit) the bidder tries to take as few tricks as possible and the
    opponents try to give it as many; otherwise the bidder's side tries to take as many as possible.

    ``method``: ``"compiled"`` runs this module's search compiled to WebAssembly
    (:mod:`~charlemagne_learn.analysis.compiled`), which solves every contract; ``"python"`` the same search in
    pure Python (slower, and the reference the compiled one is tested against); ``"dds"`` asks DDS (through
    endplay) and needs a contract that is bridge in disguise (:func:`~charlemagne_learn.analysis.dds.maps_onto_bridge`);
    ``"auto"`` takes the fastest that can answer here. All of them give the same numbers.
    """
    masks, first, _ = _setup(contract, hands, leader, ())
    engine = _engine(contract, method)
    if engine == "dds":
        return dds.dds_bidder_tricks(contract, masks, Seat(first))
    if engine == "compiled":
        return compiled.CompiledSearch(contract, masks).solve(first)
    return _Search(contract, masks).solve(first)


class Searcher(Protocol):
    """What :func:`searcher` gives: one deal's search, ``hands`` by seat as bit sets of compact card indices."""

    hands: list[int]

    def solve(self, leader: int) -> int: ...

    def boundary(self, leader: int, alpha: int, beta: int) -> int: ...


def searcher(contract: Contract, hands: list[int], *, fresh: bool = True) -> Searcher:
    """One deal's search, compiled where it can run, else in pure Python; ``hands`` as :class:`_Search` takes
    them. For the callers that ask one deal null-window questions (bid odds, the exchange and auction judges)
    rather than for whole solves. ``fresh=False`` lets the compiled search go on from the positions the searches
    before it stored (see :class:`~.compiled.CompiledSearch`): for callers that read only which side of the
    window a bound falls, over many deals of one contract.

    >>> import charlemagne_learn as cl
    >>> k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
    >>> hands = hands_by_seat({"N": "JH AS", "E": "AC KS", "S": "JD 7S", "W": "KC QS"})
    >>> searcher(k, hands).boundary(int(cl.Seat.N), 1, 2)  # does North-South take both tricks? (2: yes)
    2
    """
    if compiled.available():
        return compiled.CompiledSearch(contract, hands, fresh=fresh)
    return _Search(contract, hands)


def scored_tricks(contract: Contract, hands: list[int]) -> tuple[int, bool]:
    """The tricks the bidder's side takes from the first lead, double dummy, and True; or — where the score is the
    same for every count on each side of the bid's line (no per-trick scoring) — a count on the right side of it
    and False: one null-window question, several times faster than the exact count and giving the same points.
    For the analyses that play a contract out from its start (the exchange, the bids judged by the auction).

    >>> import charlemagne_learn as cl
    >>> k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
    >>> hands = hands_by_seat({"N": "JH AH KH QH 10H 9H 8H 7H", "E": "AS KS QS JS 10S 9S 8S 7S",
    ...                        "S": "AC KC QC JC 10C 9C 8C 7C", "W": "AD KD QD JD 10D 9D 8D 7D"})
    >>> taken, exact = scored_tricks(k, hands)
    >>> taken >= 6, exact
    (True, False)
    """
    return scored_tricks_many([(contract, hands)])[0]


def scored_tricks_many(tables: Sequence[tuple[Contract, list[int]]]) -> list[tuple[int, bool]]:
    """:func:`scored_tricks` of each ``(contract, hands)``, in order: for the many deals of a hint, what a contract
    needs (which search, the line) worked out once for each contract met, not once a deal, and the null-window
    questions of the compiled search asked together (:func:`.compiled.bounds`).

    >>> import charlemagne_learn as cl
    >>> k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
    >>> hands = hands_by_seat({"N": "JH AH KH QH 10H 9H 8H 7H", "E": "AS KS QS JS 10S 9S 8S 7S",
    ...                        "S": "AC KC QC JC 10C 9C 8C 7C", "W": "AD KD QD JD 10D 9D 8D 7D"})
    >>> scored_tricks_many([(k, hands), (k, hands)]) == [scored_tricks(k, hands)] * 2
    True
    """
    ways: dict[int, _Scoring] = {}
    out: list[tuple[int, bool]] = []
    asks: list[tuple[Contract, list[int], int, int, int]] = []
    asked: list[int] = []  # where each ask's answer goes
    for contract, hands in tables:
        way = ways.get(id(contract))  # the tables hold their contracts, so no id is another's meanwhile
        if way is None:
            way = ways[id(contract)] = _scoring(contract)
        if isinstance(way, tuple):
            asked.append(len(out))
            out.append((0, False))
            asks.append((contract, hands, *way))
        else:
            out.append(way(hands))
    if asks:
        for at, taken in zip(asked, compiled.bounds(asks), strict=True):
            out[at] = (taken, False)
    return out


#: How :func:`scored_tricks` answers for one contract: a null-window question for the compiled search (its leader
#: and window: many are asked at once), or else a function of the hands.
_Scoring = tuple[int, int, int] | Callable[[list[int]], tuple[int, bool]]


def _scoring(contract: Contract) -> _Scoring:
    """Which search answers :func:`scored_tricks` for deals of ``contract``, and which line, worked out once."""
    leader = int(contract.first_leader)
    if contract.rules.per_trick_scoring:

        def exact(hands: list[int]) -> tuple[int, bool]:
            if dds_first(contract):
                return dds.dds_bidder_tricks(contract, hands, Seat(leader)), True
            return searcher(contract, hands).solve(leader), True

        return exact
    if dds_first(contract):
        # False even though DDS counts exactly: what is said must not depend on the engine
        return lambda hands: (dds.dds_bidder_tricks(contract, hands, Seat(leader)), False)
    spec = contract.spec
    alpha, beta = (0, 1) if spec.avoid else (spec.tricks - 1, spec.tricks)
    if not compiled.available():  # the pure-Python search, a fresh one a deal
        return lambda hands: (searcher(contract, hands).boundary(leader, alpha, beta), False)
    # Only the side of the line is read, so the searches keep the table the searches of the other deals left:
    # positions late in the hand recur across them (1.5-2x faster than a fresh table a deal).
    return (leader, alpha, beta)


def dds_first(contract: Contract) -> bool:
    """Should this contract's deals go to DDS? Only where the compiled search cannot run (DDS, where endplay is
    installed, answers bridge-like contracts: :func:`~charlemagne_learn.analysis.dds.maps_onto_bridge`). Where it
    runs, the compiled search is the faster on every deal, full ones included, in either build and for many deals
    at once as well (``benchmarks/RESULTS.md``: 2.1 times DDS's speed on full Canadian trump deals natively, 1.6
    times in WebAssembly; hints as fast or faster without DDS at every kind)."""
    # (the compiled search asked first: where it runs, endplay is never imported for this)
    return not compiled.available() and dds.maps_onto_bridge(contract) and dds.available()


def _engine(contract: Contract, method: Method) -> str:
    """Which search answers: ``"dds"``, ``"compiled"`` or ``"python"``. A clear error when ``method`` asks for
    what cannot be done here."""
    if method not in ("auto", "compiled", "dds", "python"):
        raise RulesOptionError(sentence("solver.bad_method", method=quote(method)))
    if method == "dds":
        bridge = dds.maps_onto_bridge(contract)
        if not (bridge and dds.available()):
            why = dds.why_unavailable() if bridge else say("solver.not_bridge", contract=contract.text())
            raise RulesOptionError(sentence("solver.no_dds", why=why))
        return "dds"
    if method == "compiled":
        if not compiled.available():
            raise RulesOptionError(sentence("solver.no_compiled", why=compiled.why_unavailable()))
        return "compiled"
    if method == "python":
        return "python"
    if dds_first(contract):
        return "dds"
    return "compiled" if compiled.available() else "python"
