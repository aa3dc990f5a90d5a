"""A card and a hand look the same wherever they are drawn: one function colours a card (the red joker red, whichever
joker the house rule makes high; diamonds blue and clubs green in four colours) and one order sorts a hand, for the
static pictures and every widget alike. And the play table names where the hand is: no trick in progress while the
players bid or after the last card."""

from __future__ import annotations

import re
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine.display import card_html, cards_html, held_html, seat_view_html
from charlemagne_learn.engine.palette import PALETTE, card_colour, colour
from charlemagne_learn.engine.ranking import sort_hand
from charlemagne_learn.widgets import BidBox, Hand, PlayTable, Table, TrumpLadder
from charlemagne_learn.widgets._base import card_view

RJ, BJ = cl.Card.parse("RJ"), cl.Card.parse("BJ")


def _ink_in_html(html: str) -> list[str]:
    """The colour of each card in a static picture, in order."""
    return re.findall(r"color:([^\"]+)\">", html)


@pytest.mark.parametrize("high", ["red", "black"])
@pytest.mark.parametrize("four", [False, True])
def test_each_card_has_one_ink_in_the_static_html_and_in_every_widget(high: str, four: bool) -> None:
    rules = cl.Rules.preset("canadian", high_joker=high)
    for i in rules.deck_indices:
        card = cl.Card.from_index(i)
        name = card_colour(card, four)
        assert name in PALETTE
        view = card_view(card)
        assert view["ink4" if four else "ink"] == name
        assert _ink_in_html(card_html(card, lang="en", four_colour=four)) == [colour(name)]
    # the jokers are the colour of their names, whichever is high; the rule changes their roles only
    assert card_colour(RJ, four) == "card-red" and card_colour(BJ, four) == "card-ink"
    contract = cl.Contract(rules, "6", "N", "S")
    roles = {str(c): card_view(c, "en", contract)["role"] for c in (RJ, BJ)}
    assert roles == (
        {"RJ": "high joker", "BJ": "low joker"} if high == "red" else {"RJ": "low joker", "BJ": "high joker"}
    )


def test_four_colours_give_every_suit_its_own_ink() -> None:
    faces = [cl.Card.parse(c) for c in ("AC", "AD", "AH", "AS")]
    assert [card_colour(c) for c in faces] == ["card-ink", "card-red", "card-red", "card-ink"]
    assert len({card_colour(c, four_colour=True) for c in faces}) == 4


def _inks(data: Any) -> list[tuple[str, str]]:
    """Every (card id, ink) pair anywhere in a widget's synced data."""
    if isinstance(data, dict):
        here = [(data["id"], data["ink"])] if "ink" in data and "text" in data else []
        return here + [pair for v in data.values() for pair in _inks(v)]
    if isinstance(data, list):
        return [pair for v in data for pair in _inks(v)]
    return []


def test_every_widget_sends_the_ink_of_each_card_and_suit_it_draws() -> None:
    table = PlayTable("canadian", "S", seed=0, grade_moves=False)
    hand = Hand("RJ BJ JH JD AH KH AS 9C")
    ladder = TrumpLadder("canadian", "D")
    box = BidBox("maine")  # its bids name a suit: "1♥"
    for widget in (table, hand, ladder, box):
        pairs = _inks(widget.get_state())
        assert pairs, f"{type(widget).__name__} sends no ink"
        for ident, ink in pairs:
            if ident in ("RJ", "BJ") or re.fullmatch(r"(10|[2-9JQKA])[CDHS]", ident):
                assert ink == card_colour(cl.Card.parse(ident)), (type(widget).__name__, ident, ink)
    assert ("RJ", "card-red") in _inks(hand.cards)
    # a suit's own buttons (trump, a suited bid) wear its ink too, the same as its cards
    suits = {s["id"]: s["ink"] for s in ladder.suits if s["id"] != "none"}
    assert suits == {"C": "card-ink", "D": "card-red", "H": "card-red", "S": "card-ink"}
    suited = [a for row in box.rows for a in row["actions"] if a["suit"]]
    assert suited and all(a["ink"] == ("card-red" if a["suit"] in "DH" else "card-ink") for a in suited)


def test_a_widgets_static_picture_follows_its_four_colour_deck() -> None:
    hand = Hand("AD AC AH AS", four_colour=True)
    inks = _ink_in_html(hand._static_html())
    assert inks == [colour(card_colour(c, True)) for c in hand.hand]
    assert colour("card-blue") in inks and colour("card-green") in inks


# ---------------------------------------------------------------- one order for a hand
def _faces(html: str) -> list[str]:
    return re.findall(r">([^<>]{1,3})</span>", html)


def test_a_seat_s_picture_holds_the_hand_as_the_widgets_do() -> None:
    """Lesson 01 shows North's view, then ``Hand(state.hand("N"))``: the same cards in the same order."""
    rules = cl.Rules.preset("canadian")
    state = cl.HandState.new(rules, dealer="W", seed=7)
    widget = Hand(state.hand("N"))
    picture = seat_view_html(state.view("N"), "en")
    assert _faces(picture) == [str(c) for c in widget.hand] == [c["text"] for c in widget.cards]


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_the_play_table_s_picture_and_widget_show_one_order_at_every_step() -> None:
    table = PlayTable("canadian", "S", seed=2, grade_moves=False)
    for _ in range(40):
        if table.session.done is not None:
            break
        mine = next(s for s in table.picture["seats"] if s["seat"] == "S")
        shown = [c["text"] for c in mine["cards"]]
        static = table._static_html()
        row = static.index(">South", static.index("<table>"))
        south_row = static[row : static.index("</tr>", row)]
        assert _faces(south_row) == shown
        table.play(table.state.view(table.seat).legal_actions[0])


@pytest.mark.parametrize("high", ["red", "black"])
def test_before_a_contract_the_high_joker_comes_first(high: str) -> None:
    rules = cl.Rules.preset("canadian", high_joker=high)
    cards = [cl.Card.parse(c) for c in ["9C", "BJ", "JD", "AS", "7H", "RJ", "KH"]]
    first = "RJ" if high == "red" else "BJ"
    assert str(sort_hand(cards, rules)).startswith(first)
    state = next(
        s
        for seed in range(50)
        if any((s := cl.HandState.new(rules, dealer="N", seed=seed)).hand("S")[i].is_joker for i in range(8))
    )
    seat = cl.Seat.S
    table = Table(state, seat=seat)
    mine = next(s for s in table.picture["seats"] if s["seat"] == seat.name)
    assert [c["text"] for c in mine["cards"]] == [str(c) for c in sort_hand(state.hand(seat), rules)]


def test_a_quiz_and_a_plain_hand_share_the_order_with_no_contract() -> None:
    from charlemagne_learn.widgets.quiz import _neutral

    cards = [cl.Card.parse(c) for c in ["9C", "BJ", "JD", "AS", "7H", "RJ", "KH"]]
    assert list(sort_hand(cards)) == list(Hand(cards).hand)
    # a legal-play question shows the same order with its jokers last, so that the first cards tell nothing
    plain = [c for c in sort_hand(cards) if not c.is_joker]
    assert _neutral(cards) == [*plain, cl.Card.parse("RJ"), cl.Card.parse("BJ")]
    assert held_html(cards) == cards_html(sort_hand(cards))


def test_junk_is_refused_as_a_card() -> None:
    with pytest.raises(cl.CardParseError):
        sort_hand(["JH", "XX"])
    assert str(sort_hand(["JH", "RJ"])) == "RJ J♥"


# ---------------------------------------------------------------- where the hand is
def _finish(table: PlayTable) -> None:
    while table.session.done is None:
        table.play(table.state.view(table.seat).legal_actions[0])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_play_table_names_the_phase_not_a_trick_in_progress(lang: str) -> None:
    table = PlayTable("canadian", "S", seed=0, grade_moves=False, lang=lang)
    bidding = "Bidding" if lang == "en" else "Enchères"
    assert table.picture["trick_title"] == bidding
    assert f" · {bidding} · " in table.status
    while table.state.phase is not cl.Phase.PLAY:
        table.play(table.state.view(table.seat).legal_actions[0])
    tricks_done = len(table.state.tricks)
    trick = "Trick {n} of 8" if lang == "en" else "Levée {n} sur 8"
    assert table.picture["trick_title"] == trick.format(n=tricks_done + 1)
    _finish(table)
    over = "Hand over" if lang == "en" else "Donne finie"
    assert table.picture["trick_title"] == over
    assert f" · {over} · " in table.status
    assert "progress" not in str(table.get_state()) and "en cours" not in str(table.picture)
