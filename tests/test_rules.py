"""The four variants of docs/rules.md#the-four-variants and the Decision options of Rules."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from _processes import in_other_processes

import charlemagne_learn as cl

RANKS_7_UP = ("7", "8", "9", "10", "J", "Q", "K", "A")


def deck(low: str, jokers: bool) -> set[cl.Card]:
    ranks = RANKS_7_UP[RANKS_7_UP.index(low) :]
    cards = {cl.Card.parse(r + s) for r in ranks for s in "CDHS"}
    return cards | ({cl.RED_JOKER, cl.BLACK_JOKER} if jokers else set())


# The variants' table of docs/rules.md#the-four-variants: deck, hand / kitty, tricks per hand, game target.
VARIANT_TABLE = {
    "canadian": (deck("7", jokers=True), 8, 2, 8, 32),
    "american": (deck("7", jokers=False), 8, 0, 8, 21),
    "maine": (deck("7", jokers=False), 8, 0, 8, 32),
    "bid_euchre": (deck("9", jokers=False), 6, 0, 6, 32),
}


@pytest.mark.parametrize("variant", sorted(VARIANT_TABLE))
def test_variant_table(variant: str) -> None:
    cards, hand, kitty, tricks, target = VARIANT_TABLE[variant]
    rules = cl.Rules.preset(variant)
    assert {cl.Card.from_index(i) for i in rules.deck_indices} == cards
    assert rules.deck_size == len(cards)
    assert rules.hand_size == hand
    assert rules.kitty_size == kitty
    assert rules.tricks_per_hand == tricks
    assert rules.target == target


@pytest.mark.parametrize(
    ("alias", "variant"), [("us", "american"), ("euchre", "bid_euchre"), ("Canadian", "canadian"), ("maine", "maine")]
)
def test_aliases(alias: str, variant: str) -> None:
    assert cl.Rules.preset(alias) == cl.Rules.preset(variant)


def test_default_variant_is_canadian() -> None:
    assert cl.Rules.preset() == cl.Rules.preset("canadian")


# Bid ladders, low to high, as the bid tables of docs/rules.md list them.
@pytest.mark.parametrize(
    ("variant", "labels"),
    [
        ("canadian", ["5", "6", "7", "8", "Mulot", "Charlemagne", "Gros Mulot", "Gros Charlemagne"]),
        ("american", ["5", "6", "7", "Le Petit", "No Trump", "Charles", "Charles Alone"]),
        ("maine", ["1", "2", "3", "4", "5", "6", "7", "Le Petit", "High Card No Trump", "Charlemagne"]),
        ("bid_euchre", ["1", "2", "3", "4", "5", "6"]),
    ],
)
def test_bid_ladders(variant: str, labels: list[str]) -> None:
    assert [b.label for b in cl.Rules.preset(variant).bids] == labels


@pytest.mark.parametrize(
    ("variant", "name", "canonical"),
    [
        ("canadian", "charles", "charlemagne"),
        ("canadian", "petit charles", "charlemagne"),
        ("canadian", "mulot+", "gros_mulot"),
        ("canadian", "charles+", "gros_charlemagne"),
        ("canadian", "Gros Mulot", "gros_mulot"),
    ],
)
def test_bid_alternative_names_from_rules_md(variant: str, name: str, canonical: str) -> None:
    assert cl.Rules.preset(variant).bid(name).name == canonical


# ---------------------------------------------------------------- Decision options
def test_decision_defaults() -> None:
    # docs/rules.md#decisions-the-options-of-rules: red joker high, all-pass redeal (Canadian and Bid Euchre),
    # play on for teaching.
    canadian = cl.Rules.preset("canadian")
    assert canadian.high_joker == "red"
    assert canadian.all_pass == "redeal"
    assert canadian.stop_when_decided is False
    assert cl.Rules.preset("bid_euchre").all_pass == "redeal"
    # American: stick the dealer is the rule, not a Decision.
    assert cl.Rules.preset("american").all_pass == "stick_dealer"


def test_options_can_be_switched() -> None:
    rules = cl.Rules.preset("canadian", high_joker="black", all_pass="stick_dealer", stop_when_decided=True)
    assert (rules.high_joker, rules.all_pass, rules.stop_when_decided) == ("black", "stick_dealer", True)
    assert rules != cl.Rules.preset("canadian")


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [("high_joker", "green", ("'red'", "'black'")), ("all_pass", "shuffle", ("'redeal'", "'stick_dealer'"))],
)
def test_bad_option_value_says_what_is_allowed(option: str, value: str, allowed: tuple[str, ...]) -> None:
    with pytest.raises(cl.RulesOptionError) as info:
        cl.Rules.preset("canadian", **{option: value})
    for word in allowed:
        assert word in str(info.value)


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(cl.RulesOptionError) as info:
        cl.Rules.preset("canadian", hi_joker="red")
    assert "hi_joker" in str(info.value)
    assert "high_joker" in str(info.value)


def test_unknown_variant_lists_the_variants() -> None:
    with pytest.raises(cl.RulesOptionError) as info:
        cl.Rules.preset("klondike")
    for name in ("canadian", "american", "maine", "bid_euchre"):
        assert name in str(info.value)


def test_unknown_bid_lists_the_ladder() -> None:
    with pytest.raises(cl.ContractError) as info:
        cl.Rules.preset("american").bid("gros_mulot")
    # the bids as players call them (which bid() reads too), not their names in records
    assert "Charles Alone" in str(info.value) and "Le Petit" in str(info.value)
    assert "_" not in str(info.value).split(";")[1]


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [
        ("stop_when_decided", "yes", "True or False"),
        ("partner_card_first", 1, "True or False"),
        ("dealer_minimum", 9, "numeric bids"),
        ("target", True, "whole number"),
    ],
)
def test_option_values_of_the_wrong_kind_are_refused(option: str, value: object, allowed: str) -> None:
    with pytest.raises(cl.RulesOptionError, match=allowed):
        cl.Rules.preset("maine", **{option: value})


@pytest.mark.parametrize(
    ("make", "other"),
    [
        (lambda: cl.Rules.preset("canadian", high_joker="black"), lambda: cl.Rules.preset("canadian")),
        (
            lambda: cl.Contract(cl.Rules.preset("maine"), "charlemagne", "N", "S", alone=True),
            lambda: cl.Contract(cl.Rules.preset("maine"), "charlemagne", "N", "S", alone=False),
        ),
        (lambda: cl.Action.parse("bid 6H"), lambda: cl.Action.parse("bid 6S")),
    ],
    ids=["rules", "contract", "action"],
)
def test_hash_is_kept_but_never_pickled(make: Any, other: Any) -> None:
    # The hash is worked out once (these key many caches); a string's hash differs between processes, so a
    # pickled copy (bid odds' worker processes) must work its own out again.
    value = make()
    first = hash(value)
    assert hash(value) == first == hash(make())
    copy = pickle.loads(pickle.dumps(value))
    assert "_hash" not in copy.__dict__
    assert copy == value and hash(copy) == first
    assert hash(other()) != first and other() != value


def test_a_contract_sent_to_another_process_keys_its_dicts() -> None:
    # the hash of a contract holds the bid's name, a text: another process must work it out afresh
    sent = pickle.dumps(cl.Contract(cl.Rules.preset("canadian"), "mulot", "E"))
    script = (
        "import pickle, sys, charlemagne_learn as cl\n"
        "k = pickle.loads(sys.stdin.buffer.read())\n"
        "print({cl.Contract(cl.Rules.preset('canadian'), 'mulot', 'E'): 'found'}.get(k, 'lost'))\n"
    )
    assert in_other_processes(script, sent) == [["found"], ["found"]]
