"""Trump orders and plain-suit ranks, exactly as docs/rules.md#cards-and-rank lists them.

The orders are written out here from the rulebook and checked two ways: through
``trump_order`` and through who actually wins a trick.
"""

from __future__ import annotations

import itertools

import pytest

import charlemagne_learn as cl

SUITS = "CDHS"
# docs/rules.md#cards-and-rank: the little jack is the jack of the other suit of the same colour.
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
# A suit of the other colour, used for filler cards that can never win.
OTHER_COLOUR = {"C": "D", "S": "H", "D": "C", "H": "S"}


def cards(text: str) -> list[cl.Card]:
    return cl.parse_cards(text)


def expected_trumps(variant: str, trump: str, high_joker: str = "red") -> list[cl.Card]:
    t, little = trump, "J" + SAME_COLOUR[trump]
    jokers = "RJ BJ" if high_joker == "red" else "BJ RJ"
    order = {
        # high joker, low joker, big jack, little jack, A, K, Q, 10, 9, 8, 7 (11 trumps)
        "canadian": f"{jokers} J{t} {little} A{t} K{t} Q{t} 10{t} 9{t} 8{t} 7{t}",
        # 9, big jack, little jack, A, K, Q, 10, 8, 7 (9 trumps)
        "american": f"9{t} J{t} {little} A{t} K{t} Q{t} 10{t} 8{t} 7{t}",
        "maine": f"9{t} J{t} {little} A{t} K{t} Q{t} 10{t} 8{t} 7{t}",
        # right bower, left bower, A, K, Q, 10, 9
        "bid_euchre": f"J{t} {little} A{t} K{t} Q{t} 10{t} 9{t}",
    }[variant]
    return cards(order)


def numeric_contract(variant: str, trump: str, rules: cl.Rules | None = None) -> cl.Contract:
    rules = rules or cl.Rules.preset(variant)
    return cl.Contract(rules, rules.bids[0].name, "N", trump)


def fillers(rules: cl.Rules, trump: str) -> list[cl.Card]:
    """Two low cards of a suit of the other colour: neither trump nor able to beat a trump."""
    low = "7" if rules.low_rank == 7 else "9"
    second = "8" if low == "7" else "10"
    suit = OTHER_COLOUR[trump]
    return cards(f"{low}{suit} {second}{suit}")


TRUMP_CASES = [(v, t) for v in ("canadian", "american", "maine", "bid_euchre") for t in SUITS]


@pytest.mark.parametrize(("variant", "trump"), TRUMP_CASES)
def test_trump_order_matches_rules_md(variant: str, trump: str) -> None:
    rules = cl.Rules.preset(variant)
    assert cl.trump_order(rules, trump) == expected_trumps(variant, trump)


@pytest.mark.parametrize("trump", SUITS)
def test_high_joker_black_swaps_the_jokers(trump: str) -> None:
    rules = cl.Rules.preset("canadian", high_joker="black")
    assert cl.trump_order(rules, trump) == expected_trumps("canadian", trump, high_joker="black")


@pytest.mark.parametrize(("variant", "trump"), TRUMP_CASES)
def test_every_higher_trump_beats_every_lower_trump_in_play(variant: str, trump: str) -> None:
    rules = cl.Rules.preset(variant)
    k = numeric_contract(variant, trump, rules)
    order = expected_trumps(variant, trump)
    filler = fillers(rules, trump)
    for high, low in itertools.combinations(order, 2):
        # The lower trump leads, the higher one comes second: East must win.
        assert cl.trick_winner(k, "N", [low, high, *filler]) is cl.Seat.E, (high, low)
        # And the other way round North keeps the trick.
        assert cl.trick_winner(k, "N", [high, low, *filler]) is cl.Seat.N, (high, low)


@pytest.mark.parametrize("trump", SUITS)
def test_black_high_joker_wins_in_play(trump: str) -> None:
    rules = cl.Rules.preset("canadian", high_joker="black")
    k = numeric_contract("canadian", trump, rules)
    assert cl.trick_winner(k, "N", cards("RJ BJ") + fillers(rules, trump)) is cl.Seat.E
    k_red = numeric_contract("canadian", trump)
    assert cl.trick_winner(k_red, "N", cards("RJ BJ") + fillers(rules, trump)) is cl.Seat.N


@pytest.mark.parametrize(("variant", "trump"), TRUMP_CASES)
def test_little_jack_leaves_its_printed_suit(variant: str, trump: str) -> None:
    # "The same-colour suit then has one card fewer": the little jack no longer follows it.
    k = numeric_contract(variant, trump)
    sc = SAME_COLOUR[trump]
    little = cl.Card.parse("J" + sc)
    ace = cl.Card.parse("A" + sc)
    assert cl.legal_plays(k, [little, cl.Card.parse("K" + OTHER_COLOUR[trump])], [ace]) == [
        little,
        cl.Card.parse("K" + OTHER_COLOUR[trump]),
    ]
    # With the led suit in hand, the little jack is not a card of that suit.
    queen = cl.Card.parse("Q" + sc)
    assert cl.legal_plays(k, [little, queen], [ace]) == [queen]


def plain_ranks(variant: str, suit: str, trump: str) -> list[cl.Card]:
    """Plain-suit order A K Q J 10 9 8 7 (to 9 in Bid Euchre), without a jack that is a bower."""
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7"]
    if variant == "bid_euchre":
        ranks = ranks[:6]
    out = [cl.Card.parse(r + suit) for r in ranks]
    if suit == SAME_COLOUR[trump]:
        out.remove(cl.Card.parse("J" + suit))
    return out


@pytest.mark.parametrize(("variant", "trump"), [(v, "H") for v in ("canadian", "american", "maine", "bid_euchre")])
@pytest.mark.parametrize("led", ["C", "D", "S"])
def test_plain_suits_rank_ace_down(variant: str, trump: str, led: str) -> None:
    rules = cl.Rules.preset(variant)
    k = numeric_contract(variant, trump, rules)
    order = plain_ranks(variant, led, trump)
    # Off-suit, non-trump discards from a third suit: they can never win.
    other = next(s for s in "CDS" if s != led)
    low_rank = "7" if rules.low_rank == 7 else "9"
    discards = cards(f"{low_rank}{other} 10{other}")
    for high, low in itertools.combinations(order, 2):
        assert cl.trick_winner(k, "N", [low, *discards, high]) is cl.Seat.W, (high, low)
        assert cl.trick_winner(k, "N", [high, *discards, low]) is cl.Seat.N, (high, low)


def test_american_plain_nine_ranks_between_ten_and_eight() -> None:
    # Only the trump 9 is promoted; a plain 9 is an ordinary card.
    k = cl.Contract(cl.Rules.preset("american"), "5", "N", "H")
    assert cl.trick_winner(k, "N", cards("8S 9S 7S 7C")) is cl.Seat.E
    assert cl.trick_winner(k, "N", cards("9S 10S 7S 7C")) is cl.Seat.E


def test_a_trump_beats_the_ace_of_the_led_suit() -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    assert cl.trick_winner(k, "N", cards("AS 7H KS QS")) is cl.Seat.E


# ---------------------------------------------------------------- no-trump contracts
@pytest.mark.parametrize(
    ("variant", "bid"),
    [("american", "le_petit"), ("american", "no_trump"), ("maine", "le_petit"), ("maine", "high_card_no_trump")],
)
def test_no_trump_contracts_have_no_trumps_and_no_bowers(variant: str, bid: str) -> None:
    rules = cl.Rules.preset(variant)
    assert cl.trump_order(rules, None) == []
    k = cl.Contract(rules, bid, "N")
    seats = k.active_seats  # North leads; Le Petit's partner sits out, so tricks may have 3 cards
    n = len(seats)
    # The 9 and the jacks are ordinary cards of their own suit: the ace wins.
    assert cl.trick_winner(k, "N", cards("9D JD AD 10D")[:n]) is seats[2]
    # A jack of the other red suit does not follow diamonds and does not win.
    assert cl.trick_winner(k, "N", cards("7D JH 8D 9C")[:n]) is seats[2]
    # The jack ranks between queen and ten within its own suit.
    assert cl.trick_winner(k, "N", cards("10S JS 9S 8S")[:n]) is seats[1]
    assert cl.legal_plays(k, cards("JH 7C"), cards("AD")) == cards("JH 7C")


def test_bid_euchre_no_trump_has_no_bowers() -> None:
    k = cl.Contract(cl.Rules.preset("bid_euchre"), "3", "N", None)
    assert k.trump is None
    assert cl.trump_order(cl.Rules.preset("bid_euchre"), None) == []
    assert cl.trick_winner(k, "N", cards("9S JC 10S JS")) is cl.Seat.W
    assert cl.trick_winner(k, "N", cards("10H JH AH JD")) is cl.Seat.S


@pytest.mark.parametrize(("high_joker", "order"), [("red", "RJ BJ"), ("black", "BJ RJ")])
def test_canadian_no_trump_contracts_keep_the_jokers_as_trumps(high_joker: str, order: str) -> None:
    rules = cl.Rules.preset("canadian", high_joker=high_joker)
    assert cl.trump_order(rules, None) == cards(order)
    for bid in ("mulot", "gros_mulot"):
        k = cl.Contract(rules, bid, "N")
        # Partner South sits out: three-card tricks N, E, W.
        assert cl.trick_winner(k, "N", cards("AS 7C RJ")) is cl.Seat.W
        assert cl.trick_winner(k, "N", cards("AS BJ 7C")) is cl.Seat.E
        high, low = cards(order)
        assert cl.trick_winner(k, "N", [low, high, cl.Card.parse("7C")]) is cl.Seat.E
        # No bowers: jacks stay in their suits.
        assert cl.trick_winner(k, "N", cards("QH JD KH")) is cl.Seat.W


@pytest.mark.parametrize(
    ("variant", "trump", "card", "role"),
    [
        ("canadian", "H", "RJ", "high joker"),
        ("canadian", "H", "BJ", "low joker"),
        ("canadian", "H", "JH", "big jack"),
        ("canadian", "H", "JD", "little jack"),
        ("canadian", "H", "JC", ""),
        ("bid_euchre", "S", "JS", "right bower"),
        ("bid_euchre", "S", "JC", "left bower"),
    ],
)
def test_card_roles_use_the_rulebook_names(variant: str, trump: str, card: str, role: str) -> None:
    assert cl.card_role(cl.Rules.preset(variant), trump, card) == role
