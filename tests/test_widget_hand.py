"""The Hand widget from Python: validation, sorting, clicks handled by the engine, repr and static HTML."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl
from charlemagne_learn.widgets import Hand, sort_hand
from charlemagne_learn.widgets._base import asset, card_id

K = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")


def test_trumps_come_first_highest_first_then_suits_alternating_colours() -> None:
    cards = cl.parse_cards("7C AS JD 9H RJ KD JH QS")
    assert str(sort_hand(cards, K)) == "RJ J♥ J♦ 9♥ A♠ Q♠ 7♣ K♦"
    assert str(sort_hand(cards)) == "RJ A♠ Q♠ J♥ 9♥ 7♣ K♦ J♦"


def test_cards_carry_labels_roles_and_legality() -> None:
    h = Hand("AS JD 7H RJ 9C", contract=K, trick="KH")
    by_id = {c["id"]: c for c in h.cards}
    assert by_id["JD"]["label"] == "jack of diamonds — little jack"
    assert by_id["RJ"]["role"] == "high joker"
    assert [c["id"] for c in h.cards if c["legal"]] == ["RJ", "JD", "7H"]
    h.lang = "fr"
    assert {c["id"]: c["label"] for c in h.cards}["RJ"] == "joker rouge — le grand joker"


@pytest.mark.parametrize(("high_joker", "high"), [("red", "RJ"), ("black", "BJ")])
def test_the_faces_name_rank_and_suit_and_ring_the_high_joker_of_the_house_rule(high_joker: str, high: str) -> None:
    rules = cl.Rules.preset("canadian", high_joker=high_joker)
    h = Hand("RJ BJ 10C JD", contract=cl.Contract(rules, "6", "N", "H"), lang="fr")
    by_id = {c["id"]: c for c in h.cards}
    assert [c for c in by_id if by_id[c]["high"]] == [high]
    assert (by_id["10C"]["rank"], by_id["10C"]["pip"]) == ("10", "♣")
    assert by_id["RJ"]["pip"] == "★" and by_id["RJ"]["rank"] == "JOKER"
    assert not any(c["high"] for c in Hand("RJ BJ").cards)  # no contract: no joker is high yet


def test_a_click_on_an_illegal_card_explains_and_changes_nothing() -> None:
    h = Hand("AS JD 7H RJ 9C", contract=K, trick="KH")
    seen: list[cl.Card] = []
    h.on_select(seen.append)
    h._on_front_end(h, {"type": "click", "card": "AS"}, [])
    assert h.selected == "" and seen == []
    assert h.message.startswith("A♠ cannot be played: a heart was led")
    h._on_front_end(h, {"type": "click", "card": "JD"}, [])
    assert h.selected == "JD" and seen == [cl.Card.parse("JD")] and h.message == ""


def test_a_question_hand_does_not_mark_the_answer() -> None:
    """Asked which card may be played, the learner sees every card alike; each click says the engine's reason."""
    h = Hand("AS JD 7H RJ 9C", contract=K, trick="KH", show_legal=False)
    assert all(c["legal"] for c in h.cards) and repr(h) == "Hand(RJ J♦ 7♥ A♠ 9♣; legal: not shown)"
    assert "cl-illegal" not in h._static_html() and h.legal == cl.parse_cards("RJ JD 7H")
    seen: list[cl.Card] = []
    h.on_select(seen.append)
    h._on_front_end(h, {"type": "click", "card": "AS"}, [])
    assert h.selected == "" and seen == [] and h.message.startswith("A♠ cannot be played")
    h._on_front_end(h, {"type": "click", "card": "7H"}, [])
    assert (
        h.selected == "7H"
        and seen == [cl.Card.parse("7H")]
        and h.message == "7♥ may be played: it follows the led suit."
    )
    h.lang = "fr"
    assert all(c["legal"] for c in h.cards)


def test_a_stale_click_is_reported_not_raised() -> None:
    h = Hand("AS KS")
    h._on_front_end(h, {"type": "click", "card": "QH"}, [])
    assert "not in this hand" in h.message and h.selected == ""


def test_without_a_contract_every_card_may_be_chosen() -> None:
    h = Hand("AS KS")
    assert all(c["legal"] for c in h.cards) and h.select("KS") and repr(h) == "Hand(A♠ K♠)"


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (("AS XX",), {}, cl.CardParseError, "XX"),
        (("AS KS",), {"trick": "QS"}, cl.TrickError, "needs the contract"),
        (("AS KS",), {"lang": "de"}, cl.RulesOptionError, "'en'.*'fr'"),
        (("AS KS",), {"contract": K, "trick": "AS"}, cl.TrickError, ""),
    ],
)
def test_bad_input_is_a_clear_error(
    args: tuple[str], kwargs: dict[str, object], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match or None):
        Hand(*args, **kwargs)  # type: ignore[arg-type]


def test_static_html_stands_in_where_widgets_do_not_run() -> None:
    h = Hand("AS JD", contract=K, caption="North's hand")
    bundle = h._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == "Hand(J♦ A♠; legal: J♦ A♠)"
    assert "North&#x27;s hand" in data["text/html"] and 'aria-label="jack of diamonds' in data["text/html"]


def test_front_end_files_are_found_and_ids_round_trip() -> None:
    assert "function render" in asset("hand.js") and ".cl-card" in asset("common.css")
    for i in cl.Rules.preset("canadian").deck_indices:
        card = cl.Card.from_index(i)
        assert cl.Card.parse(card_id(card)) == card
