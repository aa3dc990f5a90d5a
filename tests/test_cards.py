"""Card text, seats and suits as docs/rules.md#cards-and-rank describes them."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl

# docs/rules.md#cards-and-rank: card text is rank then suit; ranks 7 8 9 10 J Q K A (T for 10),
# suits C D H S or ♣ ♦ ♥ ♠.
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
    # docs/rules.md#cards-and-rank: clubs and spades are black, diamonds and hearts are red.
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


@pytest.mark.parametrize("mask", [-1, 1 << 34, (1 << 40) | 1])
def test_a_card_set_with_bits_off_the_deck_is_rejected(mask: int) -> None:
    from charlemagne_learn.engine.deal import cards_of

    with pytest.raises(cl.CardParseError, match="bits 0 to 33"):
        cards_of(mask)


def test_a_card_set_reads_as_its_cards_lowest_index_first() -> None:
    from charlemagne_learn.engine.deal import cards_of, indices_of

    assert [c.index for c in cards_of((1 << 33) | (1 << 8) | 1)] == [0, 8, 33]
    assert cards_of(0) == []
    # every bit, each byte of a hand read whole, and a set wider than a deck read bit by bit
    for mask in (sum(1 << i for i in range(34)), 0b10110001 << 16, (1 << 45) | (1 << 39) | 5):
        assert indices_of(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]
    with pytest.raises(cl.CardParseError, match="bits 0 to 33"):
        indices_of(-3)


def test_seats_go_clockwise_and_partners_sit_opposite() -> None:
    # docs/rules.md#seats-and-turns: N -> E -> S -> W -> N; partners opposite; teams NS and EW.
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


# ---------------------------------------------------------------- issue 11: outline symbols, seats as text


@pytest.mark.parametrize(
    ("outline", "letter"),
    [("♧", "C"), ("♢", "D"), ("♡", "H"), ("♤", "S")],
)
def test_outline_suit_symbols_read_as_their_own_suit(outline: str, letter: str) -> None:
    # The outline symbols are the same suits drawn white; they once read as other suits, silently.
    assert cl.Suit.find(outline) is cl.Suit.find(letter)
    assert cl.Card.parse("A" + outline) is cl.Card.parse("A" + letter)
    assert cl.parse_cards(f"10{outline} 7{outline}") == cl.parse_cards(f"10{letter} 7{letter}")


def test_outline_symbols_reach_actions_contracts_and_hands() -> None:
    maine = cl.Rules.preset("maine")
    state = cl.HandState.new(maine, dealer="W", seed=3)
    state.apply("bid 6♡")
    assert state.history[-1][1].suit is cl.Suit.H
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", trump="♤")
    assert k.trump is cl.Suit.S


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"])
def test_emoji_presentation_of_a_suit_symbol_reads_as_the_suit(selector: str) -> None:
    assert cl.Card.parse("J♥" + selector) is cl.Card.parse("JH")
    assert cl.Suit.find("♠" + selector) is cl.Suit.S


@pytest.mark.parametrize("card", [cl.Card.from_index(i) for i in range(34)], ids=str)
def test_a_cards_spoken_name_parses_back_to_it(card: cl.Card) -> None:
    assert cl.Card.parse(card.name) is card
    assert cl.Card.parse(card.name.upper()) is card


@pytest.mark.parametrize("bad", ["5", 5.0, None, True, -1])
def test_card_from_index_refuses_anything_but_a_whole_number_0_to_33(bad: object) -> None:
    with pytest.raises(cl.CardParseError, match="0 to 33"):
        cl.Card.from_index(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 5, {"N": "JH"}, b"JH"])
def test_parse_cards_refuses_what_is_not_a_list_of_cards(bad: object) -> None:
    with pytest.raises(cl.CardParseError, match="not a list of cards"):
        cl.parse_cards(bad)  # type: ignore[arg-type]


def test_parse_cards_can_refuse_a_repeated_card() -> None:
    assert len(cl.parse_cards("JD JD")) == 2  # a plain list of cards may repeat (a quiz's answers)
    with pytest.raises(cl.CardParseError, match="J♦ is in a hand twice"):
        cl.parse_cards(["JD", "J♦", "AD"], distinct="a hand")


def test_seats_suits_and_ranks_print_as_players_write_them() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", trump="H")
    winner = cl.trick_winner(k, "N", cl.parse_cards("AS JD 7S KS"))
    assert str(winner) == "E" and f"{winner}" == "E" and f"{winner:>2}" == " E"
    assert [str(s) for s in cl.Seat] == ["N", "E", "S", "W"]
    assert [str(s) for s in cl.Suit] == ["♣", "♦", "♥", "♠"]
    assert str(cl.Rank.TEN) == "10" and str(cl.Rank.ACE) == "A"


def test_a_seat_compares_equal_to_its_letter_and_word() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", trump="H")
    winner = cl.trick_winner(k, "N", cl.parse_cards("AS JD 7S KS"))
    assert winner == "E" and winner == "e" and winner == "East"
    assert winner != "W"
    assert not winner.__ne__("E")  # != is the exact opposite of ==
    assert winner == 1 and winner == cl.Seat.E  # still the int it always was
    assert {"E": "won"}[winner] == "won"  # a table keyed by letters finds it
    assert cl.Seat.N != "north-ish" and cl.Seat.N != None  # noqa: E711


def test_suits_and_ranks_compare_equal_to_their_names() -> None:
    assert cl.Suit.H == "H" and cl.Suit.H == "♥" and cl.Suit.H == "♡" and cl.Suit.H == "hearts"
    assert cl.Suit.H != "D"
    assert cl.Rank.TEN == "10" and cl.Rank.TEN == "T" and cl.Rank.QUEEN == "queen"
    assert cl.Card.parse("QS").rank == "Q"
