"""``TableSession``: a table of whole hands and a whole game, in plain Python — the people at it, the bots in the
other seats, the bots' part of the hand told a step at a time, the bidder's exchange chosen card by card, the pass
screen between two people at one screen, the grades, the hints and the review after each hand. Any front end
drives it: :class:`~charlemagne_learn.widgets.playtable.PlayTable` draws it in a notebook, ``python -m
charlemagne_learn play`` in a terminal (:mod:`.terminal`), a test from its calls alone.

Each method is what a person at the table does (:meth:`~TableSession.play`, :meth:`~TableSession.choose_discard`,
:meth:`~TableSession.hint`, :meth:`~TableSession.next_hand`, …); a move the game refuses raises the engine's error
and leaves the table as it was. What each seat may see is :meth:`~TableSession.seen_by`; the rest is plain data (the
game, the hand, the bots' moves told so far, the review's rows), never words of a page.

>>> s = TableSession("canadian", "S", seed=1, grade_moves=False)
>>> s
TableSession(Canadian Charlemagne, you are South; hand 1, bidding, your turn; NS 0 – EW 0)
>>> s.play("bid 9")
Traceback (most recent call last):
...
charlemagne_learn.engine.errors.IllegalActionError: Canadian Charlemagne has no bid '9'; its bids are 5, 6, 7, 8, Mulot, Charlemagne (Charles, Petit Charles), Gros Mulot (Mulot+), Gros Charlemagne (Charles+)
>>> move = s.play("pass")  # and the bots bid, North wins the auction, takes the kitty and East leads
>>> move.seat, str(move.action), move.grade
(<Seat.S: 2>, 'pass', None)
>>> south = s.seen_by("S")
>>> south.to_act, [str(a) for a in south.legal][:3], south.view
(True, ['play 9♣', 'play K♣', 'play 7♦'], <SeatView South, play, South to move, 6 ♦ by North: hand 9♣ K♣ 7♦ 9♦ J♦ 9♠ J♠ Q♠; trick: E 10♥>)
>>> s.seen_by("N").to_act, s.seen_by("N").legal
(False, ())
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.bots import Bot
from ..analysis.exchange import ExchangeChoice, ExchangeHint, exchange_hint, exchange_made
from ..analysis.hints import GRADE_SAMPLES, Hint, ReviewLine, before_exchange, hint, review
from ..analysis.hints import graded as hinted
from ..analysis.kinds import SeatKinds, make_bot, seat_kinds
from ..analysis.odds import MAX_SAMPLES
from ..analysis.work import ahead
from ..course import course_variant
from ..engine.actions import Action
from ..engine.cards import Card, Seat
from ..engine.checks import flag, whole_number
from ..engine.errors import CardParseError, IllegalActionError, RulesOptionError, quote
from ..engine.game import Game
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import Forms, Lang, check_lang, say, seat_word, sentence
from ..engine.rng import derive_seed
from ..engine.rules import Rules

__all__ = [
    "CARD_KIND",
    "CONFIRM",
    "EXCHANGE_SAMPLES",
    "PACES",
    "UNDO",
    "CardGrade",
    "ExchangeGrade",
    "Move",
    "Seen",
    "Story",
    "TableSession",
    "check_pace",
    "grade_exchange",
    "review_rows",
    "rules_of",
    "seats_of",
]

#: What a card stands for, typed or clicked, by phase (any other phase: a card to play).
CARD_KIND = {Phase.PLAY: "play", Phase.DISCARD: "discard", Phase.GIVE: "give"}
#: The bidder's exchange, graded as a whole (the cards put aside and the trump) once it is complete.
EXCHANGE = (Phase.DISCARD, Phase.TRUMP)
#: The discard's two buttons (no action of the engine's is written so).
CONFIRM, UNDO = "confirm discards", "undo discards"
#: The paces the bots' part of the hand may be told at (:attr:`TableSession.pace`).
PACES = ("step", "slow", "normal", "fast", "off")
#: No action is written in more characters ("choose defend_together", "bid gros_charlemagne", with room to spare).
LONGEST_ACTION = 60
#: The most deals behind the ranking of whole exchanges (a few dozen of them, each searched on every deal).
EXCHANGE_SAMPLES = 400
#: The most characters of a typed action a refusal repeats (as a widget's refusals do).
_ECHO = 40


def rules_of(variant: str | Rules | None, options: dict[str, Any]) -> Rules:
    """The rules a table made from ``variant`` plays: a :class:`Rules` as given (no options added to it), a
    variant's name as its preset with ``options``, None the course's variant and house rules."""
    if isinstance(variant, Rules):
        if options:
            raise RulesOptionError(sentence("play.rules_and_options", options=", ".join(sorted(options))))
        return variant
    name, options = course_variant(variant, options)
    return Rules.preset(name, **options)


def check_pace(pace: object) -> str:
    """``pace`` if it is one of :data:`PACES`; refused otherwise, naming them."""
    if pace not in PACES:
        raise RulesOptionError(sentence("play.bad_pace", given=quote(pace), allowed=", ".join(PACES)))
    return str(pace)


@dataclass(frozen=True)
class Story:
    """The bots' part of the hand being told: the hand, the first action told (the person's own last move, when
    there is one) and the action on show. Told to its last action, the story is over."""

    hand: HandState
    first: int
    at: int

    @property
    def over(self) -> bool:
        return self.at >= len(self.hand.history) - 1

    @property
    def moves(self) -> range:
        """The actions told so far, first to the one on show."""
        return range(self.first, self.at + 1)


@dataclass(frozen=True)
class CardGrade:
    """A bid or card graded: the choices ranked at the mover's ``view``, and the ``action`` chosen among them."""

    view: SeatView
    action: Action
    ranked: Hint


@dataclass(frozen=True)
class ExchangeGrade:
    """The bidder's whole exchange graded once complete: every exchange ranked, and the one made."""

    ranked: ExchangeHint
    mine: ExchangeChoice


@dataclass(frozen=True)
class Move:
    """A person's move taken by the table: who made it, what it was, and its grade (None when not graded, or when it
    is part of an exchange still under way)."""

    seat: Seat
    action: Action
    grade: CardGrade | ExchangeGrade | None


@dataclass(frozen=True)
class Seen:
    """What one seat may see of the table now: its own view of the hand (:class:`~charlemagne_learn.engine.hand.
    SeatView`, nothing hidden revealed), whether it is to act and what it may do, the cards it has chosen to put
    aside, and who the pass screen is waiting for. A table shared by several screens sends each seat this alone."""

    seat: Seat
    view: SeatView
    #: This seat is to move, sees its cards, and no story is being told: :attr:`legal` are its choices.
    to_act: bool
    legal: tuple[Action, ...]
    #: The cards this seat has chosen to put aside, not yet put aside; how many it puts aside in all now (0: none).
    chosen: tuple[Card, ...]
    discards_left: int
    #: The person the screen is being passed to, or None.
    passing_to: Seat | None
    #: The finished hand under review (every card may be seen once it is over), or None while a hand is played.
    done: HandState | None
    #: The hand's number in the game and the game's score.
    number: int
    scores: dict[str, int]


class TableSession:
    """A game from ``seat`` against three bots, or several people (``people="NS"``, up to all four) at one screen.

    ``scores``: the score the game starts from (``{"NS": 28, "EW": 30}``); ``bots``: the other players' kind (any
    name :func:`~charlemagne_learn.analysis.kinds.make_bot` knows: a level of the ladder, ``"beginner"`` to
    ``"expert"``, or a bot's own name), or a kind for each seat a bot plays (``{"E": "beginner", "W": "strong"}``,
    RuleBot in a seat not named); ``partner`` / ``opponents``: another kind for the first person's partner / the two
    opponents; ``hints``: hints are offered; ``grade_moves``: each bid and card is
    graded as it is made; ``hint_samples`` / ``grade_samples``: deals of the hidden cards behind a hint / a grade and
    the review; ``pace``: how the bots' part of the hand is told (:data:`PACES`); ``lang``: the language the
    analysis writes its reasons in (a grade's, a review's); ``tell``: tell the bots' moves as a story
    (:attr:`tell`), from the first of the game; ``first_dealer``: the first hand's dealer (North by default), and
    ``hands`` / ``kitty`` its chosen deal (as :class:`~charlemagne_learn.engine.game.Game` takes them) or ``deal`` the
    seed it is dealt from instead (as :meth:`Game.deal <charlemagne_learn.engine.game.Game.deal>` deals it, as a board
    of a hand record is: :mod:`.boards`); ``screen``: with several people, the pass screen between their turns
    (:attr:`screen`; False: each person has a screen of their own, or one person types in every seat's moves); each
    person may then play, ask a hint and a review by naming their seat (``play(action, seat)``), and a person's seat
    may be handed to a bot and taken back (:meth:`bot_plays`, :meth:`person_plays`); ``rules_options``: any option of
    :meth:`Rules.preset <charlemagne_learn.engine.rules.Rules.preset>`. The same seed gives the same deals and the
    same bot moves."""

    def __init__(
        self,
        variant: str | Rules | None = None,
        seat: Seat | str | None = None,
        *,
        people: Iterable[Seat | str] | str | None = None,
        seed: int = 0,
        scores: Mapping[str, int] | None = None,
        bots: SeatKinds = "rule",
        partner: str | None = None,
        opponents: str | None = None,
        hints: bool = True,
        grade_moves: bool = True,
        hint_samples: int = GRADE_SAMPLES,
        grade_samples: int = GRADE_SAMPLES,
        pace: str = "step",
        lang: Lang = "en",
        tell: bool = False,
        first_dealer: Seat | str = "N",
        hands: Mapping[str | Seat, Iterable[Card | str] | str] | None = None,
        kitty: Iterable[Card | str] | str = (),
        deal: int | None = None,
        screen: bool = True,
        **rules_options: Any,
    ) -> None:
        rules = rules_of(variant, rules_options)
        self.people = seats_of(seat, people)
        self.me = self.people[0]
        self.seed = seed
        self.game = Game(rules, first_dealer, seed, scores=scores, hands=hands, kitty=kitty)
        if deal is not None:
            self.game.deal(deal)
        #: The kind of bot each seat gets when a bot plays it (a seat a person hands over too).
        self._bot_kinds = seat_kinds(bots)
        #: With several people: the pass screen hides the hands between two people's turns (False: the screen is the
        #: seat to move's at once: each person at a screen of their own, as at a shared table, or one person typing in
        #: a hand every seat played with real cards).
        self.screen = flag("screen", screen)
        # each bot its own seed, derived from the game's: same seed, same bot moves; the partner's and the
        # opponents' kinds may differ (a learner forgives weak opponents sooner than a weak partner)
        self.kinds: dict[Seat, str] = {
            s: (partner if s == self.me.partner and partner is not None else None)
            or (opponents if s.team != self.me.team and opponents is not None else None)
            or self._bot_kinds[s]
            for s in Seat
            if s not in self.people
        }
        self.bots: dict[Seat, Bot] = {s: make_bot(kind, derive_seed(seed, int(s))) for s, kind in self.kinds.items()}
        #: The person whose cards the screen shows; None before the first pass screen is answered. With no pass
        #: screen (:attr:`screen` False): the person to move.
        self._viewer: Seat | None = self.me if len(self.people) == 1 else None
        #: The person the screen is passing to (its pass screen is up), or None.
        self.passing_to: Seat | None = None
        self.hint_samples = whole_number("hint_samples", hint_samples, 1, MAX_SAMPLES)
        self.grade_samples = whole_number("grade_samples", grade_samples, 1, MAX_SAMPLES)
        self.grade_moves = flag("grade_moves", grade_moves)
        self.hints = flag("hints", hints)
        self.pace = check_pace(pace)
        self.lang: Lang = check_lang(lang)
        #: The finished hand under review until :meth:`next_hand` (None while a hand is played).
        self.done: HandState | None = None
        #: The review's rows, kept for the hand and the language they were written for.
        self._review: tuple[HandState, Lang, list[tuple[Seat, ReviewLine]]] | None = None
        #: Each seat's review of the finished hand, by seat and language.
        self._reviews: tuple[HandState | None, dict[tuple[Seat, Lang], tuple[ReviewLine, ...]]] = (None, {})
        #: The person's exchange under way: the hand's number and the hand as it began, and its ranking once worked
        #: out (one ranking serves the hint and the grade).
        self._exchange: tuple[int, HandState] | None = None
        self._exchange_ranked: ExchangeHint | None = None
        #: The cards chosen to put aside, not yet put aside (choose, take back, confirm).
        self._chosen: list[Card] = []
        #: The bots' part of the hand being told (:class:`Story`), or None.
        self.story: Story | None = None
        #: Tell the bots' moves as a story (a front end that shows them a step at a time) rather than go straight
        #: to the next person's turn: a page's clicks are told, a call from Python gets the table at once.
        self.tell = flag("tell", tell)
        self.run_bots()

    # ------------------------------------------------------------ state
    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def seat(self) -> Seat:
        """The seat whose cards the screen shows (with several people, the one whose turn it is)."""
        return self._viewer if self._viewer is not None else self.me

    @property
    def state(self) -> HandState:
        """The hand on the table: the one being played, or the finished one under review."""
        return self.done if self.done is not None else self.game.hand

    @property
    def number(self) -> int:
        """The hand's number in the game (the finished one's, while it is reviewed)."""
        game = self.game
        return len(game.finished) + (0 if self.done is not None or game.is_over else 1)

    @property
    def your_turn(self) -> bool:
        """A person at this screen is to move and sees their cards (no pass screen up)."""
        return (
            self.done is None
            and not self.game.is_over
            and self.passing_to is None
            and self.game.hand.to_move == self._viewer
        )

    def player(self, seat: Seat) -> str | None:
        """The kind of bot in ``seat``, or None for a person."""
        return self.kinds.get(seat)

    def seen_by(self, seat: Seat | str) -> Seen:
        """What ``seat`` may see now (:class:`Seen`): its own cards and the table, never another's hand while the
        hand is played; while a story is told, the table as it was after the action on show; its choices only on
        its own turn."""
        seat = Seat.find(seat)
        story = self.story if self.telling else None
        state = story.hand.at(story.at + 1) if story is not None else self.state
        mine = self.your_turn and seat == self.seat and story is None
        left = self.discards_left() if mine else 0
        return Seen(
            seat=seat,
            view=state.view(seat),
            to_act=mine,
            legal=tuple(state.view(seat).legal_actions) if mine else (),
            chosen=tuple(self.chosen) if mine else (),
            discards_left=left,
            passing_to=self.passing_to,
            done=self.done,
            number=self.number,
            scores=dict(self.game.scores),
        )

    def run_bots(self) -> None:
        """Let the bots move until it is a person's turn or the hand ends; then, if that person is not the one
        looking at the screen, put up the pass screen. The bots' moves are told a step at a time (:attr:`pace`)
        when :attr:`tell` says so."""
        game = self.game
        hand, start = self.state, len(self.state.history)
        self.story = None
        while not game.is_over and self.done is None and game.hand.to_move not in self.people:
            mover = game.hand.to_move
            assert mover is not None
            self._apply(self.bot_decision(mover), mover)
        mover = game.hand.to_move
        if not game.is_over and self.done is None and mover is not None and mover != self._viewer:
            if self.screen:
                self.passing_to = mover
            else:
                self._viewer = mover  # each person sees their own screen: nothing to pass
        if self.tell and self.state is hand and len(hand.history) > start and len(self.people) == 1:
            # told from the learner's own last move, when there is one; with no story, straight to its end
            first = max(start - 1, 0)
            self.story = Story(hand, first, first if self.pace != "off" else len(hand.history) - 1)

    def bot_decision(self, seat: Seat) -> Action:
        """What the bot in ``seat`` does now, its turn (a shared table's seeds each decision from the table itself:
        see :mod:`charlemagne_learn.referee.tables`)."""
        return self.bots[seat].act(self.game.hand.view(seat))

    def _apply(self, action: Action, seat: Seat) -> None:
        game = self.game
        played = len(game.finished)
        game.apply(action, seat)
        if len(game.finished) > played:
            self.done = game.finished[-1]

    # ------------------------------------------------------------ the bots' part of the hand, told
    @property
    def telling(self) -> bool:
        """Is the bots' part of the hand being told (steps left to show before the person's turn)?"""
        story = self.story
        return story is not None and story.hand is self.state and not story.over

    def set_pace(self, pace: str) -> bool:
        """A new pace for the story; ``"off"`` skips what is left of it. Did the table change?"""
        self.pace = check_pace(pace)
        return self.skip_story() if pace == "off" else False

    def continue_story(self) -> bool:
        """Show the next step of the bots' part of the hand (False: none is being told)."""
        if not self.telling:
            return False
        assert self.story is not None
        self.story = Story(self.story.hand, self.story.first, self.story.at + 1)
        return True

    def skip_story(self) -> bool:
        """Skip to the person's turn: the table as it is now (False: no story was being told)."""
        if not self.telling:
            return False
        assert self.story is not None
        hand = self.story.hand
        self.story = Story(hand, self.story.first, len(hand.history) - 1)
        return True

    def told(self) -> Story | None:
        """The story just told, kept on show at the person's turn, or None (no story, a pass screen up, or a hand
        since begun)."""
        story = self.story
        if story is None or story.hand is not self.state or self.passing_to is not None:
            return None
        return story

    def ready(self) -> None:
        """The pass screen's button: the person it passed to now sees their cards."""
        if self.passing_to is None:
            raise IllegalActionError(sentence("play.no_screen", self.lang))
        self._viewer, self.passing_to = self.passing_to, None

    # ------------------------------------------------------------ a person's moves
    def play(self, action: Action | Card | str, seat: Seat | str | None = None) -> Move:
        """The move of the person to act: ``"bid 6"``, ``"pass"``, ``"trump H"``, ``"choose kitty"``, or a card
        (``"JH"``), which plays, discards or gives it as the phase asks; then the bots move until it is a person's
        turn. ``seat``: the seat of the person moving (a table of screens of their own), refused when it is not that
        seat's turn. Refused (a game or hand that is over, a pass screen up, an action the engine does not allow):
        the error is raised and nothing changes."""
        lang = self.lang
        self._check_turn(seat)
        if self.game.is_over:
            raise IllegalActionError(sentence("play.game_is_over", lang, team=self.team(self.game.winner)))
        if self.done is not None:
            raise IllegalActionError(sentence("play.hand_is_over", lang))
        if self.passing_to is not None:
            raise IllegalActionError(sentence("play.wait_screen", lang, seat=seat_word(self.passing_to, lang)))
        act = self.action(action)
        state = self.game.hand
        mover = self.seat
        view = state.view(mover)
        ranked = None
        if self.grade_moves and hinted(view) and act in view.legal_actions:
            ranked = self.ranked_at(view, self.grade_samples)
        exchange = self._exchange_start() if state.phase in EXCHANGE and act in view.legal_actions else None
        self._apply(act, mover)  # the engine checks it: an illegal action raises and changes nothing
        grade: CardGrade | ExchangeGrade | None = None if ranked is None else CardGrade(view, act, ranked)
        if exchange is not None and self.grade_moves:
            grade = self._exchange_grade(exchange, mover)
        self.run_bots()
        return Move(mover, act, grade)

    def _check_turn(self, seat: Seat | str | None) -> None:
        """Refuse a move or a hint asked by ``seat`` (when one is named) while it is not a person's turn there."""
        if seat is not None and (not self.your_turn or Seat.find(seat) != self.seat):
            raise IllegalActionError(
                sentence("hints.not_your_turn", self.lang, seat=seat_word(Seat.find(seat), self.lang))
            )

    def action(self, action: Action | Card | str) -> Action:
        """A card stands for the phase's card action (play, discard or give); anything else is read as an action."""
        if isinstance(action, Action):
            return action
        if not isinstance(action, Card) and len(str(action)) > LONGEST_ACTION:
            raise IllegalActionError(sentence("play.too_long", given=quote(_clip(str(action))), limit=LONGEST_ACTION))
        card: Card | None = action if isinstance(action, Card) else None
        if card is None and len(str(action).split()) == 1 and str(action).strip().lower() != "pass":
            try:
                card = Card.parse(str(action))
            except CardParseError:
                card = None
        if card is None:
            return Action.parse(str(action))
        kind = CARD_KIND.get(self.game.hand.phase, "play")
        return {"play": Action.play, "discard": Action.discard, "give": Action.give}[kind](card)

    def ranked_at(
        self, view: SeatView, samples: int, *, lang: Lang | None = None, scores: Mapping[str, int] | None = None
    ) -> Hint:
        """The choices at ``view`` ranked on ``samples`` deals, as the grade and the hint ask, in ``lang`` (the
        table's by default): to the game's ``scores`` before the hand, where they decide (by default the score
        before the hand in play; a call worked out later, away from the table, passes the score of its moment)."""
        if scores is None:
            scores = self.scores_before(self.game.hand)
        return hint(view, samples, workers=1, lang=self.lang if lang is None else lang, scores=scores)

    def reviewed(self, hand: HandState, seat: Seat, lang: Lang) -> tuple[ReviewLine, ...]:
        """``seat``'s decisions in the finished ``hand`` graded on the table's deals, in ``lang``, to the game's
        score before that hand: the one review every page of a table shows (kept by the callers)."""
        found = review(hand, seat, samples=self.grade_samples, workers=1, lang=lang, scores=self.scores_before(hand))
        return found.lines

    def scores_before(self, hand: HandState) -> dict[str, int]:
        """The game's score before ``hand`` (the hand in play, or one finished): what its grades are made to."""
        game = self.game
        scores = dict(game.starting_scores)
        for done in game.finished:
            if done is hand:
                break
            result = done.result
            assert result is not None
            for team, points in result.points.items():
                scores[team] += points
        return scores

    def think_ahead(self) -> None:
        """The grade of the decision now on show handed to :func:`~charlemagne_learn.analysis.work.ahead`, to be worked out
        while the person thinks: the move or the hint that needs it reads it back. Only when it is worked out
        changes."""
        if not (self.grade_moves or self.hints) or not self.your_turn:
            return
        samples = self.grade_samples if self.grade_moves else self.hint_samples
        state = self.game.hand
        if state.phase in EXCHANGE:
            start = self._exchange_start()
            if start is not None and len(start.history) == len(state.history):
                ahead(lambda: self._rank_exchange(start, samples))
            return
        view = state.view(self.seat)
        if hinted(view):
            ahead(lambda: self.ranked_at(view, samples))

    # ------------------------------------------------------------ the discard, chosen then confirmed
    def discards_left(self) -> int:
        """How many cards the person to act still puts aside (0 when not discarding now)."""
        state = self.game.hand
        if not self.your_turn or state.phase is not Phase.DISCARD:
            return 0
        return 1 + sum(1 for what, seat in state.steps_to_come() if what is Phase.DISCARD and seat == self.seat)

    @property
    def chosen(self) -> list[Card]:
        """The cards chosen to put aside, in the order chosen: those still in the hand, no more than the discard
        takes (none once the discard is over)."""
        left = self.discards_left()
        self._chosen = [c for c in self._chosen if left and c in self.state.hand(self.seat)][:left]
        return list(self._chosen)

    def choose_discard(self, card: Card | str) -> None:
        """Choose ``card`` to put aside, or take it back if chosen already; nothing is put aside until
        :meth:`confirm_discards`. Refused: not discarding now, a card not in the hand, one more than the discard
        takes."""
        left = self.discards_left()
        if left == 0:
            raise IllegalActionError(sentence("play.not_discarding", self.lang))
        chosen = Card.parse(card) if not isinstance(card, Card) else card
        if Action.discard(chosen) not in self.game.hand.view(self.seat).legal_actions:
            self.game.hand.copy().apply(Action.discard(chosen), self.seat)  # the engine's own reason
        now = self.chosen
        if chosen in now:
            now.remove(chosen)
        elif len(now) >= left:
            raise IllegalActionError(sentence("play.discard_full", self.lang, n=left))
        else:
            now.append(chosen)
        self._chosen = now

    def confirm_discards(self) -> list[Move]:
        """Put the chosen cards aside, in the order chosen (graded as one exchange): each as a :meth:`play`."""
        left, chosen = self.discards_left(), self.chosen
        if left == 0 or len(chosen) != left:
            key = "play.not_discarding" if left == 0 else "play.discard_not_ready"
            raise IllegalActionError(sentence(key, self.lang, n=left, chosen=len(chosen)))
        self._chosen = []
        return [self.play(card) for card in chosen]  # each was checked when chosen: none is refused

    def undo_discards(self) -> bool:
        """Take back every card chosen to put aside (False: none was)."""
        if not self.chosen:
            return False
        self._chosen = []
        return True

    # ------------------------------------------------------------ hints and the exchange
    def hint(self, seat: Seat | str | None = None) -> Hint | ExchangeHint | str:
        """Every legal card, bid or partner's card ranked with its grade, or the bidder's whole exchanges; where
        there is no hint to give, the catalog key of the note that says why. ``seat``: the seat asking (a table of
        screens of their own): only the seat to move is given one."""
        work = self.hint_work(seat)
        return work if isinstance(work, str) else work()

    def hint_work(self, seat: Seat | str | None = None) -> Callable[[], Hint | ExchangeHint | str] | str:
        """What :meth:`hint` works out, as a call that reads only the hand as it is now (a copy, and the language
        and deals of now), or the key of the note where there is no hint to give: a shared table runs the call away
        from its table, which plays on meanwhile, and the same position gives the same hint whenever it runs."""
        if not self.your_turn or (seat is not None and Seat.find(seat) != self.seat):
            return "play.hint_wait"
        state = self.game.hand
        start = self._exchange_start() if state.phase in EXCHANGE else None
        whole = start is not None and len(start.history) == len(state.history)
        # part of the exchange made: what is left of it, ranked afresh
        ranked_from = start if whole else state.copy() if start is not None else None
        samples, lang, view = self.hint_samples, self.lang, state.view(self.seat)
        scores = self.scores_before(state)
        kept = self._exchange_ranked
        if not whole or kept is None or kept.samples != min(samples, EXCHANGE_SAMPLES):
            kept = None

        def work() -> Hint | ExchangeHint | str:
            ranking = kept
            if ranking is None and ranked_from is not None:
                ranking = _ranked_exchange(ranked_from, samples, lang)
                kept_start = self._exchange
                if whole and kept_start is not None and kept_start[1] is ranked_from:  # one ranking a whole exchange
                    self._exchange_ranked = ranking
            if ranking is not None:
                return ranking
            if not hinted(view):
                return "play.hint_none_give" if view.phase is Phase.GIVE else "play.hint_other"
            return self.ranked_at(view, samples, lang=lang, scores=scores)

        return work

    def _exchange_start(self) -> HandState | None:
        """The hand as the person's exchange began (the first of their discards, or trump after them), kept for the
        rest of the exchange; None when the seat to move is not the bidder making one."""
        game = self.game
        number = len(game.finished)
        if self._exchange is not None and self._exchange[0] == number:
            return self._exchange[1]
        state = game.hand
        if state.phase not in EXCHANGE or state.to_move != self.seat or state.bidder != self.seat:
            return None
        if before_exchange(state.view(self.seat)):  # trump named before any card changes hands: a hint of its own
            return None
        self._exchange, self._exchange_ranked = (number, state.copy()), None
        return self._exchange[1]

    def _exchange_ranking(self, start: HandState, samples: int) -> ExchangeHint | None:
        """Every exchange from ``start`` ranked (worked out once an exchange), or None where there is none to rank."""
        # ranked again when the deal count differs (a hint asked on fewer deals than a grade rests on): the grade
        # stays the review's, which ranks on the grade's deals
        if self._exchange_ranked is None or self._exchange_ranked.samples != min(samples, EXCHANGE_SAMPLES):
            self._exchange_ranked = self._rank_exchange(start, samples)
        return self._exchange_ranked

    def _rank_exchange(self, state: HandState, samples: int) -> ExchangeHint | None:
        return _ranked_exchange(state, samples, self.lang)

    def _exchange_grade(self, start: HandState, seat: Seat) -> ExchangeGrade | None:
        """The grade of the person's exchange once it is complete (None while cards are still to put aside)."""
        state = self.state
        if state.phase in EXCHANGE and state.to_move == seat:
            return None
        ranked = self._exchange_ranking(start, self.grade_samples)
        return None if ranked is None else grade_exchange(start, state, seat, ranked, self.lang)

    def exchange_begun(self) -> HandState | None:
        """The hand as the exchange under way in this hand began (kept by :meth:`play` for its grade), or None: what
        a front end that grades the exchange itself, later (:func:`grade_exchange`), grades it from."""
        kept = self._exchange
        return kept[1] if kept is not None and kept[0] == len(self.game.finished) else None

    # ------------------------------------------------------------ after a hand
    @property
    def review_due(self) -> bool:
        """A hand is over and its review is still to be written (it grades every decision: it takes a moment)."""
        return self.done is not None and (self._review is None or self._review[0] is not self.done)

    def review(self, seat: Seat | str | None = None) -> list[tuple[Seat, ReviewLine]]:
        """The finished hand's decisions of every person at the table, in the order made, each graded (kept once
        written, for the hand and the language; a review that fails is tried again, not lost). ``seat``: that
        seat's decisions alone (a table of screens of their own: each person is shown their own)."""
        if seat is not None:
            return self.review_work(seat)()
        hand = self.done
        if hand is None:
            raise IllegalActionError(sentence("play.finish_first", self.lang))
        kept = self._review
        if kept is not None and kept[0] is hand and kept[1] == self.lang:
            return kept[2]
        rows = sorted(((seat, line) for seat in self.people for line in self._seat_review(hand, seat)), key=_by_move)
        self._review = (hand, self.lang, rows)
        return rows

    def review_work(self, seat: Seat | str) -> Callable[[], list[tuple[Seat, ReviewLine]]]:
        """What :meth:`review` works out for ``seat``, as a call that reads only the finished hand (which no move
        changes) in the language and on the deals of now: a shared table runs it away from its table. Refused, as
        :meth:`review` refuses it, while the hand is played."""
        hand = self.done
        if hand is None:
            raise IllegalActionError(sentence("play.finish_first", self.lang))
        found, lang = Seat.find(seat), self.lang
        if self._reviews[0] is not hand:
            self._reviews = (hand, {})
        reviews = self._reviews[1]  # kept while the hand is reviewed
        kept = reviews.get((found, lang))

        def work() -> list[tuple[Seat, ReviewLine]]:
            lines = kept
            if lines is None:
                lines = reviews[found, lang] = self.reviewed(hand, found, lang)
            return [(found, line) for line in lines]

        return work

    def _seat_review(self, hand: HandState, seat: Seat) -> tuple[ReviewLine, ...]:
        """One seat's review of ``hand`` in the table's language (kept once written, while the hand is reviewed)."""
        if self._reviews[0] is not hand:
            self._reviews = (hand, {})
        kept = self._reviews[1]
        if (seat, self.lang) not in kept:
            kept[seat, self.lang] = self.reviewed(hand, seat, self.lang)
        return kept[seat, self.lang]

    # ------------------------------------------------------------ a seat handed to a bot and back
    def bot_plays(self, seat: Seat | str, kind: str | None = None) -> None:
        """A person's seat played by a bot of ``kind`` (the table's bots' by default) until :meth:`person_plays`
        gives it back: the bot moves at once when it is that seat's turn. Refused for a seat no person holds, and
        for the last person's (a table of bots alone would play on with nobody at it)."""
        found = Seat.find(seat)
        if found not in self.people or len(self.people) == 1:
            raise RulesOptionError(sentence("play.people_count", value=quote(found.name)))
        chosen = kind if kind is not None else self._bot_kinds[found]
        self.bots[found] = make_bot(chosen, derive_seed(self.seed, int(found)))
        self.kinds[found] = chosen
        self.people = tuple(p for p in self.people if p != found)
        self.me = self.people[0]
        if self.game.hand.to_move == found:
            self.run_bots()

    def person_plays(self, seat: Seat | str) -> None:
        """A bot's seat given (back) to a person, who moves next when it is that seat's turn."""
        found = Seat.find(seat)
        if found in self.people:
            return
        del self.bots[found], self.kinds[found]
        self.people = (*self.people, found)
        if not self.screen:
            self._viewer = self.game.hand.to_move

    def replay_at(self, at: int) -> HandState:
        """The finished hand as it was after ``at`` actions (0: the deal), every hand face up."""
        last = len(self.done.history) if self.done is not None else 0
        if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= last or self.done is None:
            raise RulesOptionError(sentence("play.bad_replay", given=quote(at), last=last))
        return self.done.at(at)

    def next_hand(self) -> None:
        """Leave the review and play on (the bots move until it is a person's turn)."""
        if self.done is None or self.game.is_over:
            if self.game.is_over:
                raise IllegalActionError(sentence("play.game_was_won", self.lang, team=self.team(self.game.winner)))
            raise IllegalActionError(sentence("play.finish_first", self.lang))
        self.done = None
        self.run_bots()

    def team(self, team: str | None) -> str:
        """A team as the refusals name it: ``"EW"`` in English (as the engine writes it), ``"Est–Ouest"`` in French."""
        return say("play.refusal_team", self.lang, team=Forms(code=str(team), named=seat_word(team, self.lang)))

    def __repr__(self) -> str:
        return f"TableSession({self.summary()})"

    def summary(self) -> str:
        """The game, the people, where the hand is and the score, in a line (a front end's repr)."""
        game = self.game
        if game.is_over:
            where = f"game over, {game.winner} won"
        elif self.done is not None:
            where = f"hand {self.number} over, review"
        else:
            state = game.hand
            if self.passing_to is not None:
                turn = f"passing to {self.passing_to.word}"
            elif state.to_move == self.seat:
                turn = "your turn" if len(self.people) == 1 else f"{self.seat.word}'s turn"
            else:
                turn = f"{state.to_move.word if state.to_move else '-'} to move"
            where = f"hand {self.number}, {state.phase.value}, {turn}"
        who = (
            f"you are {self.me.word}"
            if len(self.people) == 1
            else "people at " + ", ".join(p.word for p in self.people)
        )
        return f"{game.rules.title}, {who}; {where}; NS {game.scores['NS']} – EW {game.scores['EW']}"


def review_rows(
    hand: HandState, seats: Sequence[Seat], samples: int, lang: Lang, scores: Mapping[str, int] | None = None
) -> list[tuple[Seat, ReviewLine]]:
    """The decisions of ``seats`` in the finished ``hand``, in the order made, each graded on ``samples`` deals (to
    the game's ``scores`` before the hand, where known): what :meth:`TableSession.review` shows after a hand played
    at the table, and what a hand typed in after it was played with real cards (:class:`~.played.PlayedHand`)
    shows."""
    rows = [
        (seat, line)
        for seat in seats
        for line in review(hand, seat, samples=samples, workers=1, lang=lang, scores=scores).lines
    ]
    return sorted(rows, key=_by_move)


def _by_move(seat_line: tuple[Seat, ReviewLine]) -> int:
    return seat_line[1].move


def _ranked_exchange(state: HandState, samples: int, lang: Lang) -> ExchangeHint | None:
    """Every exchange from ``state`` ranked, or None where there is none to rank."""
    try:
        return exchange_hint(state, min(samples, EXCHANGE_SAMPLES), lang=lang)
    except IllegalActionError:
        return None


def grade_exchange(start: HandState, after: HandState, seat: Seat, ranked: ExchangeHint, lang: Lang) -> ExchangeGrade:
    """The exchange ``seat`` made from ``start`` (as ``after`` shows it) graded among ``ranked``'s exchanges, or on
    the same deals when it is none of them."""
    discards, trump = exchange_made(after, start, seat)
    try:
        mine = ranked.choice(discards, trump)
    except IllegalActionError:  # outside the candidates: graded on the same deals as they were
        ranked = exchange_hint(start, ranked.samples, also=(discards, trump), lang=lang)
        mine = ranked.choice(discards, trump)
    return ExchangeGrade(ranked, mine)


def _clip(text: str) -> str:
    return text if len(text) <= _ECHO else text[:_ECHO] + "…"


def seats_of(seat: Seat | str | None, people: Iterable[Seat | str] | str | None) -> tuple[Seat, ...]:
    """The seats of the people at the screen, ``seat`` first (the first to see it)."""
    if people is None:
        return (Seat.S if seat is None else Seat.find(seat),)
    if isinstance(people, Seat):
        people = [people]
    if not isinstance(people, (str, list, tuple, set, frozenset)):
        raise RulesOptionError(sentence("play.people_not_seats", value=quote(people)))
    given: list[Seat | str] = list(people) if not isinstance(people, str) else _seat_words(people)
    seats = [Seat.find(p) for p in given]
    if not seats or len(set(seats)) != len(seats):
        raise RulesOptionError(sentence("play.people_count", value=quote(people)))
    ordered = sorted(set(seats))
    if seat is None:
        return tuple(ordered)
    first = Seat.find(seat)
    if first not in ordered:
        raise RulesOptionError(
            sentence("play.seat_not_among_people", seat=first.name, people="".join(s.name for s in ordered))
        )
    return (first, *(s for s in ordered if s != first))


def _seat_words(text: str) -> list[Seat | str]:
    """``"NS"`` (letters run together), ``"N, S"`` or ``"north south"``, as separate seats."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if len(words) == 1 and len(words[0]) <= 4 and all(c in "NESW" for c in words[0].upper()):
        return list(words[0])
    return list(words)
