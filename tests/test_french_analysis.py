"""The analysis layer in French: its refusals (bid odds, the solver, the hidden-card sampler, jokers),
a bid's chance as text, and seats and suits read from their French names; English unchanged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.odds import BidChance, wilson_interval
from charlemagne_learn.analysis.pimc import play_outcomes
from charlemagne_learn.analysis.solver import solve_position
from charlemagne_learn.teach.decisions import Decision

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

french_course = _french.french_course

_refusal = _french.refusal

HAND = "AC AD 9H JH KH AS RJ BJ"
# values the type checker would refuse, passed on purpose to see them refused at run time
NO_METHOD: Any = "fast"
NO_ODDS_METHOD: Any = "perfect"
NOT_CALLABLE: Any = 3


def _six_hearts() -> cl.Contract:
    return cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")


def _a_view_not_to_move() -> cl.SeatView:
    state = cl.HandState.new("canadian", dealer="W", seed=3)
    while state.phase is not cl.Phase.PLAY:
        state.apply(cl.RuleBot(state.to_move).act(state.view(state.to_move)))
    seat = state.to_move.left
    return state.view(seat)


# Each call refused, with words its English refusal must hold (so the English stays what it was).
REFUSALS: list[tuple[Callable[[], object], str]] = [
    (lambda: cl.bid_odds("canadian", "AC AD"), "bid odds need the 8 different cards of one Canadian"),
    (lambda: cl.bid_odds("bid_euchre", "7C AC AD 9H JH KH"), "7♣ not in the Bid Euchre deck (24 cards, 9s up)"),
    (lambda: cl.bid_odds("canadian", HAND, method=NO_ODDS_METHOD), "method='perfect' is not allowed"),
    (lambda: cl.bid_odds("canadian", HAND, progress=NOT_CALLABLE), "progress must be a function"),
    (lambda: wilson_interval(0, 0), "at least one trial"),
    (lambda: cl.jokers("bid_euchre"), "Bid Euchre is played without jokers"),
    (lambda: solve_position(_six_hearts(), {"N": "AH", "E": "AH"}, "N"), "a card is in two hands"),
    (lambda: solve_position(_six_hearts(), {"N": "AH KH", "E": "AS"}, "N"), "equally many cards"),
    (
        lambda: solve_position(_six_hearts(), {"N": "AH", "E": "AS", "S": "AC", "W": "AD"}, "N", method=NO_METHOD),
        "method='fast' is not allowed",
    ),
    (lambda: play_outcomes(_a_view_not_to_move(), samples=4), "turn to play a card"),
]


@pytest.mark.parametrize(("call", "english"), REFUSALS)
def test_analysis_refusals_are_french_in_a_french_course(call: Callable[[], object], english: str) -> None:
    assert english in _refusal(call)
    cl.set_course(lang="fr")
    try:
        french = _refusal(call)
    finally:
        cl.set_course()
    assert french and not _french.english_words_in(french), french


def test_french_refusals_name_the_game_s_things_in_french(french_course: None) -> None:
    assert "Euchre à enchères" in _refusal(lambda: cl.jokers("bid_euchre"))
    assert "24 cartes" in _refusal(lambda: cl.bid_odds("bid_euchre", "7C AC AD 9H JH KH"))
    assert "n'est pas à" in _refusal(lambda: play_outcomes(_a_view_not_to_move(), samples=4))


def test_a_bid_s_chance_reads_in_each_language() -> None:
    chance = BidChance(bid="mulot", label="Mulot", made=45, samples=50, how="", expected_points=None)
    assert chance.text("en") == "Mulot: 90% (95% CI 79%–96%)"
    french = chance.text("fr")
    assert french == "Mulot : 90\u202f% (intervalle à 95\u202f% : 79\u202f% à 96\u202f%)"
    assert str(chance) == chance.text("en")
    cl.set_course(lang="fr")
    try:
        assert str(chance) == french
    finally:
        cl.set_course()


def test_every_chance_of_real_odds_reads_in_french() -> None:
    odds = cl.bid_odds("canadian", HAND, samples=20, seed=1, workers=1)
    for chance in odds:
        text = chance.text("fr")
        assert not _french.english_words_in(text), text


@pytest.mark.parametrize(
    ("text", "seat"), [("O", "W"), ("ouest", "W"), ("Ouest", "W"), ("Nord", "N"), ("est", "E"), ("Sud", "S")]
)
def test_seats_are_read_from_their_french_names(text: str, seat: str) -> None:
    assert cl.Seat.find(text) is cl.Seat.find(seat)
    assert cl.Seat.find(seat) == text  # a French learner's `if gagnant == "O":` works


@pytest.mark.parametrize(
    ("text", "suit"),
    [("cœur", "H"), ("Coeurs", "H"), ("carreau", "D"), ("carreaux", "D"), ("pique", "S"), ("trèfle", "C")],
)
def test_suits_are_read_from_their_french_names(text: str, suit: str) -> None:
    assert cl.Suit.find(text) is cl.Suit.find(suit)
    assert cl.Contract("canadian", bid="6", bidder="N", trump=text).trump is cl.Suit.find(suit)


def test_a_french_seat_plays_in_the_engine() -> None:
    winner = cl.trick_winner(_six_hearts(), "O", "9C 10C AC JH")
    assert winner == "S" and winner == "Sud"


def test_what_is_neither_seat_nor_suit_is_still_refused() -> None:
    for text in ("ou", "o-", "coeurr", "x"):
        with pytest.raises(cl.CharlemagneError):
            cl.Seat.find(text)
        with pytest.raises(cl.CharlemagneError):
            cl.Suit.find(text)


def _bidder_discarding() -> cl.HandState:
    state = cl.HandState.new("canadian", dealer="W", seed=7)
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    return state


def test_an_exchange_hint_reads_in_each_language() -> None:
    from charlemagne_learn.analysis.exchange import exchange_hint

    graded = exchange_hint(_bidder_discarding(), samples=6)
    english = str(graded)
    assert english.startswith("North's exchanges, judged over 6 deals") and "discard " in english
    assert graded.best.said("en").startswith("discard ") and ", trump " in graded.best.said("en")
    french = graded.said("fr")
    assert french.startswith("Les échanges de Nord, jugés sur 6 donnes") and not _french.english_words_in(french)
    assert graded.best.said("fr").startswith("écarter ") and ", atout " in graded.best.said("fr")
    cl.set_course(lang="fr")
    try:
        assert str(graded) == french and graded.best.text == graded.best.said("fr")
    finally:
        cl.set_course()


def _bad_kinds() -> object:
    from charlemagne_learn.teach.decisions import decisions

    return next(decisions("canadian", ["bluff"], seed=1))


def _bad_count_bid() -> object:
    from charlemagne_learn.teach.judging import void_table

    return void_table("canadian", "11")


def _bad_widget_state() -> object:
    from charlemagne_learn.widgets import BidBox

    return BidBox(state=NOT_A_STATE)


def _bad_people() -> object:
    from charlemagne_learn.widgets import PlayTable

    return PlayTable(people=NOT_CALLABLE)


NOT_A_STATE: Any = "a hand"
TEACHING_REFUSALS: list[tuple[Callable[[], object], str]] = [
    (_bad_kinds, "kinds=['bluff'] is not allowed"),
    (_bad_count_bid, "bid='11' is not allowed"),
    (_bad_widget_state, "state must be a HandState (or None), not str"),
    (_bad_people, "people=3 is not allowed"),
    (lambda: cl.set_student(""), "name='' is not allowed"),
    (lambda: _six_hearts().text("de"), "lang='de' is not allowed"),
    (lambda: Decision.at(_finished_hand()), "not one that is over"),
]


def _finished_hand() -> cl.HandState:
    return cl.play_hand("canadian", [cl.RuleBot(s) for s in range(4)], seed=2)


@pytest.mark.parametrize(("call", "english"), TEACHING_REFUSALS)
def test_teaching_and_widget_refusals_are_french_in_a_french_course(call: Callable[[], object], english: str) -> None:
    test_analysis_refusals_are_french_in_a_french_course(call, english)


def test_french_elides_before_east_and_west() -> None:
    from charlemagne_learn.engine.i18n import say

    heads = {seat: say("display.review_head", "fr", seat=seat) for seat in cl.Seat}
    assert heads[cl.Seat.N].endswith("de Nord") and heads[cl.Seat.E].endswith("d'Est")
    assert heads[cl.Seat.W].endswith("d'Ouest") and say("display.review_head", "en", seat=cl.Seat.E) == (
        "Review of East's decisions"
    )
    choices = say("display.hint_head", "fr", seat=cl.Seat.W, phase="jeu", samples=8)
    assert "Les choix d'Ouest" in choices and "qu'Ouest ne voit pas" in choices


def _pimc_option() -> object:
    return cl.PimcBot(0, bidding=NO_METHOD)


BOT_REFUSALS: list[tuple[Callable[[], object], str]] = [
    (lambda: cl.play_hand("canadian", [cl.RuleBot(0)], seed=1), "give four bots"),
    (lambda: cl.play_hand("canadian", {"N": cl.RuleBot(0), "north": cl.RuleBot(1)}, seed=1), "given two bots"),
    (lambda: cl.play_hand("canadian", [cl.RuleBot(0), 1, 2, 3], seed=1), "is not a Bot"),
    (lambda: cl.PimcBot(0, samples=0), "samples=0 is not allowed"),
    (_pimc_option, "bidding='fast' is not allowed"),
]


@pytest.mark.parametrize(("call", "english"), BOT_REFUSALS)
def test_bot_refusals_are_french_in_a_french_course(call: Callable[[], object], english: str) -> None:
    test_analysis_refusals_are_french_in_a_french_course(call, english)


def test_a_damaged_dataset_is_refused_in_french(tmp_path: Path) -> None:
    import gzip

    from charlemagne_learn.analysis.stats import read_dataset

    junk = tmp_path / "junk.csv.gz"
    junk.write_bytes(gzip.compress(b"a,b\n1,2\n"))
    old = tmp_path / "old.csv.gz"
    old.write_bytes(gzip.compress(b"# charlemagne_learn bidding dataset format=0 variant=canadian seed=1\na,b\n"))
    wrong = tmp_path / "wrong.csv.gz"
    wrong.write_bytes(gzip.compress(b"# charlemagne_learn bidding dataset format=1 variant=canadian seed=1\na,b\n"))
    for path, english in ((junk, "is not a bidding dataset"), (old, "this version reads format 1"),
                          (wrong, "other columns than this version's Canadian Charlemagne records")):  # fmt: skip
        # the path is shown as code (in backticks), so its letters are not read as English
        test_analysis_refusals_are_french_in_a_french_course(lambda p=path: read_dataset(p), english)


def test_a_hint_a_review_and_an_exchange_asked_in_french_read_wholly_in_french_in_an_english_course() -> None:
    """The language asked is the one shown, head, grades and reasons alike: a French hint in an English course was
    an English table holding French reasons."""
    from charlemagne_learn.analysis.exchange import exchange_hint
    from charlemagne_learn.analysis.hints import hint, review

    state = cl.HandState.new("canadian", dealer="N", seed=3)
    ranked = hint(state.view(state.to_move), samples=16, lang="fr")
    finished = cl.play_hand("canadian", [cl.RuleBot(i) for i in range(4)], seed=2)
    reviewed = review(finished, finished.contract.bidder, samples=16, lang="fr")
    exchange = exchange_hint(_bidder_discarding(), samples=6, lang="fr")
    assert str(ranked).startswith("Les choix d") and "meilleur" in str(ranked) and "best" not in str(ranked)
    assert "<th>note</th>" in ranked._repr_html_() and "ne voit pas :</p>" in ranked._repr_html_()
    assert str(reviewed).startswith("Bilan des décisions") and "<th>moment</th>" in reviewed._repr_html_()
    assert str(exchange).startswith("Les échanges de Nord")
    for text in (str(ranked), str(reviewed), str(exchange)):
        assert not _french.english_words_in(text), text
        # a French colon stays with its word when a long head is wrapped
        assert not any(line.startswith((":", ";")) for line in text.splitlines()), text
    # and asked in English in a French course, English throughout
    cl.set_course(lang="fr")
    try:
        english = hint(state.view(state.to_move), samples=16, lang="en")
        assert str(english).startswith("South's choices") or "choices" in str(english).split("\n")[0]
        assert "meilleur" not in str(english)
    finally:
        cl.set_course()
