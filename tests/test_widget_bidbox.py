"""The BidBox widget from Python: the ladder's meanings, legal bids from the engine, clicks that never apply."""

from __future__ import annotations

from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.widgets._base import asset
from charlemagne_learn.widgets.bidbox import BidBox, bid_meaning


def legal_ids(box: BidBox) -> list[str]:
    return [a["id"] for row in box.rows for a in row["actions"] if a["legal"]]


def canadian_after_six() -> cl.HandState:
    state = cl.HandState.new(cl.Rules.preset("canadian"), "N", seed=1)
    state.apply("bid 6")  # East bids 6: South to move
    return state


def test_a_reference_card_shows_every_bid_enabled_with_its_meaning() -> None:
    box = BidBox()
    assert repr(box) == "BidBox(Canadian Charlemagne: 8 bids, reference card)"
    assert [r["bid"] for r in box.rows] == [
        "5",
        "6",
        "7",
        "8",
        "Mulot",
        "Charlemagne",
        "Gros Mulot",
        "Gros Charlemagne",
    ]
    assert all(a["legal"] for r in box.rows for a in r["actions"]) and box.pass_action["legal"]
    five, mulot, gros_mulot = box.rows[0], box.rows[4], box.rows[6]
    assert five["who plays"] == "both partners" and five["exchange"] == "bidder takes the kitty, discards 2"
    assert five["trump"] == "named by the bidder after the exchange" and five["first lead"] == "left of the bidder"
    assert (five["to make it"], five["made"], five["failed"]) == ("take at least 5", "+5", "opponents +5")
    assert mulot["trump"] == "jokers only" and mulot["to make it"] == "bidder takes no trick"
    assert (mulot["made"], mulot["failed"], mulot["first lead"]) == ("+15", "opponents +7", "the bidder")
    assert "shown to all after trick 1" in gros_mulot["to make it"]
    assert box.rows[5]["exchange"] == "kitty + 1 card from the partner, discards 3"
    assert box.columns[0] == "bid" and len(box.columns) == 8
    assert box.caption == "Every bid of Canadian Charlemagne, lowest first."


def test_meanings_follow_each_variants_rules() -> None:
    maine = cl.Rules.preset("maine")
    charlemagne = bid_meaning(maine, maine.bid("charlemagne"))
    assert (charlemagne["made"], charlemagne["failed"]) == ("wins the game", "loses the game")
    assert charlemagne["who plays"] == "both partners, or the bidder alone"
    euchre = cl.Rules.preset("bid_euchre")
    three = bid_meaning(euchre, euchre.bid("3"))
    assert three["made"] == "1 a trick to each team" and three["failed"] == "bidders lose 3; opponents 1 a trick"
    assert three["trump"] == "named with the bid, or no-trump"
    american = cl.Rules.preset("american")
    assert bid_meaning(american, american.bid("no_trump"))["trump"] == "no trump"
    assert bid_meaning(american, american.bid("charles"))["to make it"] == "take all 8"
    assert bid_meaning(maine, maine.bid("3"), "fr")["to make it"] == "faire au moins 3 levées"


def test_maine_and_bid_euchre_bids_name_their_suit_in_the_box() -> None:
    maine = BidBox("maine")
    assert [a["text"] for a in maine.rows[4]["actions"]] == ["5♣", "5♦", "5♥", "5♠"]
    euchre = BidBox(cl.Rules.preset("bid_euchre"))
    assert [a["id"] for a in euchre.rows[1]["actions"]] == ["bid 2♣", "bid 2♦", "bid 2♥", "bid 2♠", "bid 2 no-trump"]
    assert euchre.rows[1]["actions"][4]["text"] == "2 NT"
    assert sum(len(r["actions"]) for r in maine.rows) == 7 * 4 + 3


def test_with_a_state_only_the_engines_legal_bids_are_enabled() -> None:
    state = canadian_after_six()
    box = BidBox(state=state)
    legal = [str(a) for a in state.legal_actions() if a.kind == "bid"]
    assert legal_ids(box) == legal and box.pass_action["legal"]
    assert repr(box) == "BidBox(Canadian Charlemagne: 8 bids, 6 legal for South, pass allowed)"
    assert box.caption == "Canadian Charlemagne; dealer North; highest so far: 6 by East; South to bid."
    assert box.rows[0]["actions"][0]["label"] == "bid 5 (not allowed now)"


def test_a_legal_click_calls_back_and_applies_nothing() -> None:
    state = canadian_after_six()
    box = BidBox(state=state)
    heard: list[cl.Action] = []
    box.on_bid(heard.append)
    box._on_front_end(box, {"type": "bid", "action": "bid 7"}, [])
    assert heard == [cl.Action.parse("bid 7")] and box.chosen == "bid 7" and box.message == ""
    assert len(state.history) == 1 and state.to_move == cl.Seat.S  # the caller applies it, not the box
    box._on_front_end(box, {"type": "bid", "action": "pass"}, [])
    assert heard[-1] == cl.Action.pass_()


def test_a_disabled_click_shows_the_engines_reason_and_changes_nothing() -> None:
    state = canadian_after_six()
    box = BidBox(state=state)
    heard: list[cl.Action] = []
    box.on_bid(heard.append)
    box._on_front_end(box, {"type": "bid", "action": "bid 5"}, [])
    assert box.message.startswith("bid 5 is not allowed: a bid must be higher than bid 6")
    assert heard == [] and box.chosen == "" and len(state.history) == 1
    # another seat's box: the engine says whose turn it is
    west = BidBox(state=state, seat="W")
    assert legal_ids(west) == [] and not west.pass_action["legal"]
    assert not west.bid("bid 8") and west.message == "it is South's turn to bid, not West's"
    # a stale or malformed click is reported, not raised
    box._on_front_end(box, {"type": "bid", "action": "bid 12"}, [])
    assert "has no bid '12'" in box.message


def test_the_dealer_who_must_bid_cannot_pass() -> None:
    state = cl.HandState.new(cl.Rules.preset("american"), "N", seed=2)
    for _ in range(3):
        state.apply("pass")
    box = BidBox(state=state)
    assert not box.pass_action["legal"] and repr(box).endswith("7 legal for North, must bid)")
    assert not box.bid("pass") and "North cannot pass: the dealer must bid" in box.message


def test_update_redraws_for_the_next_state() -> None:
    state = canadian_after_six()
    box = BidBox(state=state)
    box.on_bid(state.apply)  # the caller applies the bid, then updates the box
    assert box.bid("bid gros_mulot")
    box.update(state)
    assert legal_ids(box) == ["bid gros_charlemagne"] and "West to bid" in box.caption
    box.update(None)
    assert repr(box).endswith("reference card)")
    for action in ("pass", "pass"):  # West, then North the dealer: the bidding is over
        state.apply(action)
    box.update(state)
    assert repr(box).endswith("the bidding is over)") and legal_ids(box) == []
    assert not box.bid("bid 5") and "not allowed now" in box.message


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (("skat",), {}, cl.RulesOptionError, "unknown variant"),
        (
            ("maine", cl.HandState.new(cl.Rules.preset("canadian"), "N", seed=1)),
            {},
            cl.RulesOptionError,
            "played under",
        ),
        ((None, "a state"), {}, cl.IllegalActionError, "HandState"),
        ((), {"seat": "Q"}, cl.CardParseError, "Q"),
        ((), {"lang": "de"}, cl.RulesOptionError, "'en'.*'fr'"),
    ],
)
def test_bad_input_is_a_clear_error(
    args: tuple[Any, ...], kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        BidBox(*args, **kwargs)


def test_french_and_the_static_picture() -> None:
    box = BidBox(state=canadian_after_six(), lang="fr")
    assert box.columns[:3] == ["enchère", "qui joue", "minou / carte du partenaire"]
    assert box.pass_action["text"] == "passe" and box.rows[4]["trump"] == "jokers seulement"
    assert box.caption.startswith("Charlemagne canadien ; donneur Nord ; ")
    bundle = box._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == repr(box)
    html = data["text/html"]
    assert html.count("<tr>") == 9 and "<s title='enchère 5 (interdite maintenant)'>5</s>" in html
    assert "<strong>7</strong>" in html and "function render" in asset("bidbox.js")
