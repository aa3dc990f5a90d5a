"""Issue 11, item 14: each piece of game knowledge lives in one place, and everything else asks it."""

from __future__ import annotations

import re
from html import unescape

import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine.bid_meaning import bid_meaning
from charlemagne_learn.engine.i18n import card_label
from charlemagne_learn.widgets._base import card_id, card_view
from charlemagne_learn.widgets.bidbox import BidBox


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_the_rules_table_and_the_bid_box_say_the_same_of_every_bid(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    page = rules._repr_html_()
    rows = [
        [unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(<td.*?)</tr>", page)
    ]
    box = BidBox(rules)
    assert len(rows) == len(rules.bids) == len(box.rows)
    for row, spec in zip(rows, rules.bids, strict=True):
        meaning = bid_meaning(rules, spec)
        assert row == [meaning[c] for c in ("bid", "who plays", "trump", "to make it", "made", "failed")]


@pytest.mark.parametrize("variant", ["canadian", "american", "bid_euchre"])
@pytest.mark.parametrize("trump", ["C", "D", "H", "S", None])
def test_the_ranking_names_the_bowers_for_code_to_ask(variant: str, trump: str | None) -> None:
    rules = cl.Rules.preset(variant)
    order = cl.card_order(rules, trump)
    if trump is None:
        assert order.big_jack is None and order.little_jack is None
        return
    suit = cl.Suit.find(trump)
    assert cl.Card.from_index(order.big_jack or 0) == cl.Card.of("J", suit)
    assert cl.Card.from_index(order.little_jack or 0) == cl.Card.of("J", suit.same_colour)
    assert order.role[order.little_jack or 0] == rules.bower_names[1]


@pytest.mark.parametrize("card", [cl.Card.from_index(i) for i in range(34)], ids=str)
def test_widgets_read_a_cards_suit_and_rank_from_the_card(card: cl.Card) -> None:
    assert cl.Card.parse(card_id(card)) is card
    view = card_view(card, "en")
    assert view["suit"] == ("J" if card.suit is None else card.suit.name)
    assert card_label(card, "en") == card.name
