"""One hand as a state machine with explicit phases, driven by actions.

>>> from .rules import Rules
>>> state = HandState.new(Rules.preset("canadian"), dealer="N", seed=7)
>>> state.phase, state.to_move
(<Phase.BIDDING: 'bidding'>, <Seat.E: 1>)
>>> [str(a) for a in state.legal_actions()][:3]
['pass', 'bid 5', 'bid 6']
>>> state.apply("bid 6"); state.apply("pass"); state.apply("pass"); state.apply("pass")
>>> state.phase, state.to_move, len(state.hand(state.to_move))
(<Phase.DISCARD: 'discard'>, <Seat.E: 1>, 10)
>>> replay = HandState.from_json(state.to_json())
>>> replay.to_json() == state.to_json()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, NamedTuple

from .actions import TRUMP_ACTIONS, Action, discard_actions, give_actions, load_record, play_actions
from .bidding import bid_floor, bid_levels, bid_lists, bid_named, bid_trump_problem
from .cards import SEATS, TEAMS, Card, CardList, Seat, Suit, _NamedType, parse_cards
from .contract import Contract
from .deal import cards_of, check_deal, deal_hands, hands_by_seat, mask_of
from .errors import CharlemagneError, HandError, IllegalActionError, quote
from .i18n import Forms, Lang, Sentence, card_name, composed, lang_or_current, say, sentence, word
from .rules import BidSpec, Rules
from .scoring import decided, explain_score, hand_score
from .tallies import SeatTally
from .tricks import explain_play, legal_mask, winning_position

__all__ = ["FORMAT", "HandResult", "HandState", "Phase", "SeatView", "Trick", "deal_hands"]

FORMAT = "charlemagne_learn.engine.hand/1"


class Phase(Enum, metaclass=_NamedType):
    """Phases of a hand, in the order they can happen. ``Phase("play")`` reads a phase's value or name."""

    BIDDING = "bidding"
    CHOOSE = "choose"  # Gros Charlemagne's kitty-or-partner, Maine's alone, defend alone
    GIVE = "give"  # a partner passes one card
    DISCARD = "discard"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"

    def text(self, lang: str | None = None) -> str:
        """The phase as a player names it, in ``lang`` (the course's language by default): "enchères"."""
        return sentence(f"phase.{self.value}", lang_or_current(lang))

    @classmethod
    def find(cls, text: str | Phase) -> Phase:
        """Read a phase from its value or name, in any case: ``"play"``, ``"PLAY"``."""
        if isinstance(text, Phase):
            return text
        if isinstance(text, str):
            key = text.strip().lower()
            found = next((p for p in cls if key in (p.value, p.name.lower())), None)
            if found is not None:
                return found
        phases = ", ".join(p.value for p in cls)
        raise CharlemagneError(sentence("hand.not_a_phase", value=quote(text), phases=phases))


# The phases as module names: on Python 3.11 reading ``Phase.PLAY`` costs ten times as much
# as reading a global, and the play loop asks for the phase at every card.
_BIDDING, _CHOOSE, _GIVE, _DISCARD, _TRUMP, _PLAY, _OVER = Phase


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, who played them, who won."""

    leader: Seat
    cards: tuple[Card, ...]
    seats: tuple[Seat, ...]
    winner: Seat

    def __str__(self) -> str:
        return self.text("en")

    def text(self, lang: str | None = None) -> str:
        """The trick as a line of a record, in ``lang`` (the course's language by default): who played what,
        by seat letter (O for West in French), and who won; its ``str`` is the English.

        >>> state = HandState.new(Rules.preset("canadian"), dealer="N", seed=7)
        >>> trick = Trick(Seat.W, tuple(parse_cards("AS 7S KS QS")), (Seat.W, Seat.N, Seat.E, Seat.S), Seat.W)
        >>> str(trick), trick.text("fr")
        ('W A♠, N 7♠, E K♠, S Q♠: West wins', 'O A♠, N 7♠, E R♠, S D♠ : Ouest remporte la levée')
        """
        language = lang_or_current(lang)
        # each card on its face in the language's letters, a joker by its name ("N red joker"): RJ is no word
        played = ", ".join(
            f"{say('hand.seat_letter', language, seat=s)} {card_name(c, language) if c.is_joker else c.face(language)}"
            for s, c in zip(self.seats, self.cards, strict=True)
        )
        return say("hand.trick", language, played=played, seat=self.winner)

    def _repr_html_(self) -> str:
        from .display import show

        return show(self)


def _allowed_list(actions: Iterable[Action], lang: Lang) -> str:
    """Actions as a refusal lists them, each in its language's form (:func:`_act`) marked as code where the language
    marks it."""
    return ", ".join(say("format.code", lang, code=_act(a, lang)) for a in actions)


def _act(action: Action, lang: Lang) -> str:
    """An action in a refusal, in the form its catalog picks: as said (:meth:`Action.text`), which
    :meth:`Action.parse` reads back too ("bid Gros Mulot", never "bid gros_mulot"), or as typed (English says it,
    French quotes what is typed)."""
    return say("hand.act", lang, act=Forms(said=action.text(lang), typed=str(action)))


def _said_act(action: Action) -> Sentence:
    """:func:`_act` as a field of a refusal, said again in the refusal's language."""
    return composed("action", lambda lang: _act(action, lang))


class _Reason:
    """``HandResult.reason``: a text given when the result is made, else the ruling written when it is read.

    A hand ends thousands of times in a playout and its sentence is seldom read: writing it then, in the
    course's language of that moment, keeps sentences (and the course file's lookup) out of the hot path.
    """

    def __get__(self, result: HandResult | None, owner: type | None = None) -> str:
        if result is None:
            return ""  # the dataclass's default: no text given
        return result._given_reason or result.text()

    def __set__(self, result: HandResult, value: str) -> None:
        object.__setattr__(result, "_given_reason", value)


_TEAMS = {"NS": 0, "EW": 0}.keys()


def _result_fields(result: HandResult) -> str:
    """The fields of ``result`` that are wrong, as name=value."""
    ok: dict[str, Callable[[Any], bool]] = {
        "points": lambda v: type(v) is dict and v.keys() == _TEAMS and all(type(x) is int for x in v.values()),
        "contract": lambda v: v is None or isinstance(v, Contract),
        "bidder_tricks": lambda v: type(v) is int and v >= 0,
        "made": lambda v: v is None or type(v) is bool,
        "decided_after": lambda v: v is None or (type(v) is int and v >= 0),
        "outright_winner": lambda v: v in (None, "NS", "EW"),
        "passed_out": lambda v: type(v) is bool,
        "tricks_played": lambda v: v is None or (type(v) is int and v >= 0),
    }
    return ", ".join(
        f"{name}={quote(getattr(result, name))}" for name, good in ok.items() if not good(getattr(result, name))
    )


@dataclass(frozen=True, kw_only=True)
class HandResult:
    """How a hand ended: points by team and, when it applies, an outright game result.

    ``reason`` says why in the course's language (or is the text given when the result was made);
    :meth:`text` says it in any language.
    """

    points: dict[str, int]
    contract: Contract | None
    bidder_tricks: int
    made: bool | None
    #: After how many tricks the result was certain (None: passed out).
    decided_after: int | None
    outright_winner: str | None
    passed_out: bool
    reason: _Reason = _Reason()
    _given_reason: ClassVar[str] = ""  # set per result by _Reason.__set__
    #: Tricks played when the hand ended: fewer than a hand's when play stopped once the result was certain.
    tricks_played: int | None = None

    def __post_init__(self) -> None:
        # one cheap look (a result is made at the end of every hand); the reason of a refusal only when refused
        points, made, after, played = self.points, self.made, self.decided_after, self.tricks_played
        if not (
            type(points) is dict
            and points.keys() == _TEAMS
            and all(type(v) is int for v in points.values())
            and (made is None or type(made) is bool)
            and (after is None or (type(after) is int and after >= 0))
            and (played is None or (type(played) is int and played >= 0))
            and type(self.bidder_tricks) is int
            and self.bidder_tricks >= 0
            and type(self.passed_out) is bool
            and self.outright_winner in (None, "NS", "EW")
            and (self.contract is None or isinstance(self.contract, Contract))
        ):
            raise HandError(sentence("hand.bad_result", fields=_result_fields(self)))

    def text(self, lang: str | None = None) -> str:
        """Why the hand scored as it did, in ``lang`` (the course's language by default)."""
        language = lang_or_current(lang)
        if self.passed_out or self.contract is None:
            return say("hand.passed_out", language)
        text = explain_score(self.contract, self.bidder_tricks, lang=language).reason
        played = self.tricks_played
        if played is not None and played < self.contract.rules.tricks_per_hand:
            text += say("hand.stopped", language, n=played)
        return text

    def margin(self, team: str = "NS") -> int:
        """``team``'s points less the other team's in this hand, a hand that decides the game outright (Maine
        Charlemagne, which scores no points) counting as the whole game, won or lost: what a hand is worth when
        hands are compared, as the analysis and the bot tournament weigh them.

        >>> import charlemagne_learn as cl
        >>> state = cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=235)
        >>> for action in ["bid charlemagne", "pass", "pass", "pass", "trump H", "choose with_partner"]:
        ...     state.apply(action)
        >>> while not state.is_over:
        ...     state.apply(state.legal_actions()[0])
        >>> state.result.points, state.result.outright_winner, state.result.margin("NS"), state.result.margin("EW")
        ({'NS': 0, 'EW': 0}, 'EW', -32, 32)
        """
        if team not in TEAMS:
            raise HandError(sentence("hand.bad_team", team=quote(team)))
        if self.outright_winner is not None and self.contract is not None:
            target = self.contract.rules.target
            return target if self.outright_winner == team else -target
        other = TEAMS[1 - TEAMS.index(team)]
        return self.points[team] - self.points[other]


# A step of the exchange: (phase or "take_kitty", seat, choices-or-None)
_Step = tuple[Any, int, tuple[str, ...] | None]


@dataclass
class SeatView:
    """What one seat can see: its own cards, the table, and nothing hidden."""

    seat: Seat
    rules: Rules
    dealer: Seat
    phase: Phase
    to_move: Seat | None
    hand: list[Card]
    hand_sizes: dict[str, int]
    bids: list[tuple[Seat, Action]]
    contract: Contract | None
    trick: list[tuple[Seat, Card]]
    tricks: list[Trick]
    exposed: dict[str, list[Card]]
    kitty: list[Card] | None
    received: list[Card]
    discards: list[Card]
    legal_actions: list[Action]
    result: HandResult | None = None
    history: list[tuple[Seat, Action]] = field(default_factory=list)

    def __repr__(self) -> str:
        # Readable in a notebook's text output and stable for nbval: what the seat sees, not every field.
        move = f"{self.to_move.word} to move" if self.to_move is not None else "over"
        contract = f", {self.contract}" if self.contract is not None else ""
        trick = f"; trick: {', '.join(f'{s.name} {c}' for s, c in self.trick)}" if self.trick else ""
        kitty = f"; kitty: {' '.join(map(str, self.kitty))}" if self.kitty else ""
        return (
            f"<SeatView {self.seat.word}, {self.phase.value}, {move}{contract}: hand "
            f"{' '.join(map(str, self.hand)) or '(empty)'}{trick}{kitty}>"
        )

    def _repr_html_(self) -> str:
        from .display import show

        return show(self)

    @property
    def hand_mask(self) -> int:
        """The seat's cards as a bit set of compact card indices (:func:`~charlemagne_learn.engine.deal.mask_of`)."""
        return mask_of(self.hand)


class HandState:
    """One hand of any variant. Create with :meth:`new`; drive with :meth:`apply`."""

    # ------------------------------------------------------------------ creation
    def __init__(
        self, rules: Rules, dealer: Seat | None = None, hands: list[int] | None = None, kitty: int | None = None
    ) -> None:
        """The deal as the engine keeps it (each hand and the kitty a bit set of card indexes); a hand is made with
        :meth:`new` or read with :meth:`from_json`, and anything else given here is refused with that advice."""
        if (
            type(rules) is not Rules
            or type(dealer) is not Seat
            or not isinstance(hands, (list, tuple))
            or len(hands) != 4
            or not all(type(h) is int for h in hands)
            or type(kitty) is not int
        ):
            raise HandError(sentence("hand.raw_constructor"))
        # a deal the bit sets cannot be (a card twice, a short hand) would break the hand far from here
        check_deal(rules, list(hands), kitty)
        self._start(rules, dealer, hands, kitty)

    @classmethod
    def _dealt(cls, rules: Rules, dealer: Seat, hands: list[int], kitty: int) -> HandState:
        """A hand of a deal the engine made itself (dealt from a seed, or replayed): checked once already, so a
        hand of a playout (tens of µs) is not checked again."""
        state = cls.__new__(cls)
        state._start(rules, dealer, hands, kitty)
        return state

    def _start(self, rules: Rules, dealer: Seat, hands: list[int] | tuple[int, ...], kitty: int) -> None:
        self.rules = rules
        self.dealer = dealer
        # the hot paths compare plain ints: a Seat's == also reads texts, which costs a Python call
        self._dealer = int(dealer)
        self._deal = (tuple(hands), kitty)
        self._hands = list(hands)
        self._kitty = kitty
        self.phase = _BIDDING
        self._to_move: int | None = (dealer + 1) % 4
        self.history: list[tuple[Seat, Action]] = []
        self._high: tuple[int, int, Action] | None = None  # (level, seat, action)
        self._bids_made = 0
        self._spec: BidSpec | None = None
        self._bidder = -1
        self._trump: Suit | None = None
        self._alone = False
        self._lone_defender: int | None = None
        self.contract: Contract | None = None
        self._steps: list[_Step] = []
        # asked at every bid: looked up on the rules once per hand
        self._bid_lists = bid_lists(rules)
        self._levels = bid_levels(rules)
        self._choices: tuple[str, ...] = ()
        self._kitty_taken = False
        self._received = [0, 0, 0, 0]
        self._discarded = [0, 0, 0, 0]
        self._leader = -1
        self._trick: list[int] = []
        self._trick_seats: list[int] = []
        self._led = -1
        self._won = [0, 0, 0, 0]
        self._tricks: list[tuple[int, list[int], list[int], int]] = []
        self._exposed = False
        self._decided_after: int | None = None
        self.result: HandResult | None = None

    @classmethod
    def new(
        cls,
        rules: Rules | str | None = None,
        dealer: Seat | str = Seat.N,
        seed: int | None = None,
        *,
        hands: Mapping[str | Seat, Iterable[Card | str] | str] | None = None,
        kitty: Iterable[Card | str] | str = (),
    ) -> HandState:
        """Deal a new hand: from ``seed``, or the given ``hands`` (seat → cards) and ``kitty``."""
        rules = Rules.find(rules)
        seat = dealer if type(dealer) is Seat else Seat.find(dealer)
        if hands is None:
            if seed is None:
                raise IllegalActionError(sentence("hand.no_seed"))
            masks, kitty_mask = deal_hands(rules, seat, seed)
            return cls._dealt(rules, seat, masks, kitty_mask)
        if seed is not None:
            raise IllegalActionError(sentence("hand.seed_and_hands"))
        masks = hands_by_seat(hands)
        kitty_mask = mask_of(parse_cards(kitty, distinct="the kitty"))
        return cls(rules, seat, masks, kitty_mask)  # which checks the deal

    # ------------------------------------------------------------------ queries
    @property
    def to_move(self) -> Seat | None:
        """The seat whose turn it is (None when the hand is over)."""
        return None if self._to_move is None else SEATS[self._to_move]

    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    def hand(self, seat: Seat | str) -> CardList:
        return cards_of(self._hands[Seat.find(seat)])

    @property
    def hands(self) -> dict[str, list[Card]]:
        return {s.name: cards_of(self._hands[s]) for s in Seat}

    @property
    def kitty(self) -> CardList:
        """The kitty while it lies on the table (empty once the bidder has taken it)."""
        return CardList() if self._kitty_taken else cards_of(self._kitty)

    @property
    def trick(self) -> list[tuple[Seat, Card]]:
        """The trick in progress: (seat, card) in play order."""
        return [(Seat(s), Card.from_index(c)) for s, c in zip(self._trick_seats, self._trick, strict=True)]

    @property
    def tricks(self) -> list[Trick]:
        """Every finished trick, in order."""
        return [
            Trick(SEATS[leader], tuple(_CARD[i] for i in cards), tuple(SEATS[s] for s in seats), SEATS[winner])
            for leader, cards, seats, winner in self._tricks
        ]

    @property
    def tricks_won(self) -> SeatTally:
        """Tricks won by each seat, ``{"N": 2, …}``; printed, "North 2 · East 1 · South 5 · West 0"."""
        return SeatTally({s.name: self._won[s] for s in Seat})

    @property
    def bidder(self) -> Seat | None:
        return Seat(self._bidder) if self._bidder >= 0 else None

    @property
    def bid(self) -> BidSpec | None:
        """The winning bid so far (during bidding: the highest bid yet)."""
        if self._spec is not None:
            return self._spec
        return None if self._high is None else self.rules.bid(self._high[2].bid or "")

    @property
    def exposed_hands(self) -> dict[str, list[Card]]:
        """Hands shown to everybody (Gros Mulot's bidder after the first trick)."""
        if self._exposed:
            return {Seat(self._bidder).name: cards_of(self._hands[self._bidder])}
        return {}

    @property
    def bidder_tricks(self) -> int:
        if self._bidder < 0:
            return 0
        return self._won[self._bidder] + self._won[(self._bidder + 2) % 4]

    # The analysis reads the hand through these, not through its private fields: what they return is a copy or
    # an immutable value, so no reader can change the hand behind its back.
    def masks(self) -> tuple[int, int, int, int]:
        """Each seat's cards as a bit set of compact card indices (:func:`~charlemagne_learn.engine.deal.mask_of`),
        North first: the form the searches take."""
        north, east, south, west = self._hands
        return north, east, south, west

    def bids_heard(self) -> list[tuple[Seat, Action]]:
        """Every bid and pass so far, in order: the auction as every seat heard it."""
        return [(who, a) for who, a in self.history if a.kind in ("bid", "pass")]

    def history_seen_by(self, seat: Seat | str) -> list[tuple[Seat, Action]]:
        """Every action so far as ``seat`` saw it: the cards the others discarded, and a card given to somebody
        else, face down."""
        s = Seat.find(seat)
        return [
            (who, a)
            if (a.kind not in ("give", "discard") or who == s or (a.kind == "give" and who.partner == s))
            else (who, Action.face_down(a.kind))
            for who, a in self.history
        ]

    def discarded(self, seat: Seat | str) -> CardList:
        """The cards ``seat`` has put aside in this hand's exchange."""
        return cards_of(self._discarded[Seat.find(seat)])

    @property
    def trump(self) -> Suit | None:
        """The trump suit named so far (with the bid, or in the exchange); None before it is named, or at no trump."""
        return self._trump

    @property
    def alone(self) -> bool:
        """Whether the bidder has chosen (or was bound) to play alone."""
        return self._alone

    def steps_to_come(self) -> list[tuple[Phase, Seat]]:
        """The exchange's steps after the one under way, in order: which phase, and whose."""
        return [(what, SEATS[seat]) for what, seat, _ in self._steps]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        """Every action allowed now, in a fixed order."""
        phase = self.phase
        if phase is _PLAY:
            return play_actions(legal_mask(self._order, self._hands[self._to_move], self._led))  # type: ignore[index]
        if phase is _BIDDING:
            low, forced = self._bid_floor()
            return list(self._bid_lists[forced][low])
        if phase is _DISCARD:
            return discard_actions(self._hands[self._to_move])  # type: ignore[index]
        if phase is _GIVE:
            return give_actions(self._hands[self._to_move])  # type: ignore[index]
        if phase is _TRUMP:
            return list(TRUMP_ACTIONS)
        if phase is _CHOOSE:
            return [Action.choose(c) for c in self._choices]
        return []

    def _bid_floor(self) -> tuple[int, bool]:
        """The lowest ladder level the seat to move may bid, and whether it must bid."""
        return bid_floor(self.rules, -1 if self._high is None else self._high[0], self._to_move == self._dealer)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action | str, seat: Seat | str | None = None) -> None:
        """Perform one action for the seat to move (``seat``, if given, must be that seat).

        Raises :class:`IllegalActionError` (a ValueError) with the reason and leaves the
        state unchanged when the action is not allowed now.
        """
        mover = self._to_move
        phase = self.phase
        # Card play and bidding are most of every hand and of every bot's playout: an action taken from
        # legal_actions() is checked with a few lookups here; anything else goes the long way, below.
        if seat is None and type(action) is Action:
            if phase is _PLAY and action.kind == "play":
                assert mover is not None and action.card is not None
                idx = action.card.index
                if not legal_mask(self._order, self._hands[mover], self._led) >> idx & 1:
                    raise IllegalActionError(self._illegal_play(mover, action.card))
                self.history.append((SEATS[mover], action))
                self._play(mover, idx)
                return
            if phase is _BIDDING:
                assert mover is not None
                low, forced = self._bid_floor()
                if self._levels.get(action, -1) >= low or (action.kind == "pass" and not forced):
                    self.history.append((SEATS[mover], action))
                    self._apply_bid(mover, action)
                    return
        if mover is None:
            raise IllegalActionError(sentence("hand.over"))
        if seat is not None:
            who = Seat.find(seat)
            if who != mover:
                raise IllegalActionError(sentence("hand.wrong_seat", mover=SEATS[mover], doing=self._doing(), seat=who))
        _APPLY[phase](self, mover, Action.parse(action))

    # One method per phase, reached through _APPLY (below the class) once the hand is known to go on and the
    # seat to be the one to move. Each checks the action against its phase and leaves the state unchanged when
    # it is refused.
    def _apply_play(self, mover: int, act: Action) -> None:
        if act.kind != "play" or act.card is None:
            raise IllegalActionError(self._wrong_kind(act))
        self.apply(act)  # the fast path at the top of apply() checks and plays the card

    def _apply_bidding(self, mover: int, act: Action) -> None:
        self._apply_bid(mover, self._checked(mover, act))

    def _apply_discard(self, mover: int, act: Action) -> None:
        card = self._checked(mover, act).card
        assert card is not None
        self._hands[mover] &= ~(1 << card.index)
        self._discarded[mover] |= 1 << card.index
        self._advance()

    def _apply_give(self, mover: int, act: Action) -> None:
        card = self._checked(mover, act).card
        assert card is not None
        bit = 1 << card.index
        receiver = (mover + 2) % 4
        self._hands[mover] &= ~bit
        self._hands[receiver] |= bit
        self._received[receiver] |= bit
        self._advance()

    def _apply_trump(self, mover: int, act: Action) -> None:
        self._trump = self._checked(mover, act).suit
        self._advance()

    def _apply_choose(self, mover: int, act: Action) -> None:
        self._apply_choice(mover, self._checked(mover, act).choice or "")

    def _checked(self, mover: int, act: Action) -> Action:
        """``act`` (a bid by its spelled-out name) once it is allowed now, recorded in the history; refused with
        the reason otherwise. Every phase but card play comes through here."""
        if act.kind == "bid" and act not in self._levels:
            try:
                act = bid_named(self.rules, act)
            except CharlemagneError as exc:
                raise IllegalActionError(*exc.args) from None  # its sentence kept, to be said again
        if not self._allowed(mover, act):
            raise IllegalActionError(self._illegal(act, self.legal_actions()))
        self.history.append((SEATS[mover], act))
        return act

    def _allowed(self, mover: int, act: Action) -> bool:
        """Is ``act`` among :meth:`legal_actions`? Answered without building that list."""
        phase = self.phase
        if phase is _BIDDING:
            low, forced = self._bid_floor()
            if act.kind == "pass":
                return not forced
            return self._levels.get(act, -1) >= low
        if phase is _DISCARD or phase is _GIVE:
            return (
                act.kind == _PHASE_KIND[phase]
                and act.card is not None
                and bool(self._hands[mover] >> act.card.index & 1)
            )
        if phase is _TRUMP:
            return act.kind == "trump" and act.suit is not None
        return phase is _CHOOSE and act.kind == "choose" and act.choice in self._choices

    # A refusal is said again in the language of whoever shows it (a French widget in an English course), so
    # each is a sentence whose fields are values or sentences, or one composed again from values read now: never
    # from the state itself, which the next move changes.
    def _doing(self) -> Sentence:
        return sentence(f"hand.doing.{self.phase.value}")

    def _wrong_kind(self, act: Action) -> Sentence:
        seat = Seat(self._to_move or 0)
        return sentence("hand.wrong_kind", act=_said_act(act), seat=seat, doing=self._doing())

    def _illegal_play(self, mover: int, card: Card) -> Sentence:
        hand = cards_of(self._hands[mover])
        if card not in hand:
            return sentence("hand.not_held", seat=Seat(mover), card=card, cards=hand)
        contract = self.contract
        assert contract is not None
        trick = [Card.from_index(i) for i in self._trick]
        return composed("tricks.may_not", lambda lang: explain_play(contract, hand, trick, card, lang=lang).reason)

    def _illegal(self, act: Action, legal: list[Action]) -> Sentence:
        allowed = composed("format.code", lambda lang: _allowed_list(legal, lang))
        if self.phase is _BIDDING and act.kind in ("bid", "pass"):
            if act.kind == "pass":
                minimum = self.rules.dealer_minimum
                why = (
                    sentence("hand.dealer_must_bid") if minimum is None else sentence("hand.dealer_minimum", n=minimum)
                )
                return sentence("hand.cannot_pass", seat=Seat(self._to_move or 0), why=why, allowed=allowed)
            rules = self.rules
            if bid_trump_problem(rules, act):
                why_not = composed("bidding.trump", lambda lang: bid_trump_problem(rules, act, lang=lang))
                return sentence("hand.bad_trump", act=_said_act(act), why=why_not)
            if self._high is not None:
                return sentence("hand.not_higher", act=_said_act(act), high=_said_act(self._high[2]), allowed=allowed)
            return sentence("hand.not_here", act=_said_act(act), allowed=allowed)
        if act.kind != _PHASE_KIND.get(self.phase):
            return self._wrong_kind(act)
        if act.card is not None:
            seat = Seat(self._to_move or 0)
            return sentence("hand.not_held", seat=seat, card=act.card, cards=self.hand(seat))
        return sentence("hand.not_now", act=_said_act(act), allowed=allowed)

    # ------------------------------------------------------------------ bidding
    def _apply_bid(self, mover: int, act: Action) -> None:
        if act.kind == "bid":
            self._high = (self._levels[act], mover, act)
        if mover != self._dealer:
            self._to_move = (mover + 1) % 4
            return
        if self._high is None:
            self._finish_passed_out()
            return
        level, bidder, bid_act = self._high
        spec = self.rules.bids[level]
        self._spec = spec
        self._bidder = bidder
        self._alone = spec.alone == "always"
        if spec.trump in ("with_bid", "with_bid_or_none"):
            self._trump = bid_act.suit
        partner = (bidder + 2) % 4
        steps: list[_Step] = []
        trump_step: list[_Step] = [(_TRUMP, bidder, None)] if spec.trump in ("after_exchange", "after_bidding") else []
        if spec.exchange == "kitty":
            steps += [("take_kitty", bidder, None)] + [(_DISCARD, bidder, None)] * self.rules.kitty_size
            steps += trump_step
        elif spec.exchange == "kitty_and_partner":
            exchange: list[_Step] = [(_GIVE, partner, None), ("take_kitty", bidder, None)]
            exchange += [(_DISCARD, bidder, None)] * (self.rules.kitty_size + 1)
            steps += exchange + trump_step if self.rules.partner_card_first else trump_step + exchange
        elif spec.exchange == "kitty_or_partner":
            steps += [(_CHOOSE, bidder, ("kitty", "partner_card"))] + trump_step
        elif spec.exchange == "partner" and spec.alone == "optional":
            steps += trump_step + [(_CHOOSE, bidder, ("with_partner", "alone"))]
        elif spec.exchange == "partner":
            give: list[_Step] = [(_GIVE, partner, None), (_DISCARD, bidder, None)]
            steps += give + trump_step if self.rules.partner_card_first else trump_step + give
        else:
            steps += trump_step
        self._steps = steps
        self._advance()

    def _apply_choice(self, mover: int, choice: str) -> None:
        partner = (mover + 2) % 4
        bidder = self._bidder
        front: list[_Step] = []
        if choice == "kitty":
            front = [("take_kitty", bidder, None)] + [(_DISCARD, bidder, None)] * self.rules.kitty_size
        elif choice == "partner_card":
            front = [(_GIVE, partner, None), (_DISCARD, bidder, None)]
        elif choice == "alone":
            self._alone = True
            front = [(_GIVE, partner, None), (_DISCARD, bidder, None)]
            if self.rules.lone_defender:
                left, right = (bidder + 1) % 4, (bidder + 3) % 4
                both = ("defend_together", "defend_alone")
                front += [(_CHOOSE, left, both), (_CHOOSE, right, both)]
        elif choice == "defend_alone":
            self._lone_defender = mover
            # the other defender no longer chooses: drop their pending choice
            self._steps = [s for s in self._steps if s[0] is not _CHOOSE]
            front = [(_GIVE, partner, None), (_DISCARD, mover, None)]
        self._steps = front + self._steps
        self._advance()

    def _advance(self) -> None:
        """Run automatic steps and move to the next step that needs a decision."""
        while self._steps:
            what, seat, choices = self._steps.pop(0)
            if what == "take_kitty":
                self._hands[seat] |= self._kitty
                self._kitty_taken = True
                continue
            self.phase = what
            self._to_move = seat
            self._choices = choices or ()
            return
        self._start_play()

    # ------------------------------------------------------------------ play
    def _start_play(self) -> None:
        assert self._spec is not None
        self.contract = Contract.cached(
            self.rules,
            self._spec,
            SEATS[self._bidder],
            self._trump,
            alone=self._alone if self._spec.alone == "optional" else None,
            lone_defender=None if self._lone_defender is None else SEATS[self._lone_defender],
        )
        self._order = self.contract.order
        self._n_active = len(self.contract.active_seats)
        self._next = tuple(map(int, self.contract._next))  # plain ints: see __init__
        self.phase = _PLAY
        self._leader = int(self.contract.first_leader)
        self._to_move = self._leader

    def _play(self, mover: int, idx: int) -> None:
        self._hands[mover] &= ~(1 << idx)
        trick = self._trick
        if not trick:
            self._led = idx
        trick.append(idx)
        self._trick_seats.append(mover)
        if len(trick) < self._n_active:
            self._to_move = self._next[mover]
        else:
            self._end_trick()

    def _end_trick(self) -> None:
        contract = self.contract
        assert contract is not None
        pos = winning_position(self._order, self._trick)
        winner = self._trick_seats[pos]
        self._won[winner] += 1
        # Tricks are kept as plain tuples and dressed as Trick objects only when asked for.
        self._tricks.append((self._leader, self._trick, self._trick_seats, winner))
        self._trick = []
        self._trick_seats = []
        self._led = -1
        self._leader = winner
        self._to_move = winner
        played = len(self._tricks)
        if played == 1 and contract.spec.exposed_after_first_trick:
            self._exposed = True
        if self._decided_after is None and decided(contract, self.bidder_tricks, played) is not None:
            self._decided_after = played
        if played == self.rules.tricks_per_hand or (
            self._decided_after is not None and self.rules.stop_when_decided and not self.rules.per_trick_scoring
        ):
            self._finish()

    def _finish(self) -> None:
        assert self.contract is not None
        score = hand_score(self.contract, self.bidder_tricks)
        self.result = HandResult(
            points=dict(score.points),
            contract=self.contract,
            bidder_tricks=self.bidder_tricks,
            made=score.made,
            decided_after=self._decided_after,
            outright_winner=score.outright_winner,
            passed_out=False,
            tricks_played=len(self._tricks),
        )
        self.phase = _OVER
        self._to_move = None

    def _finish_passed_out(self) -> None:
        self.result = HandResult(
            points={"NS": 0, "EW": 0},
            contract=None,
            bidder_tricks=0,
            made=None,
            decided_after=None,
            outright_winner=None,
            passed_out=True,
        )
        self.phase = _OVER
        self._to_move = None

    # ------------------------------------------------------------------ views
    def view(self, seat: Seat | str) -> SeatView:
        """What ``seat`` can see; other players' cards are hidden (only their counts show)."""
        s = Seat.find(seat)
        bidder = self._bidder
        kitty = None
        if self._kitty_taken and s == bidder:
            kitty = cards_of(self._kitty)
        return SeatView(
            seat=s,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            to_move=self.to_move,
            hand=cards_of(self._hands[s]),
            hand_sizes=dict(zip(_SEAT_NAMES, map(int.bit_count, self._hands), strict=True)),
            bids=self.bids_heard(),
            contract=self.contract,
            trick=self.trick,
            tricks=self.tricks,
            exposed={k: v for k, v in self.exposed_hands.items() if k != s.name},
            kitty=kitty,
            received=cards_of(self._received[s]),
            discards=cards_of(self._discarded[s]),
            legal_actions=self.legal_actions() if self._to_move == s else [],
            result=self.result,
            history=self.history_seen_by(s),
        )

    # ------------------------------------------------------------------ copy / undo / json
    def copy(self) -> HandState:
        other = HandState.__new__(HandState)
        other.__dict__.update(self.__dict__)
        for name in (
            "_hands",
            "history",
            "_steps",
            "_received",
            "_discarded",
            "_trick",
            "_trick_seats",
            "_won",
            "_tricks",
        ):
            setattr(other, name, list(getattr(self, name)))
        return other

    def undo(self) -> Action:
        """Take back the last action and return it."""
        if not self.history:
            raise IllegalActionError(sentence("hand.nothing_to_undo"))
        last = self.history[-1][1]
        replay = self._replayed([a for _, a in self.history[:-1]])
        self.__dict__.update(replay.__dict__)
        return last

    def at(self, moves: int) -> HandState:
        """The hand as it stood after its first ``moves`` actions (0: just dealt), for reviews and replays.

        >>> state = HandState.new(Rules.preset("canadian"), dealer="W", seed=1)
        >>> state.apply("bid 5")
        >>> state.at(0).phase.value, state.at(1).history == state.history
        ('bidding', True)
        """
        if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= len(self.history):
            raise IllegalActionError(sentence("hand.bad_moves", value=quote(moves), n=len(self.history)))
        return self._replayed(a for _, a in self.history[:moves])

    def when(self, move: int, lang: str | None = None) -> str:
        """Where action ``move`` of the hand (0: the first bid) falls, as a player says it: "The bidding", "The
        exchange", or "Trick 3, second card" (the card's place in its trick), never a move number.

        >>> state = HandState.new(Rules.preset("canadian"), dealer="W", seed=1)
        >>> state.apply("bid 5")
        >>> state.when(0), state.when(0, "fr")
        ('The bidding', 'Les enchères')
        """
        language = lang_or_current(lang)
        before = self.at(move)
        if before.phase is Phase.PLAY:
            nth = word(f"narrate.nth.{len(before.trick) + 1}", language)
            return say("narrate.when_card", language, n=len(before.tricks) + 1, nth=nth)
        return say(_PART.get(before.phase, "narrate.when_bidding"), language)

    def _replayed(self, actions: Iterable[Action]) -> HandState:
        fresh = HandState._dealt(self.rules, self.dealer, list(self._deal[0]), self._deal[1])
        for a in actions:
            fresh.apply(a)
        return fresh

    def to_json(self) -> str:
        """The deal and every action: enough to replay the hand exactly."""
        hands, kitty = self._deal
        record = {
            "format": FORMAT,
            "rules": self.rules.to_record(),
            "dealer": self.dealer.name,
            "deal": {
                **{s.name: " ".join(map(str, cards_of(hands[s]))) for s in Seat},
                "kitty": " ".join(map(str, cards_of(kitty))),
            },
            "actions": [str(a) for _, a in self.history],
        }
        return json.dumps(record, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> HandState:
        """The hand :meth:`to_json` wrote, replayed; a text longer than
        :data:`~charlemagne_learn.engine.actions.MAX_RECORD_CHARS` (ten million characters) is refused unread."""

        def start(record: dict[str, Any]) -> HandState:
            deal = record["deal"]
            return cls.new(
                Rules.from_record(record["rules"]),
                record["dealer"],
                hands={s.name: deal[s.name] for s in Seat},
                kitty=deal.get("kitty", ""),
            )

        return load_record(text, FORMAT, "HandState.to_json()", start)

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        where = f"{self.phase.value}, {self.to_move.word} to move" if self.to_move is not None else "over"
        k = f", {self.contract}" if self.contract is not None else ""
        return f"<HandState {self.rules.title}, dealer {self.dealer.word}, {where}{k}>"

    def _repr_html_(self) -> str:
        from .display import show

        return show(self)


# HandState.apply's step for each phase where a seat is to move (none is once the hand is over).
_APPLY: dict[Phase, Callable[[HandState, int, Action], None]] = {
    _BIDDING: HandState._apply_bidding,
    _CHOOSE: HandState._apply_choose,
    _GIVE: HandState._apply_give,
    _DISCARD: HandState._apply_discard,
    _TRUMP: HandState._apply_trump,
    _PLAY: HandState._apply_play,
}
#: The phases before the cards are played, as a player names that part of the hand.
_PART = {Phase.BIDDING: "narrate.when_bidding", Phase.CHOOSE: "narrate.when_choose", Phase.GIVE: "narrate.when_exchange",
         Phase.DISCARD: "narrate.when_exchange", Phase.TRUMP: "narrate.when_exchange"}  # fmt: skip
_PHASE_KIND = {_GIVE: "give", _DISCARD: "discard", _TRUMP: "trump", _CHOOSE: "choose", _PLAY: "play"}
_SEAT_NAMES = tuple(seat.name for seat in Seat)
_CARD = tuple(Card.from_index(i) for i in range(34))
