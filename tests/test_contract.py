"""Contracts: which exist, which need a trump, who plays, who sits out and who leads first."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl

CANADIAN = cl.Rules.preset("canadian")
AMERICAN = cl.Rules.preset("american")
MAINE = cl.Rules.preset("maine")
EUCHRE = cl.Rules.preset("bid_euchre")
RULES = {"canadian": CANADIAN, "american": AMERICAN, "maine": MAINE, "bid_euchre": EUCHRE}


@pytest.mark.parametrize(
    ("variant", "bid"),
    [
        ("canadian", "9"),
        ("canadian", "4"),
        ("canadian", "le_petit"),
        ("canadian", "no_trump"),
        ("american", "8"),
        ("american", "gros_mulot"),
        ("maine", "8"),
        ("maine", "gros_charlemagne"),
        ("bid_euchre", "7"),
        ("bid_euchre", "mulot"),
        ("bid_euchre", "charlemagne"),
    ],
)
def test_a_bid_the_variant_does_not_have_is_refused_with_the_ladder(variant: str, bid: str) -> None:
    rules = RULES[variant]
    with pytest.raises(cl.ContractError) as info:
        cl.Contract(rules, bid, "N", "H")
    message = str(info.value)
    assert repr(bid) in message
    assert rules.title in message
    # the ladder as players call the bids ("Gros Mulot", never the record name gros_mulot)
    for spec in rules.bids:
        assert spec.label in message
    assert not any("_" in spec.name and spec.name in message for spec in rules.bids)


@pytest.mark.parametrize(
    ("variant", "bid"),
    [
        ("canadian", "mulot"),
        ("canadian", "gros_mulot"),
        ("american", "le_petit"),
        ("american", "no_trump"),
        ("maine", "le_petit"),
        ("maine", "high_card_no_trump"),
    ],
)
def test_trump_given_to_a_no_trump_bid_is_refused(variant: str, bid: str) -> None:
    with pytest.raises(cl.ContractError) as info:
        cl.Contract(RULES[variant], bid, "N", "S")
    assert "no trump" in str(info.value)
    assert "trump=None" in str(info.value)
    assert cl.Contract(RULES[variant], bid, "N").trump is None


@pytest.mark.parametrize(
    ("variant", "bid"),
    [
        *[("canadian", b) for b in ("5", "6", "7", "8", "charlemagne", "gros_charlemagne")],
        *[("american", b) for b in ("5", "6", "7", "charles", "charles_alone")],
        *[("maine", str(n)) for n in range(1, 8)],
        ("maine", "charlemagne"),
    ],
)
def test_missing_trump_is_refused_where_the_bid_needs_one(variant: str, bid: str) -> None:
    with pytest.raises(cl.ContractError) as info:
        cl.Contract(RULES[variant], bid, "N")
    message = str(info.value)
    assert "needs a trump" in message
    for suit in "CDHS":
        assert f"'{suit}'" in message
    assert cl.Contract(RULES[variant], bid, "N", "D").trump is cl.Suit.D


@pytest.mark.parametrize("bid", [str(n) for n in range(1, 7)])
def test_bid_euchre_bids_take_a_suit_or_no_trump(bid: str) -> None:
    assert cl.Contract(EUCHRE, bid, "E", "S").trump is cl.Suit.S
    for no_trump in (None, "NT", "none"):
        assert cl.Contract(EUCHRE, bid, "E", no_trump).trump is None


def test_unknown_trump_suit_lists_the_suits() -> None:
    with pytest.raises(cl.CardParseError) as info:
        cl.Contract(CANADIAN, "6", "N", "X")
    assert "C, D, H or S" in str(info.value)


# ---------------------------------------------------------------- alone
ALWAYS_ALONE = [
    ("canadian", "mulot", None),
    ("canadian", "charlemagne", "H"),
    ("canadian", "gros_mulot", None),
    ("canadian", "gros_charlemagne", "H"),
    ("american", "le_petit", None),
    ("american", "charles_alone", "H"),
    ("maine", "le_petit", None),
]
WITH_PARTNER = [
    ("canadian", "6", "H"),
    ("canadian", "8", "H"),
    ("american", "5", "H"),
    ("american", "no_trump", None),
    ("american", "charles", "H"),
    ("maine", "5", "H"),
    ("maine", "high_card_no_trump", None),
    ("bid_euchre", "3", "H"),
    ("bid_euchre", "3", None),
]


@pytest.mark.parametrize(("variant", "bid", "trump"), ALWAYS_ALONE)
@pytest.mark.parametrize("bidder", ["N", "E", "S", "W"])
def test_lone_bids_leave_the_partner_out(variant: str, bid: str, trump: str | None, bidder: str) -> None:
    seat = cl.Seat.find(bidder)
    k = cl.Contract(RULES[variant], bid, bidder, trump)
    assert k.alone is True
    assert k.sitting_out == (seat.partner,)
    assert k.active_seats == tuple(s for s in cl.Seat if s is not seat.partner)
    assert k.team == seat.team


@pytest.mark.parametrize(("variant", "bid", "trump"), ALWAYS_ALONE)
def test_lone_bids_cannot_be_played_with_the_partner(variant: str, bid: str, trump: str | None) -> None:
    with pytest.raises(cl.ContractError, match="alone"):
        cl.Contract(RULES[variant], bid, "N", trump, alone=False)


@pytest.mark.parametrize(("variant", "bid", "trump"), WITH_PARTNER)
def test_partnership_bids_cannot_be_played_alone(variant: str, bid: str, trump: str | None) -> None:
    k = cl.Contract(RULES[variant], bid, "N", trump)
    assert k.alone is False
    assert k.sitting_out == ()
    assert k.active_seats == tuple(cl.Seat)
    with pytest.raises(cl.ContractError) as info:
        cl.Contract(RULES[variant], bid, "N", trump, alone=True)
    assert "partner" in str(info.value)


@pytest.mark.parametrize("alone", [False, True])
def test_maine_charlemagne_may_be_played_alone_or_with_the_partner(alone: bool) -> None:
    k = cl.Contract(MAINE, "charlemagne", "E", "S", alone=alone)
    assert k.alone is alone
    assert k.sitting_out == ((cl.Seat.W,) if alone else ())
    assert cl.Contract(MAINE, "charlemagne", "E", "S").alone is False


@pytest.mark.parametrize(("bidder", "defender", "out"), [("N", "E", "SW"), ("N", "W", "ES"), ("E", "S", "NW")])
def test_maine_lone_defender_against_a_lone_charlemagne(bidder: str, defender: str, out: str) -> None:
    k = cl.Contract(MAINE, "charlemagne", bidder, "S", alone=True, lone_defender=defender)
    assert k.lone_defender is cl.Seat.find(defender)
    assert k.sitting_out == tuple(sorted(cl.Seat.find(s) for s in out))
    assert set(k.active_seats) == {cl.Seat.find(bidder), cl.Seat.find(defender)}


def test_lone_defender_must_be_an_opponent() -> None:
    with pytest.raises(cl.ContractError, match="bidder's team"):
        cl.Contract(MAINE, "charlemagne", "N", "S", alone=True, lone_defender="S")


@pytest.mark.parametrize(
    ("rules", "bid", "trump", "alone"),
    [
        (MAINE, "charlemagne", "S", False),  # only a *lone* Charlemagne
        (MAINE, "5", "S", None),
        (CANADIAN, "charlemagne", "S", None),  # Canadian has no lone defender
        (CANADIAN, "mulot", None, None),
        (AMERICAN, "charles_alone", "S", None),
    ],
)
def test_lone_defender_only_against_a_lone_maine_charlemagne(
    rules: cl.Rules, bid: str, trump: str | None, alone: bool | None
) -> None:
    with pytest.raises(cl.ContractError, match="lone Charlemagne"):
        cl.Contract(rules, bid, "N", trump, alone=alone, lone_defender="E")


def test_no_lone_defender_against_maine_le_petit() -> None:
    with pytest.raises(cl.ContractError, match="lone Charlemagne"):
        cl.Contract(MAINE, "le_petit", "N", lone_defender="E")


# ---------------------------------------------------------------- first leader
# docs/rules.md#canadian-charlemagne: Canadian numeric bids: left of the bidder; every other Canadian bid: the bidder.
# American: "the bidder always leads the first trick"; Maine: the bidder; Bid Euchre: the declarer.
BIDDER_LEADS = [
    ("canadian", "mulot", None),
    ("canadian", "charlemagne", "C"),
    ("canadian", "gros_mulot", None),
    ("canadian", "gros_charlemagne", "C"),
    *[
        ("american", b, t)
        for b, t in [
            ("5", "C"),
            ("6", "C"),
            ("7", "C"),
            ("le_petit", None),
            ("no_trump", None),
            ("charles", "C"),
            ("charles_alone", "C"),
        ]
    ],
    *[("maine", str(n), "C") for n in range(1, 8)],
    ("maine", "le_petit", None),
    ("maine", "high_card_no_trump", None),
    ("maine", "charlemagne", "C"),
    *[("bid_euchre", str(n), t) for n in range(1, 7) for t in ("C", None)],
]


@pytest.mark.parametrize(("variant", "bid", "trump"), BIDDER_LEADS)
@pytest.mark.parametrize("bidder", ["N", "E", "S", "W"])
def test_bidder_leads_the_first_trick(variant: str, bid: str, trump: str | None, bidder: str) -> None:
    assert cl.Contract(RULES[variant], bid, bidder, trump).first_leader is cl.Seat.find(bidder)


@pytest.mark.parametrize("bid", ["5", "6", "7", "8"])
@pytest.mark.parametrize(("bidder", "leader"), [("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")])
def test_canadian_numeric_bid_is_led_by_the_bidders_left(bid: str, bidder: str, leader: str) -> None:
    assert cl.Contract(CANADIAN, bid, bidder, "S").first_leader is cl.Seat.find(leader)


def test_maine_lone_charlemagne_bidder_leads_against_a_lone_defender() -> None:
    k = cl.Contract(MAINE, "charlemagne", "W", "D", alone=True, lone_defender="N")
    assert k.first_leader is cl.Seat.W


def test_contract_text_reads_like_a_bid() -> None:
    assert str(cl.Contract(CANADIAN, "6", "N", "H")) == "6 ♥ by North"
    assert "Mulot" in str(cl.Contract(CANADIAN, "mulot", "E"))
    assert "alone" in str(cl.Contract(MAINE, "charlemagne", "E", "S", alone=True))
