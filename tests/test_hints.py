"""Hints, grading and reviews, and the sampling of hidden cards they rest on."""

from __future__ import annotations

import random

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint, review
from charlemagne_learn.analysis.hints import grade_for
from charlemagne_learn.analysis.pimc import _shown_out, play_outcomes, sample_hidden
from charlemagne_learn.engine.deal import mask_of

CANADIAN = cl.Rules.preset("canadian")

# North bids Mulot (South sits out). East wins the first trick and leads 9♠; West, with no spade and no joker,
# plays 10♥. North's 10♠ would now win the trick and sink the Mulot, while 7♠ ducks.
MULOT_DEAL = {
    "N": "7S 10S 7C 8C 7D 8D 7H 8H",
    "E": "9S AC KC QC JC AD KD QD",
    "S": "RJ BJ JS QS KS AS 10D 9D",
    "W": "10C 9C AH KH QH JH 10H 9H",
}


def mulot_position() -> cl.HandState:
    state = cl.HandState.new(CANADIAN, dealer="W", hands=MULOT_DEAL, kitty="8S JD")
    for act in ["bid mulot", "pass", "pass", "pass", "play 7C", "play AC", "play 9C", "play 9S", "play 10H"]:
        state.apply(act)
    return state


def random_positions(variant: str, count: int, seed: int) -> list[cl.HandState]:
    """Positions in play reached by random legal actions, from seeded deals."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        state = cl.HandState.new(cl.Rules.preset(variant), dealer="W", seed=seed * 100 + i)
        while not state.is_over:
            if state.phase is cl.Phase.PLAY and rng.random() < 0.15:
                out.append(state.copy())
            state.apply(rng.choice(state.legal_actions()))
    return out


# ---------------------------------------------------------------- sampling hidden cards
@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_sampled_deals_fit_everything_the_seat_has_seen(variant: str) -> None:
    for state in random_positions(variant, 12, seed=len(variant))[:25]:
        me = state.to_move
        assert me is not None
        view = state.view(me)
        barred = _shown_out(view)
        truth = {s: mask_of(state.hand(s)) for s in cl.Seat}
        for seat in cl.Seat:
            assert truth[seat] & barred[seat] == 0, "the real deal must fit what the seat has seen"
        played = mask_of(c for t in view.tricks for c in t.cards) | mask_of(c for _, c in view.trick)
        for hands in sample_hidden(view, 5, seed=1):
            assert hands[me] == truth[me]
            seen = 0
            for seat, mask in hands.items():
                assert mask.bit_count() == view.hand_sizes[seat.name]
                assert mask & barred[seat] == 0 or seat == me
                assert mask & seen == 0 and mask & played == 0
                seen |= mask
            for name, cards in view.exposed.items():
                assert hands[cl.Seat.find(name)] == mask_of(cards)


def test_a_player_who_showed_out_is_never_dealt_that_suit() -> None:
    state = mulot_position()  # West showed out of spades, and holds no joker (it would have had to play one)
    state.apply("play 7S")
    view = state.view("E")
    assert view.to_move == cl.Seat.E
    spades_and_jokers = mask_of(cl.parse_cards("JS QS KS AS 8S RJ BJ"))
    for hands in sample_hidden(view, 20, seed=3):
        assert hands[cl.Seat.W] & spades_and_jokers == 0


def test_sampling_is_seeded() -> None:
    view = mulot_position().view("N")
    assert list(sample_hidden(view, 6, seed=2)) == list(sample_hidden(view, 6, seed=2))
    assert list(sample_hidden(view, 6, seed=2)) != list(sample_hidden(view, 6, seed=3))


def test_the_last_card_of_the_hand_is_valued_exactly() -> None:
    """The last player to the last trick sees every card that matters: each sample gives the real result."""
    rng = random.Random(0)
    for seed in range(10):
        state = cl.HandState.new(CANADIAN, dealer="W", seed=seed)
        while not state.is_over:
            k = state.contract
            if (
                k is not None
                and state.phase is cl.Phase.PLAY
                and len(state.trick) == len(k.active_seats) - 1
                and len(state.hand(state.to_move)) == 1
            ):  # type: ignore[arg-type]
                break
            state.apply(rng.choice(state.legal_actions()))
        else:
            continue
        seat, contract = state.to_move, state.contract
        assert seat is not None and contract is not None
        ((card, values),) = play_outcomes(state.view(seat), samples=4).items()
        cards = [c for _, c in state.trick] + [card]
        winner = cl.trick_winner(contract, state.trick[0][0], cards)
        assert values == [int(winner.team == contract.team)] * 4


# ---------------------------------------------------------------- grading
def test_grades_follow_the_share_of_the_stake_given_up() -> None:
    stake = 10
    assert [grade_for(x, stake) for x in (0, 0.4, 1.0, 2.0, 4.0, 7.0)] == [
        "best",
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]


def test_ducking_in_mulot_is_best_and_winning_the_trick_is_graded_down() -> None:
    h = hint(mulot_position().view("N"), samples=12, seed=0)
    assert h.best.action == cl.Action.parse("play 7S")
    worse = h.choice("play 10S")
    assert worse.loss > 0 and worse.grade != "best"
    assert h.best.reason.said("en").startswith("7♠ stays under 9♠") and "you take no trick in" in h.best.reason.said(
        "en"
    )
    assert [c.points for c in h.choices] == sorted((c.points for c in h.choices), reverse=True)


def unbeatable() -> cl.HandState:
    """North holds the eight top trumps (hearts) and the others nothing to stop them: every bid is made."""
    hands = {
        "N": "RJ BJ JH JD AH KH QH 10H",
        "E": "7C 8C 9C 10C JC QC KC AC",
        "S": "7D 8D 9D 10D QD KD AD 9H",
        "W": "7S 8S 9S 10S JS QS KS AS",
    }
    return cl.HandState.new(CANADIAN, dealer="W", hands=hands, kitty="7H 8H")


def test_an_unbeatable_hand_should_bid_gros_charlemagne_and_passing_is_a_blunder() -> None:
    state = unbeatable()
    h = hint(state.view("N"), samples=10)
    assert h.best.action == cl.Action.parse("bid gros_charlemagne")
    assert h.best.made == 1.0 and h.best.points == 32
    assert h.choice("pass").grade == "blunder"


def test_hints_in_maine_weigh_the_suit_each_bid_names() -> None:
    state = cl.HandState.new(
        cl.Rules.preset("maine"),
        dealer="W",
        hands={
            "N": "9S JS JC AS KS QS AH AD",
            "E": "7C 8C 9C 10C JH QC KC AC",
            "S": "7D 8D 9D 10D JD QD KD 9H",
            "W": "7S 8S 10S 7H 8H 10H QH KH",
        },
    )
    h = hint(state.view("N"), samples=10)
    spades, clubs = h.choice("bid 5S"), h.choice("bid 5C")
    assert spades.made is not None and clubs.made is not None and spades.made > clubs.made


def test_a_card_that_throws_away_a_game_deciding_contract_is_a_blunder() -> None:
    # Maine Charlemagne decides the game and scores no points: the cards are weighed by the game, won or lost.
    maine = cl.Rules.preset("maine")
    state = cl.HandState.new(maine, dealer="W", seed=235)
    for action in ["bid charlemagne", "pass", "pass", "pass", "trump H", "choose with_partner"]:
        state.apply(action)
    for card in cl.parse_cards("7S 10S KS QC KC JC 8C 7C AD 10D JS 9D AC 7D 10C QD 9C JD"):
        state.apply(cl.Action.play(card))
    assert state.contract is not None and state.contract.spec.outright and state.to_move == cl.Seat.N
    h = hint(state.view("N"), samples=8, seed=0)
    grades = {str(c.action): (c.points, c.made, c.grade) for c in h.choices}
    # the two low trumps keep the last tricks, the two high ones give one away: the whole game either way
    assert grades == {
        "play 9♥": (32, 1.0, "best"),
        "play J♥": (32, 1.0, "best"),
        "play 10♥": (-32, 0.0, "blunder"),
        "play A♥": (-32, 0.0, "blunder"),
    }


def test_the_card_given_to_a_game_deciding_bidder_is_weighed_by_the_game() -> None:
    state = cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=235)
    for action in ["bid charlemagne", "pass", "pass", "pass", "trump H", "choose alone"]:
        state.apply(action)
    assert state.phase is cl.Phase.GIVE and state.to_move == cl.Seat.S
    h = hint(state.view("S"), samples=8, seed=0)
    for choice in h.choices:  # every deal counts the whole game, won or lost
        assert choice.made is not None and choice.points == pytest.approx(32 * (2 * choice.made - 1))
    assert {c.made for c in h.choices} == {0.0, 0.125}  # some cards matter on one deal of eight ...
    # ... which cannot tell them apart: one grade for all, and each worse card says the deals saw no difference
    assert {c.grade for c in h.choices} == {"best"} and all(c.tied for c in h.choices)
    worse = [c for c in h.choices if c.loss > 0]
    assert worse and all(c.sureness("en") == "a close call" for c in worse)


def test_a_review_grades_the_card_a_partner_gave() -> None:
    state = cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=235)
    for action in ["bid charlemagne", "pass", "pass", "pass", "trump H", "choose alone"]:
        state.apply(action)
    given = hint(state.view("S"), samples=6, seed=0).choices[-1]
    state.apply(given.action)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    lines = review(state, "S", samples=6).lines
    assert [line.phase for line in lines] == [cl.Phase.BIDDING, cl.Phase.GIVE]  # South passed, then gave
    assert (lines[1].action, lines[1].grade, lines[1].reason) == (given.action, given.grade, given.reason)


def test_the_bidders_choice_before_the_exchange_is_ranked_on_the_same_deals() -> None:
    # whichever way North takes its two extra cards, Gros Charlemagne is made
    state = unbeatable()
    for action in ["bid gros_charlemagne", "pass", "pass", "pass"]:
        state.apply(action)
    h = hint(state.view("N"), samples=6)
    assert state.phase is cl.Phase.CHOOSE and h.phase is cl.Phase.CHOOSE
    spec = CANADIAN.bid("gros_charlemagne")
    assert {str(c.action): (c.points, c.made, c.grade) for c in h.choices} == {
        "choose kitty": (spec.made, 1.0, "best"),
        "choose partner_card": (spec.made, 1.0, "best"),
    }
    assert h.samples == 6 and h == hint(state.view("N"), samples=6)  # the same deals, the same ranking
    # the choice counts in the bidder's review
    state.apply("choose kitty")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert [line.phase for line in review(state, "N", samples=4).lines][:2] == [cl.Phase.BIDDING, cl.Phase.CHOOSE]


def test_maine_charlemagne_alone_or_with_the_partner_is_weighed_by_the_game() -> None:
    state = cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=235)
    for action in ["bid charlemagne", "pass", "pass", "pass", "trump H"]:
        state.apply(action)
    h = hint(state.view("N"), samples=12, seed=0)
    assert {str(c.action) for c in h.choices} == {"choose with_partner", "choose alone"}
    for choice in h.choices:  # it decides the game: every deal counts the whole game, won or lost
        assert choice.made is not None and choice.points == pytest.approx(32 * (2 * choice.made - 1))
    assert "your side makes the contract in" in h.best.reason.said("en") and "points on average" in h.best.reason.said(
        "en"
    )


def test_trump_named_before_any_card_changes_hands_is_ranked_and_reviewed() -> None:
    # Maine Charlemagne names trump right after the bidding, before the partner's card comes
    state = cl.HandState.new(cl.Rules.preset("maine"), dealer="W", seed=235)
    for action in ["bid charlemagne", "pass", "pass", "pass"]:
        state.apply(action)
    assert state.phase is cl.Phase.TRUMP
    h = hint(state.view("N"), samples=8, seed=0)
    assert {str(c.action) for c in h.choices} == {"trump ♣", "trump ♦", "trump ♥", "trump ♠"}
    assert all(c.reason.said("en").split(" — ")[0].endswith(" trump") for c in h.choices)
    hearts = h.choice("trump H")
    assert hearts.reason.said("en").startswith("Hearts trump — your side makes the contract in")
    assert (
        hint(state.view("N"), samples=8, seed=0, lang="fr")
        .choice("trump H")
        .reason.said("fr")
        .startswith("Atout cœur —")
    )
    for action in ["trump H", "choose with_partner"]:
        state.apply(action)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    lines = review(state, "N", samples=4).lines
    assert [(line.phase, str(line.action)) for line in lines][:3] == [
        (cl.Phase.BIDDING, "bid charlemagne"),
        (cl.Phase.TRUMP, "trump ♥"),
        (cl.Phase.CHOOSE, "choose with_partner"),
    ]


def test_trump_named_after_the_exchange_is_left_to_the_exchange_hint() -> None:
    state = cl.HandState.new(CANADIAN, dealer="W", seed=7)
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    while state.phase is cl.Phase.DISCARD:
        state.apply(state.legal_actions()[0])
    assert state.phase is cl.Phase.TRUMP and state.to_move == cl.Seat.N
    with pytest.raises(cl.IllegalActionError, match=r"trump is not graded here \(exchange_hint\(\) grades"):
        hint(state.view("N"), samples=4)
    state.apply("trump S")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert cl.Phase.TRUMP not in [line.phase for line in review(state, "N", samples=4).lines]


def test_a_defenders_choice_is_not_ranked() -> None:
    rules = cl.Rules.preset("maine", lone_defender=True)
    state = cl.HandState.new(rules, dealer="W", seed=235)
    for action in ["bid charlemagne", "pass", "pass", "pass", "trump H", "choose alone"]:
        state.apply(action)
    while state.phase is not cl.Phase.CHOOSE:
        state.apply(state.legal_actions()[0])
    defender = state.to_move
    assert defender is not None and defender != state.bidder
    with pytest.raises(cl.IllegalActionError, match="bidder's choice"):
        hint(state.view(defender), samples=4)
    with pytest.raises(cl.IllegalActionError, match="choix du preneur"):
        hint(state.view(defender), samples=4, lang="fr")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert cl.Phase.CHOOSE not in [line.phase for line in review(state, defender, samples=4).lines]


def test_a_review_grades_every_bid_and_card_of_the_seat() -> None:
    state = mulot_position()
    state.apply("play 10S")  # the losing card
    r = review(state, "N", samples=8)
    assert [str(line.action) for line in r.lines] == ["bid mulot", "play 7♣", "play 10♠"]
    assert r.lines[-1].reason.said("en").startswith("10♠ wins the trick") and "you take no trick in 0%" in r.lines[
        -1
    ].reason.said("en")
    last = r.lines[-1]
    assert last.best == cl.Action.parse("play 7S") and last.grade != "best"
    assert last.best_reason.said("en").startswith("7♠ stays under")
    assert "Better: 7♠ stays under" in str(r)
    assert "10♠" in r._repr_html_()


# ---------------------------------------------------------------- bad input
def test_hints_need_the_seat_to_move_in_a_graded_phase() -> None:
    state = mulot_position()
    with pytest.raises(cl.IllegalActionError, match="not East's turn"):
        hint(state.view("E"))
    with pytest.raises(cl.RulesOptionError, match="samples=0"):
        hint(state.view("N"), samples=0)
    state = cl.HandState.new(CANADIAN, dealer="W", seed=4)
    for act in ["bid 5", "pass", "pass", "pass"]:
        state.apply(act)
    with pytest.raises(cl.IllegalActionError, match="discarding is not graded"):
        hint(state.view("N"))
    with pytest.raises(cl.IllegalActionError, match="not one of North's choices"):
        hint(mulot_position().view("N"), samples=2).choice("play AS")


def test_bids_are_evidence_a_charlemagne_bidder_is_dealt_strong_cards() -> None:
    """South bid Charlemagne: the deals West imagines give South far more top trumps than blind deals do."""
    state = cl.HandState.new(CANADIAN, dealer="N", seed=3)
    for act in ["pass", "bid charlemagne", "pass", "pass"]:  # East, South, West, North
        state.apply(act)
    rng = random.Random(1)
    while state.phase is not cl.Phase.PLAY or state.to_move != cl.Seat.W:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view("W")
    top = sum(1 << c for c in state.contract.order.trumps[:5])  # type: ignore[union-attr]

    def south_top_trumps(deals: list[dict[cl.Seat, int]]) -> float:
        return sum((d[cl.Seat.S] & top).bit_count() for d in deals) / len(deals)

    informed = list(sample_hidden(view, 60, seed=5))
    blind = list(sample_hidden(view, 60, seed=5, bids=False))
    assert south_top_trumps(informed) > south_top_trumps(blind) + 0.15
    for deal in informed:  # still consistent with everything seen
        assert deal[cl.Seat.W] == mask_of(view.hand)
