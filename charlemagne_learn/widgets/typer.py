"""``HandTyper``: a hand played with real cards, typed in afterwards with nothing to type but cards, then reviewed.

Pick the printed board (:func:`~charlemagne_learn.teach.hand_records.hand_records`, the record's seed given here), or
deal the cards by clicks into the four seats (the kitty is what is left); then click each seat's bids and cards as
they were made at the table: every hand lies face up, the seat to move's legal cards alone can be clicked, and Undo
takes back the last click. The record (:mod:`~charlemagne_learn.teach.played`) is written as the hand goes; once the
last card is played the review opens: every seat's decisions graded, the Why? line for each mistake, and the replay
card by card. The table, its buttons, the review and the replay are the play table's own
(:class:`~charlemagne_learn.widgets.playtable.PlayTable`): the same code reviews a hand played on screen.

>>> typer = HandTyper("canadian", seed=1, board=1, grade_samples=8, lang="en")
>>> typer.play("bid 5"), typer.play("pass"), typer.play("pass"), typer.play("bid 6")
(True, True, True, True)
>>> typer.record.state().to_move.word, typer.undo(), len(typer.record.actions)
('North', True, 3)
>>> typer.play("AS")
False
>>> typer.message
"action 4 (the bidding): play A♠ is not allowed now: it is North's turn to bid; North could: pass, bid 6, bid 7, bid 8, bid Mulot, bid Charlemagne, bid Gros Mulot, bid Gros Charlemagne"
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any

from ..analysis.hints import GRADE_SAMPLES
from ..engine.actions import Action
from ..engine.cards import Card, Seat
from ..engine.checks import whole_number, whole_number_text
from ..engine.errors import CardParseError, CharlemagneError, IllegalActionError
from ..engine.hand import HandState
from ..engine.i18n import say, seat_word, sentence, word
from ..engine.rng import check_seed
from ..engine.rules import Rules
from ..teach.hand_records import MAX_BOARDS
from ..teach.picture import TablePicture, card_id, card_view, phase_title, table_picture
from ..teach.played import PlayedHand, PlayedHandError, parse, write
from ..teach.session import TableSession, rules_of
from . import payloads as P
from ._traits import Payload
from .payloads import TyperChoice, TyperPanel
from .playtable import PlayTable

__all__ = ["HandTyper"]

#: The boards a typer's menu offers: a club session's.
BOARDS = 16


class HandTyper(PlayTable):
    """A hand played with real cards, typed in by clicks: board ``board`` of the hand record dealt from ``seed``
    (None: deal the cards by clicks, :meth:`deal_yourself`), or the hand a ``record``'s text writes
    (:mod:`~charlemagne_learn.teach.played`), played on from where it stops. ``grade_samples``: deals behind each
    grade of the review (fewer: quicker, rougher). :meth:`play` is a click on a card or a bid's button, :meth:`undo`
    the Undo button; :attr:`record` is the hand so far."""

    #: The typer's own panel (:class:`~.payloads.TyperPanel`): the board or the deal, undo and the record.
    typer = Payload(P.TyperPanel).tag(sync=True)

    def __init__(
        self,
        variant: str | Rules | None = None,
        *,
        seed: int = 1,
        board: int | None = 1,
        record: str | None = None,
        lang: str | None = None,
        grade_samples: int = GRADE_SAMPLES,
        four_colour: bool = False,
        **rules_options: Any,
    ) -> None:
        self._rules = rules_of(variant, rules_options) if record is None else parse(record).rules
        self._seed = check_seed(seed)
        self._samples = grade_samples
        number = 1 if board is None or record is not None else whole_number("board", board, 1, MAX_BOARDS)
        self._played = PlayedHand.from_board(self._rules, self._seed, number)
        #: While the cards are dealt by clicks: each seat's so far, the seat the next goes to and the dealer.
        self._dealing: dict[Seat, list[Card]] | None = None
        self._deal_to = Seat.N
        self._dealer = Seat.N
        super().__init__(
            self._rules, people="NESW", lang=lang, hints=False, grade_moves=False, grade_samples=grade_samples,
            four_colour=four_colour, pace="off",
        )  # fmt: skip
        self._start(parse(record) if record is not None else self._played)
        if record is None and board is None:
            self.deal_yourself()

    # ------------------------------------------------------------ the deal
    def pick_board(self, board: int | str) -> bool:
        """The board menu: board ``board`` of the record dealt from the seed, before its first bid."""
        try:
            given = whole_number_text("board", board) if isinstance(board, str) else board
            number = whole_number("board", given, 1, MAX_BOARDS)
            self._dealing = None
            self._start(PlayedHand.from_board(self._rules, self._seed, number))
        except CharlemagneError as exc:
            self.message = self._refusal(exc)
            return False
        return True

    def deal_yourself(self) -> None:
        """The Deal the cards yourself button: every card back in the deck, to be dealt by clicks (North first)."""
        self._dealing = {s: [] for s in Seat}
        self._deal_to = Seat.N
        self._refresh()

    def deal_to(self, seat: Seat | str) -> bool:
        """The next card clicked goes to ``seat``."""
        found = self._seat(seat)
        if found is not None:
            self._deal_to = found
            self._refresh()
        return found is not None

    def set_dealer(self, seat: Seat | str) -> bool:
        """The dealer menu, while the cards are dealt by clicks."""
        found = self._seat(seat)
        if found is not None:
            self._dealer = found
            self._refresh()
        return found is not None

    def _seat(self, seat: Seat | str) -> Seat | None:
        """``seat`` as the page or a caller named it, or None with the refusal shown (nothing else changes)."""
        try:
            return Seat.find(seat)
        except CharlemagneError as exc:
            self.message = self._refusal(exc)
            return None

    def deal(self, card: Card | str) -> bool:
        """A click on a card while dealing: from the deck into the seat being dealt (then the next seat once it is
        full), or from a seat back into the deck."""
        dealing = self._dealing
        try:
            if dealing is None:
                raise IllegalActionError(sentence("typer.not_dealing"))
            chosen = Card.parse(card)
            if chosen not in self._deck():
                raise IllegalActionError(
                    sentence("typer.not_in_deck", card=chosen, title=self._rules.named(self._lang))
                )
        except (IllegalActionError, CardParseError) as exc:
            self.message = self._refusal(exc)
            return False
        holder = next((s for s, cards in dealing.items() if chosen in cards), None)
        size = self._rules.hand_size
        if holder is not None:
            dealing[holder].remove(chosen)
            self._deal_to = holder
        elif len(dealing[self._deal_to]) >= size:
            self.message = say("typer.seat_full", self._lang, seat=self._deal_to, n=size)
            return False
        else:
            dealing[self._deal_to].append(chosen)
            if len(dealing[self._deal_to]) == size:  # on to the next seat still short of cards
                self._deal_to = next((s for s in Seat if len(dealing[s]) < size), self._deal_to)
        self.message = ""
        self._refresh()
        return True

    def finish_deal(self) -> bool:
        """The Done button once every hand is full: the cards left are the kitty, and the bidding begins."""
        dealing = self._dealing
        size = self._rules.hand_size
        if dealing is None or any(len(cards) != size for cards in dealing.values()):
            self.message = say("typer.deal_short", self._lang, n=size)
            return False
        dealt = {c for cards in dealing.values() for c in cards}
        kitty = [c for c in self._deck() if c not in dealt]
        try:
            played = PlayedHand(self._rules, self._dealer, tuple(dealing[s] for s in Seat), kitty)  # type: ignore[arg-type]
            played.state()
        except CharlemagneError as exc:
            self.message = self._refusal(exc)
            return False
        self._dealing = None
        self._start(played)
        return True

    def _deck(self) -> list[Card]:
        """The variant's cards, in the engine's order (by suit, low to high, the jokers last)."""
        return [Card.from_index(i) for i in sorted(self._rules.deck_indices)]

    # ------------------------------------------------------------ the hand
    @property
    def record(self) -> PlayedHand:
        """The hand typed in so far: its deal and every action (:func:`~charlemagne_learn.teach.played.write` writes
        it as text)."""
        played = PlayedHand.of(self._session.state)
        board, seed = self._played.board, self._played.seed
        return played if board is None else replace(played, board=board, seed=seed)

    def undo(self) -> bool:
        """The Undo button: take back the last bid or card (the review closes if the hand was over)."""
        actions = self.record.actions
        if not actions:
            self.message = word("typer.nothing_to_undo", self._lang)
            return False
        self._start(replace(self.record, actions=actions[:-1]))
        return True

    def load(self, text: str) -> bool:
        """Read a record's text (:mod:`~charlemagne_learn.teach.played`) and play on from where it stops."""
        try:
            played = parse(text)
        except CharlemagneError as exc:
            self.message = self._refusal(exc)
            return False
        self._dealing = None
        self._start(played)
        return True

    def play(self, action: Action | Card | str) -> bool:
        """A click on a card or a bid's button: the seat to move's action, as the engine checks it; refused with the
        part of the hand, the seat and what it could do."""
        state = self._session.state
        if self._session.done is None and state.to_move is not None:
            try:
                act = self._session.action(action)
                typed = PlayedHand.of(state)
                replace(typed, actions=(*typed.actions, act)).state()
            except PlayedHandError as exc:
                self.message = self._refusal(exc)
                return False
            except (IllegalActionError, CardParseError):
                pass  # not an action at all: the table's own refusal says so
        return super().play(action)

    def next_hand(self) -> bool:
        """A typer holds one hand: there is no next one to deal (pick another board, or deal the cards yourself)."""
        return False

    def _start(self, played: PlayedHand) -> None:
        """The table for ``played``: its deal, then every action of it replayed as clicked."""
        session = TableSession(
            played.rules, people="NESW", seed=played.seed or 0, first_dealer=played.dealer,
            hands={s: played.hands[s] for s in Seat}, kitty=played.kitty, hints=False, grade_moves=False,
            grade_samples=self._samples, pace="off", screen=False, lang=self._lang,
        )  # fmt: skip
        for action in played.actions:
            session.play(action)
        self._played = played
        # the menus follow the hand on the table: its variant, and the record its board was dealt from
        self._rules = played.rules
        self._seed = played.seed if played.seed is not None else self._seed
        self._session = session
        self.replay = -1
        self.replay_info = {}
        self.review = {}
        self.message = ""
        with self.hold_sync():
            self._refresh()
        self._write_review()

    # ------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        super()._redraw()
        if not hasattr(self, "_played"):
            return
        session = self._session
        lang = self._lang
        if session.done is None and self._dealing is None:
            # every hand face up, as the cards lay for whoever types them in; the seat to move's own to click
            picture = table_picture(session.state, None, lang)
            chosen = {card_id(c) for c in session.chosen}
            for seat in picture["seats"]:
                seat["you"] = seat["to_move"]
                if seat["you"] and chosen:
                    seat["cards"] = [{**c, "selected": c["id"] in chosen} for c in seat["cards"]]
            self._name_players(picture)
            self.picture = picture
        if self._dealing is not None:  # the table waits for the deal: nothing to bid or play yet
            self.prompt, self.actions, self.screen, self.status = "", [], {}, ""
        self.typer = self._panel()

    def _status_line(self, state: HandState) -> str:
        # one hand, not a game: the board it was dealt as, and where the hand is (no game score)
        lang = self._lang
        where = phase_title(state, lang)
        board, seed = self._played.board, self._played.seed
        return where if board is None else f"{say('typer.board_n', lang, n=board, seed=seed)} · {where}"

    def _name_players(self, picture: TablePicture) -> None:
        for seat in picture["seats"]:
            seat["player"] = ""  # every seat a player at the real table, none of them a bot

    def _review_hand(self, hand: HandState) -> None:
        super()._review_hand(hand)
        # one hand, not a game: no next hand, no game score
        self.review = {**self.review, "next": "", "game_points": "", "log": []}

    def _panel(self) -> TyperPanel:
        lang = self._lang
        dealing = self._dealing
        actions = self.record.actions if dealing is None else ()
        stage = "deal" if dealing is not None else "review" if self._session.done is not None else "play"
        own: TyperChoice = {"id": "", "text": word("typer.own_deal", lang)}
        boards: list[TyperChoice] = [
            {"id": str(n), "text": say("typer.board_n", lang, n=n, seed=self._seed)} for n in range(1, BOARDS + 1)
        ]
        panel: TyperPanel = {
            "stage": stage,
            "title": word("typer.title", lang),
            "board_label": word("typer.board", lang),
            "boards": [own, *boards],
            "board": "" if dealing is not None or self._played.board is None else str(self._played.board),
            "deal_yourself": word("typer.deal_yourself", lang),
            "undo": word("typer.undo", lang) if actions else "",
            "record_title": word("typer.record", lang),
            "record": write(self.record) if dealing is None else "",
        }
        if dealing is not None:
            size = self._rules.hand_size
            dealt = {c for cards in dealing.values() for c in cards}
            full = all(len(cards) == size for cards in dealing.values())
            panel["seats"] = [
                {
                    "seat": s.name,
                    "name": seat_word(s, lang),
                    "cards": [card_view(c, lang) for c in dealing[s]],
                    "count_text": say("typer.count", lang, n=len(dealing[s]), size=size),
                    "current": s == self._deal_to and not full,
                }
                for s in Seat
            ]
            panel["deck"] = [card_view(c, lang) for c in self._deck() if c not in dealt]
            panel["deal_prompt"] = (
                say("typer.kitty_left", lang) if full else say("typer.deal_prompt", lang, seat=self._deal_to)
            )
            panel["dealer_label"] = word("typer.dealer", lang)
            panel["dealers"] = [{"id": s.name, "text": seat_word(s, lang)} for s in Seat]
            panel["dealer"] = self._dealer.name
            panel["finish"] = word("typer.finish", lang) if full else ""
        return panel

    def _on_click(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        value = str(content.get("value", ""))
        with self.hold_sync():
            if kind == "board":
                if value:
                    self.pick_board(value)
                else:
                    self.deal_yourself()
            elif kind == "deal_card":
                self.deal(value)
            elif kind == "deal_to":
                self.deal_to(value)
            elif kind == "dealer":
                self.set_dealer(value)
            elif kind == "finish_deal":
                self.finish_deal()
            elif kind == "undo":
                self.undo()
            elif self._dealing is None:
                super()._on_click(content)

    def __repr__(self) -> str:
        where = "dealing" if self._dealing is not None else self._session.summary()
        return f"HandTyper({where})"

    def _static_html(self) -> str:
        # where no widget runs: the hand's review once it is over (each decision, its grade and why), else the table
        review = self.review
        if not review.get("title"):
            return super()._static_html()
        lines = "".join(
            f"<li><strong>{escape(line['when'])}</strong> {escape(line['phase'])} {escape(line['action'])}: "
            f"{escape(line['grade_word'])}. {escape(line['reason'])}</li>"
            for line in review["lines"]
        )
        return (
            f'<div class="cl-playtable"><p><strong>{escape(review["title"])}</strong></p><ol>{lines}</ol>'
            f"<p>{escape(review['result'])}</p></div>"
        )
