"""The bidding-statistics dataset: shipped records agree with the solver, features, sanity of the statistics."""

from __future__ import annotations

import gzip

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.stats import (
    BiddingDataset,
    columns,
    dataset_bytes,
    deal_record,
    hand_features,
    load_dataset,
    make_dataset,
    read_dataset,
)
from charlemagne_learn.engine.cards import Seat, Suit
from charlemagne_learn.engine.deal import cards_of, deal_hands, mask_of
from charlemagne_learn.engine.errors import RulesOptionError

VARIANTS = ("canadian", "american", "maine", "bid_euchre")


def hand(text: str) -> int:
    return mask_of(cl.parse_cards(text))


# ---------------------------------------------------------------- the shipped files
@pytest.mark.parametrize("variant", VARIANTS)
def test_shipped_dataset_loads_with_its_documented_columns(variant: str) -> None:
    data = load_dataset(variant)
    assert data.variant == variant and data.seed == 1
    assert len(data) >= 1000
    assert all(tuple(r) == columns(data.rules) for r in data.records)
    assert [r["seed"] for r in data.records[:3]] == [1_000_000, 1_000_001, 1_000_002]


@pytest.mark.parametrize("variant", VARIANTS)
def test_shipped_records_are_what_the_solver_gives(variant: str) -> None:
    data = load_dataset(variant)
    picks = list(data.records[:2])
    # a deal where a lone bid is makeable exercises the lone searches and the partner's card
    lone = [b.name for b in data.rules.bids if b.alone != "never" and not b.avoid]
    picks += [r for r in data.records[2:200] if any(r[f"made_dd_{b}"] for b in lone)][:1]
    for record in picks:
        assert isinstance(record["seed"], int)
        assert deal_record(data.rules, record["seed"]) == record


def test_trick_columns_are_double_dummy_tricks_with_that_trump() -> None:
    """American: no exchange, the bidder leads; the column is the solver's count for a 5 in that suit."""
    data = load_dataset("american")
    rules = data.rules
    for record in data.records[:3]:
        assert isinstance(record["seed"], int)
        hands, _ = deal_hands(rules, Seat.W, record["seed"])
        assert record["hand"] == str(cards_of(hands[Seat.N])).replace("10", "T").replace("♣", "C").replace(
            "♦", "D"
        ).replace("♥", "H").replace("♠", "S")
        by_seat = {Seat(s): cards_of(m) for s, m in enumerate(hands)}
        for suit in Suit:
            contract = cl.Contract(rules, "5", "N", suit)
            assert cl.double_dummy(contract, by_seat, "N") == record[f"tricks_{suit.name}"]


def test_numeric_points_follow_the_made_flags() -> None:
    data = load_dataset("canadian")
    for record in data.records:
        for n in (5, 6, 7, 8):
            assert record[f"points_dd_{n}"] == (n if record[f"made_dd_{n}"] else -n)


# ---------------------------------------------------------------- features by hand
def test_features_of_a_canadian_hand() -> None:
    rules = cl.Rules.preset("canadian")
    cards = hand("RJ JH JD AH 9H AS 7C 8C")
    assert hand_features(rules, cards, Suit.H) == {
        "trumps": 5,  # RJ J♥ J♦ A♥ 9♥
        "jokers": 1,
        "jacks": 2,  # big and little jack
        "plain_jacks": 0,
        "aces": 2,
        "voids": 1,  # diamonds: the J♦ is a heart now
        "strength": hand_features(rules, cards, Suit.H)["strength"],
    }
    spades = hand_features(rules, cards, Suit.S)
    assert (spades["trumps"], spades["jacks"], spades["plain_jacks"], spades["voids"]) == (2, 0, 2, 0)
    # no trump suit: the jokers are the only trumps and no jack is special
    plain = hand_features(rules, cards, None)
    assert (plain["trumps"], plain["jacks"], plain["plain_jacks"], plain["voids"]) == (1, 0, 2, 0)
    assert hand_features(rules, cards, Suit.H)["strength"] > spades["strength"]


def test_features_of_a_bid_euchre_hand_count_the_left_bower() -> None:
    rules = cl.Rules.preset("bid_euchre")
    f = hand_features(rules, hand("JC JS AS 9S AH KH"), Suit.C)
    assert (f["trumps"], f["jacks"], f["aces"], f["voids"]) == (2, 2, 2, 1)  # J♠ is a club: A♠ 9♠ stay; no diamond


# ---------------------------------------------------------------- statistics sanity
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_higher_numeric_bid_is_never_makeable_when_a_lower_one_is_not(variant: str) -> None:
    data = load_dataset(variant)
    numbers = [b.name for b in data.numeric_bids]
    for record in data.records:
        flags = [record[f"made_dd_{n}"] for n in numbers]
        assert flags == sorted(flags, reverse=True), record["seed"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_chance_of_making_the_lowest_interesting_bid_grows_with_trumps(variant: str) -> None:
    data = load_dataset(variant)
    bid = data.numeric_bids[-4:][0]  # Canadian 5, American 5 (of 5, 6, 7), Maine 4, Bid Euchre 3
    trumps = data.feature("trumps")
    tricks = data.feature("tricks")
    rates = []
    for k in sorted(set(trumps)):
        group = [t >= bid.tricks for n, t in zip(trumps, tricks, strict=True) if n == k]
        if len(group) >= 200:  # well-populated groups only: the rest are noise
            rates.append(sum(group) / len(group))
    assert len(rates) >= 3
    assert rates == sorted(rates)


def test_gros_mulot_is_makeable_exactly_when_mulot_is() -> None:
    """Showing the hand after trick 1 changes nothing when every card is seen, nor for the bots."""
    data = load_dataset("canadian")
    for method in ("double_dummy", "bots"):
        assert data.made("gros_mulot", method) == data.made("mulot", method)  # type: ignore[arg-type]


def test_feature_readers_and_their_errors() -> None:
    data = load_dataset("canadian")
    assert set(data.feature("jokers")) <= {0, 1, 2}
    assert all(0 <= n <= 8 for n in data.feature("tricks"))
    assert len(data.points("charlemagne")) == len(data)
    assert load_dataset("maine").points("charlemagne") == []  # decides the game outright: no points
    with pytest.raises(RulesOptionError, match="no hand feature"):
        data.feature("kings")  # type: ignore[arg-type]
    with pytest.raises(RulesOptionError, match="method="):
        data.made("5", "psychic")  # type: ignore[arg-type]


# ---------------------------------------------------------------- making datasets
def test_same_seed_same_bytes_whatever_the_workers(tmp_path: object) -> None:
    one = make_dataset("bid_euchre", 6, seed=3, workers=1)
    two = make_dataset("bid_euchre", 6, seed=3, workers=2)
    assert dataset_bytes(one) == dataset_bytes(two)
    assert one.records[0] == deal_record(cl.Rules.preset("bid_euchre"), 3_000_000)


def test_a_written_dataset_reads_back(tmp_path: pytest.TempPathFactory) -> None:
    data = make_dataset("maine", 3, seed=4, workers=1)
    path = tmp_path / "maine.csv.gz"  # type: ignore[operator]
    path.write_bytes(dataset_bytes(data))
    again = read_dataset(path)
    assert isinstance(again, BiddingDataset)
    assert (again.variant, again.seed, again.records) == ("maine", 4, data.records)
    assert gzip.decompress(path.read_bytes()).startswith(b"# charlemagne_learn bidding dataset format=1 variant=maine")


def test_bad_arguments_are_clear_errors(tmp_path: pytest.TempPathFactory) -> None:
    with pytest.raises(RulesOptionError, match="unknown variant"):
        load_dataset("hearts")
    for bad in ({"deals": 0}, {"deals": 2.5}, {"seed": -1}, {"workers": 0}):
        with pytest.raises(RulesOptionError, match="is not allowed"):
            make_dataset("canadian", **{"deals": 2, **bad})  # type: ignore[arg-type]
    junk = tmp_path / "junk.csv.gz"  # type: ignore[operator]
    junk.write_bytes(gzip.compress(b"a,b\n1,2\n"))
    with pytest.raises(RulesOptionError, match="not a bidding dataset"):
        read_dataset(junk)
