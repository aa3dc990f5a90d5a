"""A hand played with real cards, typed in afterwards: a plain-text record a teacher or a family writes by hand (or
:class:`~charlemagne_learn.widgets.typer.HandTyper` writes from clicks), read back into the engine's hand and
reviewed as a hand played at the table is (:func:`review_rows`, the table's own review).

The record is a few ``key: value`` lines (``docs/played_hands.md`` says each): the variant and its house options,
the deal (a printed board's number and the record's seed, or the dealer, the four hands and the kitty), the
bidding, the exchange, and one line a trick, each card after the seat that played it. Cards and actions are written
as the engine writes them (``10♥``, ``bid 6``, ``discard 7♣``); ``10H`` and ``TH`` are read too. Reading a record
plays every action in the engine: a card the rules do not allow is refused with its line, its trick, the seat and
what that seat could play.

>>> text = '''
... variant: canadian
... board: 1
... seed: 1
... bidding: E pass, S 6, W pass, N pass
... '''
>>> played = parse(text)
>>> played.dealer.word, str(played.actions[1]), played.state().phase.value
('North', 'bid 6', 'discard')
>>> parse(write(played)) == played
True
>>> parse(text + "trick 1: E AS")
Traceback (most recent call last):
...
charlemagne_learn.teach.played.PlayedHandError: line 6 (trick 1): it is South's turn to discard, not East's; South could: 10♣ J♣ K♣ 7♦ 8♦ 9♦ 7♥ 8♥ 7♠ K♠
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..analysis.hints import GRADE_SAMPLES, ReviewLine
from ..engine.actions import Action
from ..engine.cards import Card, CardList, Seat, parse_cards
from ..engine.checks import whole_number, whole_number_text
from ..engine.deal import cards_of, mask_of
from ..engine.errors import CharlemagneError, IllegalActionError, quote
from ..engine.hand import HandState, Phase
from ..engine.i18n import Codes, Lang, composed, lang_or_current, say, sentence
from ..engine.rng import check_seed
from ..engine.rules import Rules
from .hand_records import MAX_BOARDS, dealt_board
from .session import review_rows

__all__ = ["FORMAT", "PlayedHand", "PlayedHandError", "parse", "write"]

#: The record's first line names its format, so a later format can read this one.
FORMAT = "charlemagne_learn.played/1"
#: The seats as a record names them, North first (the engine's order).
_SEAT_KEYS = ("north", "east", "south", "west")
_SEAT_WORDS = {**{s.name: s for s in Seat}, **{k.upper(): s for k, s in zip(_SEAT_KEYS, Seat, strict=True)}}
#: Every key a record may have; ``trick N`` for each trick, from 1.
KEYS = ("format", "variant", "options", "board", "seed", "dealer", *_SEAT_KEYS, "kitty", "bidding", "exchange")
#: The longest record read (characters): a whole hand is under a kilobyte.
MAX_CHARS = 100_000
_CARD_KINDS = ("play", "discard", "give")


class PlayedHandError(IllegalActionError):
    """A record of a played hand that cannot be read or played: the line, the part of the hand and why."""


@dataclass(frozen=True)
class PlayedHand:
    """A hand played with real cards: the rules, the deal (and the printed board it came from, if any) and every
    action in the order made. :meth:`state` plays them in the engine."""

    rules: Rules
    dealer: Seat
    #: Each seat's cards as dealt, North first, and the kitty.
    hands: tuple[CardList, CardList, CardList, CardList]
    kitty: CardList
    actions: tuple[Action, ...] = ()
    #: The printed board's number and the record's seed (:func:`~.hand_records.hand_records`), or None.
    board: int | None = None
    seed: int | None = None
    #: Where each action was read (its line and the part of the hand), for the refusals; not part of the record.
    _where: tuple[tuple[int, str, int], ...] = field(default=(), compare=False, repr=False)

    @classmethod
    def of(cls, state: HandState, *, board: int | None = None, seed: int | None = None) -> PlayedHand:
        """The record of ``state``: its deal and every action so far (``board`` and ``seed``: the printed board it
        was dealt from)."""
        if not isinstance(state, HandState):
            raise PlayedHandError(sentence("played.not_a_state", given=type(state).__name__))
        dealt = state.at(0)
        hands = tuple(dealt.hand(s) for s in Seat)
        record = cls(state.rules, state.dealer, hands, dealt.kitty, tuple(a for _, a in state.history))  # type: ignore[arg-type]
        if board is not None or seed is not None:
            record = record.on_board(board, seed)
        return record

    @classmethod
    def from_board(cls, rules: Rules | str | None, seed: int, board: int) -> PlayedHand:
        """Board ``board`` of the printed record dealt from ``seed``, before its first bid."""
        ruled = Rules.find(rules)
        number = whole_number("board", board, 1, MAX_BOARDS)
        dealer, _, hands, kitty = dealt_board(ruled, check_seed(seed), number)
        dealt = tuple(cards_of(h) for h in hands)
        return cls(ruled, dealer, dealt, cards_of(kitty), (), number, seed)  # type: ignore[arg-type]

    def on_board(self, board: int | None, seed: int | None) -> PlayedHand:
        """This hand marked as board ``board`` of the record dealt from ``seed``: refused unless its deal is that
        board's."""
        if board is None or seed is None:
            raise PlayedHandError(sentence("played.board_and_seed"))
        dealt = PlayedHand.from_board(self.rules, seed, board)
        if (dealt.dealer, _masks(dealt.hands), dealt.kitty) != (self.dealer, _masks(self.hands), self.kitty):
            raise PlayedHandError(sentence("played.not_the_board", board=board, seed=seed))
        return PlayedHand(self.rules, self.dealer, self.hands, self.kitty, self.actions, board, seed)

    def state(self) -> HandState:
        """The hand in the engine after every action, each checked by the rules; refused (:class:`PlayedHandError`)
        at the first the rules do not allow, saying where it was and what was allowed."""
        hands: dict[str | Seat, Iterable[Card | str] | str] = {s: self.hands[s] for s in Seat}
        try:
            state = HandState.new(self.rules, self.dealer, hands=hands, kitty=self.kitty)
        except CharlemagneError as exc:
            raise PlayedHandError(sentence("played.bad_deal", why=exc)) from None
        for number, action in enumerate(self.actions):
            line, part, seat = self._where[number] if number < len(self._where) else (0, "", -1)
            _apply(state, action, None if seat < 0 else Seat(seat), line, part or _part(state), number + 1)
        return state

    def review(
        self, seats: Iterable[Seat | str] = tuple(Seat), samples: int = GRADE_SAMPLES, *, lang: str | None = None
    ) -> list[tuple[Seat, ReviewLine]]:
        """The finished hand's decisions of ``seats`` (all four by default), in the order made, each graded: the
        review the table writes after a hand (:func:`review_rows`)."""
        state = self.state()
        if not state.is_over:
            raise PlayedHandError(sentence("played.not_over", n=len(state.tricks)))
        return review_rows(state, [Seat.find(s) for s in seats], samples, lang_or_current(lang))

    def write(self) -> str:
        """The record as text: :func:`parse` reads it back."""
        return write(self)


def _masks(hands: Iterable[CardList]) -> tuple[int, ...]:
    return tuple(mask_of(h) for h in hands)


def _part(state: HandState) -> str:
    """The part of the hand the next action falls in, as a record's line names it."""
    if state.phase is Phase.BIDDING:
        return "bidding"
    if state.phase is Phase.PLAY:
        return f"trick {len(state.tricks) + 1}"
    return "exchange"


def _where(part: str) -> Any:
    """A record's part of the hand ("trick 5") as a refusal says it, in its language."""
    if part.startswith("trick "):
        return sentence("played.where.trick", n=int(part.split()[1]))
    return sentence("played.where.bidding" if part == "bidding" else "theme.exchange")


def _legal(state: HandState) -> Any:
    """What the seat to move could do, as a refusal lists it: cards by their faces, anything else as said."""
    legal = state.legal_actions()
    seat = state.to_move

    def listed(lang: Lang) -> str:
        if legal and all(a.kind in _CARD_KINDS for a in legal):
            return " ".join(a.card.face(lang) for a in legal if a.card is not None)
        return ", ".join(a.text(lang) for a in legal)

    return composed("played.legal", lambda lang: say("played.legal", lang, seat=seat, allowed=listed(lang)))


def _apply(state: HandState, action: Action, seat: Seat | None, line: int, part: str, number: int) -> None:
    """Play one action of a record, or refuse it with where it was: its line (or its number, in a record made in
    code), its part of the hand, why, and what the seat to move could do."""
    try:
        if part.startswith("trick ") and state.phase is Phase.PLAY and len(state.tricks) + 1 != int(part.split()[1]):
            raise IllegalActionError(sentence("played.wrong_trick", n=len(state.tricks) + 1))
        state.apply(action, seat)
    except IllegalActionError as exc:
        allowed = _legal(state) if state.to_move is not None else sentence("played.hand_over")
        if line:
            raise PlayedHandError(
                sentence("played.refused_line", line=line, where=_where(part), why=exc, allowed=allowed)
            ) from None
        raise PlayedHandError(
            sentence("played.refused", n=number, where=_where(part), why=exc, allowed=allowed)
        ) from None


# ---------------------------------------------------------------- text
def write(played: PlayedHand) -> str:
    """``played`` as the lines of a record (:func:`parse` reads them back to the same hand)."""
    if not isinstance(played, PlayedHand):
        raise PlayedHandError(sentence("played.not_a_record", given=type(played).__name__))
    record = played.rules.to_record()
    options = {k: v for k, v in record.items() if k != "variant"}
    lines = [f"format: {FORMAT}", f"variant: {record['variant']}"]
    if options:
        lines.append("options: " + json.dumps(options, ensure_ascii=False, sort_keys=True))
    if played.board is not None:
        lines += [f"board: {played.board}", f"seed: {played.seed}"]
    lines.append(f"dealer: {played.dealer.name}")
    lines += [f"{key}: {played.hands[s]}" for key, s in zip(_SEAT_KEYS, Seat, strict=True)]
    lines.append(f"kitty: {played.kitty}")
    bidding: list[str] = []
    exchange: list[str] = []
    tricks: list[list[str]] = []
    state = played.state()
    for mover, action in state.history:
        text = str(action)
        if action.kind in ("bid", "pass") and not exchange and not tricks:
            bidding.append(f"{mover.name} {text.removeprefix('bid ')}")
        elif action.kind == "play":
            if not tricks or len(tricks[-1]) == _trick_size(state, len(tricks) - 1):
                tricks.append([])
            tricks[-1].append(f"{mover.name} {action.card}")
        else:
            exchange.append(f"{mover.name} {text}")
    if bidding:
        lines.append("bidding: " + ", ".join(bidding))
    if exchange:
        lines.append("exchange: " + ", ".join(exchange))
    lines += [f"trick {n}: " + ", ".join(cards) for n, cards in enumerate(tricks, 1)]
    return "\n".join(lines) + "\n"


def _trick_size(state: HandState, index: int) -> int:
    """How many cards trick ``index`` holds (three when a partner sits out)."""
    tricks = state.tricks
    return len(tricks[index].cards) if index < len(tricks) else 5


def parse(text: str) -> PlayedHand:
    """The hand a record's text writes, every action played in the engine; refused (:class:`PlayedHandError`) with
    the line and what that line may hold."""
    if not isinstance(text, str):
        raise PlayedHandError(sentence("played.not_text", given=type(text).__name__))
    if len(text) > MAX_CHARS:
        raise PlayedHandError(sentence("played.too_long", size=len(text), most=MAX_CHARS))
    fields: dict[str, tuple[int, str]] = {}
    tricks: list[tuple[int, int, str]] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), 1):
        content = raw.strip()
        if not content or content.startswith("#"):
            continue
        key, colon, value = content.partition(":")
        key = " ".join(key.lower().split())
        if not colon or not (key in KEYS or key.startswith("trick ")):
            raise PlayedHandError(sentence("played.bad_line", line=number, text=quote(content), keys=Codes(KEYS)))
        if key.startswith("trick "):
            tricks.append((number, _trick_number(key, number), value.strip()))
            continue
        if key in fields:
            raise PlayedHandError(sentence("played.twice", line=number, key=key, first=fields[key][0]))
        fields[key] = (number, value.strip())
    if "format" in fields and fields["format"][1] != FORMAT:
        raise PlayedHandError(sentence("played.format", line=fields["format"][0], fmt=FORMAT))
    rules = _rules(fields)
    played = _deal(rules, fields)
    actions: list[Action] = []
    where: list[tuple[int, str, int]] = []
    for key in ("bidding", "exchange"):
        if key in fields:
            line, value = fields[key]
            for item in _items(value):
                seat, act = _item(item, key, line)
                actions.append(act)
                where.append((line, key, -1 if seat is None else int(seat)))
    expected = 1
    for line, n, value in tricks:
        if n != expected:
            raise PlayedHandError(sentence("played.trick_order", line=line, n=n, expected=expected))
        expected += 1
        for item in _trick_items(value):
            seat, act = _item(item, "trick", line)
            actions.append(act)
            where.append((line, f"trick {n}", -1 if seat is None else int(seat)))
    played = PlayedHand(played.rules, played.dealer, played.hands, played.kitty, tuple(actions), played.board,
                        played.seed, tuple(where))  # fmt: skip
    played.state()  # every action checked by the rules, each refusal naming its line
    return played


def _trick_number(key: str, line: int) -> int:
    number = key.removeprefix("trick ").strip()
    if not (number.isascii() and number.isdigit() and 1 <= len(number) <= 2):
        raise PlayedHandError(sentence("played.bad_trick", line=line, key=quote(key)))
    return int(number)


def _items(value: str) -> list[str]:
    return [item.strip() for item in value.split(",") if item.strip()]


def _trick_items(value: str) -> list[str]:
    """A trick's cards, each after its seat when written: commas or spaces between them (``E A♠, S 7♠`` or
    ``A♠ 7♠ 9♠ J♠``)."""
    items: list[str] = []
    seat = ""
    for token in value.replace(",", " ").split():
        if token.upper() in _SEAT_WORDS and not seat:
            seat = token
        elif token.lower() != "play":
            items.append(f"{seat} {token}".strip())
            seat = ""
    return items + ([seat] if seat else [])


def _item(item: str, part: str, line: int) -> tuple[Seat | None, Action]:
    """One comma-separated item of a line: the seat that acted (if written) and its action; in the bidding a bid may
    be written without the word ("6", "5♠"), in a trick a card without "play"."""
    words = item.split()
    seat = _SEAT_WORDS.get(words[0].upper()) if len(words) > 1 else None
    text = " ".join(words[1:] if seat is not None else words)
    if part == "bidding" and text.lower() != "pass" and not text.lower().startswith("bid "):
        text = f"bid {text}"
    elif part == "trick" and not text.lower().startswith("play "):
        text = f"play {text}"
    try:
        return seat, Action.parse(text)
    except CharlemagneError as exc:
        raise PlayedHandError(sentence("played.bad_item", line=line, item=quote(item), why=exc)) from None


def _rules(fields: Mapping[str, tuple[int, str]]) -> Rules:
    line, variant = fields.get("variant", (0, "canadian"))
    options: dict[str, Any] = {}
    if "options" in fields:
        line, text = fields["options"]
        try:
            options = json.loads(text)
        except (json.JSONDecodeError, RecursionError, ValueError):
            options = None  # type: ignore[assignment]
        if not isinstance(options, dict) or "variant" in options:
            raise PlayedHandError(sentence("played.bad_options", line=line, example='{"dealer_minimum": 6}'))
    try:
        return Rules.from_record({**options, "variant": variant})
    except CharlemagneError as exc:
        raise PlayedHandError(sentence("played.at_line", line=line, why=exc)) from None


def _deal(rules: Rules, fields: Mapping[str, tuple[int, str]]) -> PlayedHand:
    """The deal a record writes: a board (its number and seed) or the dealer and the cards, checked against each
    other when both are written."""
    written = [k for k in ("dealer", *_SEAT_KEYS, "kitty") if k in fields]
    if "board" in fields or "seed" in fields:
        if "board" not in fields or "seed" not in fields:
            line = fields.get("board", fields.get("seed", (0, "")))[0]
            raise PlayedHandError(sentence("played.board_needs_seed", line=line))
        try:
            board = whole_number_text("board", fields["board"][1])
            seed = whole_number_text("seed", fields["seed"][1])
            dealt = PlayedHand.from_board(rules, seed, board)
        except CharlemagneError as exc:
            raise PlayedHandError(sentence("played.at_line", line=fields["board"][0], why=exc)) from None
        for key in written:  # written too: the same cards as the board's
            line, value = fields[key]
            given = _deal_field(key, value, line)
            if key == "dealer":
                same = given == dealt.dealer
            elif key == "kitty":
                same = mask_of(given) == mask_of(dealt.kitty)
            else:
                same = mask_of(given) == mask_of(dealt.hands[_SEAT_KEYS.index(key)])
            if not same:
                raise PlayedHandError(sentence("played.not_board_cards", line=line, key=key, board=board))
        return dealt
    missing = [k for k in ("dealer", *_SEAT_KEYS) if k not in fields]
    if missing:
        raise PlayedHandError(sentence("played.no_deal", missing=Codes(missing, "and")))
    dealer = _deal_field("dealer", fields["dealer"][1], fields["dealer"][0])
    hands = tuple(_deal_field(k, fields[k][1], fields[k][0]) for k in _SEAT_KEYS)
    kitty = _deal_field("kitty", *reversed(fields.get("kitty", (0, ""))))  # type: ignore[arg-type]
    played = PlayedHand(rules, dealer, hands, kitty)
    try:
        HandState.new(rules, dealer, hands={s.name: hands[s] for s in Seat}, kitty=kitty)
    except CharlemagneError as exc:
        raise PlayedHandError(sentence("played.bad_deal_lines", line=fields["north"][0], why=exc)) from None
    return played


def _deal_field(key: str, value: str, line: int) -> Any:
    try:
        if key == "dealer":
            return Seat.find(value)
        return parse_cards(value, distinct=key)
    except CharlemagneError as exc:
        raise PlayedHandError(sentence("played.bad_cards", line=line, key=key, why=exc)) from None
