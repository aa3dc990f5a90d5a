"""Property tests (hypothesis) over random hands of every variant and some rule options.

Hypothesis picks the deal (a seed), the dealer and every action (from ``legal_actions()``).
Each hand is checked against the independent reference model of docs/rules.md in
``_rules_oracle``: cards conserved, one card per active seat per trick, legal plays (follow
the effective suit, Mulot joker rules), trick winners, the number of tricks (early stop
only once certain), and the score tables. Further properties: JSON replay, undo, copy,
seat views hiding cards, and illegal actions being refused without a trace.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import Enum
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.engine.ranking import CardOrder

try:
    from . import _rules_oracle as oracle
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _rules_oracle as oracle  # type: ignore[no-redef]

CONFIGS = [
    pytest.param("canadian", {}, id="canadian"),
    pytest.param("american", {}, id="american"),
    pytest.param("maine", {}, id="maine"),
    pytest.param("bid_euchre", {}, id="bid_euchre"),
    pytest.param("canadian", {"high_joker": "black"}, id="canadian-black_joker"),
    pytest.param("canadian", {"stop_when_decided": True}, id="canadian-stop_when_decided"),
    pytest.param("canadian", {"all_pass": "stick_dealer"}, id="canadian-stick_dealer"),
    pytest.param("american", {"stop_when_decided": True}, id="american-stop_when_decided"),
    pytest.param("maine", {"stop_when_decided": True}, id="maine-stop_when_decided"),
    pytest.param("bid_euchre", {"stop_when_decided": True, "all_pass": "stick_dealer"}, id="bid_euchre-options"),
]

HAND = {
    "seed": st.integers(min_value=0, max_value=2**64 - 1),
    "dealer": st.sampled_from(list(cl.Seat)),
    # Uniform bidding nearly always ends in the top bid; passing first reaches the others.
    "pass_bias": st.sampled_from((0.0, 0.6, 0.85)),
    "rnd": st.randoms(use_true_random=False),
}


def _settings(examples: int) -> Callable[[Any], Any]:
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play(
    variant: str,
    options: dict[str, Any],
    seed: int,
    dealer: cl.Seat,
    pass_bias: float,
    rnd: Random,
    on_step: Callable[[oracle.HandChecker], None] | None = None,
) -> oracle.HandChecker:
    rules = cl.Rules.preset(variant, **options)
    state = cl.HandState.new(rules, dealer=dealer, seed=seed)
    return oracle.play_hand(state, variant, options, lambda s: oracle.random_action(s, rnd, pass_bias), on_step)


def snapshot(state: cl.HandState) -> dict[str, Any]:
    """Everything observable about a hand, as plain values."""
    result = state.result
    return {
        "phase": state.phase,
        "to_move": state.to_move,
        "history": [(s, str(a)) for s, a in state.history],
        "hands": {k: [str(c) for c in v] for k, v in state.hands.items()},
        "kitty": [str(c) for c in state.kitty],
        "trick": [(s, str(c)) for s, c in state.trick],
        "tricks": [(t.leader, [str(c) for c in t.cards], t.seats, t.winner) for t in state.tricks],
        "tricks_won": state.tricks_won,
        "contract": str(state.contract),
        "legal": [str(a) for a in state.legal_actions()],
        "result": None
        if result is None
        else (
            result.points,
            result.bidder_tricks,
            result.made,
            result.decided_after,
            result.outright_winner,
            result.passed_out,
            str(result.contract),
            result.reason,
        ),
    }


# ----------------------------------------------------------------------------- the rules
@pytest.mark.parametrize(("variant", "options"), CONFIGS)
@_settings(80)
@given(**HAND)
def test_random_hands_follow_the_rules(
    variant: str, options: dict[str, Any], seed: int, dealer: cl.Seat, pass_bias: float, rnd: Random
) -> None:
    """Conservation, legal offers and plays, trick order and winners, trick count, score:
    all checked by the reference model at every step (see ``_rules_oracle.HandChecker``)."""
    checker = _play(variant, options, seed, dealer, pass_bias, rnd)
    assert checker.state.is_over


# ----------------------------------------------------------------------------- replay, undo, copy
class _ReplayChecks:
    """At every step: JSON round trip, undo + redo, and copies independent of the original."""

    def __init__(self) -> None:
        self.copy: cl.HandState | None = None
        self.copy_snapshot: dict[str, Any] | None = None

    def __call__(self, checker: oracle.HandChecker) -> None:
        state = checker.state
        text = state.to_json()
        snap = snapshot(state)
        again = cl.HandState.from_json(text)
        assert again.to_json() == text
        assert snapshot(again) == snap
        # The copy taken one step ago did not move when the original did.
        if self.copy is not None:
            assert snapshot(self.copy) == self.copy_snapshot
        if state.history:
            other = state.copy()
            last = other.undo()
            assert oracle.act_key(last) == oracle.act_key(state.history[-1][1])
            assert len(other.history) == len(state.history) - 1
            assert state.to_json() == text, "undo on a copy changed the original"
            other.apply(last)
            assert other.to_json() == text and snapshot(other) == snap
        if not state.is_over:
            # Moving a copy on leaves the original untouched.
            ahead = state.copy()
            ahead.apply(ahead.legal_actions()[0])
            assert state.to_json() == text and snapshot(state) == snap
        self.copy, self.copy_snapshot = state.copy(), snap


@pytest.mark.parametrize(("variant", "options"), CONFIGS)
@_settings(15)
@given(**HAND)
def test_json_undo_and_copy_reproduce_the_hand(
    variant: str, options: dict[str, Any], seed: int, dealer: cl.Seat, pass_bias: float, rnd: Random
) -> None:
    checker = _play(variant, options, seed, dealer, pass_bias, rnd, on_step=_ReplayChecks())
    state = checker.state
    replay = cl.HandState.from_json(state.to_json())
    assert snapshot(replay) == snapshot(state)
    assert replay.result is not None and state.result is not None
    assert replay.result.points == state.result.points
    # Undo all the way back gives the fresh deal.
    while state.history:
        state.undo()
    assert snapshot(state) == snapshot(cl.HandState.new(state.rules, dealer=dealer, seed=seed))
    with pytest.raises(cl.IllegalActionError):
        state.undo()


# ----------------------------------------------------------------------------- views
#: Rule-system data (fixed before any card is dealt): cannot hold a deal's cards, and walking it
#: for every view of every step would dominate the run time.
_DEAL_FREE = (cl.Rules, cl.BidSpec, CardOrder)


def cards_in(obj: Any, out: set[cl.Card] | None = None) -> set[cl.Card]:
    """Every card reachable from ``obj`` (lists, dicts, dataclasses, objects)."""
    out = set() if out is None else out
    if isinstance(obj, cl.Card):
        out.add(obj)
    elif isinstance(obj, (str, bytes, int, float, bool, Enum, type(None), *_DEAL_FREE)):
        pass
    elif isinstance(obj, dict):
        for key, value in obj.items():
            cards_in(key, out)
            cards_in(value, out)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for item in obj:
            cards_in(item, out)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            cards_in(getattr(obj, f.name), out)
    elif hasattr(obj, "__dict__"):
        cards_in(vars(obj), out)
    return out


def _check_views(checker: oracle.HandChecker) -> None:
    state = checker.state
    played = set(checker.played_cards())
    bidder = checker.bidder
    exposed = checker.bid is not None and checker.bid.name == "gros_mulot" and len(state.tricks) >= 1
    kitty_taken = bool(checker.kitty0) and not state.kitty
    for s in cl.Seat:
        view = state.view(s)
        own = set(state.hand(s))
        allowed = own | played
        allowed |= {c for who, c in checker.discards if who == s}
        allowed |= {c for who, c in checker.gives if who == s or (who + 2) % 4 == s}
        if kitty_taken and s == bidder:
            allowed |= checker.kitty0
        if exposed:
            assert bidder is not None
            allowed |= set(state.hand(cl.Seat(bidder)))
        leaked = cards_in(view) - allowed
        assert not leaked, f"{s.name} can see {sorted(map(str, leaked))} in phase {state.phase.value}"
        assert set(view.hand) == own
        assert view.hand_sizes == {k: len(v) for k, v in state.hands.items()}
        if exposed and s != bidder:
            # Gros Mulot: the bidder's hand is shown to all after the first trick.
            assert bidder is not None
            assert set(view.exposed[cl.Seat(bidder).name]) == set(state.hand(cl.Seat(bidder)))
        else:
            assert not view.exposed
        if view.kitty:
            assert kitty_taken and s == bidder
        expected_legal = state.legal_actions() if state.to_move == s else []
        assert [str(a) for a in view.legal_actions] == [str(a) for a in expected_legal]
        if state.to_move is not None and s != state.to_move:
            assert view.legal_actions == []


@pytest.mark.parametrize(("variant", "options"), CONFIGS)
@_settings(30)
@given(**HAND)
def test_seat_views_never_show_hidden_cards(
    variant: str, options: dict[str, Any], seed: int, dealer: cl.Seat, pass_bias: float, rnd: Random
) -> None:
    _play(variant, options, seed, dealer, pass_bias, rnd, on_step=_check_views)


# ----------------------------------------------------------------------------- illegal actions
def _illegal_checks(variant: str, rnd: Random) -> Callable[[oracle.HandChecker], None]:
    universe = oracle.action_universe(variant, oracle.make_deck(variant))

    def check(checker: oracle.HandChecker) -> None:
        state = checker.state
        legal = state.legal_actions()
        keys = {oracle.act_key(a) for a in legal}
        illegal = [a for a in universe if oracle.act_key(a) not in keys]
        text, snap = state.to_json(), snapshot(state)
        tries = rnd.sample(illegal, 3)
        if state.phase is cl.Phase.PLAY:
            # The interesting refusals: cards held but not allowed (not following suit).
            held = {str(c) for c in state.hand(state.to_move)}  # type: ignore[arg-type]
            tries += [a for a in illegal if a.kind == "play" and str(a.card) in held][:2]
        for action in tries:
            with pytest.raises(cl.IllegalActionError):
                state.apply(str(action) if rnd.random() < 0.5 else action)
            assert state.to_json() == text and snapshot(state) == snap
        if legal and state.to_move is not None:
            # A legal action, but from a seat whose turn it is not.
            wrong = cl.Seat((state.to_move + rnd.randrange(1, 4)) % 4)
            with pytest.raises(cl.IllegalActionError):
                state.apply(rnd.choice(legal), seat=wrong)
            assert state.to_json() == text and snapshot(state) == snap

    return check


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@pytest.mark.parametrize(("variant", "options"), CONFIGS)
@_settings(15)
@given(**HAND)
def test_illegal_actions_are_refused_and_change_nothing(
    variant: str, options: dict[str, Any], seed: int, dealer: cl.Seat, pass_bias: float, rnd: Random
) -> None:
    checker = _play(variant, options, seed, dealer, pass_bias, rnd, on_step=_illegal_checks(variant, rnd))
    state = checker.state
    text = state.to_json()
    with pytest.raises(cl.IllegalActionError):
        state.apply("pass")
    assert state.to_json() == text


# ----------------------------------------------------------------------------- rulings as functions
@st.composite
def contracts(draw: st.DrawFn, variant: str) -> tuple[cl.Contract, oracle.Bid, str | None]:
    """A contract of the variant: any bid, bidder, trump; Maine's Charlemagne alone or not,
    with or without a lone defender."""
    bid = draw(st.sampled_from(oracle.LADDERS[variant]))
    bidder = draw(st.sampled_from(list(cl.Seat)))
    suits = {
        "named": oracle.SUITS,
        "with_bid": oracle.SUITS,
        "with_bid_or_none": [*oracle.SUITS, None],
        "none": [None],
    }[bid.trump]
    trump = draw(st.sampled_from(list(suits)))
    alone: bool | None = None
    defender = None
    if bid.alone == "optional":
        alone = draw(st.booleans())
        if alone and draw(st.booleans()):
            defender = cl.Seat((bidder + draw(st.sampled_from((1, 3)))) % 4)
    rules = cl.Rules.preset(variant, high_joker=draw(st.sampled_from(("red", "black"))))
    contract = cl.Contract(rules, bid.name, bidder, trump, alone=alone, lone_defender=defender)
    return contract, bid, trump


@pytest.mark.parametrize("variant", oracle.VARIANTS)
@_settings(150)
@given(data=st.data())
def test_score_hand_follows_the_tables(variant: str, data: st.DataObject) -> None:
    contract, bid, _ = data.draw(contracts(variant))
    took = data.draw(st.integers(0, oracle.TRICKS[variant]))
    points, made, outright = oracle.expected_score(variant, bid, contract.team, took)
    assert cl.score_hand(contract, took) == points
    score = cl.explain_score(contract, took).answer
    assert (score.points, score.made, score.outright_winner) == (points, made, outright)


@pytest.mark.parametrize("variant", oracle.VARIANTS)
@_settings(150)
@given(data=st.data())
def test_legal_plays_and_trick_winner_match_the_reference(variant: str, data: st.DataObject) -> None:
    contract, _, trump = data.draw(contracts(variant))
    high = contract.rules.high_joker
    deck = sorted(oracle.make_deck(variant), key=str)
    active = contract.active_seats
    cards = data.draw(st.permutations(deck))
    trick = cards[: len(active)]
    leader = data.draw(st.sampled_from(active))
    # The winner, by seat: clockwise from the leader over the seats that play.
    order = [active[(active.index(leader) + i) % len(active)] for i in range(len(active))]
    position = oracle.trick_winner_position(variant, trump, high, list(trick))
    assert cl.trick_winner(contract, leader, trick) == order[position]
    # Legal plays for a random hand after a random number of cards of that trick.
    played = trick[: data.draw(st.integers(0, len(active) - 1))]
    size = data.draw(st.integers(1, oracle.TRICKS[variant]))
    hand = cards[len(active) : len(active) + size]
    expected = oracle.legal_cards(variant, trump, hand, list(played))
    assert set(cl.legal_plays(contract, hand, played)) == expected
    for card in hand:
        assert cl.explain_play(contract, hand, played, card).answer == (card in expected)


def test_reference_ladders_match_the_engine_presets() -> None:
    # The bid tables were copied from docs/rules.md; the engine's ladder must be the same, low to high.
    for variant in oracle.VARIANTS:
        rules = cl.Rules.preset(variant)
        assert [b.name for b in rules.bids] == [b.name for b in oracle.LADDERS[variant]]
        assert rules.target == oracle.TARGETS[variant]
        assert {cl.Card.from_index(i) for i in rules.deck_indices} == oracle.make_deck(variant)
        assert rules.tricks_per_hand == oracle.TRICKS[variant] and rules.kitty_size == oracle.KITTY[variant]


# ----------------------------------------------------------------------------- action text and bids
@pytest.mark.parametrize("variant", oracle.VARIANTS)
def test_bid_text_says_no_trump_only_for_a_no_trump_bid(variant: str) -> None:
    """An action's text is what lessons and JSON records show: a bid whose trump is named
    after the bidding must not be called a no-trump bid, and the text must read back."""
    state = cl.HandState.new(cl.Rules.preset(variant), dealer="W", seed=1)
    for action in state.legal_actions():
        if action.kind != "bid":
            continue
        bid = next(b for b in oracle.LADDERS[variant] if b.name == action.bid)
        no_trump = bid.trump == "none" or (bid.trump == "with_bid_or_none" and action.suit is None)
        assert ("no-trump" in str(action)) == (no_trump and bid.name.isdigit()), str(action)
        assert oracle.act_key(cl.Action.parse(str(action))) == oracle.act_key(action)


@pytest.mark.parametrize(
    ("variant", "text"),
    [
        ("canadian", "bid 9"),
        ("american", "bid 8"),
        ("maine", "bid 8S"),
        ("bid_euchre", "bid 7H"),
        ("canadian", "bid banana"),
        ("canadian", "play ZZ"),
        ("maine", "bid 5X"),
    ],
)
def test_a_bid_off_the_ladder_or_unreadable_text_is_an_illegal_action(variant: str, text: str) -> None:
    state = cl.HandState.new(cl.Rules.preset(variant), dealer="N", seed=3)
    before = state.to_json()
    with pytest.raises(cl.IllegalActionError):
        state.apply(text)
    assert state.to_json() == before
