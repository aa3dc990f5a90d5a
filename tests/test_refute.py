"""The refutation of a worse card: a deal the grade looked at where the better card succeeds and the learner's does
not, both played out double-dummy and told in a few lines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.grading import GRADES
from charlemagne_learn.analysis.hints import hint
from charlemagne_learn.analysis.pimc import sample_hidden
from charlemagne_learn.analysis.refute import Refutation, refutation
from charlemagne_learn.analysis.rulebot import advise
from charlemagne_learn.analysis.solver import solve_position
from charlemagne_learn.engine.deal import mask_of
from charlemagne_learn.engine.palette import PALETTE, colour
from charlemagne_learn.engine.scoring import is_made
from charlemagne_learn.engine.tricks import legal_mask, winning_position
from charlemagne_learn.teach.decisions import decisions

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

CANADIAN = cl.Rules.preset("canadian")
#: Few deals: enough for a position's worse card to be refuted, and fast.
SAMPLES = 16

# North bids Mulot (South sits out). East wins the first trick and leads 9♠; West, with no spade and no joker,
# plays 10♥. North's 10♠ would now win the trick and sink the Mulot, while 7♠ ducks.
MULOT_DEAL = {
    "N": "7S 10S 7C 8C 7D 8D 7H 8H",
    "E": "9S AC KC QC JC AD KD QD",
    "S": "RJ BJ JS QS KS AS 10D 9D",
    "W": "10C 9C AH KH QH JH 10H 9H",
}


def mulot_bidder() -> cl.SeatView:
    state = cl.HandState.new(CANADIAN, dealer="W", hands=MULOT_DEAL, kitty="8S JD")
    for act in ["bid mulot", "pass", "pass", "pass", "play 7C", "play AC", "play 9C", "play 9S", "play 10H"]:
        state.apply(act)
    return state.view(state.to_move)  # type: ignore[arg-type]


def mulot_defender() -> cl.SeatView:
    """A seeded Mulot by North, played by rule-of-thumb players until East leads the third trick."""
    state = cl.HandState.new(CANADIAN, dealer="W", seed=3)
    for act in ["bid mulot", "pass", "pass", "pass"]:
        state.apply(act)
    while len(state.history) < 10:
        state.apply(advise(state.view(state.to_move)).action)  # type: ignore[arg-type]
    assert state.to_move == cl.Seat.E
    return state.view(cl.Seat.E)


# North bids Charlemagne alone (South sits out) with six top hearts, A♠ and K♣: East, holding A♣, beats it by
# keeping A♣ to the end.
CHARLEMAGNE_DEAL = {
    "N": "RJ BJ JH JD AH KH AS KC",
    "E": "AC QC 9C 7C QS 10S 9S 8S",
    "W": "10C 8C JS 7S QH 10H 9H 8H",
    "S": "7D 8D 9D 10D QD KD AD 7H",
}


def charlemagne_defender() -> cl.SeatView:
    """East to play to the fourth trick of North's Charlemagne, after North led the jack of diamonds (a trump)."""
    state = cl.HandState.new(CANADIAN, dealer="W", hands=CHARLEMAGNE_DEAL, kitty="JC KS")
    exchange = [
        "bid charlemagne",
        "pass",
        "pass",
        "pass",
        "give 7H",
        "discard JC",
        "discard KS",
        "discard 7H",
        "trump H",
    ]
    play = ["RJ", "7C", "8H", "BJ", "9C", "9H", "JH", "QC", "10H", "JD"]
    for act in exchange + [f"play {card}" for card in play]:
        state.apply(act)
    return state.view(cl.Seat.E)


def worst(view: cl.SeatView) -> cl.Action:
    return hint(view, SAMPLES, lang="en").choices[-1].action


def positions() -> Iterator[tuple[str, cl.SeatView]]:
    """Positions with a card worse than the best: leads and plays to a trick, a Mulot's bidder and a defender."""
    for kind in ("lead", "play"):
        for decision in islice(decisions("canadian", [kind], seed=3), 2):
            yield kind, decision.view
    yield "mulot bidder", mulot_bidder()
    yield "mulot defender", mulot_defender()
    yield "charlemagne defender", charlemagne_defender()


POSITIONS = list(positions())
IDS = [f"{kind}-{i}" for i, (kind, _) in enumerate(POSITIONS)]


@pytest.fixture(scope="module", params=range(len(POSITIONS)), ids=IDS)
def case(request: pytest.FixtureRequest) -> tuple[cl.SeatView, Refutation]:
    view = POSITIONS[request.param][1]
    found = refutation(view, worst(view), samples=SAMPLES, lang="en")
    assert found is not None, "the worst card of each position is refuted"
    return view, found


def _masks(found: Refutation) -> dict[cl.Seat, int]:
    return {seat: mask_of(cards) for seat, cards in found.deal.items()}


# ---------------------------------------------------------------- the deal
def test_the_deal_is_one_the_grade_looked_at_and_fits_what_the_seat_saw(case: tuple[cl.SeatView, Refutation]) -> None:
    view, found = case
    deals = list(sample_hidden(view, SAMPLES, seed=0, bids=True))
    assert _masks(found) == {s: m for s, m in deals[found.sample].items() if m}, "seats with cards left, as dealt"
    assert found.deal[view.seat] == list(view.hand), "the learner's own hand is as it is"
    played = {c for t in view.tricks for c in t.cards} | {c for _, c in view.trick}
    assert not played & {c for cards in found.deal.values() for c in cards}, "cards already played stay played"
    for name, cards in view.exposed.items():
        assert sorted(found.deal[cl.Seat.find(name)]) == sorted(cards)
    assert view.seat not in found.hidden and set(found.hidden) <= set(found.deal)
    assert found.first_trick == len(view.tricks) + 1
    contract = view.contract
    assert contract is not None and set(found.deal) <= set(contract.active_seats)


# ---------------------------------------------------------------- the two lines
def _replay(view: cl.SeatView, found: Refutation, line: tuple[tuple[tuple[cl.Seat, cl.Card], ...], ...]) -> int:
    """Play ``line`` on the refutation's deal, checking every card is legal when played and the turn order; the
    bidder's side's tricks in the line."""
    contract = view.contract
    assert contract is not None
    order = contract.order
    held = _masks(found)
    bidder = 0
    assert list(line[0][: len(view.trick)]) == list(view.trick), "the trick in progress is kept"
    assert line[0][len(view.trick)][0] == view.seat
    leader = line[0][0][0]
    for n, trick in enumerate(line):
        assert len(trick) == len(contract.active_seats), "every seat in play plays once, nobody sitting out"
        assert trick[0][0] == leader, "the winner of a trick leads the next"
        led = trick[0][1].index
        for pos, (seat, card) in enumerate(trick):
            if pos:
                assert seat == contract.next_active(trick[pos - 1][0])
            if n == 0 and pos < len(view.trick):
                continue  # played before the choice
            assert legal_mask(order, held[seat], -1 if pos == 0 else led) >> card.index & 1, f"{seat} {card}"
            held[seat] &= ~(1 << card.index)
        winner = trick[winning_position(order, [c.index for _, c in trick])][0]
        bidder += winner.team == contract.team
        leader = winner
    assert not any(held.values()), "the lines are played to the end of the hand"
    return bidder


def test_every_card_of_both_lines_is_legal_when_played(case: tuple[cl.SeatView, Refutation]) -> None:
    view, found = case
    taken = sum(t.winner.team == view.contract.team for t in view.tricks)  # type: ignore[union-attr]
    assert taken + _replay(view, found, found.line) == found.bidder_tricks
    assert taken + _replay(view, found, found.better_line) == found.better_bidder_tricks
    assert found.line[0][len(view.trick)][1] == found.chosen
    assert found.better_line[0][len(view.trick)][1] == found.better


def test_the_learner_s_line_ends_worse_and_both_lines_keep_the_double_dummy_value(
    case: tuple[cl.SeatView, Refutation],
) -> None:
    view, found = case
    contract = view.contract
    assert contract is not None
    ours = view.seat.team == contract.team
    assert found.tricks != found.better_tricks
    # better for the seat: more tricks for its side; in a Mulot fewer for the bidder, more for the bidder's foes
    if contract.spec.avoid:
        assert (found.better_bidder_tricks < found.bidder_tricks) == ours
    else:
        assert found.better_tricks > found.tricks
    if found.decisive:
        assert found.better_made == ours and found.made != ours
        assert is_made(contract, found.better_bidder_tricks) == ours
    leader = view.trick[0][0] if view.trick else view.seat
    values = solve_position(contract, found.deal, leader, [c for _, c in view.trick])
    taken = sum(t.winner.team == contract.team for t in view.tricks)
    assert taken + values[found.chosen] == found.bidder_tricks
    assert taken + values[found.better] == found.better_bidder_tricks
    assert found.first_trick <= found.turn < found.first_trick + len(found.line)


# ---------------------------------------------------------------- words
def test_the_text_names_both_cards_and_reads_in_french(case: tuple[cl.SeatView, Refutation]) -> None:
    _, found = case
    english, french = found.text("en"), found.text("fr")
    for text in (english, french):
        assert str(found.chosen) in text and str(found.better) in text
        assert all(len(line) <= 78 for line in text.splitlines())
    assert english != french and str(found) == english, "made with lang='en', it prints in English"
    assert not _french.english_words_in(french), french
    flat = " ".join(english.split()), " ".join(french.split())  # as read, whatever the lines' breaks
    assert "the trick that makes the difference" in flat[0] and "la levée qui fait la différence" in flat[1]
    assert "Trick " in english and "Levée " in french


def test_the_english_reads_as_a_newcomer_reads_it() -> None:
    state = cl.HandState.new(CANADIAN, dealer="W", seed=4)
    for act in ["bid 6", "pass", "pass", "pass"]:
        state.apply(act)
    while state.phase is not cl.Phase.PLAY:
        state.apply(state.legal_actions()[0])
    found = refutation(state.view(cl.Seat.E), "play 10C", "play JC", samples=12, lang="en")
    assert found is not None
    lines = found.text().splitlines()
    assert lines[0] == "On this deal of the hidden cards, J♣ defeats the contract and 10♣ does not."
    assert lines[-2:] == [
        "So your side takes 2 tricks in all: the contract is made.",
        "With J♣ instead, your side takes 3 tricks: the contract fails by 1 trick.",
    ]
    assert "  Trick 1: East 10♣, South 7♣, West 9♣, North A♣ — North wins ← the trick that" in lines
    assert "  Tricks 7–8: your side takes 2 of them" in lines, "tricks after the result is settled are summed up"


def test_a_mulot_is_counted_by_the_bidder_s_tricks() -> None:
    view = mulot_bidder()
    found = refutation(view, "play 10S", samples=SAMPLES, lang="en")
    assert found is not None and found.better == cl.Card.parse("7S") and found.decisive
    text = found.text()
    assert "So you take 1 trick in all: the contract fails." in text
    assert "With 7♠ instead, you take 0 tricks: the contract is made." in text
    assert all(len(t) == 3 for t in found.line), "South sits out the Mulot"
    assert cl.Seat.S not in found.deal
    defender = refutation(mulot_defender(), "play 7C", "play JS", samples=SAMPLES, lang="fr")
    assert defender is not None
    assert "Nord fait donc 0 levée en tout : le contrat est réussi." in defender.text()
    assert "Avec J♠ à la place, Nord fait 1 levée : le contrat chute." in defender.text()


def test_a_lone_take_all_bid_is_beaten_by_the_guard_kept() -> None:
    found = refutation(charlemagne_defender(), "play AC", samples=SAMPLES, lang="en")
    assert found is not None and found.decisive and found.better != cl.Card.parse("AC")
    assert all(len(t) == 3 for t in found.line + found.better_line) and cl.Seat.S not in found.deal
    assert found.tricks == 0 and found.better_tricks == 1 and found.better_made is False
    assert "So your side takes 0 tricks in all: the contract is made." in found.text()


def test_the_html_escapes_draws_cards_and_takes_its_colours_from_the_palette(
    case: tuple[cl.SeatView, Refutation],
) -> None:
    _, found = case
    page = found._repr_html_()
    assert page.startswith("<div class='cl-refutation'") and page.endswith("</div>")
    assert 'aria-label="' in page, "cards carry their spoken names"
    assert f"background:{colour('warn-soft')}" in page and "<strong" in page
    assert "the trick that makes the difference" in page, "the marked trick is said in words, not only by colour"
    allowed = {colour(name) for name in PALETTE}
    for value in re.findall(r"(?:color|background):([^;'\"]+)", page):
        assert value in allowed, value
    assert "<script" not in page and found.html("fr") != page


def test_a_name_with_markup_is_escaped_in_the_html() -> None:
    from charlemagne_learn.analysis import refute

    parts = refute._parts("refute.after", "en", chosen="<b>&")
    assert parts == ["After <b>&, everyone playing their best:"]


# ---------------------------------------------------------------- what it does not show, and refusals
def test_the_same_call_gives_the_same_refutation() -> None:
    view = POSITIONS[0][1]
    card = worst(view)
    first = refutation(view, card, samples=SAMPLES, lang="en")
    again = refutation(view, str(card), samples=SAMPLES, lang="en")
    assert first == again and first is not None and again is not None and first.text() == again.text()
    other = refutation(view, card, samples=SAMPLES, seed=5, lang="en")
    assert other is None or other.sample < SAMPLES


def test_a_widget_that_has_the_hint_gets_the_same_refutation_by_giving_its_best_card() -> None:
    view = POSITIONS[1][1]
    graded = hint(view, SAMPLES, lang="en")
    card = graded.choices[-1].action
    given = refutation(view, card, graded.best.action, samples=graded.samples, lang="en")
    assert given is not None and given == refutation(view, card, samples=SAMPLES, lang="en")


def test_nothing_to_show_for_the_best_card_or_the_same_card_twice() -> None:
    view = POSITIONS[0][1]
    best = hint(view, SAMPLES, lang="en").best.action
    assert refutation(view, best, samples=SAMPLES, lang="en") is None
    card = worst(view)
    assert refutation(view, card, card, samples=SAMPLES, lang="en") is None


@pytest.mark.parametrize("given", ["play AS", "AS", "bid 6", "XYZ", 12, None, cl.Action.parse("pass")])
def test_a_card_that_may_not_be_played_is_refused_in_the_language_asked(given: object) -> None:
    view = mulot_bidder()  # North may play 7♠ or 10♠ only
    before = repr(view), list(view.hand), list(view.legal_actions)
    with pytest.raises(cl.IllegalActionError, match="is not a card North may play now; North may play 7♠ 10♠"):
        refutation(view, given, samples=SAMPLES, lang="en")  # type: ignore[arg-type]
    if given is not None:  # no better card given: the hint's best
        with pytest.raises(cl.IllegalActionError, match="n'est pas une carte que Nord peut jouer maintenant"):
            refutation(view, "play 10S", given, samples=SAMPLES, lang="fr")  # type: ignore[arg-type]
    assert (repr(view), list(view.hand), list(view.legal_actions)) == before, "nothing changes"


def test_only_the_seat_to_move_in_card_play_is_refuted() -> None:
    state = cl.HandState.new(CANADIAN, dealer="W", seed=4)
    with pytest.raises(cl.IllegalActionError, match="needs North to be about to play one"):
        refutation(state.view("N"), "play 9H", lang="en")
    with pytest.raises(cl.IllegalActionError, match="prend ce que voit une place"):
        refutation(state, "play 9H", lang="fr")  # type: ignore[arg-type]
    view = mulot_bidder()
    with pytest.raises(cl.RulesOptionError):
        refutation(view, "play 10S", samples=0, lang="en")
    with pytest.raises(cl.SeedError):
        refutation(view, "play 10S", seed=-1, lang="en")


def test_a_quiz_shows_the_punishing_line_after_a_worse_card_and_not_after_the_best() -> None:
    from charlemagne_learn.widgets import DecisionQuiz

    # the first lead of seed 4 has a card the deals are sure is worse (seed 3's are all a close call with the best)
    quiz = DecisionQuiz("canadian", kinds=["lead"], seed=4, count=2, samples=24, lang="en")
    ranked = quiz.decision.grade()
    worst = max(ranked.choices, key=lambda c: GRADES.index(c.grade))
    assert worst.grade in ("inaccuracy", "mistake", "blunder")
    assert quiz.choose(str(worst.action.card)), quiz.message
    line = quiz.grade["line"]
    # the fold plays out the learner's card on one graded deal, then names the better card's result
    assert quiz.grade["why"].startswith("Why?") and f"After {worst.action.card}" in line
    assert f"With {ranked.best.action.card} instead" in line
    quiz.lang = "fr"
    assert quiz.grade["why"].startswith("Pourquoi") and f"Avec {ranked.best.action.card}" in quiz.grade["line"]
    quiz.next()
    best = quiz.decision.grade().best
    assert quiz.choose(str(best.action.card)) and "line" not in quiz.grade  # nothing to refute
