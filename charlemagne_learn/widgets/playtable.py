"""``PlayTable``: play whole hands, and a whole game, from one seat against three bots — bidding, exchange,
trump and cards — with a hint button, a grade for each bid and card, and a review after each hand. Or seat
several people at one screen (``people="NS"``, or all four): each sees only their own cards, and between two
people's turns a "pass to West" screen hides the hands until West says they are ready.

Everything goes through a :class:`~charlemagne_learn.engine.game.Game`: the bots move from their own seats' views,
the learner's clicks become actions the engine checks, and a refused one shows the engine's reason and changes
nothing. The same seed gives the same deals and the same bot moves.

>>> t = PlayTable("canadian", "S", seed=1, grade_moves=False)
>>> t
PlayTable(Canadian Charlemagne, you are South; hand 1, bidding, your turn; NS 0 – EW 0)
>>> t.play("bid 9")
False
>>> t.message
"Canadian Charlemagne has no bid '9'; its bids are 5, 6, 7, 8, Mulot, Charlemagne (Charles, Petit Charles), Gros Mulot (Mulot+), Gros Charlemagne (Charles+)"
>>> t.play("pass")
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

import traitlets as t

from ..analysis.bots import Bot, make_bot
from ..analysis.exchange import ExchangeChoice, ExchangeHint, exchange_hint, exchange_made
from ..analysis.hints import GRADE_SAMPLES, Hint, before_exchange, hint, review
from ..analysis.hints import graded as hinted
from ..analysis.odds import MAX_SAMPLES
from ..analysis.refute import refutation
from ..analysis.shown import review_why, why
from ..analysis.work import ahead
from ..course import course_variant
from ..engine.actions import Action, choice_name
from ..engine.cards import Card, Seat
from ..engine.checks import flag, whole_number
from ..engine.display import seat_view_html
from ..engine.errors import CardParseError, IllegalActionError, RulesOptionError, quote
from ..engine.game import Game
from ..engine.hand import HandState, Phase, SeatView
from ..engine.i18n import Lang, card_face, say, sentence, word
from ..engine.messages import said
from ..engine.rng import derive_seed
from ..engine.rules import Rules
from ..teach.narration import narrate
from . import payloads as P
from ._base import GameWidget, card_id, clip, lang_kw, number_text
from ._traits import Payload, Payloads, Words
from .payloads import (
    ActionButton,
    GradeLine,
    HandReview,
    HintPanel,
    PassScreen,
    RefutationLine,
    ReplayInfo,
    ReviewRow,
    StoryPace,
    StoryStep,
    TablePicture,
)
from .table import action_text, phase_title, result_text, table_picture

__all__ = ["PlayTable", "TableFront", "action_button", "choice_text", "grade_line", "hint_panel"]


_CARD_KIND = {Phase.PLAY: "play", Phase.DISCARD: "discard", Phase.GIVE: "give"}
_GRADED = (Phase.BIDDING, Phase.PLAY, Phase.GIVE)
#: The bidder's exchange, graded as a whole (the cards put aside and the trump) once it is complete.
_EXCHANGE = (Phase.DISCARD, Phase.TRUMP)
#: The page's discard buttons (no action of the engine's is written so).
_CONFIRM, _UNDO = "confirm discards", "undo discards"
#: The paces the bots' part of the hand may be told at (:attr:`PlayTable.pace`).
PACES = ("step", "slow", "normal", "fast", "off")
#: No action is written in more characters ("choose defend_together", "bid gros_charlemagne", with room to spare).
_LONGEST_ACTION = 60


def rules_of(variant: str | Rules | None, options: dict[str, Any]) -> Rules:
    """The rules a widget made from ``variant`` plays: a :class:`Rules` as given (no options added to it), a
    variant's name as its preset with ``options``, None the course's variant and house rules."""
    if isinstance(variant, Rules):
        if options:
            raise RulesOptionError(sentence("play.rules and options", options=", ".join(sorted(options))))
        return variant
    name, options = course_variant(variant, options)
    return Rules.preset(name, **options)


class TableFront(GameWidget):
    """The table seen from one seat with the seat's choices, a hint panel, a grade and a review panel: the
    front-end :class:`PlayTable` plays whole games on, and :class:`~charlemagne_learn.widgets.decide.DecisionQuiz`
    asks single decisions on. Python fills these traits; the page draws them and reports clicks."""

    _module = "playtable"
    #: The table from the learner's seat (the same :class:`~.payloads.TablePicture` a :class:`~.table.Table` draws).
    picture = Payload(P.TablePicture).tag(sync=True)
    #: The learner's choices that are not cards (:class:`~.payloads.ActionButton`): bids and pass, trump suits,
    #: choices.
    actions = Payloads(P.ActionButton).tag(sync=True)
    #: What the learner is asked to do now.
    prompt = t.Unicode("").tag(sync=True)
    #: The ranked choices after the Hint button, or a note (:class:`~.payloads.HintPanel`); empty before.
    hint = Payload(P.HintPanel).tag(sync=True)
    #: The grade of the learner's last bid or card (:class:`~.payloads.GradeLine`); empty when not graded.
    grade = Payload(P.GradeLine).tag(sync=True)
    #: After a hand: its review lines, result, points and the game score (:class:`~.payloads.HandReview`); empty while
    #: the hand is played.
    review = Payload(P.HandReview).tag(sync=True)
    #: Hand number, seat and scores, as a line.
    status = t.Unicode("").tag(sync=True)
    #: Whether the Hint button is offered.
    hints = t.Bool(True).tag(sync=True)
    #: Between two people's turns at one screen: the "pass to West" panel (:class:`~.payloads.PassScreen`), with no
    #: grade (the next person reads it); empty otherwise.
    screen = Payload(P.PassScreen).tag(sync=True)
    words = Words().tag(sync=True)

    def _on_shown(self) -> None:
        self._think_ahead()

    def _think_ahead(self) -> None:
        """Once a page shows the front (:attr:`_shown`): the grade of the decision on show handed to
        :func:`~charlemagne_learn.analysis.work.ahead`, to be worked out while the learner thinks."""


class PlayTable(TableFront):
    """A game against three bots from ``seat``. :meth:`play` is a click on a card or an action button;
    :meth:`show_hint` the Hint button; :meth:`next_hand` the Next hand button after a hand's review.

    Every hint, grade and review uses all the deals asked for, so the table says the same on every machine and the
    review repeats the grades given live; the page shows "thinking…" while they are worked out.

    ``people``: the seats played by people at this screen (default: ``seat`` alone), any mix up to all four;
    the bots play the others. With two or more people the table shows the hand of the person to move, and
    between two people's turns a pass screen hides every hand until the next person presses Ready
    (:meth:`ready`); hints, grades and the review are each person's own.

    ``scores``: the score the game starts from, to play the end of a game (``{"NS": 28, "EW": 30}``: what do
    you bid?); 0 to 0 by default.

    ``bots``: the kind of the three other players (``"rule"``, ``"pimc"``, ``"random"``: any name
    :func:`~charlemagne_learn.analysis.bots.make_bot` knows); ``partner`` / ``opponents``: another kind for the
    learner's partner / for the two opponents (each seat names its player on the table); ``hints``: offer the Hint
    button;
    ``grade_moves``: grade each bid and card as it is made; ``hint_samples`` / ``grade_samples``: deals of the
    hidden cards behind a hint / a grade and the review (fewer: quicker, rougher); ``rules_options``: any option
    of :meth:`Rules.preset <charlemagne_learn.engine.rules.Rules.preset>` (``target=32``, …). With no ``variant`` the
    table plays the course's rules (:mod:`~charlemagne_learn.course`), options given here added to them."""

    #: How the bots' part of the hand is told: a step a click ("step", the learner's pace, as a table starts), a step
    #: every so often ("slow", "normal", "fast"), or not at all ("off": straight to the learner's turn). The page's
    #: pace menu sets it.
    pace = t.Unicode("step").tag(sync=True)
    #: The step of the bots' part of the hand on show (:class:`~.payloads.StoryStep`); empty when none is.
    story = Payload(P.StoryStep).tag(sync=True)
    #: Every line of the bots' part of the hand told so far, from the learner's own last move: it stays on show while
    #: the story runs and at the learner's turn, so a step shown briefly at a quick pace is still there to read.
    told = t.List(t.Unicode()).tag(sync=True)
    #: After a hand, the replay's move on show (0: the deal; -1: the end, as the hand finished). The page's replay
    #: buttons and slider set it.
    replay = t.Int(-1).tag(sync=True)
    #: The replay's words and the move on show (:class:`~.payloads.ReplayInfo`); empty while a hand is played.
    replay_info = Payload(P.ReplayInfo).tag(sync=True)
    _page_writable = frozenset({"pace", "replay"})

    def __init__(
        self,
        variant: str | Rules | None = None,
        seat: Seat | str | None = None,
        *,
        people: Iterable[Seat | str] | str | None = None,
        seed: int = 0,
        scores: Mapping[str, int] | None = None,
        bots: str = "rule",
        partner: str | None = None,
        opponents: str | None = None,
        lang: str | None = None,
        hints: bool = True,
        grade_moves: bool = True,
        hint_samples: int = GRADE_SAMPLES,
        grade_samples: int = GRADE_SAMPLES,
        four_colour: bool = False,
        pace: str = "step",
        **rules_options: Any,
    ) -> None:
        rules = rules_of(variant, rules_options)
        self._people = _people(seat, people)
        self._me = self._people[0]
        self._game = Game(rules, "N", seed, scores=scores)
        # each bot its own seed, derived from the game's: same seed, same bot moves; the partner's and the
        # opponents' kinds may differ (a learner forgives weak opponents sooner than a weak partner)
        self._kinds = {
            s: (partner if s == self._me.partner and partner is not None else None)
            or (opponents if s.team != self._me.team and opponents is not None else None)
            or bots
            for s in Seat
            if s not in self._people
        }
        self._bots: dict[Seat, Bot] = {s: make_bot(kind, derive_seed(seed, int(s))) for s, kind in self._kinds.items()}
        #: The person whose cards the screen shows; None before the first pass screen is answered.
        self._viewer: Seat | None = self._me if len(self._people) == 1 else None
        #: The person the screen is passing to (its pass screen is up), or None.
        self._passing_to: Seat | None = None
        self._hint_samples = whole_number("hint_samples", hint_samples, 1, MAX_SAMPLES)
        self._grade_samples = whole_number("grade_samples", grade_samples, 1, MAX_SAMPLES)
        self._grade_moves = flag("grade_moves", grade_moves)
        hints = flag("hints", hints)
        self._bot_name = bots
        #: The finished hand whose review is shown until Next hand (None while a hand is played).
        self._done: HandState | None = None
        #: The finished hand's review is still to be written (it grades every decision: it takes a moment).
        self._review_due = False
        self._defer_review = False
        #: The learner's exchange under way: the hand's number and the hand as it began, and its ranking once
        #: worked out (one ranking serves the Hint button and the grade).
        self._exchange: tuple[int, HandState] | None = None
        self._exchange_ranked: ExchangeHint | None = None
        #: The cards the learner has chosen to put aside, not yet put aside (the page's discard step: choose,
        #: take back, confirm).
        self._chosen: list[Card] = []
        #: The bots' part of the hand being told: the hand, the first action told and the action on show (the
        #: picture shows the table just after it). Told to its last action, the story is over: the learner's turn
        #: shows, its prompt led by that action's line.
        self._story: tuple[HandState, int, int] | None = None
        self._from_page = False
        super().__init__(lang=lang, four_colour=four_colour, hints=hints, pace=pace)
        self._run_bots()
        self._redraw()
        self._write_review()
        self.observe(lambda _: self._relabel(), names="lang")

    # ------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        return self._game

    @property
    def seat(self) -> Seat:
        """The seat whose cards the screen shows (with several people, the one whose turn it is)."""
        return self._viewer if self._viewer is not None else self._me

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats played by people at this screen."""
        return self._people

    @property
    def state(self) -> HandState:
        """The hand on the table: the one being played, or the finished one under review."""
        return self._done if self._done is not None else self._game.hand

    @property
    def your_turn(self) -> bool:
        """A person at this screen is to move and sees their cards (no pass screen up)."""
        return (
            self._done is None
            and not self._game.is_over
            and self._passing_to is None
            and self._game.hand.to_move == self._viewer
        )

    def _run_bots(self) -> None:
        """Let the bots move until it is a person's turn or the hand ends; then, if that person is not the one
        looking at the screen, put up the pass screen. The bots' moves are told a step at a time (:attr:`pace`)."""
        game = self._game
        hand, start = self.state, len(self.state.history)
        self._story = None
        while not game.is_over and self._done is None and game.hand.to_move not in self._people:
            mover = game.hand.to_move
            assert mover is not None
            self._apply(self._bots[mover].act(game.hand.view(mover)), mover)
        mover = game.hand.to_move
        if not game.is_over and self._done is None and mover is not None and mover != self._viewer:
            self._passing_to = mover
        # told only on the page's clicks: a call from Python (a lesson's cell, a test) gets the table at once
        if self._from_page and self.state is hand and len(hand.history) > start and len(self._people) == 1:
            # told from the learner's own last move, when there is one; with no story, straight to its end
            first = max(start - 1, 0)
            self._story = (hand, first, first if self.pace != "off" else len(hand.history) - 1)

    # ------------------------------------------------------------ the bots' part of the hand, told
    @t.validate("pace")
    def _check_pace(self, proposal: dict[str, Any]) -> str:
        pace = proposal["value"]
        if pace not in PACES:
            raise RulesOptionError(sentence("play.bad pace", given=quote(pace), allowed=", ".join(PACES)))
        return str(pace)

    # ------------------------------------------------------------ the replay after a hand
    @t.validate("replay")
    def _check_replay(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        last = len(self._done.history) if self._done is not None else 0
        if isinstance(value, bool) or not isinstance(value, int) or not -1 <= value <= last:
            raise RulesOptionError(sentence("play.bad replay", given=quote(value), last=last))
        return value

    @t.observe("replay")
    def _replay_changed(self, _: dict[str, Any]) -> None:
        if self._done is not None:
            self._redraw()

    def _replay_picture(self, hand: HandState) -> None:
        """The finished hand at the replay's move, every hand face up (nothing is secret once it is over), the move
        in a line and, for the learner's own moves, the grade the review gave."""
        at = self.replay
        self.picture = table_picture(hand.at(at), None, self._lang)
        graded: dict[int, ReviewRow] = {line["move"] - 1: line for line in self.review.get("lines", [])}
        self.replay_info = self._replay_words(hand, at, graded.get(at - 1) if at > 0 else None)

    @t.observe("pace")
    def _pace_changed(self, change: dict[str, Any]) -> None:
        if change["new"] == "off":
            self.skip_story()
        elif self.telling:
            self._redraw()  # the page's timer follows the new pace from this step on

    @property
    def telling(self) -> bool:
        """Is the bots' part of the hand being told (steps left to show before the learner's turn)?"""
        story = self._story
        return story is not None and story[0] is self.state and story[2] < len(story[0].history) - 1

    def continue_story(self) -> bool:
        """The Continue button (or the pace's timer): show the next step of the bots' part of the hand."""
        if not self.telling:
            return False
        assert self._story is not None
        hand, first, at = self._story
        self._story = (hand, first, at + 1)
        self._redraw()
        return True

    def skip_story(self) -> bool:
        """Skip to the learner's turn: the table as it is now."""
        if not self.telling:
            return False
        assert self._story is not None
        hand, first, _ = self._story
        self._story = (hand, first, len(hand.history) - 1)
        self._redraw()
        return True

    def _last_line(self) -> str:
        """The line of the last action told, leading the learner's prompt once the story is over ("" if none)."""
        story = self._story
        if story is None or story[0] is not self.state or self._passing_to is not None:
            return ""
        return narrate(story[0], len(story[0].history) - 1, self.seat, self._lang)

    def _told_lines(self) -> list[str]:
        """The whole story just told, a line an action, kept on show at the learner's turn ([] if none)."""
        story = self._story
        if story is None or story[0] is not self.state or self._passing_to is not None:
            return []
        hand, first, _ = story
        return [narrate(hand, move, self.seat, self._lang) for move in range(first, len(hand.history))]

    def ready(self) -> bool:
        """The pass screen's button: the person it passed to now sees their cards."""
        if self._passing_to is None:
            self.message = word("play.no screen", self._lang)
            return False
        self._viewer, self._passing_to = self._passing_to, None
        self.message = ""
        self._redraw()
        return True

    def _apply(self, action: Action, seat: Seat) -> None:
        game = self._game
        played = len(game.finished)
        game.apply(action, seat)
        if len(game.finished) > played:
            self._done = game.finished[-1]
            self._review_due = True

    # ------------------------------------------------------------ the learner's moves
    def play(self, action: Action | Card | str) -> bool:
        """The learner's action: ``"bid 6"``, ``"pass"``, ``"trump H"``, ``"choose kitty"``, or a card (``"JH"``),
        which plays, discards or gives it as the phase asks. Refused: the engine's reason in :attr:`message`,
        nothing changed, False."""
        try:
            if self._game.is_over:
                raise IllegalActionError(sentence("play.game is over", self._lang, team=self._team(self._game.winner)))
            if self._done is not None:
                raise IllegalActionError(sentence("play.hand is over", self._lang))
            if self._passing_to is not None:
                raise IllegalActionError(
                    sentence("play.wait screen", self._lang, seat=word(self._passing_to.name, self._lang))
                )
            act = self._action(action)
            state = self._game.hand
            mover = self.seat
            view = state.view(mover)
            graded = None
            if self._grade_moves and hinted(view) and act in view.legal_actions:
                graded = self._ranked_at(view, self._grade_samples)
            exchange = self._exchange_start() if state.phase in _EXCHANGE and act in view.legal_actions else None
            self._apply(act, mover)  # the engine checks it: an illegal action raises and changes nothing
        except (IllegalActionError, CardParseError) as exc:
            self.message = self._refusal(exc)
            return False
        self.message = ""
        self.hint = {}
        self.grade = {} if graded is None else {**self._grade_of(graded, act), **refuted(view, act, graded, self._lang)}
        if exchange is not None and self._grade_moves:
            self.grade = self._exchange_grade(exchange, mover)
        self._run_bots()
        self._redraw()
        if not self._defer_review:
            self._write_review()
        return True

    def _ranked_at(self, view: SeatView, samples: int) -> Hint:
        """The choices at ``view`` ranked on ``samples`` deals, as the grade and the Hint button ask."""
        return hint(view, samples, workers=1, **lang_kw(hint, self._lang))

    def _think_ahead(self) -> None:
        """Once a page shows the table: the grade of the learner's decision now on show worked out in the background
        while they think (:func:`~charlemagne_learn.analysis.work.ahead`), so the click that needs it, or the Hint button,
        reads it back. The very answer the click would work out: only when it is worked out changes."""
        if not self._shown or not (self._grade_moves or self.hints) or not self.your_turn:
            return
        samples = self._grade_samples if self._grade_moves else self._hint_samples
        state = self._game.hand
        if state.phase in _EXCHANGE:
            start = self._exchange_start()
            if start is not None and len(start.history) == len(state.history):
                ahead(lambda: self._rank_exchange(start, samples))
            return
        view = state.view(self.seat)
        if hinted(view):
            ahead(lambda: self._ranked_at(view, samples))

    # ------------------------------------------------------------ the discard, chosen then confirmed
    def _discards_left(self) -> int:
        """How many cards the learner still puts aside (0 when not discarding now)."""
        state = self._game.hand
        if not self.your_turn or state.phase is not Phase.DISCARD:
            return 0
        return 1 + sum(1 for what, seat in state.steps_to_come() if what is Phase.DISCARD and seat == self.seat)

    def choose_discard(self, card: Card | str) -> bool:
        """A click on a card while discarding: choose it to put aside, or take it back if chosen already. Nothing is
        put aside until :meth:`confirm_discards`. Refused, with the reason in :attr:`message`: a card not in the
        hand, or one more than the discard takes."""
        try:
            left = self._discards_left()
            if left == 0:
                raise IllegalActionError(sentence("play.not discarding", self._lang))
            chosen = Card.parse(card) if not isinstance(card, Card) else card
            if Action.discard(chosen) not in self._game.hand.view(self.seat).legal_actions:
                self._game.hand.copy().apply(Action.discard(chosen), self.seat)  # the engine's own reason
            if chosen in self._chosen:
                self._chosen.remove(chosen)
            elif len(self._chosen) >= left:
                raise IllegalActionError(sentence("play.discard full", self._lang, n=left))
            else:
                self._chosen.append(chosen)
        except (IllegalActionError, CardParseError) as exc:
            self.message = self._refusal(exc)
            return False
        self.message = ""
        self._redraw()
        return True

    def confirm_discards(self) -> bool:
        """The Confirm button: put the chosen cards aside, in the order chosen (graded as one exchange)."""
        left = self._discards_left()
        if left == 0 or len(self._chosen) != left:
            key = "play.not discarding" if left == 0 else "play.discard not ready"
            self.message = say(key, self._lang, n=left, chosen=len(self._chosen))
            return False
        chosen, self._chosen = self._chosen, []
        return all(self.play(card) for card in chosen)  # each was checked when chosen: none is refused

    def undo_discards(self) -> bool:
        """Take back every card chosen to put aside."""
        if not self._chosen:
            return False
        self._chosen = []
        self.message = ""
        self._redraw()
        return True

    def _write_review(self) -> None:
        if self._review_due and self._done is not None:
            self._review_hand(self._done)
            self._review_due = False  # only once written: a review that fails is tried again, not lost

    def _action(self, action: Action | Card | str) -> Action:
        """A card stands for the phase's card action (play, discard or give); anything else is read as an action."""
        if isinstance(action, Action):
            return action
        if not isinstance(action, Card) and len(str(action)) > _LONGEST_ACTION:
            raise IllegalActionError(sentence("play.too long", given=quote(clip(str(action))), limit=_LONGEST_ACTION))
        card: Card | None = action if isinstance(action, Card) else None
        if card is None and len(str(action).split()) == 1 and str(action).strip().lower() != "pass":
            try:
                card = Card.parse(str(action))
            except CardParseError:
                card = None
        if card is None:
            return Action.parse(str(action))
        kind = _CARD_KIND.get(self._game.hand.phase, "play")
        return {"play": Action.play, "discard": Action.discard, "give": Action.give}[kind](card)

    def show_hint(self) -> Hint | ExchangeHint | None:
        """The Hint button: every legal card, bid or partner's card ranked with its grade, or the bidder's whole
        exchanges (other choices say hints are for those)."""
        lang = self._lang
        if not self.hints:
            self.message = word("play.hints off", lang)
            return None
        self.message = ""  # an earlier refusal is over: the hint (or why there is none) takes its place
        if not self.your_turn:
            self.hint = {"note": word("play.hint wait", lang)}
            return None
        state = self._game.hand
        start = self._exchange_start() if state.phase in _EXCHANGE else None
        ranking = None
        if start is not None and len(start.history) == len(state.history):
            ranking = self._exchange_ranking(start, self._hint_samples)
        elif start is not None:  # part of the exchange made: what is left of it, ranked afresh
            ranking = self._rank_exchange(state, self._hint_samples)
        if ranking is not None:
            self.hint = exchange_panel(ranking, lang)
            return ranking
        if not hinted(state.view(self.seat)):
            no_hint = "play.hint none give" if state.phase is Phase.GIVE else "play.hint other"
            self.hint = {"note": word(no_hint, lang)}
            return None
        ranked = self._ranked_at(state.view(self.seat), self._hint_samples)
        self.hint = hint_panel(ranked, self._game.rules, lang)
        return ranked

    # ------------------------------------------------------------ the exchange
    def _exchange_start(self) -> HandState | None:
        """The hand as the learner's exchange began (the first of their discards, or trump after them), kept for
        the rest of the exchange; None when the seat to move is not the bidder making one."""
        game = self._game
        number = len(game.finished)
        if self._exchange is not None and self._exchange[0] == number:
            return self._exchange[1]
        state = game.hand
        if state.phase not in _EXCHANGE or state.to_move != self.seat or state.bidder != self.seat:
            return None
        if before_exchange(state.view(self.seat)):  # trump named before any card changes hands: a hint of its own
            return None
        self._exchange, self._exchange_ranked = (number, state.copy()), None
        return self._exchange[1]

    def _exchange_ranking(self, start: HandState, samples: int) -> ExchangeHint | None:
        """Every exchange from ``start`` ranked (worked out once an exchange), or None where there is none to rank
        (trump named before the kitty or the partner's card comes)."""
        # ranked again when the deal count differs (a Hint asked on fewer deals than a grade rests on): the grade
        # stays the review's, which ranks on the grade's deals
        if self._exchange_ranked is None or self._exchange_ranked.samples != min(samples, 400):
            self._exchange_ranked = self._rank_exchange(start, samples)
        return self._exchange_ranked

    def _rank_exchange(self, state: HandState, samples: int) -> ExchangeHint | None:
        try:
            return exchange_hint(state, min(samples, 400), **lang_kw(exchange_hint, self._lang))
        except IllegalActionError:
            return None

    def _exchange_grade(self, start: HandState, seat: Seat) -> GradeLine:
        """The grade of the learner's exchange once it is complete (empty while cards are still to put aside)."""
        state = self._done if self._done is not None else self._game.hand
        if state.phase in _EXCHANGE and state.to_move == seat:
            return {}
        ranked = self._exchange_ranking(start, self._grade_samples)
        if ranked is None:
            return {}
        discards, trump = exchange_made(state, start, seat)
        try:
            mine = ranked.choice(discards, trump)
        except IllegalActionError:  # outside the candidates: graded on the same deals as they were
            ranked = exchange_hint(start, ranked.samples, also=(discards, trump), **lang_kw(exchange_hint, self._lang))
            mine = ranked.choice(discards, trump)
        return exchange_grade_line(ranked, mine, self._lang)

    def next_hand(self) -> bool:
        """The Next hand button: leave the review and play on (the bots move until it is the learner's turn)."""
        if self._done is None or self._game.is_over:
            self.message = (
                say("play.game was won", self._lang, team=self._team(self._game.winner))
                if self._game.is_over
                else say("play.finish first", self._lang)
            )
            return False
        self._done = None
        self.replay = -1
        self.replay_info = {}
        self.message = ""
        self.review = {}
        self.grade = {}
        self.hint = {}
        self._run_bots()
        self._redraw()
        self._write_review()  # a passed-out hand can end before the learner's turn
        return True

    def _on_click(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        # Every trait a click changes goes to the page in one message, so the page redraws once; the review of a
        # finished hand follows in a second message, so the last card shows at once.
        self._defer_review = True
        self._from_page = True
        try:
            with self.hold_sync():
                if kind == "continue":
                    self.continue_story()
                elif kind == "skip":
                    self.skip_story()
                elif self.telling and kind in ("card", "action"):
                    self.message = word("play.story first", self._lang)  # the page offers no choice meanwhile
                elif kind == "card" and self._discards_left():
                    self.choose_discard(str(content.get("card", "")))  # chosen first, put aside on confirm
                elif kind == "action" and content.get("action") == _CONFIRM:
                    self.confirm_discards()
                elif kind == "action" and content.get("action") == _UNDO:
                    self.undo_discards()
                elif kind in ("card", "action"):
                    self.play(str(content.get(kind, "")))
                elif kind == "hint":
                    self.show_hint()
                elif kind == "next":
                    self.next_hand()
                elif kind == "ready":
                    self.ready()
        finally:
            self._defer_review = False
            self._from_page = False
        self._write_review()

    # ------------------------------------------------------------ drawing
    def _team(self, team: str | None) -> str:
        """A team as the refusals name it: ``"EW"`` in English (as the engine writes it), ``"Est–Ouest"`` in French."""
        return str(team) if self._lang == "en" else word(f"play.team.{team}", self._lang)

    def _text(self, action: Action) -> str:
        return choice_text(action, self._game.rules, self._lang)

    def _grade_of(self, ranked: Hint, action: Action) -> GradeLine:
        return grade_line(ranked, action, self._game.rules, self._lang)

    def _review_hand(self, hand: HandState) -> None:
        lang = self._lang
        result = hand.result
        assert result is not None
        several = len(self._people) > 1
        lines = [
            (seat, line)
            for seat in self._people
            for line in review(hand, seat, samples=self._grade_samples, workers=1, **lang_kw(review, lang)).lines
        ]
        lines.sort(key=lambda seat_line: seat_line[1].move)
        game = self._game
        number = len(game.finished)
        panel: HandReview = {
            "title": say("play.review", lang, n=number),
            "heads": {
                **{k: word(f"play.{k}", lang) for k in ("when", "chose", "grade", "better", "why")},
                "colon": word("colon", lang),
            },
            "lines": [
                {
                    "move": line.move + 1,
                    "when": said(line.when, lang),
                    # with several people, whose decision each line is (where it fell says the phase)
                    "phase": word(seat.name, lang) if several else "",
                    "action": said(line.said, lang) or self._text(line.action),
                    "grade": line.grade,
                    "grade_word": word(f"play.grade.{line.grade}", lang),
                    "best": "" if line.grade == "best" else said(line.best_said, lang) or self._text(line.best),
                    "reason": review_why(line, lang),
                }
                for seat, line in lines
            ],
            "empty": word("play.no decisions", lang),
            "result": result_text(result, lang),
            "hand_points": say("play.hand points", lang, **result.points),
            "game_points": say("play.game points", lang, **game.scores),
            "winner": (say("play.game over", lang, team=word(f"play.team.{game.winner}", lang)) if game.winner else ""),
            "next": "" if game.is_over else word("play.next", lang),
            "log_title": word("play.hands so far", lang),
            "log": [
                say("play.log line", lang, n=n, result=result_text(h.result, lang), **h.result.points)
                for n, h in enumerate(game.finished, 1)
                if h.result is not None
            ],
        }
        self.review = panel
        self.replay_info = self._replay_words(hand)

    def _redraw(self) -> None:
        self._think_ahead()  # first: the background work starts while the page is drawn
        if self.telling:
            self._redraw_story()
            return
        self.story = {}
        self.told = self._told_lines()
        if self._done is None:
            self.replay_info = {}
        lang = self._lang
        state = self.state
        game = self._game
        several = len(self._people) > 1
        if several and self._done is not None:
            picture = table_picture(state, None, lang)  # the hand is over: everyone may see every card
        else:
            # while the screen passes, nobody's hand is on it
            picture = table_picture(state, self.seat, lang, own_cards=self._passing_to is None)
        self._name_players(picture)
        left = self._discards_left()
        self._chosen = [c for c in self._chosen if left and c in state.hand(self.seat)][:left]
        if self._chosen:  # the cards chosen to put aside stand raised in the hand
            ids = {card_id(c) for c in self._chosen}
            for seat in picture["seats"]:
                if seat["seat"] == self.seat.name:
                    seat["cards"] = [{**c, "selected": c["id"] in ids} for c in seat["cards"]]
        self.picture = picture
        if self._done is not None and self.review:
            if self.replay >= 0:
                self._replay_picture(self._done)
            else:
                self.replay_info = self._replay_words(self._done)
        self.screen = self._pass_screen() or {}
        if self._passing_to is not None:
            self.grade = {}  # the mover's grade is theirs: never left for the next person to read
        if self.your_turn:
            phase = state.phase
            self.prompt = word(f"play.turn.{phase.value}", lang)
            if left:
                shown = " " + " ".join(card_face(c, lang) for c in self._chosen) if self._chosen else ""
                self.prompt = say("play.discard chosen", lang, n=left, chosen=len(self._chosen), cards=shown)
            if several:
                self.prompt = say("play.seat prompt", lang, seat=self.seat, prompt=self.prompt)
            self.actions = (
                self._discard_buttons(left)
                if phase in _CARD_KIND
                else [action_button(a, self._game.rules, lang) for a in state.view(self.seat).legal_actions]
            )
        elif self._passing_to is not None:
            self.prompt = say("play.pass to", lang, seat=word(self._passing_to.name, lang))
            self.actions = []
        else:
            self.prompt = (
                say("play.game over", lang, team=word(f"play.team.{game.winner}", lang))
                if game.winner
                else word("play.hand over", lang)
            )
            self.actions = []
        last = self._last_line()
        if last and self.prompt:
            self.prompt = f"{last} {self.prompt}"
        self.status = self._status_line(state)
        self.words = {"hint": word("play.hint", lang)}

    def _replay_words(self, hand: HandState, at: int | None = None, mine: ReviewRow | None = None) -> ReplayInfo:
        """The replay's payload at move ``at`` (None: the end of the hand, before a move is chosen), with the review's
        line ``mine`` where that move was the learner's."""
        lang = self._lang
        total = len(hand.history)
        if at is None:
            line, at = "", total
        else:
            line = narrate(hand, at - 1, None, lang) if at > 0 else word("play.replay deal", lang)
        return {
            "steps": total,
            "step": at,
            "line": line,
            "where": hand.when(at - 1, lang) if at > 0 else word("narrate.when deal", lang),
            "grade": mine["grade"] if mine else "",
            "grade_text": say("play.replay yours", lang, grade=mine["grade_word"]) if mine else "",
            "words": {
                k: word(f"play.replay{'' if k == 'title' else ' ' + k}", lang) for k in ("title", "back", "forward")
            },
        }

    def _status_line(self, state: HandState) -> str:
        """Hand number, where the hand is, whose seat and the game's score, as a line."""
        lang, game = self._lang, self._game
        number = len(game.finished) + (0 if self._done is not None or game.is_over else 1)
        where = phase_title(state, lang)
        if len(self._people) > 1:
            return say(
                "play.status people",
                lang,
                n=number,
                phase=where,
                people=", ".join(word(p.name, lang) for p in self._people),
                target=game.rules.target,
                **game.scores,
            )
        return say(
            "play.status",
            lang,
            n=number,
            phase=where,
            seat=word(self._me.name, lang),
            target=game.rules.target,
            **game.scores,
        )

    def _redraw_story(self) -> None:
        """One step of the bots' part of the hand: the table as it was after that action, from the learner's seat
        (nothing hidden revealed), the action in a line, and no choice to make yet."""
        assert self._story is not None
        hand, first, at = self._story
        lang = self._lang
        step = hand.at(at + 1)
        picture = table_picture(step, self.seat, lang)
        for seat in picture["seats"]:
            seat["you"] = False  # the learner's cards wait for the learner's turn
        self._name_players(picture)
        self.picture = picture
        story = StoryStep(
            line=narrate(hand, at, self.seat, lang),
            step=say("narrate.step", lang, n=at - first + 1, total=len(hand.history) - first),
            pace=self.pace,
            words={k: word(f"play.{k}", lang) for k in ("continue", "skip", "pace")},
            paces=[StoryPace(id=p, text=word(f"play.pace.{p}", lang)) for p in PACES],
        )
        self.story = story
        self.told = [narrate(hand, move, self.seat, lang) for move in range(first, at + 1)]
        self.prompt = self.story["line"]
        self.actions = []
        self.screen = {}
        self.status = self._status_line(step)

    def _name_players(self, picture: TablePicture) -> None:
        """Each seat's player on the picture: which bot and how strong, or a person."""
        for seat in picture["seats"]:
            kind = self._kinds.get(Seat.find(seat["seat"]))
            alone = len(self._people) == 1  # the learner's own seat is "you"; with several people, "a person"
            person = word("play.you" if alone else "play.person", self._lang)
            seat["player"] = person if kind is None else bot_word(kind, self._lang)

    def _discard_buttons(self, left: int) -> list[ActionButton]:
        """While discarding: Confirm once as many cards are chosen as the discard takes, and Take back once any is."""
        buttons: list[ActionButton] = []
        if left and len(self._chosen) == left:
            # the cards are named in the prompt just above
            buttons.append({"id": _CONFIRM, "text": word("play.confirm discards", self._lang), "kind": "confirm"})
        if self._chosen:
            buttons.append({"id": _UNDO, "text": word("play.undo discards", self._lang), "kind": "undo"})
        return buttons

    def _pass_screen(self) -> PassScreen | None:
        """The pass screen's words (None: no screen is up). No grade: the next person reads this screen, and a grade
        (what the mover held, what was better) is the mover's own, kept for the review after the hand."""
        to = self._passing_to
        if to is None:
            return None
        lang = self._lang
        name = word(to.name, lang)
        return {
            "title": say("play.pass to", lang, seat=name),
            "text": say("play.pass text", lang, seat=name),
            "ready": say("play.ready", lang, seat=name),
            "to": to.name,
        }

    def _relabel(self) -> None:
        if self._done is not None:
            self._review_hand(self._done)
        self.grade = {}
        self.hint = {}
        self._redraw()

    def __repr__(self) -> str:
        game = self._game
        number = len(game.finished) + (0 if self._done is not None or game.is_over else 1)
        if game.is_over:
            where = f"game over, {game.winner} won"
        elif self._done is not None:
            where = f"hand {number} over, review"
        else:
            state = game.hand
            if self._passing_to is not None:
                turn = f"passing to {self._passing_to.word}"
            elif state.to_move == self.seat:
                turn = "your turn" if len(self._people) == 1 else f"{self.seat.word}'s turn"
            else:
                turn = f"{state.to_move.word if state.to_move else '-'} to move"
            where = f"hand {number}, {state.phase.value}, {turn}"
        who = (
            f"you are {self._me.word}"
            if len(self._people) == 1
            else "people at " + ", ".join(p.word for p in self._people)
        )
        return f"PlayTable({game.rules.title}, {who}; {where}; NS {game.scores['NS']} – EW {game.scores['EW']})"

    def _static_html(self) -> str:
        # What the screen shows, no more: while it passes to the next person the hands are hidden, so the picture
        # (published with the live table, and kept in the saved notebook) holds the pass screen's words, no cards.
        if self._passing_to is not None:
            screen = self.screen
            return (
                f'<div class="cl-playtable"><p>{escape(self.status)}</p><p><strong>{escape(screen["title"])}'
                f"</strong></p><p>{escape(screen['text'])}</p></div>"
            )
        return (
            f'<div class="cl-playtable"><p>{escape(self.status)}</p>'
            f"{seat_view_html(self.state.view(self.seat), self._lang, four_colour=self.four_colour)}"
            f"<p>{escape(self.prompt)}</p></div>"
        )


def bot_word(kind: str, lang: Lang) -> str:
    """A kind of bot in words, with how strong it plays: its family's (``"pimc-blind"`` is a PIMC bot), or its
    name for a kind registered elsewhere."""
    family = kind.strip().lower().split("-")[0]
    return word(f"play.bot.{family}", lang) if family in ("random", "rule", "pimc") else kind


def _people(seat: Seat | str | None, people: Iterable[Seat | str] | str | None) -> tuple[Seat, ...]:
    """The seats of the people at the screen, ``seat`` first (the first to see it)."""
    if people is None:
        return (Seat.S if seat is None else Seat.find(seat),)
    if isinstance(people, Seat):
        people = [people]
    if not isinstance(people, (str, list, tuple, set, frozenset)):
        raise RulesOptionError(sentence("play.people not seats", value=quote(people)))
    given: list[Seat | str] = list(people) if not isinstance(people, str) else _seat_words(people)
    seats = [Seat.find(p) for p in given]
    if not seats or len(set(seats)) != len(seats):
        raise RulesOptionError(sentence("play.people count", value=quote(people)))
    ordered = sorted(set(seats))
    if seat is None:
        return tuple(ordered)
    first = Seat.find(seat)
    if first not in ordered:
        raise RulesOptionError(
            sentence("play.seat not among people", seat=first.name, people="".join(s.name for s in ordered))
        )
    return (first, *(s for s in ordered if s != first))


def _seat_words(text: str) -> list[Seat | str]:
    """``"NS"`` (letters run together), ``"N, S"`` or ``"north south"``, as separate seats."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if len(words) == 1 and len(words[0]) <= 4 and all(c in "NESW" for c in words[0].upper()):
        return list(words[0])
    return list(words)


# ---------------------------------------------------------------- shared with DecisionQuiz
def choice_text(action: Action, rules: Rules, lang: Lang) -> str:
    """An action as its button says it: a card alone when the phase says it is played, a suit with its name."""
    if action.kind == "trump" and action.suit is not None:
        return word(f"play.suit.{action.suit.name}", lang)
    if action.kind == "choose":
        return choice_name(action.choice or "", lang)
    if action.kind == "play" and action.card is not None:
        return card_face(action.card, lang)
    return action_text(action, rules, lang)


def action_button(action: Action, rules: Rules, lang: Lang) -> ActionButton:
    """A choice that is not a card (a bid, pass, a trump suit, a choice) as its button."""
    return {"id": str(action), "text": choice_text(action, rules, lang), "kind": action.kind}


def hint_panel(ranked: Hint, rules: Rules, lang: Lang) -> HintPanel:
    """The hint panel's content: every choice, best first, with its grade, points and reason."""
    return {
        "title": say("play.hint title", lang, samples=ranked.samples),
        "choices": [
            {
                "id": str(c.action),
                "text": choice_text(c.action, rules, lang),
                "grade": c.grade,
                "grade_word": word(f"play.grade.{c.grade}", lang),
                "points": number_text(c.points, "+.1f", lang),
                "details": c.details(lang),
                "reason": why(c, lang),
            }
            for c in ranked.choices
        ],
    }


def exchange_panel(ranked: ExchangeHint, lang: Lang) -> HintPanel:
    """The hint panel for the bidder's exchange: the best eight whole exchanges (of a few dozen), best first, as
    :func:`hint_panel` shows cards and bids."""
    if not any(c.discards for c in ranked.choices):
        title = "play.trump title"  # every card put aside: only the trump is left to choose
    elif len({c.trump for c in ranked.choices}) == 1:
        title = "play.discard title"  # trump was named before the exchange
    else:
        title = "play.exchange title"
    return {
        "title": say(title, lang, samples=ranked.samples),
        "choices": [
            {
                "id": c.said("en"),
                "text": c.said(lang),
                "grade": c.grade,
                "grade_word": word(f"play.grade.{c.grade}", lang),
                "points": number_text(c.points, "+.1f", lang),
                "details": c.details(lang),
                "reason": c.why(lang),
            }
            for c in ranked.choices[:8]
        ],
    }


def exchange_grade_line(ranked: ExchangeHint, mine: ExchangeChoice, lang: Lang) -> GradeLine:
    """The line under the table once the learner's exchange is complete, as :func:`grade_line` for a card."""
    return _chose_line(
        mine.said(lang),
        mine.grade,
        mine.reason.said(lang),
        ranked.best.reason.said(lang),
        mine.doubt(lang),
        lang,
        mine.details(lang),
    )


def grade_line(ranked: Hint, action: Action, rules: Rules, lang: Lang) -> GradeLine:
    """The line under the table after a choice: its grade and reason and, when it was not the best, the best one's
    reason (each said once)."""
    mine = ranked.choice(action)
    return _chose_line(
        choice_text(action, rules, lang),
        mine.grade,
        mine.reason.said(lang),
        ranked.best.reason.said(lang),
        mine.doubt(lang),
        lang,
        mine.details(lang),
    )


#: Grades after which the table plays out, on one of the graded deals, the line that punishes the card.
_REFUTED = ("inaccuracy", "mistake", "blunder")


def refuted(view: SeatView, action: Action, ranked: Hint, lang: Lang) -> GradeLine:
    """After a card graded inaccuracy or worse: the punishing line on one of the deals behind the grade, and the
    better card's (:func:`~charlemagne_learn.analysis.refute.refutation`), as the words of a "Why?" fold under the
    grade; nothing otherwise."""
    if action.kind != "play" or ranked.choice(action).grade not in _REFUTED:
        return {}
    found = refutation(view, action, ranked.best.action, samples=ranked.samples, lang=lang)
    if found is None:
        return {}
    lines: list[RefutationLine] = [{"text": text, "trick": trick} for text, trick in found.lines(lang)]
    return {"why": word("play.why refuted", lang), "line": found.text(lang), "lines": lines}


def _chose_line(
    chosen: str, grade: str, reason: str, best: str, unsure: str, lang: Lang, details: str = ""
) -> GradeLine:
    """ "You chose 9♠: good", then the reason (with how sure the grade is, where that needs saying: "a close call",
    "close to mistake") and the better choice's, as the review after the hand says them; ``details``: the deals and
    intervals behind the grade, shown when the learner points at it."""
    text = say("play.you chose", lang, action=chosen, grade=word(f"play.grade.{grade}", lang))
    if unsure:
        reason = say("display.unsure", lang, reason=reason, doubt=unsure)
    if grade != "best":
        reason = say("display.better", lang, reason=reason, best=best)
    return {"text": text, "grade": grade, "reason": reason, "details": details}
