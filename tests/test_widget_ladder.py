"""The TrumpLadder widget from Python: the engine's ladder, the short suit, choices from the buttons, repr."""

from __future__ import annotations

from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.widgets._base import asset
from charlemagne_learn.widgets.ladder import TrumpLadder


def ids(cards: list[dict[str, Any]]) -> list[str]:
    return [c["id"] for c in cards]


def test_the_canadian_heart_ladder_comes_from_the_engine() -> None:
    ladder = TrumpLadder()
    rules = cl.Rules.preset("canadian")
    assert ids(ladder.trumps) == ["RJ", "BJ", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H"]
    assert [c["place"] for c in ladder.trumps] == list(range(1, 12))
    assert [str(c) for c in ladder.ladder] == [str(c) for c in cl.trump_order(rules, "H")]
    roles = {c["id"]: c["role_text"] for c in ladder.trumps}
    assert roles["RJ"] == "high joker" and roles["JH"] == "big jack (le bar)"
    assert roles["JD"] == "little jack (le petit bar)" and roles["AH"] == ""
    assert {c["id"]: c["label"] for c in ladder.trumps}["JD"] == "jack of diamonds — little jack"
    assert repr(ladder) == "TrumpLadder(canadian, trump ♥: RJ BJ J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥)"


def test_the_little_jacks_suit_is_one_card_short_with_a_gap_where_the_jack_was() -> None:
    ladder = TrumpLadder("canadian", "H")
    plain = {p["suit"]: p for p in ladder.plain}
    assert list(plain) == ["C", "D", "S"]
    diamonds = plain["D"]["cards"]
    assert [c.get("gap", False) for c in diamonds].index(True) == 3  # after A K Q, where the jack stood
    assert diamonds[3]["text"] == "J♦ is a trump now" and plain["D"]["count"] == "7 cards"
    assert ids([c for c in diamonds if not c.get("gap")]) == ["AD", "KD", "QD", "10D", "9D", "8D", "7D"]
    assert ids(plain["C"]["cards"]) == ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C"]
    assert not any(c.get("gap") for c in plain["C"]["cards"] + plain["S"]["cards"])


@pytest.mark.parametrize(
    ("variant", "trump", "expected"),
    [
        ("american", "S", "9♠ J♠ J♣ A♠ K♠ Q♠ 10♠ 8♠ 7♠"),
        ("maine", "D", "9♦ J♦ J♥ A♦ K♦ Q♦ 10♦ 8♦ 7♦"),
        ("bid_euchre", "C", "J♣ J♠ A♣ K♣ Q♣ 10♣ 9♣"),
    ],
)
def test_every_variant_draws_its_own_ladder(variant: str, trump: str, expected: str) -> None:
    ladder = TrumpLadder(variant, trump)
    assert " ".join(c["text"] for c in ladder.trumps) == expected
    roles = [c["role_text"] for c in ladder.trumps]
    if variant == "bid_euchre":
        assert roles[:2] == ["right bower", "left bower"]
        assert sum(len(p["cards"]) for p in ladder.plain) == 24 - 7 + 1  # the gap stands in for the left bower
    else:
        assert roles[0] == "top trump (the nine)"


def test_choosing_a_trump_or_a_variant_redraws_and_python_sees_it() -> None:
    ladder = TrumpLadder()
    ladder._on_front_end(ladder, {"type": "trump", "suit": "S"}, [])
    assert ladder.trump == "S" and ids(ladder.trumps)[:4] == ["RJ", "BJ", "JS", "JC"]
    assert len([c for c in ladder.plain[0]["cards"] if not c.get("gap")]) == 7  # clubs lost J♣
    ladder._on_front_end(ladder, {"type": "variant", "variant": "american"}, [])
    assert ladder.variant == "american" and ids(ladder.trumps)[0] == "9S" and "RJ" not in ids(ladder.trumps)
    ladder.variant = "us"  # an alias is read as the engine reads it
    assert ladder.variant == "american"
    ladder.trump = "hearts"
    assert ladder.trump == "H" and ladder.suits[2]["label"] == "hearts trump"


def test_no_trump_leaves_the_jokers_alone_or_nothing() -> None:
    ladder = TrumpLadder("canadian", None)
    assert ids(ladder.trumps) == ["RJ", "BJ"] and len(ladder.plain) == 4
    assert all(len(p["cards"]) == 8 and not any(c.get("gap") for c in p["cards"]) for p in ladder.plain)
    assert "Mulot, Gros Mulot" in ladder.caption and "only trumps" in ladder.caption
    ladder._on_front_end(ladder, {"type": "variant", "variant": "bid_euchre"}, [])
    assert (
        ladder.trump is None and ladder.trumps == [] and repr(ladder) == "TrumpLadder(bid_euchre, no trump: no trumps)"
    )
    assert ladder.suits[-1]["id"] == "none"
    ladder._on_front_end(ladder, {"type": "trump", "suit": "D"}, [])
    assert ladder.trump == "D"
    ladder._on_front_end(ladder, {"type": "trump", "suit": "none"}, [])
    assert ladder.trump is None


def test_rules_options_are_kept_across_variants() -> None:
    ladder = TrumpLadder("canadian", "S", high_joker="black")
    assert ids(ladder.trumps)[:2] == ["BJ", "RJ"]
    assert repr(ladder).startswith("TrumpLadder(canadian, high_joker='black', trump ♠: BJ RJ")
    ladder.variant = "american"
    ladder.variant = "canadian"
    assert ids(ladder.trumps)[:2] == ["BJ", "RJ"]


def test_a_bad_choice_from_the_page_is_explained_and_changes_nothing() -> None:
    ladder = TrumpLadder()
    before = (ladder.variant, ladder.trump, ladder.trumps)
    ladder._on_front_end(ladder, {"type": "trump", "suit": "X"}, [])
    assert "'X' is not a suit" in ladder.message
    assert (ladder.variant, ladder.trump, ladder.trumps) == before
    ladder._on_front_end(ladder, {"type": "variant", "variant": "skat"}, [])
    assert "unknown variant 'skat'" in ladder.message and ladder.variant == "canadian"
    assert ladder.choose_trump("C") and ladder.message == ""


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (("skat",), {}, cl.RulesOptionError, "unknown variant"),
        (("canadian", "X"), {}, cl.CardParseError, "not a suit"),
        (("canadian",), {"high_joker": "green"}, cl.RulesOptionError, "high_joker"),
        (("canadian",), {"colour": 3}, cl.RulesOptionError, "unknown rules option"),
        (("canadian",), {"lang": "de"}, cl.RulesOptionError, "'en'.*'fr'"),
    ],
)
def test_bad_input_is_a_clear_error(
    args: tuple[str, ...], kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        TrumpLadder(*args, **kwargs)


def test_french_uses_the_games_words() -> None:
    ladder = TrumpLadder(lang="fr")
    roles = {c["id"]: c["role_text"] for c in ladder.trumps}
    assert roles["JH"] == "le bar" and roles["JD"] == "le petit bar" and roles["RJ"] == "le grand joker"
    assert ladder.caption.startswith("Charlemagne canadien, atout cœur : 11 atouts")
    assert {p["suit"]: p for p in ladder.plain}["D"]["cards"][3]["text"] == "V♦ est un atout maintenant"


def test_static_html_is_the_same_ladder_as_a_table() -> None:
    ladder = TrumpLadder("canadian", "S")
    bundle = ladder._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(ladder)
    html = data["text/html"]
    assert html.count("<tr>") == 11 + 1 + 3 and "J♣ is a trump now" in html
    assert "little jack (le petit bar)" in html and 'aria-label="jack of clubs, little jack"' in html
    assert "function render" in asset("ladder.js") and ".cl-ladder-gap" in asset("ladder.css")
