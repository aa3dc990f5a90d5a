"""Practice problems made by the engine: a decision that matters, what it is about, and how hard it is at first.

A :class:`Problem` is a :class:`~charlemagne_learn.teach.decisions.Decision` (a seeded position where one choice is
better than others, graded double dummy) with the **themes** it practises — read from the position and its best
choice, never written by hand: trumping a trick, discarding, ducking, drawing trumps, the opening lead, the Mulot
joker rule, voiding a suit in the exchange… — and a **first rating** (:func:`~.ratings.first_rating`): higher the
more of its choices lose and when the rule of thumb the course teaches chooses wrong there. Problems come from
seeds, so they never run out, and a problem is named by its table, kind and seed (:attr:`Problem.key`): the same
key is the same position, graded alike, on every machine.

>>> p = problem("canadian", "play", 4)
>>> p.key, p.kind
('canadian play 4', 'play')
>>> set(p.themes) <= set(THEMES), 900 < p.rating.mu < 2100
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache, cached_property
from itertools import count
from pathlib import Path
from typing import Any

from ..analysis.exchange import ExchangeHint
from ..analysis.hints import Hint
from ..course import rules_for
from ..engine.actions import Action
from ..engine.errors import IllegalActionError, RulesOptionError, quote
from ..engine.i18n import lang_or_current, say, sentence
from ..engine.ranking import card_order
from ..engine.rng import check_seed, derive_seed
from ..engine.rules import Rules
from .decisions import DECISION_KINDS, Decision, DecisionKind, decision_at, decision_kinds, decisions, is_asked
from .ratings import Rating, first_rating

__all__ = [
    "BANK_FOLDER",
    "THEMED_TRIES",
    "THEMES",
    "THEME_KINDS",
    "BankEntry",
    "Problem",
    "bank",
    "bank_path",
    "kinds_on_demand",
    "kinds_served",
    "problem",
    "problem_key",
    "problem_on_demand",
    "problems",
    "themes_of",
]

#: What a problem can practise, in the order a hand meets them.
THEMES = (
    "bidding",
    "partners_bid",
    "partners_card",
    "exchange",
    "voiding_a_suit",
    "opening_lead",
    "drawing_trumps",
    "trumping",
    "discarding",
    "ducking",
    "taking_the_trick",
    "joker_rule",
    "defending",
    "mulot",
    "charlemagne",
)
#: Grades that solve a problem, as a decision quiz counts them.
_SOLVED = ("best", "good")
#: Where the stored starter sets are (``scripts/problem_bank.py`` makes them).
BANK_FOLDER = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Problem:
    """One practice problem: a decision, where it comes from, what it practises and its first rating."""

    decision: Decision
    #: The table's rules (a preset's name, or a house table's) and the seed the problem comes from.
    variant: str
    seed: int
    #: The themes and first rating as the stored starter set keeps them (None: worked out when first asked, which
    #: grades the decision).
    stored: tuple[tuple[str, ...], Rating] | None = None

    @property
    def kind(self) -> DecisionKind:
        return self.decision.kind

    @property
    def key(self) -> str:
        """The problem's name: its table, kind and seed (the same key is the same position everywhere)."""
        return problem_key(self.variant, self.kind, self.seed)

    @cached_property
    def themes(self) -> tuple[str, ...]:
        return themes_of(self.decision) if self.stored is None else self.stored[0]

    @cached_property
    def rating(self) -> Rating:
        """The rating the problem starts with, before anyone has answered it."""
        if self.stored is not None:
            return self.stored[1]
        graded = self.decision.grade()
        grades = [c.grade for c in graded.choices]
        missed = sum(g not in _SOLVED for g in grades) / len(grades)
        return first_rating(missed, _rule_misses(self.decision, graded))

    def theme_words(self, lang: str | None = None) -> list[str]:
        """The themes as a learner reads them ("trumping", « couper »)."""
        language = lang_or_current(lang)
        return [say(f"theme.{theme}", language) for theme in self.themes]

    def solved_by(self, grade: str) -> bool:
        """Does an answer graded ``grade`` solve the problem (best or good)?"""
        return grade in _SOLVED


def problem_key(variant: str, kind: str, seed: int) -> str:
    """A problem's name: "canadian play 4"."""
    return f"{variant} {kind} {seed}"


def problem(
    rules: Rules | str | None,
    kind: str,
    seed: int,
    *,
    lang: str | None = None,
    found_at: tuple[int, int] | None = None,
) -> Problem:
    """The problem of ``kind`` made from ``seed`` at this table (the course's by default): the first decision of
    that kind the seed gives (made at once given where its search stops, ``found_at``, as a stored problem keeps
    it)."""
    table = rules_for(rules)
    (chosen,) = decision_kinds([kind], table)
    seed = check_seed(seed)
    if found_at is not None:
        return Problem(decision_at(table, chosen, seed, found_at, lang=lang), table.name, seed)
    found = next(decisions(table, [chosen], seed, lang=lang))
    return Problem(found, table.name, seed)


#: A problem made on demand is of a theme asked if one comes within this many problems made, else the next one made.
THEMED_TRIES = 12
#: The kinds of decision that give each theme often (in the stored sets, a quarter or more as often as the kind
#: that gives it most): a theme asked is made on demand of these, not of kinds that never or seldom give it.
THEME_KINDS: dict[str, tuple[DecisionKind, ...]] = {
    "bidding": ("bid", "reply"),
    "partners_bid": ("reply",),
    "partners_card": ("give",),
    "exchange": ("exchange",),
    "voiding_a_suit": ("exchange",),
    "opening_lead": ("lead",),
    "drawing_trumps": ("lead",),
    "trumping": ("play",),
    "discarding": ("play", "defend", "mulot"),
    "ducking": ("mulot",),
    "taking_the_trick": ("play", "defend"),
    "joker_rule": ("mulot",),
    "defending": ("lead", "play", "defend", "mulot"),
    "mulot": ("mulot",),
    "charlemagne": ("defend",),
}


def kinds_served(rules: Rules | str | None) -> tuple[DecisionKind, ...]:
    """The kinds of problem practice serves at this table: at a preset, those of its stored set, made from the first
    seeds of every kind its rules ask (a kind missing there gave no problem from any of them: American Charlemagne's
    partner's card, whose choice never matters, would be searched for without end); at a house table, every kind
    its rules ask."""
    table = rules_for(rules)
    if table == Rules.preset(table.name):
        stored = {entry.kind for entry in bank(table.name)}
        if stored:
            return tuple(kind for kind in DECISION_KINDS if kind in stored)
    return tuple(kind for kind in DECISION_KINDS if is_asked(kind, table))


def kinds_on_demand(rules: Rules | str | None, skill: str | None, themes: Iterable[str] = ()) -> tuple[str, ...]:
    """The kinds problems are made of on demand at this table: ``skill`` alone (refused in words where the table
    never asks it, or serves no problem of it: :func:`kinds_served`); else, for ``themes``, the kinds that give them
    often and the table serves; else (no theme, or none of those kinds here) the kinds a decision quiz asks that
    it serves. The one test of a skill that practice, homework and their codes share."""
    table = rules_for(rules)
    served = kinds_served(table)
    if skill is not None:
        chosen = decision_kinds([skill], table)
        if skill not in served:
            raise RulesOptionError(
                sentence("problems.not_served", title=table.named(), kind=skill, kinds=", ".join(served))
            )
        return chosen
    wanted: set[str] = set()
    for theme in themes:
        if theme not in THEME_KINDS:
            raise RulesOptionError(sentence("trainer.bad_theme", value=quote(theme), allowed=", ".join(THEMES)))
        wanted.update(THEME_KINDS[theme])
    asked = [kind for kind in wanted if kind in served]
    quizzed = [kind for kind in decision_kinds(None, table) if kind in served]
    return decision_kinds(asked or quizzed, table)


def problem_on_demand(
    rules: Rules | str | None,
    seeds: Iterator[int],
    skill: str | None = None,
    themes: Iterable[str] = (),
    *,
    lang: str | None = None,
    skip: Container[str] = (),
) -> Problem:
    """The next problem made from ``seeds`` (taken as far as needed; each seed chooses its kind among
    :func:`kinds_on_demand`) at this table: of one of ``themes`` (any when none) if one comes within
    :data:`THEMED_TRIES`, else the next made; a key in ``skip`` is passed over. Kinds a seed's deals do not ask are
    passed over too, up to a limit: a kind this table hardly ever asks is said
    (:class:`~..engine.errors.RulesOptionError`) rather than searched for ever."""
    table = rules_for(rules)
    wanted = set(themes)
    kinds = kinds_on_demand(table, skill, wanted)
    tries = misses = 0
    for seed in seeds:
        try:
            made = problem(table, kinds[seed % len(kinds)], seed, lang=lang)
        except RulesOptionError:  # no position of that kind where the choice matters in this seed's deals
            misses += 1
            if misses > 4 * THEMED_TRIES:
                raise
            continue
        misses = 0
        if made.key in skip:
            continue
        tries += 1
        if not wanted or wanted & set(made.themes) or tries > THEMED_TRIES:
            return made
    raise RulesOptionError(sentence("problems.none_made"))


def problems(
    rules: Rules | str | None = None, kinds: Iterable[str] | None = None, seed: int = 0, *, lang: str | None = None
) -> Iterator[Problem]:
    """An endless stream of problems, the kinds in turn (as :func:`~.decisions.decisions` takes them); the same
    arguments give the same problems."""
    table = rules_for(rules)
    chosen = decision_kinds(kinds, table)
    seed = check_seed(seed)
    for number in count():
        yield problem(table, chosen[number % len(chosen)], derive_seed(seed, number), lang=lang)


def themes_of(decision: Decision) -> tuple[str, ...]:
    """What a decision practises, read from the position and its best choice, in the order of :data:`THEMES`."""
    found: set[str] = set()
    kind = decision.kind
    if kind in ("bid", "reply"):
        found.add("bidding")
        if kind == "reply":
            found.add("partners_bid")
    elif kind == "give":
        found.add("partners_card")
    elif kind == "exchange":
        found.add("exchange")
        graded = decision.grade()
        assert isinstance(graded, ExchangeHint)
        order = card_order(decision.view.rules, graded.best.trump)
        held = [c.index for c in decision.view.hand]
        kept = set(held) - {c.index for c in graded.best.discards}
        # a side suit held before and put aside whole: the bidder can trump it from the first trick
        side = {order.suit_of[c] for c in held if not order.is_trump(c)}
        if any(not any(order.suit_of[c] == suit for c in kept) for suit in side):
            found.add("voiding_a_suit")
    else:
        found |= _card_themes(decision)
    return tuple(theme for theme in THEMES if theme in found)


def _card_themes(decision: Decision) -> set[str]:
    """The themes of a card to lead or play: read from the trick, the hand and the best card."""
    view = decision.view
    contract = view.contract
    graded = decision.grade()
    assert contract is not None and isinstance(graded, Hint)
    best = graded.best.action.card
    assert best is not None
    order = contract.order
    found: set[str] = set()
    seat = decision.seat
    if seat.team != contract.team or seat in contract.sitting_out or decision.kind == "defend":
        found.add("defending")
    if contract.spec.avoid:
        found.add("mulot")
    elif not contract.spec.numbered and contract.spec.tricks >= view.rules.tricks_per_hand:
        found.add("charlemagne")
    hand = [c.index for c in view.hand]
    # Mulot's jokers: a void player must play one, a joker led draws the other (0 where that rule does not apply)
    jokers = order.void_must_play
    if jokers and any(jokers >> c & 1 for c in [*hand, *(card.index for _, card in view.trick)]):
        found.add("joker_rule")
    if not view.trick:
        if not view.tricks:
            found.add("opening_lead")
        if order.is_trump(best.index) and seat.team == contract.team and not contract.spec.avoid:
            found.add("drawing_trumps")
        return found
    led = view.trick[0][1].index
    led_suit = order.suit_of[led]
    follows = any(order.suit_of[c] == led_suit for c in hand)
    winning = view.trick[0][1].index
    for _, card in view.trick[1:]:
        if order.beats(card.index, winning, led_suit):
            winning = card.index
    # a void player holding a Mulot joker has no suit to choose: a joker must go (the joker rule, above)
    if not follows and not jokers & sum(1 << c for c in hand):
        if order.is_trump(best.index) and not order.is_trump(led):
            found.add("trumping")
        else:
            found.add("discarding")
    legal = [a.card.index for a in view.legal_actions if a.card is not None]
    can_win = any(order.beats(c, winning, led_suit) for c in legal)
    can_lose = any(not order.beats(c, winning, led_suit) for c in legal)
    if can_win and can_lose:
        found.add("taking_the_trick" if order.beats(best.index, winning, led_suit) else "ducking")
    return found


def _rule_misses(decision: Decision, graded: Hint | ExchangeHint) -> bool:
    """Does the rule of thumb the course teaches (:attr:`Decision.advice`) choose a card graded below good here?"""
    advice = decision.advice
    if advice is None:
        return False
    try:
        if isinstance(graded, ExchangeHint):
            assert isinstance(advice, tuple)
            grade = graded.choice(*advice).grade
        else:
            assert isinstance(advice, Action)
            grade = graded.choice(advice).grade
    except IllegalActionError:  # an exchange outside the candidates graded: one a player would not make first
        return True
    return grade not in _SOLVED


@dataclass(frozen=True)
class BankEntry:
    """A problem of the stored starter set, known without grading it: its kind, seed, themes and first rating."""

    variant: str
    kind: DecisionKind
    seed: int
    themes: tuple[str, ...]
    rating: Rating
    #: Where the search for its decision stopped (:attr:`Decision.found_at`): made again from there at once.
    found_at: tuple[int, int] | None = None

    @property
    def key(self) -> str:
        return problem_key(self.variant, self.kind, self.seed)

    def problem(self, rules: Rules | str | None = None, lang: str | None = None) -> Problem:
        """The problem itself at ``rules`` (by default the preset it was made at), its themes and rating as stored
        (graded only when answered)."""
        table = rules_for(self.variant if rules is None else rules)
        # where the search stopped holds for the preset the set was made at; another table searches afresh
        at = self.found_at if table == Rules.preset(self.variant) else None
        made = problem(table, self.kind, self.seed, lang=lang, found_at=at)
        return replace(made, stored=(self.themes, self.rating))


def bank_path(variant: str) -> Path:
    """The stored starter set of a table (a preset's name)."""
    return BANK_FOLDER / f"problems_{variant}.json"


@cache
def bank(variant: str) -> tuple[BankEntry, ...]:
    """The stored starter set of a table's problems (empty where none is stored)."""
    path = bank_path(rules_for(variant).name)
    if not path.is_file():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    return tuple(_entry(data["variant"], e) for e in data["problems"])


def _entry(variant: str, e: dict[str, Any]) -> BankEntry:
    at = (e["at"][0], e["at"][1]) if "at" in e else None
    return BankEntry(variant, e["kind"], e["seed"], tuple(e["themes"]), _stored_rating(e["rating"]), at)


def _stored_rating(mu: float) -> Rating:
    """A stored problem's first rating (as unsure as every first rating)."""
    return Rating(mu, first_rating(0.0, False).sigma)
