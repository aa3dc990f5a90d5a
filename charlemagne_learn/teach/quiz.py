"""Quiz questions built from seeded random deals, every answer and explanation computed by the engine.

Five kinds of question: ``"winner"`` (who wins this trick?), ``"legal"`` (which cards may you play?),
``"order"`` (put these trumps in order), ``"score"`` (what does this hand score?) and ``"table"`` (who deals,
cuts, bids first or leads: a real table's procedure; asked only on request). Three levels: 1 plain cards and
obvious trumps, 2 bowers and jokers, 3 the tricky cases (the little jack led, Mulot's joker rules, the American
high 9, Bid Euchre's bowers and no-trump); for ``"table"``, 1 the deal, 2 the first lead, 3 the first lead of a
bid played alone.

>>> q = next(questions("canadian", level=2, kinds=("winner",), seed=0))
>>> q.kind, q.choices == tuple(s.name for s in q.contract.active_seats)
('winner', True)
>>> q.check(q.answer), q.check(("Z",))
(True, False)
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Literal, get_args

from ..course import rules_for
from ..engine.cards import Card, CardList, Seat
from ..engine.checks import is_whole
from ..engine.contract import Contract
from ..engine.deal import cards_of, deal_hands
from ..engine.errors import RulesOptionError, quote
from ..engine.hand import HandState
from ..engine.i18n import card_face, check_lang, lang_or_current, say, seat_word, sentence
from ..engine.ranking import card_order, trump_order
from ..engine.rng import check_seed
from ..engine.rules import BidSpec, Rules
from ..engine.scoring import explain_score
from ..engine.tricks import explain_legal_plays, explain_trick_winner

__all__ = ["KINDS", "SEAT_KINDS", "Kind", "Question", "outcome_text", "questions", "quiz_kinds"]

Kind = Literal["winner", "legal", "order", "score", "table"]
KINDS: tuple[Kind, ...] = get_args(Kind)
#: The kinds asked when none are named: the rules of play. The table's procedure is asked by name, so a quiz
#: made before it existed asks the same questions.
_DEFAULT_KINDS: tuple[Kind, ...] = ("winner", "legal", "order", "score")
#: The kinds answered by naming a seat.
SEAT_KINDS: frozenset[str] = frozenset({"winner", "table"})
LEVELS = (1, 2, 3)


def _specials(rules: Rules, number: Literal["all", "one"] = "all", lang: str = "en") -> str:
    """The cards that leave their printed rank or suit, named as the variant's players name them."""
    if number == "one":  # one of the bowers is the left one, as a quiz's topic names it
        return say("quiz.one_special.jokers" if rules.jokers else "quiz.topic.left_bower", lang)
    return say(f"quiz.specials.{'jokers' if rules.jokers else 'bowers'}", lang)


_ATTEMPTS = 2000  # positions tried per question before giving up; the searches below succeed in a few dozen


@dataclass(frozen=True)
class Question:
    """One question: what is shown (prompt, contract, trick, cards, choices) and the engine's answer.

    ``answer`` and ``choices`` are plain text: seat letters (``"E"``), cards as they print (``"J♦"``) or, for a score
    question, the outcome as words. ``answer`` is in order for an ``"order"`` question and a set (sorted as
    shown) for a ``"legal"`` one.
    """

    kind: Kind
    level: int
    variant: str
    prompt: str
    contract: Contract
    choices: tuple[str, ...]
    answer: tuple[str, ...]
    explanation: str
    #: The trick so far (complete for a "winner" question), from the leader on.
    trick: CardList = field(default_factory=CardList)
    leader: Seat | None = None
    #: The hand of the player to move ("legal") or the trumps to put in order, shuffled ("order").
    cards: CardList = field(default_factory=CardList)
    #: Who is to play ("legal").
    seat: Seat | None = None
    bidder_tricks: int | None = None
    #: What the question practises, in words a teacher's table groups by ("who wins: the little jack led").
    skill: str = ""
    #: The language of the question's words ("en" or "fr").
    lang: str = "en"

    @property
    def trick_seats(self) -> tuple[Seat, ...]:
        """The seat that played each card of :attr:`trick`."""
        seats: list[Seat] = []
        if self.leader is not None:
            seat = self.leader
            for _ in self.trick:
                seats.append(seat)
                seat = self.contract.next_active(seat)
        return tuple(seats)

    def normalise(self, given: str | Seat | Card | Iterable[str | Card | Seat] | int) -> tuple[str, ...]:
        """An answer in any form a learner or a test gives it, as the text :attr:`answer` uses."""
        if self.kind in SEAT_KINDS:
            value = given[0] if isinstance(given, (tuple, list)) and len(given) == 1 else given
            return (Seat.find(value).name,) if isinstance(value, (str, Seat, int)) else ()
        if self.kind == "score":
            value = given[0] if isinstance(given, (tuple, list)) and len(given) == 1 else given
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(self.choices):
                return (self.choices[value],)
            return (str(value),)
        from ..engine.cards import parse_cards

        cards = parse_cards(given) if isinstance(given, (str, list, tuple)) else parse_cards([given])  # type: ignore[list-item]
        ids = tuple(str(c) for c in cards)
        rank = {c: i for i, c in enumerate(self.choices)}
        return ids if self.kind == "order" else tuple(sorted(ids, key=lambda c: rank.get(c, len(rank))))

    def check(self, given: Sequence[str]) -> bool:
        """Is ``given`` (already in :attr:`answer`'s form) right?"""
        given = self._given(given)
        if self.kind == "legal":
            return set(given) == set(self.answer) and len(given) == len(self.answer)
        return tuple(given) == self.answer

    def _given(self, given: object) -> tuple[str, ...]:
        """An answer as a tuple of texts: one seat or card may be given alone, and as a Seat or a Card."""
        items = (given,) if isinstance(given, (str, Seat, Card)) else given
        if not isinstance(items, (list, tuple, set, frozenset)) or not all(
            isinstance(i, (str, Seat, Card)) for i in items
        ):
            raise RulesOptionError(sentence("quiz.bad_given", self.lang, value=quote(given)))
        return tuple(i.name if isinstance(i, Seat) else str(i) for i in items)

    @property
    def answer_text(self) -> str:
        """The answer as a learner reads it: ``"East"``, ``"J♦ 7♥"``, ``"North–South score 6"``."""
        return self.text(self.answer)

    def text(self, given: Sequence[str]) -> str:
        """Any answer in this question's form, as text."""
        given = self._given(given)
        if self.kind in SEAT_KINDS:
            return ", ".join(seat_word(Seat.find(s), check_lang(self.lang)) for s in given)
        if self.kind == "score":
            return ", ".join(given)
        return " ".join(card_face(Card.parse(c), check_lang(self.lang)) for c in given) or say("quiz.none", self.lang)


# ---------------------------------------------------------------- helpers
def _trump_contract(rules: Rules, rng: random.Random, bids: Sequence[BidSpec] | None = None) -> Contract:
    numeric = list(rules.numbered_bids) if bids is None else list(bids)
    spec = rng.choice(numeric)
    return Contract(rules, spec, rng.choice(list(Seat)), rng.choice("CDHS"))


def _special_contract(rules: Rules, rng: random.Random, name: str) -> Contract:
    spec = rules.bid(name)
    trump = rng.choice("CDHS") if spec.has_trump and spec.trump != "with_bid_or_none" else None
    return Contract(rules, spec, rng.choice(list(Seat)), trump)


def _roles(contract: Contract, cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if contract.order.role[c.index]]


def _little_jack(contract: Contract) -> Card | None:
    index = contract.order.little_jack
    return None if index is None else Card.from_index(index)


def _moved(contract: Contract, card: Card) -> bool:
    """A card whose suit in play is not its printed suit (the little jack, the jokers)."""
    return card.is_joker or card == _little_jack(contract)


def _printed_suit(card: Card) -> int:
    return -1 if card.suit is None else int(card.suit)


def _contract_words(contract: Contract, lang: str) -> str:
    return say(
        "quiz.contract", lang, contract=contract.text(lang), title=f"title.{contract.rules.name}",
        trump=contract.trump_words(lang),
    )  # fmt: skip


def _play(
    contract: Contract,
    hands: list[CardList],
    leader: Seat,
    count: int,
    rng: random.Random,
    lead: Callable[[Card], bool] | None,
) -> CardList:
    """``count`` cards played from ``leader`` on, each a random legal card; the leader leads a card that
    satisfies ``lead`` when it holds one."""
    trick = CardList()
    seat = leader
    for _ in range(count):
        legal = explain_legal_plays(contract, hands[seat], trick).answer
        if not trick and lead is not None and any(map(lead, legal)):
            legal = CardList(c for c in legal if lead(c))
        trick.append(rng.choice(legal))
        seat = contract.next_active(seat)
    return trick


@dataclass(frozen=True)
class _Topic:
    """What a level's position must show: how to pick the contract, what to lead, and a test of the result."""

    contract: Callable[[Rules, random.Random], Contract]
    test: Callable[[Contract, CardList, CardList], bool]  # contract, trick, hand of the player to move
    lead: Callable[[Contract], Callable[[Card], bool] | None] = lambda k: None
    #: The rule the position teaches, as a teacher's results table names it.
    skill: str = ""


def _plain(k: Contract, trick: CardList, hand: CardList) -> bool:
    return not _roles(k, [*trick, *hand])


def _has_role(k: Contract, trick: CardList, hand: CardList) -> bool:
    return bool(_roles(k, trick))


def _little_jack_led(k: Contract, trick: CardList, hand: CardList) -> bool:
    return bool(trick) and trick[0] == _little_jack(k)


def _lead_little_jack(k: Contract) -> Callable[[Card], bool]:
    jack = _little_jack(k)
    return lambda c: c == jack


def _joker_in(k: Contract, trick: CardList, hand: CardList) -> bool:
    return any(c.is_joker for c in trick)


def _nine_and_jack(k: Contract, trick: CardList, hand: CardList) -> bool:
    roles = [k.order.role[c.index] for c in trick]
    return "top trump (the nine)" in roles and any("jack" in r for r in roles)


def _left_bower_in(k: Contract, trick: CardList, hand: CardList) -> bool:
    return _little_jack(k) in trick


def _jack_no_trump(k: Contract, trick: CardList, hand: CardList) -> bool:
    return any(c.rank is not None and c.rank.word == "jack" for c in trick)


def _moved_in_hand_matters(k: Contract, trick: CardList, hand: CardList) -> bool:
    """The hand holds a little jack or joker and the suit led is trump or that card's printed suit."""
    led = k.order.suit_of[trick[0].index]
    return any(_moved(k, c) and (led == k.order.trump_suit or led == _printed_suit(c)) for c in hand)


def _mulot_joker_rule(k: Contract, trick: CardList, hand: CardList) -> bool:
    led = k.order.suit_of[trick[0].index]
    jokers = [c for c in hand if c.is_joker]
    if not jokers:
        return False
    return led == k.order.trump_suit or not any(k.order.suit_of[c.index] == led for c in hand)


def _some_illegal(k: Contract, trick: CardList, hand: CardList) -> bool:
    return _plain(k, trick, hand) and 0 < len(explain_legal_plays(k, hand, trick).answer) < len(hand)


def _mulot(rules: Rules, rng: random.Random) -> Contract:
    return _special_contract(rules, rng, rng.choice(["mulot", "gros_mulot"]))


def _no_trump(rules: Rules, rng: random.Random) -> Contract:
    return Contract(rules, rng.choice(list(rules.numbered_bids)), rng.choice(list(Seat)), None)


def _topics(rules: Rules, kind: Kind, level: int, lang: str) -> list[_Topic]:
    """The kinds of position that teach ``level``'s point for this question kind and variant."""
    trumpish = _trump_contract

    def topic(key: str) -> str:
        return say(f"quiz.topic.{key}", lang)

    little_jack = _Topic(trumpish, _little_jack_led, _lead_little_jack, topic("little_jack_led"))
    belongs = say("quiz.topic.belongs", lang, special=_specials(rules, "one", lang))
    moved = _Topic(trumpish, _moved_in_hand_matters, skill=belongs)
    if level == 1:
        if kind == "winner":
            return [_Topic(trumpish, _plain, skill=topic("plain"))]
        return [_Topic(trumpish, _some_illegal, skill=topic("following"))]
    if level == 2:
        return [_Topic(trumpish, _has_role, skill=_specials(rules, lang=lang)) if kind == "winner" else moved]
    name = rules.name
    if kind == "winner":
        if name == "canadian":
            return [little_jack, _Topic(_mulot, _joker_in, skill=topic("mulot_jokers"))]
        if name == "bid_euchre":
            return [
                _Topic(trumpish, _left_bower_in, skill=topic("left_bower")),
                _Topic(_no_trump, _jack_no_trump, skill=topic("jacks_no_trump")),
            ]
        return [_Topic(trumpish, _nine_and_jack, skill=topic("nine")), little_jack]
    if name == "canadian":
        return [little_jack, _Topic(_mulot, _mulot_joker_rule, skill=topic("mulot_jokers"))]
    if name == "bid_euchre":
        return [moved, _Topic(_no_trump, lambda k, t, h: _jack_no_trump(k, h, t), skill=topic("jacks_no_trump"))]
    return [little_jack, moved]


def _position(
    rules: Rules, kind: Kind, level: int, rng: random.Random, lang: str
) -> tuple[Contract, Seat, CardList, CardList, str]:
    """A contract, a leader, a trick, (for "legal") the hand of the player to move and the skill it practises,
    from seeded deals."""
    topic = rng.choice(_topics(rules, kind, level, lang))
    for _ in range(_ATTEMPTS):
        contract = topic.contract(rules, rng)
        hands_bits, _kitty = deal_hands(rules, rng.choice(list(Seat)), rng.randrange(2**31))
        hands = [cards_of(h) for h in hands_bits]
        active = list(contract.active_seats)
        lead = topic.lead(contract)
        holders = [s for s in active if lead is not None and any(map(lead, hands[s]))]
        leader = rng.choice(holders or active)
        n = len(active)
        count = n if kind == "winner" else rng.randrange(1, n)
        trick = _play(contract, hands, leader, count, rng, lead)
        mover = leader
        for _ in range(count):
            mover = contract.next_active(mover)
        hand = CardList() if kind == "winner" else hands[mover]
        if topic.test(contract, trick, hand):
            return contract, leader, trick, hand, _skill(kind, topic.skill, lang)
    raise RuntimeError(f"no {kind} position found for level {level} of {rules.title}")  # pragma: no cover


def _skill(kind: Kind, topic: str, lang: str) -> str:
    return say("quiz.skill", lang, kind=say(f"quiz.skill.{kind}", lang), topic=topic)


def _trick_words(seats: Sequence[Seat], trick: Sequence[Card], lang: str) -> str:
    return ", ".join(say("story.played", lang, seat=s, card=c) for s, c in zip(seats, trick, strict=True))


# ---------------------------------------------------------------- the four kinds
def _winner(rules: Rules, level: int, rng: random.Random, lang: str) -> Question:
    contract, leader, trick, _, skill = _position(rules, "winner", level, rng, lang)
    ruling = explain_trick_winner(contract, leader, trick, lang=lang)
    q = Question(
        "winner",
        level,
        rules.name,
        "",
        contract,
        tuple(s.name for s in contract.active_seats),
        (ruling.answer.name,),
        ruling.reason,
        trick=trick,
        leader=leader,
        skill=skill,
        lang=lang,
    )
    prompt = say(
        "quiz.winner_prompt", lang, contract=_contract_words(contract, lang), leader=leader,
        trick=_trick_words(q.trick_seats, trick, lang),
    )  # fmt: skip
    return _with_prompt(q, prompt)


def _with_prompt(q: Question, prompt: str) -> Question:
    return replace(q, prompt=prompt)


def _legal(rules: Rules, level: int, rng: random.Random, lang: str) -> Question:
    contract, leader, trick, shown, skill = _position(rules, "legal", level, rng, lang)
    seat = leader
    for _ in trick:
        seat = contract.next_active(seat)
    ruling = explain_legal_plays(contract, shown, trick, lang=lang)
    choices = tuple(str(c) for c in shown)
    answer = tuple(str(c) for c in shown if c in ruling.answer)
    q = Question(
        "legal",
        level,
        rules.name,
        "",
        contract,
        choices,
        answer,
        ruling.reason,
        trick=trick,
        leader=leader,
        cards=shown,
        seat=seat,
        skill=skill,
        lang=lang,
    )
    prompt = say(
        "quiz.legal_prompt", lang, contract=_contract_words(contract, lang),
        trick=_trick_words(q.trick_seats, trick, lang), seat=seat, cards=shown,
    )  # fmt: skip
    return _with_prompt(q, prompt)


def _order(rules: Rules, level: int, rng: random.Random, lang: str) -> Question:
    trump = rng.choice("CDHS")
    contract = Contract(rules, rules.numbered_bids[-1], rng.choice(list(Seat)), trump)
    order = card_order(rules, contract.trump)
    everything = list(trump_order(rules, trump))
    special = [c for c in everything if order.role[c.index]]
    plain = [c for c in everything if not order.role[c.index]]
    if level == 1:
        picked = rng.sample(plain, 4)
    elif level == 2:
        picked = rng.sample(special, 2) + rng.sample(plain, 3)
    else:
        picked = special + rng.sample(plain, 6 - len(special))
    answer = CardList(c for c in everything if c in picked)
    shown = list(answer)
    while shown == list(answer):  # the cards never appear already in order
        rng.shuffle(shown)
    named = ", ".join(
        say("quiz.role", lang, card=c, role=order.role[c.index]) if order.role[c.index] else card_face(c, lang)
        for c in everything
    )
    title, trump_words = f"title.{rules.name}", contract.trump_words(lang)
    explanation = say("quiz.order_explanation", lang, trump=trump_words, title=title, named=named, answer=answer)
    prompt = say("quiz.order_prompt", lang, title=title, trump=trump_words, cards=CardList(shown))
    return Question(
        "order",
        level,
        rules.name,
        prompt,
        contract,
        tuple(str(c) for c in shown),
        tuple(str(c) for c in answer),
        explanation,
        cards=CardList(shown),
        skill=_skill("order", say(f"quiz.order.{level}", lang, specials=_specials(rules, lang=lang)), lang),
        lang=lang,
    )


def outcome_text(contract: Contract, bidder_tricks: int, lang: str | None = None) -> str:
    """What a hand scores, in words a learner picks from: ``"East–West score 6"`` (in ``lang``, the course's
    language by default)."""
    return _outcome_words(_outcome(contract, bidder_tricks), lang)


_Outcome = tuple[str, str, int, int]  # kind, team, points, other points


def _outcome(contract: Contract, bidder_tricks: int) -> _Outcome:
    score = explain_score(contract, bidder_tricks, lang="en").answer
    if score.outright_winner is not None:
        return ("win", score.outright_winner, 0, 0)
    p = score.points
    if contract.rules.per_trick_scoring:
        return ("each", "", p["NS"], p["EW"])
    team = "NS" if p["NS"] else "EW"
    return ("score", team, p[team], 0)


def _outcome_words(outcome: _Outcome, lang: str | None) -> str:
    kind, team, points, other = outcome
    if kind == "each":
        return say("quiz.outcome.each", lang, ns=points, ew=other)
    return say(f"quiz.outcome.{kind}", lang, team=team, points=points)


def _score_contract(rules: Rules, level: int, rng: random.Random) -> tuple[Contract, int]:
    numeric = list(rules.numbered_bids)
    special = [b for b in rules.bids if not b.numbered]
    total = rules.tricks_per_hand
    if level == 2 and special:
        spec = rng.choice([b for b in special if not b.name.startswith("gros")])
    elif level == 3 and special:
        spec = rng.choice(
            [b for b in special if b.name.startswith("gros") or b.outright or b.exchange == "partner"] + numeric[-2:]
        )
    else:
        spec = rng.choice(numeric)
    trump = (
        None
        if spec.has_trump is False or (spec.trump == "with_bid_or_none" and rng.random() < 0.3)
        else rng.choice("CDHS")
    )
    contract = Contract(rules, spec, rng.choice(list(Seat)), trump)
    if spec.avoid:
        tricks = rng.choice([0, 0, 1, 2])
    elif level == 3 and spec.numbered:
        tricks = rng.randrange(min(spec.tricks + 1, total), total + 1)  # more than bid: no credit for overtricks
    elif spec.tricks >= total:
        tricks = rng.choice([total, total, total - 1])
    else:
        tricks = rng.randrange(max(0, spec.tricks - 2), min(total, spec.tricks + 1) + 1)
    return contract, tricks


def _score(rules: Rules, level: int, rng: random.Random, lang: str) -> Question:
    contract, tricks = _score_contract(rules, level, rng)
    ruling = explain_score(contract, tricks, lang=lang)
    right = _outcome(contract, tricks)
    other = Contract(rules, contract.spec, contract.bidder.left, contract.trump)
    wrong = {_outcome(contract, n) for n in range(rules.tricks_per_hand + 1)}
    wrong |= {_outcome(other, n) for n in range(rules.tricks_per_hand + 1)}
    if not contract.rules.per_trick_scoring and contract.spec.numbered and ruling.answer.made:
        wrong.add(("score", contract.team, tricks, 0))  # the overtricks learners forget
    wrong.discard(right)
    # chosen and ordered by their English words, so a seed asks the same question in every language
    english = {_outcome_words(o, "en"): o for o in wrong}
    picked = [english[t] for t in rng.sample(sorted(english), min(3, len(english)))]
    choices = [_outcome_words(o, lang) for o in sorted([right, *picked], key=lambda o: _outcome_words(o, "en"))]
    who = contract.bidder if contract.alone else seat_word(contract.team, check_lang(lang))
    prompt = say(
        f"quiz.score_prompt_{'alone' if contract.alone else 'team'}", lang,
        contract=_contract_words(contract, lang), who=who, n=tricks,
    )  # fmt: skip
    spec = contract.spec
    if spec.numbered:
        what = say("quiz.topic.more_than_bid" if tricks > spec.tricks else "quiz.topic.number", lang)
    else:
        what = spec.text(lang)
    return Question(
        "score",
        level,
        rules.name,
        prompt,
        contract,
        tuple(choices),
        (_outcome_words(right, lang),),
        ruling.reason,
        bidder_tricks=tricks,
        skill=_skill("score", what, lang),
        lang=lang,
    )


def check_level(level: object, lang: str | None = None) -> int:
    """``level`` as the int it is (1, 2 or 3), or a refusal. Only whole numbers are levels: ``2.0`` or ``Suit.H``
    (an int to Python) would otherwise pass ``in LEVELS`` and then name other messages and seed other questions."""
    if isinstance(level, numbers.Integral) and is_whole(level) and not isinstance(level, Enum) and level in LEVELS:
        return int(level)
    raise RulesOptionError(sentence("quiz.bad_level", lang_or_current(lang), level=level))


def _table(rules: Rules, level: int, rng: random.Random, lang: str) -> Question:
    """Who deals, cuts or bids first (level 1), or who leads the first trick (2; 3: of a bid played alone). The
    answers come from the engine: the next hand's dealer as a game passes the deal,
    the first bidder of a new hand, the contract's first leader."""
    seats = tuple(s.name for s in Seat)
    if level == 1:
        dealer = rng.choice(list(Seat))
        what = rng.choice(("dealer", "cut", "bids"))
        if what == "dealer":
            answer = dealer.left  # as Game passes the deal: to the left, one seat a hand
            fields = {"seat": dealer, "next": answer}
        elif what == "cut":
            answer = Seat((dealer + 3) % 4)  # the dealer's right: the seat before the dealer in play order
            fields = {"seat": dealer, "cutter": answer}
        else:
            first = HandState.new(rules, dealer, seed=0).to_move
            assert first is not None
            answer = first
            fields = {"seat": dealer, "first": answer}
        prompt = say(f"quiz.table.{what}_prompt", lang, **fields)
        why = say(f"quiz.table.{what}_why", lang, **fields)
        contract = Contract(rules, _numeric(rules)[0], dealer.left, "H")  # a question is asked of a contract
    else:
        lone = [b for b in rules.bids if b.alone == "always"]
        specs = lone if level == 3 and lone else _numeric(rules) + [b for b in rules.bids if not b.numbered]
        contract = _special_contract(rules, rng, rng.choice(specs).name)
        answer = contract.first_leader
        what = "leads"
        # the bidder leads, or else the seat on the bidder's left: it always takes part (a partner sits opposite)
        key = "quiz.table.leads_bidder" if contract.spec.bidder_leads else "quiz.table.leads_left"
        prompt = say("quiz.table.leads_prompt", lang, contract=_contract_words(contract, lang))
        why = say(key, lang, bid=contract.spec.text(lang), bidder=contract.bidder, leader=answer)
        seats = tuple(s.name for s in contract.active_seats)
    return Question(
        "table",
        level,
        rules.name,
        prompt,
        contract,
        seats,
        (answer.name,),
        why,
        skill=_skill("table", say(f"quiz.table.topic.{what}", lang), lang),
        lang=lang,
    )


def _numeric(rules: Rules) -> list[BidSpec]:
    return list(rules.numbered_bids)


_MAKERS: dict[Kind, Callable[[Rules, int, random.Random, str], Question]] = {
    "winner": _winner,
    "legal": _legal,
    "order": _order,
    "score": _score,
    "table": _table,
}


def quiz_kinds(kinds: object, lang: str | None = None) -> tuple[Kind, ...]:
    """The kinds a quiz asks, in the order they take turns (a kind named alone, or several): the rules of play when
    none are named; a refusal, in ``lang``, naming the kinds there are otherwise."""
    allowed = ", ".join(map(repr, KINDS))
    if kinds is not None and not isinstance(kinds, (str, list, tuple, set, frozenset)):
        raise RulesOptionError(sentence("quiz.bad_kinds", lang_or_current(lang), kinds=kinds, allowed=allowed))
    chosen = tuple(_DEFAULT_KINDS if kinds is None else ([kinds] if isinstance(kinds, str) else kinds))
    if not chosen or any(k not in KINDS for k in chosen):
        raise RulesOptionError(sentence("quiz.bad_kind", lang_or_current(lang), kinds=chosen, allowed=allowed))
    return chosen


def questions(
    variant: str | Rules | None = None,
    level: int = 1,
    kinds: Iterable[str] | None = None,
    seed: int = 0,
    *,
    lang: str | None = None,
) -> Iterator[Question]:
    """An endless stream of questions, the kinds in turn; the same arguments give the same questions, and the same
    positions in either language.

    With no ``variant`` the questions follow the course's rules (:mod:`~charlemagne_learn.course`), and with no
    ``lang`` its language."""
    rules = rules_for(variant)
    language = lang_or_current(lang)
    level = check_level(level, language)
    chosen = quiz_kinds(kinds, language)
    seed = check_seed(seed)
    rng = random.Random(f"{rules.name}:{level}:{seed}")
    number = 0
    last_table = ""
    while True:
        kind: Kind = chosen[number % len(chosen)]
        question = _MAKERS[kind](rules, level, rng, language)
        # the table's questions are few: the same one twice running would look like a stuck quiz
        while kind == "table" and question.prompt == last_table:
            question = _MAKERS[kind](rules, level, rng, language)
        if kind == "table":
            last_table = question.prompt
        yield question
        number += 1
