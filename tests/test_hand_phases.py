"""One hand of every variant driven through every phase, on fixed deals.

Each expectation is a rule of docs/rules.md: who bids when, what the exchange is, when trump
is named, who leads, who sits out, what the hand scores.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

import charlemagne_learn as cl

Phase = cl.Phase
N, E, S, W = cl.Seat.N, cl.Seat.E, cl.Seat.S, cl.Seat.W

CANADIAN = cl.Rules.preset("canadian")
AMERICAN = cl.Rules.preset("american")
MAINE = cl.Rules.preset("maine")
EUCHRE = cl.Rules.preset("bid_euchre")

# One suit per player; the jokers lie in the kitty. Easy to reason about tricks.
SUITS = {
    "N": "7C 8C 9C 10C JC QC KC AC",
    "E": "7D 8D 9D 10D JD QD KD AD",
    "S": "7H 8H 9H 10H JH QH KH AH",
    "W": "7S 8S 9S 10S JS QS KS AS",
}
# North holds the four lowest pairs: whatever is played, North never wins a trick.
LOW_NORTH = {
    "N": "7C 8C 7D 8D 7H 8H 7S 8S",
    "E": "9C 10C JC QC 9D 10D JD QD",
    "S": "KC AC KD AD KH AH KS AS",
    "W": "9H 10H JH QH 9S 10S JS QS",
}
EUCHRE_SUITS = {
    "N": "9C 10C JC QC KC AC",
    "E": "9D 10D JD QD KD AD",
    "S": "9H 10H JH QH KH AH",
    "W": "9S 10S JS QS KS AS",
}


def cards(text: str) -> list[cl.Card]:
    return cl.parse_cards(text)


def new(rules: cl.Rules, dealer: str = "N", hands: Mapping[str, str] = SUITS, kitty: str = "RJ BJ") -> cl.HandState:
    return cl.HandState.new(rules, dealer, hands=hands, kitty=kitty if rules.kitty_size else "")


def apply_all(state: cl.HandState, *actions: str) -> None:
    for action in actions:
        state.apply(action)


def play_out(state: cl.HandState, plan: Mapping[str, str] | None = None) -> None:
    """Play to the end: seats in ``plan`` play their listed cards in order, the others their first legal card."""
    queues = {cl.Seat.find(k): cards(v) for k, v in (plan or {}).items()}
    while state.phase is Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        queue = queues.get(seat)
        state.apply(f"play {queue.pop(0)}" if queue else state.legal_actions()[0], seat=seat)


def legal_texts(state: cl.HandState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def assert_result_follows_the_score_table(state: cl.HandState) -> None:
    """The result agrees with the tricks actually won and with score_hand."""
    result = state.result
    assert result is not None and result.contract is not None
    k = result.contract
    won = state.tricks_won
    assert result.bidder_tricks == won[k.bidder.name] + won[k.bidder.partner.name]
    assert result.points == cl.score_hand(k, result.bidder_tricks)


def assert_illegal(state: cl.HandState, action: str, *words: str, seat: str | None = None) -> str:
    """The action is refused with IllegalActionError, the message has ``words``, the state is unchanged."""
    before = snapshot(state)
    with pytest.raises(cl.IllegalActionError) as info:
        state.apply(action, seat=seat)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert snapshot(state) == before
    return message


def snapshot(state: cl.HandState) -> tuple[object, ...]:
    # The JSON record (deal + actions) and what the table shows now.
    return (state.to_json(), state.phase, state.to_move, state.hands, state.kitty, state.trick, state.tricks_won)


# ====================================================================== bidding
def test_bidding_starts_left_of_the_dealer_and_ends_with_the_dealer() -> None:
    for dealer in "NESW":
        state = new(CANADIAN, dealer)
        order = []
        for _ in range(4):
            order.append(state.to_move)
            state.apply("pass")
        first = cl.Seat.find(dealer).left
        assert order == [first, first.left, first.left.left, cl.Seat.find(dealer)]


def test_each_bid_must_be_higher_than_the_last() -> None:
    state = new(CANADIAN)
    state.apply("bid 6")
    legal = legal_texts(state)
    assert legal[0] == "pass"
    assert not any(a.startswith(("bid 5", "bid 6")) for a in legal)
    assert_illegal(state, "bid 6", "higher")
    assert_illegal(state, "bid 5", "higher")
    apply_all(state, "bid mulot", "bid charlemagne")
    assert [str(a) for a in state.legal_actions()] == ["pass", "bid gros_mulot", "bid gros_charlemagne"]


def test_highest_bid_wins_the_auction() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 5", "bid 7", "pass", "pass")
    assert state.bidder is S
    assert state.bid is not None and state.bid.name == "7"
    assert state.to_move is S


def test_all_pass_throws_the_hand_in_by_default() -> None:
    state = new(CANADIAN)
    apply_all(state, "pass", "pass", "pass", "pass")
    assert state.is_over
    assert state.to_move is None
    result = state.result
    assert result is not None
    assert result.passed_out is True
    assert result.contract is None
    assert result.points == {"NS": 0, "EW": 0}
    assert "passed" in result.reason
    assert_illegal(state, "bid 5", "over")


def test_stick_dealer_option_forces_the_dealer_to_bid() -> None:
    state = new(cl.Rules.preset("canadian", all_pass="stick_dealer"), dealer="W")
    apply_all(state, "pass", "pass", "pass")
    assert state.to_move is W
    assert "pass" not in legal_texts(state)
    assert_illegal(state, "pass", "dealer must bid")
    state.apply("bid 5")
    assert state.bidder is W
    assert state.phase is Phase.DISCARD


def test_stick_dealer_does_not_bind_the_dealer_after_a_bid() -> None:
    state = new(cl.Rules.preset("canadian", all_pass="stick_dealer"))
    apply_all(state, "bid 5", "pass", "pass")
    assert "pass" in legal_texts(state)
    state.apply("pass")
    assert state.bidder is E


# ====================================================================== Canadian
def test_canadian_numeric_bid_takes_the_kitty_discards_two_then_names_trump() -> None:
    state = new(CANADIAN, dealer="N")
    apply_all(state, "bid 6", "pass", "pass", "pass")
    # Kitty first: the bidder holds 10 cards, the kitty is gone, no trump yet.
    assert state.phase is Phase.DISCARD
    assert state.to_move is E
    assert len(state.hand(E)) == 10
    assert set(cards("RJ BJ")) <= set(state.hand(E))
    assert state.kitty == []
    assert state.contract is None
    state.apply("discard 7D")
    assert state.phase is Phase.DISCARD
    state.apply("discard 8D", seat="E")
    # Trump is named after the exchange.
    assert state.phase is Phase.TRUMP
    assert state.to_move is E
    assert legal_texts(state) == ["trump ♣", "trump ♦", "trump ♥", "trump ♠"]
    state.apply("trump D")
    assert state.phase is Phase.PLAY
    k = state.contract
    assert k is not None
    assert (k.bid, k.bidder, k.trump, k.alone) == ("6", E, cl.Suit.D, False)
    # First lead: left of the bidder.
    assert state.to_move is S
    assert state.hand(E) == cards("9D 10D JD QD KD AD RJ BJ")
    play_out(state)
    assert state.is_over
    assert len(state.tricks) == 8
    assert all(len(t.cards) == 4 for t in state.tricks)
    assert_result_follows_the_score_table(state)


def test_canadian_trick_winner_leads_the_next_trick() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 5", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump H")
    play_out(state)
    for before, after in zip(state.tricks, state.tricks[1:], strict=False):
        assert after.leader is before.winner
        assert after.seats[0] is before.winner


def test_canadian_discard_must_be_a_card_the_bidder_holds() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 5", "pass", "pass", "pass")
    assert_illegal(state, "discard 7C", "East does not hold 7♣")
    assert_illegal(state, "trump H", "discard")


def test_canadian_charlemagne_partner_card_before_trump_then_discard_three() -> None:
    state = new(CANADIAN, dealer="N")
    apply_all(state, "bid charlemagne", "pass", "pass", "pass")
    # The partner chooses the card, before trump is named.
    assert state.phase is Phase.GIVE
    assert state.to_move is W
    assert state.contract is None
    assert legal_texts(state) == [f"give {c}" for c in cards(SUITS["W"])]
    assert_illegal(state, "give 7D", "West's turn", seat="E")
    state.apply("give AS")
    # Then the kitty: 8 + 1 + 2 = 11 cards, discard 3.
    assert state.phase is Phase.DISCARD
    assert state.to_move is E
    assert len(state.hand(E)) == 11
    assert set(cards("AS RJ BJ")) <= set(state.hand(E))
    apply_all(state, "discard 7D", "discard 8D")
    assert state.phase is Phase.DISCARD
    state.apply("discard 9D")
    assert state.phase is Phase.TRUMP
    assert state.to_move is E
    state.apply("trump D")
    k = state.contract
    assert k is not None
    assert k.alone and k.sitting_out == (W,)
    # Bidder leads; the partner sits out.
    assert state.to_move is E
    assert len(state.hand(E)) == 8
    assert len(state.hand(W)) == 7
    play_out(state)
    assert all(W not in t.seats and len(t.cards) == 3 for t in state.tricks)
    assert_result_follows_the_score_table(state)


def test_canadian_gros_charlemagne_choose_kitty_discard_two() -> None:
    state = new(CANADIAN, dealer="W")
    apply_all(state, "bid gros_charlemagne", "pass", "pass", "pass")
    assert state.phase is Phase.CHOOSE
    assert state.to_move is N
    assert sorted(legal_texts(state)) == ["choose kitty", "choose partner_card"]
    state.apply("choose kitty")
    assert state.phase is Phase.DISCARD
    assert len(state.hand(N)) == 10
    apply_all(state, "discard 7C", "discard 8C")
    assert state.phase is Phase.TRUMP
    state.apply("trump C")
    assert state.phase is Phase.PLAY
    assert state.to_move is N
    assert state.contract is not None and state.contract.sitting_out == (S,)
    assert len(state.hand(S)) == 8  # the partner gave nothing


def test_canadian_gros_charlemagne_choose_partner_card_discard_one() -> None:
    state = new(CANADIAN, dealer="W")
    apply_all(state, "bid charles+", "pass", "pass", "pass", "choose partner_card")
    assert state.phase is Phase.GIVE
    assert state.to_move is S
    state.apply("give AH")
    assert state.phase is Phase.DISCARD
    assert state.to_move is N
    assert len(state.hand(N)) == 9
    state.apply("discard 7C")
    assert state.phase is Phase.TRUMP
    state.apply("trump H")
    assert state.phase is Phase.PLAY
    assert state.kitty == cards("RJ BJ")  # the kitty was not taken
    assert len(state.hand(N)) == 8
    play_out(state)
    assert_result_follows_the_score_table(state)


@pytest.mark.parametrize(("bid", "points"), [("mulot", 15), ("gros_mulot", 30)])
def test_canadian_mulot_no_exchange_bidder_leads_partner_sits_out(bid: str, points: int) -> None:
    state = new(CANADIAN, dealer="W", hands=LOW_NORTH)
    apply_all(state, f"bid {bid}", "pass", "pass", "pass")
    assert state.phase is Phase.PLAY
    k = state.contract
    assert k is not None
    assert k.trump is None
    assert k.sitting_out == (S,)
    assert state.to_move is N
    assert state.kitty == cards("RJ BJ")
    assert len(state.hand(N)) == 8
    play_out(state)
    assert all(S not in t.seats and len(t.cards) == 3 for t in state.tricks)
    result = state.result
    assert result is not None
    assert result.bidder_tricks == 0
    assert result.made is True
    assert result.points == {"NS": points, "EW": 0}
    assert result.decided_after == 8  # a Mulot is only certain when every trick is played


def test_canadian_gros_mulot_hand_is_shown_to_all_after_the_first_trick() -> None:
    state = new(CANADIAN, dealer="W", hands=LOW_NORTH)
    apply_all(state, "bid gros_mulot", "pass", "pass", "pass")
    apply_all(state, "play 7C", "play 9C")
    assert all(state.view(seat).exposed == {} for seat in cl.Seat)
    state.apply("play 9H")  # West completes the first trick
    assert len(state.tricks) == 1
    for seat in (E, S, W):
        assert state.view(seat).exposed == {"N": state.hand(N)}
    assert state.view(N).exposed == {}
    assert len(state.hand(N)) == 7


def test_canadian_plain_mulot_hand_is_never_exposed() -> None:
    state = new(CANADIAN, dealer="W", hands=LOW_NORTH)
    apply_all(state, "bid mulot", "pass", "pass", "pass", "play 7C", "play 9C", "play 9H")
    assert all(state.view(seat).exposed == {} for seat in cl.Seat)


# ---------------------------------------------------------------- stop_when_decided
@pytest.mark.parametrize("stop", [False, True])
def test_mulot_is_decided_when_the_bidder_wins_a_trick(stop: bool) -> None:
    state = new(cl.Rules.preset("canadian", stop_when_decided=stop), dealer="W")
    apply_all(state, "bid mulot", "pass", "pass", "pass")
    # North leads a club; East and West hold none and no joker: North wins the trick.
    apply_all(state, "play 7C", "play 7D", "play 7S")
    assert state.tricks[0].winner is N
    assert state.is_over is stop
    if not stop:
        play_out(state)
    result = state.result
    assert result is not None
    assert result.decided_after == 1
    assert result.made is False
    assert result.points == {"NS": 0, "EW": 7}
    assert len(state.tricks) == (1 if stop else 8)
    if stop:
        assert "stopped" in result.reason
        assert_illegal(state, "play 8C", "over")


@pytest.mark.parametrize("stop", [False, True])
def test_charlemagne_is_decided_when_the_bidder_loses_a_trick(stop: bool) -> None:
    state = new(cl.Rules.preset("canadian", stop_when_decided=stop), dealer="W", hands=LOW_NORTH)
    apply_all(
        state, "bid charlemagne", "pass", "pass", "pass", "give AS", "discard 7C", "discard 8C", "discard 7D", "trump S"
    )
    apply_all(state, "play 8D", "play 9D", "play 9H")
    assert state.tricks[0].winner is E
    assert state.is_over is stop
    play_out(state)
    result = state.result
    assert result is not None
    assert result.decided_after == 1
    assert result.points == {"NS": 0, "EW": 8}


@pytest.mark.parametrize("stop", [False, True])
def test_charlemagne_made_is_decided_after_the_last_trick(stop: bool) -> None:
    state = new(cl.Rules.preset("canadian", stop_when_decided=stop), dealer="W")
    apply_all(
        state, "bid charlemagne", "pass", "pass", "pass", "give 7H", "discard 7H", "discard 7C", "discard 8C", "trump C"
    )
    # West must follow trump with J♠, the little jack, which the jokers beat.
    play_out(state, {"N": "RJ BJ JC AC KC QC 10C 9C"})
    result = state.result
    assert result is not None
    assert len(state.tricks) == 8
    assert result.decided_after == 8
    assert result.made is True
    assert result.points == {"NS": 16, "EW": 0}
    assert state.tricks[0].cards[2] == cl.Card.parse("JS")


@pytest.mark.parametrize("stop", [False, True])
def test_eight_bid_is_decided_when_the_team_loses_a_trick(stop: bool) -> None:
    state = new(cl.Rules.preset("canadian", stop_when_decided=stop))
    apply_all(state, "bid 8", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump D")
    # South leads J♥, the little jack, and East trumps low: South's trick.
    apply_all(state, "play JH", "play 7S", "play 7C", "play 9D")
    assert state.tricks[0].winner is S
    assert state.is_over is stop
    play_out(state)
    result = state.result
    assert result is not None
    assert result.decided_after == 1
    assert result.points == {"NS": 8, "EW": 0}


# ====================================================================== American
def test_american_stick_the_dealer_then_trump_then_bidder_leads() -> None:
    state = new(AMERICAN, dealer="N")
    apply_all(state, "pass", "pass", "pass")
    assert state.to_move is N
    assert "pass" not in legal_texts(state)
    assert_illegal(state, "pass", "dealer must bid")
    state.apply("bid 5")
    assert state.phase is Phase.TRUMP
    assert state.to_move is N
    state.apply("trump H")
    assert state.phase is Phase.PLAY
    assert state.to_move is N  # "The bidder always leads the first trick."
    k = state.contract
    assert k is not None and (k.bid, k.trump, k.alone) == ("5", cl.Suit.H, False)
    assert state.kitty == []
    play_out(state)
    assert_result_follows_the_score_table(state)


@pytest.mark.parametrize(("bid", "alone"), [("le_petit", True), ("no_trump", False)])
def test_american_no_trump_bids_go_straight_to_play(bid: str, alone: bool) -> None:
    state = new(AMERICAN, dealer="N")
    apply_all(state, f"bid {bid}", "pass", "pass", "pass")
    assert state.phase is Phase.PLAY
    assert state.to_move is E
    k = state.contract
    assert k is not None and k.trump is None and k.alone is alone
    play_out(state)
    assert all(len(t.cards) == (3 if alone else 4) for t in state.tricks)
    assert_result_follows_the_score_table(state)


def test_american_charles_is_played_with_the_partner() -> None:
    state = new(AMERICAN, dealer="S")
    apply_all(state, "bid charles", "pass", "pass", "pass")
    assert state.phase is Phase.TRUMP
    state.apply("trump S")
    assert state.to_move is W
    assert state.contract is not None and state.contract.sitting_out == ()


def test_american_charles_alone_partner_passes_one_card_bidder_discards_one() -> None:
    state = new(AMERICAN, dealer="N")
    apply_all(state, "bid charles_alone", "pass", "pass", "pass")
    # Engine choice (partner_card_first=False for American): trump first, then the card.
    assert state.phase is Phase.TRUMP
    assert state.to_move is E
    state.apply("trump D")
    assert state.phase is Phase.GIVE
    assert state.to_move is W
    state.apply("give AS")
    assert state.phase is Phase.DISCARD
    assert state.to_move is E
    assert len(state.hand(E)) == 9
    state.apply("discard 7D")
    assert state.phase is Phase.PLAY
    assert state.to_move is E
    k = state.contract
    assert k is not None and k.alone and k.sitting_out == (W,) and k.trump is cl.Suit.D
    assert cl.Card.parse("AS") in state.hand(E)
    assert len(state.hand(E)) == 8
    play_out(state)
    assert all(len(t.cards) == 3 for t in state.tricks)
    assert_result_follows_the_score_table(state)


def test_american_charles_alone_partner_card_first_option() -> None:
    state = new(cl.Rules.preset("american", partner_card_first=True), dealer="N")
    apply_all(state, "bid charles_alone", "pass", "pass", "pass")
    assert state.phase is Phase.GIVE
    state.apply("give AS")
    assert state.phase is Phase.DISCARD
    state.apply("discard 7D")
    assert state.phase is Phase.TRUMP
    state.apply("trump D")
    assert state.phase is Phase.PLAY


# ====================================================================== Maine
def test_maine_dealer_must_bid_at_least_five_when_all_pass() -> None:
    state = new(MAINE, dealer="N")
    apply_all(state, "pass", "pass", "pass")
    legal = legal_texts(state)
    assert "pass" not in legal
    assert legal[:4] == ["bid 5♣", "bid 5♦", "bid 5♥", "bid 5♠"]
    assert_illegal(state, "pass", "at least 5")
    assert_illegal(state, "bid 4H")


def test_maine_dealer_must_bid_at_least_five_over_a_low_bid() -> None:
    state = new(MAINE, dealer="N")
    apply_all(state, "bid 3H", "pass", "pass")
    assert "pass" not in legal_texts(state)
    assert_illegal(state, "bid 4S")
    state.apply("bid 5S")
    assert state.bidder is N
    k = state.contract
    assert k is not None and k.trump is cl.Suit.S


def test_maine_dealer_may_pass_once_five_is_bid() -> None:
    state = new(MAINE, dealer="N")
    apply_all(state, "bid 5S", "pass", "pass")
    assert "pass" in legal_texts(state)
    state.apply("pass")
    # The bid carried its suit: no trump phase; the bidder leads.
    assert state.phase is Phase.PLAY
    k = state.contract
    assert k is not None and (k.bid, k.bidder, k.trump) == ("5", E, cl.Suit.S)
    assert state.to_move is E
    play_out(state)
    assert_result_follows_the_score_table(state)


def test_maine_numeric_bids_carry_a_suit_and_suits_do_not_rank() -> None:
    state = new(MAINE, dealer="N")
    legal = legal_texts(state)
    assert legal[1:5] == ["bid 1♣", "bid 1♦", "bid 1♥", "bid 1♠"]
    state.apply("bid 5S")
    assert_illegal(state, "bid 5H", "higher")
    state.apply("bid 6C")
    assert state.bid is not None and state.bid.name == "6"


def test_maine_charlemagne_with_the_partner() -> None:
    state = new(MAINE, dealer="N")
    apply_all(state, "bid charlemagne", "pass", "pass", "pass")
    assert state.phase is Phase.TRUMP
    state.apply("trump D")
    assert state.phase is Phase.CHOOSE
    assert state.to_move is E
    assert sorted(legal_texts(state)) == ["choose alone", "choose with_partner"]
    state.apply("choose with_partner")
    assert state.phase is Phase.PLAY
    assert state.to_move is E
    k = state.contract
    assert k is not None and not k.alone and k.sitting_out == ()
    play_out(state)
    result = state.result
    assert result is not None
    assert result.outright_winner == ("EW" if result.made else "NS")
    assert result.points == {"NS": 0, "EW": 0}


def maine_lone_charlemagne(dealer: str = "N") -> cl.HandState:
    """East bids Charlemagne, names diamonds and goes alone; West passes A♠, East discards 7♦."""
    state = new(MAINE, dealer=dealer)
    apply_all(state, "bid charlemagne", "pass", "pass", "pass", "trump D", "choose alone")
    assert state.phase is Phase.GIVE
    assert state.to_move is W
    state.apply("give AS")
    assert state.phase is Phase.DISCARD
    assert state.to_move is E
    state.apply("discard 7D")
    return state


def test_maine_lone_charlemagne_defenders_defend_together() -> None:
    state = maine_lone_charlemagne()
    # The defenders choose, the bidder's left first.
    assert state.phase is Phase.CHOOSE
    assert state.to_move is S
    assert sorted(legal_texts(state)) == ["choose defend_alone", "choose defend_together"]
    state.apply("choose defend_together")
    assert state.phase is Phase.CHOOSE
    assert state.to_move is N
    state.apply("choose defend_together")
    assert state.phase is Phase.PLAY
    assert state.to_move is E
    k = state.contract
    assert k is not None and k.alone and k.lone_defender is None and k.sitting_out == (W,)
    play_out(state)
    assert all(len(t.cards) == 3 for t in state.tricks)
    result = state.result
    assert result is not None
    assert result.outright_winner == ("EW" if result.made else "NS")


@pytest.mark.parametrize(("choices", "defender"), [(["defend_alone"], S), (["defend_together", "defend_alone"], N)])
def test_maine_lone_defender_gets_a_card_from_the_partner(choices: list[str], defender: cl.Seat) -> None:
    state = maine_lone_charlemagne()
    for choice in choices:
        state.apply(f"choose {choice}")
    # The other defender passes one card to the lone defender, who discards one.
    helper = defender.partner
    assert state.phase is Phase.GIVE
    assert state.to_move is helper
    give = state.hand(helper)[-1]
    state.apply(f"give {give}")
    assert state.phase is Phase.DISCARD
    assert state.to_move is defender
    assert len(state.hand(defender)) == 9
    state.apply(f"discard {state.hand(defender)[0]}")
    assert state.phase is Phase.PLAY
    assert state.to_move is E
    k = state.contract
    assert k is not None and k.lone_defender is defender
    assert set(k.active_seats) == {E, defender}
    play_out(state)
    assert all(set(t.seats) == {E, defender} for t in state.tricks)
    result = state.result
    assert result is not None
    assert result.outright_winner == ("EW" if result.made else "NS")


@pytest.mark.parametrize("bid", ["le_petit", "high_card_no_trump"])
def test_maine_no_trump_bids_go_straight_to_play(bid: str) -> None:
    state = new(MAINE, dealer="W")
    apply_all(state, f"bid {bid}", "pass", "pass", "pass")
    assert state.phase is Phase.PLAY
    assert state.to_move is N
    assert state.contract is not None and state.contract.trump is None
    play_out(state)
    assert_result_follows_the_score_table(state)


# ====================================================================== Bid Euchre
def test_bid_euchre_bids_are_a_number_with_a_suit_or_no_trump() -> None:
    state = new(EUCHRE, dealer="N", hands=EUCHRE_SUITS)
    legal = legal_texts(state)
    assert legal[0] == "pass"
    assert len(legal) == 1 + 6 * 5
    assert legal[1:6] == ["bid 1♣", "bid 1♦", "bid 1♥", "bid 1♠", "bid 1 no-trump"]
    state.apply("bid 3S")
    assert_illegal(state, "bid 3H", "higher")
    assert_illegal(state, "bid 3 NT", "higher")


def test_bid_euchre_no_trump_bid_declarer_leads() -> None:
    state = new(EUCHRE, dealer="N", hands=EUCHRE_SUITS)
    apply_all(state, "bid 4 NT", "pass", "pass", "pass")
    assert state.phase is Phase.PLAY
    assert state.to_move is E
    k = state.contract
    assert k is not None and (k.bid, k.trump, k.alone) == ("4", None, False)
    play_out(state)
    assert len(state.tricks) == 6
    result = state.result
    assert result is not None
    took = result.bidder_tricks
    if took >= 4:
        assert result.points == {"EW": took, "NS": 6 - took}
    else:
        assert result.points == {"EW": -4, "NS": 6 - took}


def test_bid_euchre_suit_bid_is_trump() -> None:
    state = new(EUCHRE, dealer="E", hands=EUCHRE_SUITS)
    apply_all(state, "pass", "bid 2C", "pass", "pass")
    assert state.phase is Phase.PLAY
    assert state.to_move is W
    assert state.contract is not None and state.contract.trump is cl.Suit.C
    play_out(state)
    assert_result_follows_the_score_table(state)


def test_bid_euchre_all_pass_redeals() -> None:
    state = new(EUCHRE, hands=EUCHRE_SUITS)
    apply_all(state, "pass", "pass", "pass", "pass")
    assert state.result is not None and state.result.passed_out


def test_bid_euchre_plays_every_trick_even_with_stop_when_decided() -> None:
    # Per-trick scoring needs every trick, so the engine plays on (its documented choice).
    state = new(cl.Rules.preset("bid_euchre", stop_when_decided=True), hands=EUCHRE_SUITS)
    apply_all(state, "bid 1D", "pass", "pass", "pass")
    play_out(state)
    assert len(state.tricks) == 6
    assert state.result is not None and state.result.decided_after is not None


# ====================================================================== illegal actions
def test_out_of_turn_action_is_refused_and_names_whose_turn_it_is() -> None:
    state = new(CANADIAN)
    assert_illegal(state, "pass", "East's turn", "not South's", seat="S")


def test_out_of_turn_play_is_refused() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 5", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump D")
    assert_illegal(state, "play 7C", "South's turn", seat="N")


def test_not_following_suit_is_refused_with_the_rule() -> None:
    state = new(CANADIAN, hands=LOW_NORTH)
    apply_all(state, "bid 5", "pass", "pass", "pass", "discard 9C", "discard 10C", "trump D")
    state.apply("play KC")  # South leads clubs; West has none, North must follow
    state.apply("play 9H")
    message = assert_illegal(state, "play 7D", "follow suit")
    assert "7♦" in message
    state.apply("play 7C")


def test_refusal_explains_that_the_little_jack_must_follow_trump() -> None:
    state = new(CANADIAN, hands=LOW_NORTH)
    apply_all(state, "bid 5", "pass", "pass", "pass", "discard 9C", "discard 10C", "trump D")
    state.apply("play KD")  # trump led; West's only trump is J♥, the little jack
    assert state.legal_actions() == [cl.Action.parse("play JH")]
    assert_illegal(state, "play 9H", "little jack", "follow suit", "diamond")
    state.apply("play JH")


def test_playing_a_card_not_held_is_refused() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 5", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump D")
    assert_illegal(state, "play 7C", "South does not hold 7♣")


@pytest.mark.parametrize("action", ["trump H", "play 7D", "discard 7D", "give 7D", "choose kitty"])
def test_action_of_another_phase_is_refused(action: str) -> None:
    assert_illegal(new(CANADIAN), action, "not allowed now", "turn to bid")


def test_bid_during_play_is_refused() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 5", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump D")
    assert_illegal(state, "bid 6", "play a card")


def test_unreadable_action_shows_examples() -> None:
    assert_illegal(new(CANADIAN), "frobnicate", "'pass'", "'bid 6'", "'play JH'")


def test_unknown_bid_name_is_an_illegal_action() -> None:
    assert_illegal(new(CANADIAN), "bid 9", "Mulot")


def test_canadian_numeric_bids_are_not_called_no_trump() -> None:
    state = new(CANADIAN)
    assert "no-trump" not in " ".join(legal_texts(state))
    state.apply("bid 6")
    message = assert_illegal(state, "bid 5", "higher")
    assert "no-trump" not in message


def test_maine_bid_without_a_suit_says_a_suit_is_needed() -> None:
    state = new(MAINE)
    state.apply("bid 4S")
    assert_illegal(state, "bid 5", "suit")


# ====================================================================== undo, json, deals
def test_undo_takes_back_one_action_at_a_time() -> None:
    state = new(CANADIAN)
    snapshots = [state.to_json()]
    actions = ["bid 6", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump D", "play JH", "play 7S"]
    for action in actions:
        state.apply(action)
        snapshots.append(state.to_json())
    for action in reversed(actions):
        snapshots.pop()
        assert str(state.undo()) == str(cl.Action.parse(action))
        assert state.to_json() == snapshots[-1]
    assert state.phase is Phase.BIDDING
    assert state.hand(E) == cards(SUITS["E"])
    with pytest.raises(cl.IllegalActionError, match="nothing to undo"):
        state.undo()


def test_undo_reopens_a_finished_hand() -> None:
    state = new(CANADIAN)
    apply_all(state, "pass", "pass", "pass", "pass")
    state.undo()
    assert state.phase is Phase.BIDDING
    assert state.to_move is N
    assert state.result is None


@pytest.mark.parametrize(
    ("rules", "hands", "actions"),
    [
        (
            CANADIAN,
            SUITS,
            ["bid charlemagne", "pass", "pass", "pass", "give AS", "discard 7D", "discard 8D", "discard 9D", "trump D"],
        ),
        (AMERICAN, SUITS, ["bid charles_alone", "pass", "pass", "pass", "trump D", "give AS", "discard 7D"]),
        (
            MAINE,
            SUITS,
            [
                "bid charlemagne",
                "pass",
                "pass",
                "pass",
                "trump D",
                "choose alone",
                "give AS",
                "discard 7D",
                "choose defend_alone",
                "give 7C",
                "discard 7H",
            ],
        ),
        (EUCHRE, EUCHRE_SUITS, ["bid 4 NT", "pass", "pass", "pass"]),
    ],
)
def test_json_record_replays_the_hand(rules: cl.Rules, hands: dict[str, str], actions: list[str]) -> None:
    state = new(rules, hands=hands)
    apply_all(state, *actions)
    play_out(state)
    replay = cl.HandState.from_json(state.to_json())
    assert replay.to_json() == state.to_json()
    assert replay.result == state.result


def test_json_record_keeps_rules_options() -> None:
    state = new(cl.Rules.preset("canadian", all_pass="stick_dealer", high_joker="black"))
    state.apply("pass")
    replay = cl.HandState.from_json(state.to_json())
    assert replay.rules == state.rules


@pytest.mark.parametrize(
    ("hands", "kitty", "words"),
    [
        ({**SUITS, "W": "7S 8S 9S 10S JS QS KS 7C"}, "RJ BJ", "twice"),
        ({**SUITS, "W": "7S 8S 9S 10S JS QS KS"}, "RJ BJ AS", "7 cards"),
        (SUITS, "RJ", "kitty"),
    ],
)
def test_a_bad_fixed_deal_is_refused(hands: dict[str, str], kitty: str, words: str) -> None:
    with pytest.raises(cl.IllegalActionError, match=words):
        cl.HandState.new(CANADIAN, "N", hands=hands, kitty=kitty)


def test_fixed_deal_must_fit_the_variant_deck() -> None:
    with pytest.raises(cl.IllegalActionError, match="not in the Bid Euchre deck"):
        cl.HandState.new(EUCHRE, "N", hands={**EUCHRE_SUITS, "N": "7C 10C JC QC KC AC"})


# ====================================================================== views
def test_views_hide_other_seats_cards() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 6", "pass", "pass", "pass", "discard 7D", "discard 8D")
    for seat in cl.Seat:
        view = state.view(seat)
        assert view.hand == state.hand(seat)
        assert view.hand_sizes == {"N": 8, "E": 8, "S": 8, "W": 8}
        assert view.exposed == {}
    # Only the bidder saw the kitty, and only the bidder knows the discards.
    assert state.view(E).kitty == cards("RJ BJ")
    assert state.view(E).discards == cards("7D 8D")
    for seat in (N, S, W):
        view = state.view(seat)
        assert view.kitty is None
        assert view.discards == []
        hidden = [a for who, a in view.history if a.kind == "discard"]
        assert len(hidden) == 2
        assert all(a.card is None for a in hidden)
    shown = [a.card for who, a in state.view(E).history if a.kind == "discard"]
    assert shown == cards("7D 8D")


def test_views_show_the_partner_card_only_to_giver_and_receiver() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid charlemagne", "pass", "pass", "pass", "give AS")
    assert state.view(E).received == cards("AS")
    for seat in (N, S, W):
        assert state.view(seat).received == []
    for seat in (E, W):
        gives = [a.card for who, a in state.view(seat).history if a.kind == "give"]
        assert gives == cards("AS")
    for seat in (N, S):
        gives = [a.card for who, a in state.view(seat).history if a.kind == "give"]
        assert gives == [None]


def test_views_show_legal_actions_only_to_the_seat_to_move() -> None:
    state = new(CANADIAN)
    assert state.view(E).legal_actions == state.legal_actions()
    assert all(state.view(seat).legal_actions == [] for seat in (N, S, W))


def test_views_show_the_table_to_everyone() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid 5", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump D", "play JH")
    for seat in cl.Seat:
        view = state.view(seat)
        assert view.trick == [(S, cl.Card.parse("JH"))]
        assert view.contract == state.contract
        assert [str(a) for _, a in view.bids][1:] == ["pass", "pass", "pass"]


# ====================================================================== stop_when_decided, generalised
def first_certain_trick(state: cl.HandState, need: int) -> int:
    """The trick after which a "take at least ``need``" contract is certain: made once the
    bidding side has ``need`` tricks (no overtrick credit), failed once it cannot get there."""
    k = state.contract
    assert k is not None
    ours = (k.bidder, k.bidder.partner)
    won = lost = 0
    total = state.rules.tricks_per_hand
    for n, trick in enumerate(state.tricks, start=1):
        if trick.winner in ours:
            won += 1
        else:
            lost += 1
        if won >= need or total - lost < need:
            return n
    raise AssertionError("never decided")


@pytest.mark.parametrize(
    ("rules", "actions", "need"),
    [
        (CANADIAN, ["bid 5", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump D"], 5),
        (CANADIAN, ["bid 7", "pass", "pass", "pass", "discard 7D", "discard 8D", "trump S"], 7),
        (AMERICAN, ["bid 6", "pass", "pass", "pass", "trump D"], 6),
        (MAINE, ["bid 3H", "pass", "pass", "bid 5C"], 5),
    ],
)
def test_stop_when_decided_also_stops_numeric_bids(rules: cl.Rules, actions: list[str], need: int) -> None:
    # Engine choice (docs/rules.md#stop_when_decided): the sources are silent, and the engine applies the same test
    # to every bid, not only to Mulot, Charlemagne and the 8-bid.
    full = new(rules)
    apply_all(full, *actions)
    play_out(full)
    decided = first_certain_trick(full, need)
    assert full.result is not None and full.result.decided_after == decided
    stopped = new(dataclasses.replace(rules, stop_when_decided=True))
    apply_all(stopped, *actions)
    play_out(stopped)
    assert len(stopped.tricks) == decided
    assert stopped.result is not None
    assert stopped.result.points == full.result.points


@pytest.mark.parametrize(
    ("rules", "text", "bid"),
    [
        (CANADIAN, "bid gros mulot", "gros_mulot"),
        (CANADIAN, "bid gros charlemagne", "gros_charlemagne"),
        (AMERICAN, "bid le petit", "le_petit"),
        (AMERICAN, "bid no trump", "no_trump"),
        (AMERICAN, "bid charles alone", "charles_alone"),
        (MAINE, "bid high card no trump", "high_card_no_trump"),
        (EUCHRE, "bid 4NT", "4"),
    ],
)
def test_bids_can_be_written_as_rules_md_names_them(rules: cl.Rules, text: str, bid: str) -> None:
    state = new(rules, hands=EUCHRE_SUITS if rules is EUCHRE else SUITS)
    state.apply(text)
    assert state.bid is not None and state.bid.name == bid


def test_hidden_actions_in_a_view_read_as_face_down_cards() -> None:
    state = new(CANADIAN)
    apply_all(state, "bid charlemagne", "pass", "pass", "pass", "give AS", "discard 7D")
    texts = [str(a) for _, a in state.view(N).history]
    assert not any("None" in t for t in texts), texts


def test_mulot_led_joker_explanation_names_the_joker_rule() -> None:
    ruling = cl.explain_legal_plays(cl.Contract(CANADIAN, "mulot", "N"), "BJ 7C AS", "RJ")
    assert ruling.answer == cards("BJ")
    assert "joker" in ruling.reason


def test_the_analysis_reads_a_hand_through_its_public_accessors() -> None:
    # A Canadian 6 by North: North takes the kitty, discards two, then names trump.
    state = cl.HandState.new("canadian", dealer="W", seed=3)
    while state.phase is cl.Phase.BIDDING:
        bid = next((a for a in state.legal_actions() if a.kind == "bid" and a.bid == "6"), None)
        state.apply(bid if bid is not None and state.to_move == cl.Seat.N else cl.Action.pass_())
    assert state.bidder == cl.Seat.N and state.trump is None and not state.alone
    masks = state.masks()
    assert [cl.engine.deal.cards_of(m) for m in masks] == [state.hand(s) for s in cl.Seat]
    while state.phase is not cl.Phase.DISCARD:
        state.apply(state.legal_actions()[0])
    to_come = state.steps_to_come()
    assert (cl.Phase.DISCARD, cl.Seat.N) in to_come and to_come[-1][0] is cl.Phase.TRUMP
    first = state.legal_actions()[0]
    state.apply(first)
    assert list(state.discarded("N")) == [first.card]
    assert len(state.steps_to_come()) == len(to_come) - 1
    while state.phase is not cl.Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert state.contract is not None and state.trump is not None and state.trump == state.contract.trump
