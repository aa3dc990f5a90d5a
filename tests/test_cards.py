"""Card text, seats and suits as RULES.md "Cards and rank" describes them."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl

# RULES.md: card text is rank then suit; ranks 7 8 9 10 J Q K A (T for 10), suits C D H S or ♣ ♦ ♥ ♠.
RANK_TEXT = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"


@pytest.mark.parametrize(
    ("texts", "rank", "suit"),
    [
        (("10♦", "10D", "TD", "td", " 10d "), cl.Rank.TEN, cl.Suit.D),
        (("JH", "J♥", "jh"), cl.Rank.JACK, cl.Suit.H),
        (("7C", "7♣"), cl.Rank.SEVEN, cl.Suit.C),
        (("AS", "A♠"), cl.Rank.ACE, cl.Suit.S),
        (("9D", "9♦"), cl.Rank.NINE, cl.Suit.D),
    ],
)
def test_every_spelling_of_a_card_reads_as_the_same_card(texts: tuple[str, ...], rank: cl.Rank, suit: cl.Suit) -> None:
    cards = {cl.Card.parse(t) for t in texts}
    assert len(cards) == 1
    (card,) = cards
    assert card.rank is rank
    assert card.suit is suit
    assert not card.is_joker


@pytest.mark.parametrize(("text", "joker"), [("RJ", cl.RED_JOKER), ("BJ", cl.BLACK_JOKER), ("rj", cl.RED_JOKER)])
def test_jokers_have_no_suit_and_no_rank(text: str, joker: cl.Card) -> None:
    card = cl.Card.parse(text)
    assert card is joker
    assert card.is_joker
    assert card.suit is None
    assert card.rank is None


def test_the_two_jokers_are_different_cards() -> None:
    assert cl.Card.parse("RJ") != cl.Card.parse("BJ")
    assert cl.Card.parse("RJ").is_red
    assert not cl.Card.parse("BJ").is_red


def all_34_cards() -> list[cl.Card]:
    return [cl.Card.parse(r + s) for s in SUIT_LETTERS for r in RANK_TEXT] + [cl.Card.parse("RJ"), cl.Card.parse("BJ")]


def test_there_are_34_distinct_cards_with_indices_0_to_33() -> None:
    cards = all_34_cards()
    assert len(set(cards)) == 34
    assert sorted(c.index for c in cards) == list(range(34))
    assert all(cl.Card.from_index(c.index) is c for c in cards)


@pytest.mark.parametrize("card", all_34_cards(), ids=str)
def test_str_of_every_card_parses_back_to_it(card: cl.Card) -> None:
    assert cl.Card.parse(str(card)) is card


@pytest.mark.parametrize(("letter", "symbol"), list(zip(SUIT_LETTERS, SUIT_SYMBOLS, strict=True)))
def test_suit_letters_and_symbols_agree(letter: str, symbol: str) -> None:
    for rank in RANK_TEXT:
        assert cl.Card.parse(rank + letter) is cl.Card.parse(rank + symbol)


def test_suit_colours() -> None:
    # RULES.md: clubs and spades are black, diamonds and hearts are red.
    assert [s.is_red for s in (cl.Suit.C, cl.Suit.D, cl.Suit.H, cl.Suit.S)] == [False, True, True, False]
    assert cl.Suit.C.same_colour is cl.Suit.S
    assert cl.Suit.S.same_colour is cl.Suit.C
    assert cl.Suit.D.same_colour is cl.Suit.H
    assert cl.Suit.H.same_colour is cl.Suit.D


def test_parse_cards_reads_space_and_comma_separated_text() -> None:
    assert [str(c) for c in cl.parse_cards("JH JD RJ")] == ["J♥", "J♦", "RJ"]
    assert cl.parse_cards("AS, 10♥ BJ") == [cl.Card.parse("AS"), cl.Card.parse("10H"), cl.BLACK_JOKER]
    assert cl.parse_cards(["TD", cl.RED_JOKER]) == [cl.Card.parse("10D"), cl.RED_JOKER]


@pytest.mark.parametrize("bad", ["", "X", "1H", "11H", "JX", "10", "ZZ", "J♥♥", "6C", "QQ", "Joker"])
def test_malformed_card_raises_card_parse_error_saying_what_is_allowed(bad: str) -> None:
    with pytest.raises(cl.CardParseError) as info:
        cl.Card.parse(bad)
    message = str(info.value)
    assert repr(bad) in message  # the learner sees what they typed
    # ...and how to write a card instead: examples of a normal card and of a joker
    assert "JH" in message
    assert "RJ" in message


def test_malformed_card_message_lists_ranks_and_suits() -> None:
    with pytest.raises(cl.CardParseError) as info:
        cl.Card.parse("1H")
    message = str(info.value)
    for part in ("7", "10", "T", "A", "C D H S"):
        assert part in message


def test_card_parse_error_is_a_value_error() -> None:
    assert issubclass(cl.CardParseError, cl.CharlemagneError)
    assert issubclass(cl.CharlemagneError, ValueError)
    with pytest.raises(ValueError):
        cl.Card.parse(7)  # type: ignore[arg-type]


def test_parse_cards_reports_the_bad_card() -> None:
    with pytest.raises(cl.CardParseError, match="'KX'"):
        cl.parse_cards("JH KX 7C")


def test_card_index_out_of_range_is_rejected() -> None:
    with pytest.raises(cl.CardParseError, match="0 to 33"):
        cl.Card.from_index(34)


def test_seats_go_clockwise_and_partners_sit_opposite() -> None:
    # RULES.md: N -> E -> S -> W -> N; partners opposite; teams NS and EW.
    n, e, s, w = cl.Seat.N, cl.Seat.E, cl.Seat.S, cl.Seat.W
    assert [n.left, e.left, s.left, w.left] == [e, s, w, n]
    assert [n.partner, e.partner, s.partner, w.partner] == [s, w, n, e]
    assert [n.team, e.team, s.team, w.team] == ["NS", "EW", "NS", "EW"]
    assert cl.Seat.find("N") is n
    assert cl.Seat.find("west") is w


def test_unknown_seat_lists_the_seats() -> None:
    with pytest.raises(cl.CardParseError) as info:
        cl.Seat.find("X")
    assert "N, E, S or W" in str(info.value)
