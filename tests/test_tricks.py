"""Playing a trick (docs/rules.md#playing-a-trick, the Mulot joker rules too), with the explanations."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl

CANADIAN = cl.Rules.preset("canadian")
AMERICAN = cl.Rules.preset("american")
MAINE = cl.Rules.preset("maine")
EUCHRE = cl.Rules.preset("bid_euchre")


def cards(text: str) -> list[cl.Card]:
    return cl.parse_cards(text)


def hearts(rules: cl.Rules = CANADIAN) -> cl.Contract:
    return cl.Contract(rules, rules.bids[0].name, "N", "H")


def mulot(bid: str = "mulot", bidder: str = "N", rules: cl.Rules = CANADIAN) -> cl.Contract:
    return cl.Contract(rules, bid, bidder)


# ---------------------------------------------------------------- following suit
def test_leader_may_play_any_card() -> None:
    hand = cards("7C JD RJ AS")
    assert cl.legal_plays(hearts(), hand, []) == hand


def test_must_follow_the_led_suit() -> None:
    assert cl.legal_plays(hearts(), cards("7S AS 8C"), cards("KS")) == cards("7S AS")


def test_void_in_led_suit_may_play_any_card() -> None:
    hand = cards("7C 8D AH")
    assert cl.legal_plays(hearts(), hand, cards("KS")) == hand


def test_little_jack_must_follow_a_trump_lead() -> None:
    # With hearts trump, J♦ is a heart: the only heart East holds.
    assert cl.legal_plays(hearts(), cards("JD AD 7S"), cards("9H")) == cards("JD")


@pytest.mark.parametrize("joker", ["RJ", "BJ"])
def test_joker_must_follow_a_trump_lead(joker: str) -> None:
    assert cl.legal_plays(hearts(), cards(f"{joker} AD 7S"), cards("9H")) == cards(joker)


def test_little_jack_does_not_follow_its_printed_suit() -> None:
    # Diamonds led, hearts trump: J♦ is not a diamond, so a hand with only J♦ "in diamonds" is void.
    hand = cards("JD 7S")
    assert cl.legal_plays(hearts(), hand, cards("8D")) == hand
    assert cl.legal_plays(hearts(), cards("JD 9D 7S"), cards("8D")) == cards("9D")


@pytest.mark.parametrize("led", ["JD", "RJ", "BJ"])
def test_a_led_little_jack_or_joker_leads_trump(led: str) -> None:
    # Trump (hearts) was led: a heart must be played, a diamond need not.
    assert cl.legal_plays(hearts(), cards("7H AD KS"), cards(led)) == cards("7H")
    hand = cards("AD KS")
    assert cl.legal_plays(hearts(), hand, cards(led)) == hand


@pytest.mark.parametrize(("variant", "nine"), [("american", "9H"), ("maine", "9H")])
def test_trump_nine_follows_trump(variant: str, nine: str) -> None:
    k = hearts(cl.Rules.preset(variant))
    assert cl.legal_plays(k, cards(f"{nine} AD"), cards("JD")) == cards(nine)


def test_left_bower_follows_trump_in_bid_euchre() -> None:
    k = cl.Contract(EUCHRE, "3", "N", "S")
    assert cl.legal_plays(k, cards("JC AC 9H"), cards("AS")) == cards("JC")
    assert cl.legal_plays(k, cards("JC 9H"), cards("KC")) == cards("JC 9H")


def test_no_obligation_to_trump() -> None:
    hand = cards("7H JD RJ 8C")
    assert cl.legal_plays(hearts(), hand, cards("AS")) == hand


def test_no_obligation_to_overtrump() -> None:
    # Spades led, East trumped with 7♥; South, void in spades, may play a lower card or discard.
    hand = cards("AH 8H 7C")
    assert cl.legal_plays(hearts(), hand, cards("AS 7H")) == hand
    # Hearts led: a heart must be played but need not beat the one on the table.
    assert cl.legal_plays(hearts(), cards("8H AH 7C"), cards("10H")) == cards("8H AH")


def test_in_a_trump_contract_a_void_joker_holder_may_discard() -> None:
    # The "must play a joker" rule is Mulot's only; with a trump suit the jokers are ordinary trumps.
    hand = cards("RJ 7C")
    assert cl.legal_plays(hearts(), hand, cards("AS")) == hand


# ---------------------------------------------------------------- Mulot joker rules
@pytest.mark.parametrize("bid", ["mulot", "gros_mulot"])
def test_mulot_void_player_holding_a_joker_must_play_it(bid: str) -> None:
    k = mulot(bid)
    assert cl.legal_plays(k, cards("RJ 7C 8D"), cards("AS")) == cards("RJ")
    assert cl.legal_plays(k, cards("7C BJ RJ"), cards("AS")) == cards("BJ RJ")


@pytest.mark.parametrize("bid", ["mulot", "gros_mulot"])
def test_mulot_player_who_can_follow_suit_must_not_play_a_joker(bid: str) -> None:
    assert cl.legal_plays(mulot(bid), cards("RJ 7S 8D"), cards("AS")) == cards("7S")


@pytest.mark.parametrize("bid", ["mulot", "gros_mulot"])
def test_mulot_void_player_without_a_joker_may_play_any_card(bid: str) -> None:
    hand = cards("7C 8D JH")
    assert cl.legal_plays(mulot(bid), hand, cards("AS")) == hand


@pytest.mark.parametrize("bid", ["mulot", "gros_mulot"])
@pytest.mark.parametrize(("led", "other"), [("RJ", "BJ"), ("BJ", "RJ")])
def test_mulot_led_joker_forces_the_other_joker(bid: str, led: str, other: str) -> None:
    k = mulot(bid)
    assert cl.legal_plays(k, cards(f"7C {other} AS"), cards(led)) == cards(other)
    hand = cards("7C AS KD")
    assert cl.legal_plays(k, hand, cards(led)) == hand


@pytest.mark.parametrize("high_joker", ["red", "black"])
def test_mulot_high_joker_beats_the_low_joker(high_joker: str) -> None:
    k = mulot(rules=cl.Rules.preset("canadian", high_joker=high_joker))
    high = "N" if high_joker == "red" else "E"
    assert cl.trick_winner(k, "N", cards("RJ BJ 7C")) is cl.Seat.find(high)


def test_mulot_joker_wins_over_the_led_suit() -> None:
    assert cl.trick_winner(mulot(), "N", cards("AS BJ KS")) is cl.Seat.E


@pytest.mark.parametrize(("rules", "bid"), [(AMERICAN, "le_petit"), (AMERICAN, "no_trump"), (MAINE, "le_petit")])
def test_no_joker_rule_without_jokers(rules: cl.Rules, bid: str) -> None:
    hand = cards("7C 8D")
    assert cl.legal_plays(cl.Contract(rules, bid, "N"), hand, cards("AS")) == hand


# ---------------------------------------------------------------- trick winners
def test_highest_card_of_led_suit_wins_when_no_trump_is_played() -> None:
    assert cl.trick_winner(hearts(), "W", cards("10S AS 7C KD")) is cl.Seat.N


def test_off_suit_high_card_does_not_win() -> None:
    assert cl.trick_winner(hearts(), "N", cards("7S AC AD 8S")) is cl.Seat.W


def test_highest_trump_wins() -> None:
    assert cl.trick_winner(hearts(), "N", cards("AS 7H JD KS")) is cl.Seat.S


def test_winner_counts_seats_from_the_leader() -> None:
    trick = cards("7S AS 8S 9S")
    assert [cl.trick_winner(hearts(), s, trick) for s in "NESW"] == [cl.Seat.E, cl.Seat.S, cl.Seat.W, cl.Seat.N]


@pytest.mark.parametrize(
    ("bid", "bidder", "leader", "trick", "winner"),
    [
        # North alone, South sits out: the order is N, E, W.
        ("mulot", "N", "N", "7S AS 8S", "E"),
        ("mulot", "N", "E", "7S 8S AS", "N"),
        ("mulot", "N", "W", "AS 7S 8S", "W"),
        # East alone, West sits out: the order is E, S, N.
        ("gros_mulot", "E", "S", "7D AD 8D", "N"),
        ("charlemagne", "E", "N", "7D 8D AD", "S"),
        ("gros_charlemagne", "W", "W", "7D AD 8D", "N"),
    ],
)
def test_three_card_tricks_when_the_partner_sits_out(
    bid: str, bidder: str, leader: str, trick: str, winner: str
) -> None:
    trump = "C" if "charlemagne" in bid else None
    k = cl.Contract(CANADIAN, bid, bidder, trump)
    assert cl.trick_winner(k, leader, cards(trick)) is cl.Seat.find(winner)


def test_three_card_trick_skips_the_partner_in_legal_play_checks() -> None:
    k = mulot()
    # Two cards played (N, E): West is the last to play.
    assert cl.legal_plays(k, cards("7C AS"), cards("7S 8S")) == cards("AS")
    with pytest.raises(cl.TrickError, match="3"):
        cl.legal_plays(k, cards("7C"), cards("7S 8S 9S"))


def test_partner_who_sits_out_cannot_lead() -> None:
    with pytest.raises(cl.TrickError, match="sits out"):
        cl.trick_winner(mulot(), "S", cards("7S AS 8S"))


@pytest.mark.parametrize("trick", ["7S AS 8S", "7S AS 8S 9S 10S"])
def test_incomplete_or_overfull_trick_is_rejected(trick: str) -> None:
    with pytest.raises(cl.TrickError, match="4 cards"):
        cl.trick_winner(hearts(), "N", cards(trick))


def test_cards_outside_the_variant_deck_are_rejected() -> None:
    with pytest.raises(cl.TrickError, match="not in the American Charlemagne deck"):
        cl.trick_winner(hearts(AMERICAN), "N", cards("RJ AS 8S 9S"))
    with pytest.raises(cl.TrickError, match="Bid Euchre deck"):
        cl.legal_plays(cl.Contract(EUCHRE, "2", "N", "H"), cards("7H"), [])


def test_a_card_cannot_be_both_in_hand_and_in_the_trick() -> None:
    with pytest.raises(cl.TrickError):
        cl.legal_plays(hearts(), cards("AS 7C"), cards("AS"))


def test_lone_defender_tricks_have_two_cards() -> None:
    k = cl.Contract(MAINE, "charlemagne", "N", "S", alone=True, lone_defender="E")
    assert k.active_seats == (cl.Seat.N, cl.Seat.E)
    assert cl.trick_winner(k, "E", cards("AD 9S")) is cl.Seat.N
    assert cl.trick_winner(k, "N", cards("AD KD")) is cl.Seat.N


# ---------------------------------------------------------------- explanations
def test_explain_legal_plays_names_the_little_jack_as_a_heart() -> None:
    ruling = cl.explain_legal_plays(hearts(), cards("JD AD 7S"), cards("9H"))
    assert ruling.answer == cards("JD")
    reason = ruling.reason.lower()
    assert "little jack" in reason
    assert "heart" in reason
    assert "follow" in reason


def test_explain_play_says_why_a_card_is_refused() -> None:
    ruling = cl.explain_play(hearts(), cards("JD AD 7S"), cards("9H"), "AD")
    assert ruling.answer is False
    reason = ruling.reason
    assert "A♦" in reason
    assert "cannot" in reason
    assert "little jack" in reason
    assert "heart" in reason


def test_explain_play_accepts_the_little_jack_as_following_suit() -> None:
    ruling = cl.explain_play(hearts(), cards("JD AD 7S"), cards("9H"), "JD")
    assert ruling.answer is True
    assert "little jack" in ruling.reason
    assert "heart" in ruling.reason


def test_explain_play_when_leading() -> None:
    ruling = cl.explain_play(hearts(), cards("JD AD"), [], "AD")
    assert ruling.answer is True
    assert "lead" in ruling.reason


def test_explain_play_void_player_may_discard() -> None:
    ruling = cl.explain_play(hearts(), cards("7C 8D"), cards("AS"), "8D")
    assert ruling.answer is True
    assert "any card" in ruling.reason


def test_explain_play_rejects_a_card_not_in_hand() -> None:
    with pytest.raises(cl.TrickError, match="not in the hand"):
        cl.explain_play(hearts(), cards("7C 8D"), cards("AS"), "9C")


@pytest.mark.parametrize(("led", "role"), [("JD", "little jack"), ("RJ", "high joker"), ("BJ", "low joker")])
def test_explanation_says_a_led_bower_or_joker_leads_trump(led: str, role: str) -> None:
    reason = cl.explain_legal_plays(hearts(), cards("7H AD"), cards(led)).reason
    assert role in reason
    assert "hearts" in reason


def test_explanation_of_the_mulot_joker_rule() -> None:
    ruling = cl.explain_legal_plays(mulot(), cards("RJ 7C"), cards("AS"))
    assert ruling.answer == cards("RJ")
    assert "joker" in ruling.reason
    assert "must play" in ruling.reason
    refused = cl.explain_play(mulot(), cards("RJ 7C"), cards("AS"), "7C")
    assert refused.answer is False
    assert "joker" in refused.reason


def test_explanation_when_void_says_any_card() -> None:
    reason = cl.explain_legal_plays(hearts(), cards("7C 8D"), cards("AS")).reason
    assert "none" in reason
    assert "any card" in reason


def test_explain_trick_winner_names_the_little_jack_and_trump() -> None:
    ruling = cl.explain_trick_winner(hearts(), "E", cards("AS JD 7S KS"))
    assert ruling.answer is cl.Seat.S
    assert "South" in ruling.reason
    assert "J♦" in ruling.reason
    assert "little jack" in ruling.reason
    assert "trump" in ruling.reason


def test_explain_trick_winner_with_several_trumps_says_highest() -> None:
    ruling = cl.explain_trick_winner(hearts(), "N", cards("7H RJ 8H BJ"))
    assert ruling.answer is cl.Seat.E
    assert "high joker" in ruling.reason
    assert "highest trump" in ruling.reason


def test_explain_trick_winner_without_trump_names_the_led_suit() -> None:
    ruling = cl.explain_trick_winner(hearts(), "N", cards("10S AS 7C KD"))
    assert ruling.answer is cl.Seat.E
    assert "no trump" in ruling.reason
    assert "spade" in ruling.reason
    assert "led" in ruling.reason


def test_explain_trick_winner_names_the_trump_nine() -> None:
    ruling = cl.explain_trick_winner(hearts(AMERICAN), "N", cards("JH 9H AH JD"))
    assert ruling.answer is cl.Seat.E
    assert "nine" in ruling.reason


def test_explain_trick_winner_names_the_bowers_in_bid_euchre() -> None:
    ruling = cl.explain_trick_winner(cl.Contract(EUCHRE, "3", "N", "S"), "N", cards("AS JC KS 9S"))
    assert ruling.answer is cl.Seat.E
    assert "left bower" in ruling.reason
