"""Work shared across the deals of one question gives the numbers of each deal asked alone.

A hint asks one question of hundreds of deals. Three things are shared among them for speed: the compiled
search's table of positions (kept from one deal to the next where only exact values, or the side of the line,
are read), DDS's batch call (many deals in one call, shared among its threads), and the bidder's choice of trump
(remembered for a hand met again). None may change an answer.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import compiled, dds, exchange, odds, pimc, solver
from charlemagne_learn.analysis.compiled import CompiledSearch
from charlemagne_learn.analysis.evaluate import best_trump
from charlemagne_learn.analysis.work import forget
from charlemagne_learn.engine.deal import indices_of
from charlemagne_learn.engine.hand import Phase
from charlemagne_learn.engine.tricks import legal_mask

needs_compiled = pytest.mark.skipif(not compiled.available(), reason="the compiled search cannot load here")
needs_dds = pytest.mark.skipif(not dds.available(), reason="DDS cannot load here")


def moments(variant: str, bid: str, count: int) -> list[cl.HandState]:
    """Positions in play of ``bid``, bid first and passed out, the rest of each hand played at random."""
    rules = cl.Rules.preset(variant)
    out: list[cl.HandState] = []
    for seed in range(200):
        rng = random.Random(seed)
        state = cl.HandState.new(rules, dealer="W", seed=seed)
        if not any(str(a) == f"bid {bid}" or str(a) == bid for a in state.legal_actions()):
            continue
        state.apply(next(a for a in state.legal_actions() if str(a) in (f"bid {bid}", bid)))
        while state.phase is not Phase.OVER:
            if state.phase is Phase.PLAY and len(state.legal_actions()) > 1 and rng.random() < 0.3:
                out.append(state.copy())
            actions = state.legal_actions()
            passes = [a for a in actions if str(a) == "pass"]
            state.apply(passes[0] if state.phase is Phase.BIDDING and passes else rng.choice(actions))
        if len(out) >= count:
            break
    return out[:count]


@needs_compiled
@pytest.mark.parametrize(
    ("variant", "bid"),
    [
        ("canadian", "mulot"),
        ("canadian", "gros_mulot"),
        ("canadian", "charlemagne"),
        ("bid_euchre", "3 no-trump"),
        ("bid_euchre", "4♠"),
    ],
)
def test_one_table_for_many_deals_gives_each_deals_own_values(variant: str, bid: str) -> None:
    """solve_positions keeps the compiled search's table from deal to deal: every card's value is the one a
    search with an empty table gives, at the lead and mid-trick, for avoid, lone and bridge-like contracts."""
    states = moments(variant, bid, 12)
    assert len(states) == 12
    for n, state in enumerate(states):
        contract = state.contract
        assert contract is not None
        view = state.view(state.to_move)  # type: ignore[arg-type]
        leader = state.trick[0][0] if state.trick else state.to_move
        trick = [c.index for _, c in state.trick]
        deals = [[h.get(s, 0) for s in cl.Seat] for h in pimc.sample_hidden(view, 40, n)]
        shared = solver.solve_positions(contract, deals, leader, trick)  # type: ignore[arg-type]
        for hands, values in zip(deals, shared, strict=True):
            legal = indices_of(legal_mask(contract.order, hands[state.to_move], trick[0] if trick else -1))  # type: ignore[index]
            assert list(values.values()) == CompiledSearch(contract, hands).position(int(leader), trick, legal)  # type: ignore[arg-type]


@needs_compiled
@pytest.mark.parametrize("options", [{}, {"high_joker": "black"}, {"nine_high": True}])
def test_the_exchange_graded_on_one_table_is_graded_as_on_a_fresh_table_a_deal(
    options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = cl.Rules.preset("canadian", **options)
    checked = 0
    for seed in range(40):
        played = cl.play_hand(rules, [cl.RuleBot(s) for s in range(4)], seed=seed)
        state = next(
            (played.at(m) for m in range(len(played.history)) if played.at(m).phase is Phase.DISCARD),
            None,
        )
        if state is None or state.to_move != state.bidder:
            continue
        kept = exchange.exchange_hint(state, 48, seed)
        forget()
        asked = fresh_each_deal(monkeypatch)
        alone = exchange.exchange_hint(state, 48, seed)
        monkeypatch.undo()
        assert sum(asked) >= 48
        assert [(c.text, c.points, c.made, c.grade) for c in kept.choices] == [
            (c.text, c.points, c.made, c.grade) for c in alone.choices
        ]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def fresh_each_deal(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every deal's search from an empty table, as before the searches kept theirs. The list counts the searches
    asked so, for a test to check that the analysis went through them."""
    asked: list[int] = []
    bounds = compiled.bounds

    def fresh(asks: Sequence[tuple[cl.Contract, Sequence[int], int, int, int]], *, fresh: bool = False) -> list[int]:
        asked.append(len(asks))
        return bounds(asks, fresh=True)

    monkeypatch.setattr(compiled, "bounds", fresh)
    return asked


@needs_compiled
@pytest.mark.parametrize("seed", [5, 8])
def test_bids_judged_by_the_auction_on_one_table_are_valued_as_on_a_fresh_table_a_deal(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from charlemagne_learn.analysis.auction import action_points
    from charlemagne_learn.teach.decisions import decisions

    state = next(decisions("canadian", ["reply"], seed=seed)).state
    view = state.view(state.to_move)  # type: ignore[arg-type]
    kept = action_points(view, 60, seed)
    asked = fresh_each_deal(monkeypatch)
    assert action_points(view, 60, seed) == kept
    assert sum(asked) >= 60


@needs_dds
def test_many_full_deals_counted_by_dds_at_once_are_counted_as_one_at_a_time() -> None:
    """More deals than DDS takes in one call, with contracts of every trump and no trump mixed, each leader."""
    rng = random.Random(4)
    rules = {v: cl.Rules.preset(v) for v in ("canadian", "american")}
    asked = []
    for i in range(230):
        variant = "american" if i % 3 == 0 else "canadian"
        spec = "no_trump" if variant == "american" and i % 2 else "6"
        trump = None if spec == "no_trump" else rng.choice("CDHS")
        bidder = rng.choice(list(cl.Seat))
        contract = cl.Contract(rules[variant], spec, bidder, trump)
        state = cl.HandState.new(rules[variant], dealer="W", seed=i)
        hands = [sum(1 << c.index for c in state.hand(s)) for s in cl.Seat]
        asked.append((contract, hands, rng.choice(list(cl.Seat))))
    at_once = dds.dds_bidder_tricks_many(asked)
    assert at_once == [dds.dds_bidder_tricks(k, h, leader) for k, h, leader in asked]
    assert dds.dds_bidder_tricks_many([]) == []


def test_bid_odds_in_one_batch_are_the_odds_of_each_deal_alone() -> None:
    """Every plan's value on each sample, DDS's counts gathered into one call, as each deal solved alone."""
    rules = cl.Rules.preset("canadian")
    hand = sum(1 << c.index for c in cl.parse_cards("JS JC AS KS 9S AH 7D 8C"))
    plans = tuple(p for spec in rules.bids for p in odds._plans(rules, spec))
    job = odds._Job(rules, hand, 0, 3, "double_dummy", plans)
    together = odds._run(job, 0, 30)
    for i in range(30):
        hands, kitty = odds._sample(rules, hand, 0, 3, i)
        for values, plan in zip(together, plans, strict=True):
            contract, in_play = odds._setup(rules, plan, 0, hands, kitty)
            assert values[i] == odds._value(plan, contract, in_play, "double_dummy"), (i, plan)


def test_the_trump_a_hand_names_is_the_same_asked_again_and_with_the_options_as_a_list() -> None:
    rules = cl.Rules.preset("canadian")
    hand = sum(1 << c.index for c in cl.parse_cards("JS JC AS KS 9S AH 7D 8C 9H 10H"))
    first = best_trump(rules, hand, 2)
    assert best_trump(rules, hand, 2) == first
    assert best_trump(rules, hand, 2, list(cl.Suit)) == first == best_trump(rules, hand, 2, tuple(cl.Suit))
    assert best_trump(rules, hand, 2, [cl.Suit.H])[0] is cl.Suit.H


@needs_compiled
def test_exchanges_played_already_are_read_back_not_played_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner's own exchange graded after the candidates were ranked plays only that exchange out, and gives
    what playing every exchange afresh gives; another seed, deal count or hand plays them all again."""
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    played: list[int] = []
    play_ways = exchange._play_ways

    def counted(ways: Sequence[Any], *rest: Any) -> Any:
        played.append(len(ways))
        return play_ways(ways, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(exchange, "_play_ways", counted)
    forget()
    ranked = exchange.exchange_hint(state, 48, 3)
    assert played == [len(ranked.choices)] == [24]
    # an exchange outside the candidates, such as a learner may make
    hand = [cl.Card.from_index(i) for i in indices_of(state.masks()[state.bidder])]  # type: ignore[index]
    graded = {(frozenset(c.discards), c.trump) for c in ranked.choices}
    out = next(pair for pair in itertools.combinations(hand, 2) if (frozenset(pair), cl.Suit.H) not in graded)
    mine = ([str(c) for c in out], "H")
    with pytest.raises(cl.IllegalActionError):
        ranked.choice(*mine)
    again = exchange.exchange_hint(state, 48, 3, also=mine)
    assert played[1:] == [1]
    forget()
    afresh = exchange.exchange_hint(state, 48, 3, also=mine)
    assert played[2:] == [25]
    assert again == afresh and again.choice(*mine) in again.choices
    for other in ((48, 4), (40, 3)):  # another seed, another deal count: other deals
        exchange.exchange_hint(state, *other)
        assert played[-1] == 24
    later = state.copy()
    later.apply(f"discard {hand[0]}")
    exchange.exchange_hint(later, 48, 3)  # a card put aside since: another position
    assert played[-1] > 1


def test_a_hint_asked_again_is_read_back_and_only_then(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review after a hand reads back the grades given live, and a hint asked in another language the ranking
    given in the first; a hint of another moment, seat, deal count, seed or reading of the bids is worked out
    afresh."""
    from charlemagne_learn.analysis import hints

    worked: list[int] = []
    ranked = hints._ranked

    def counted(*args: Any) -> Any:
        worked.append(1)
        return ranked(*args)

    monkeypatch.setattr(hints, "_ranked", counted)
    forget()
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=12)
    moments = []
    while not state.is_over:
        if state.to_move == cl.Seat.N and hints.graded(state.view(cl.Seat.N)):
            moments.append(len(state.history))
            live = hints.hint(state.view(cl.Seat.N), 12, lang="en")
            again = hints.hint(state.view(cl.Seat.N), 12, lang="en")  # the Hint button, then the grade
            assert again.choices is live.choices
        state.apply(state.legal_actions()[-1])
    assert len(worked) == len(moments) >= 8
    lines = hints.review(state, "N", samples=12, lang="en").lines
    assert len(worked) == len(moments) and {line.move for line in lines} >= set(moments)
    view = state.at(moments[-1]).view(cl.Seat.N)
    hints.hint(view, 12, lang="fr")  # the same ranking, its reasons said in French
    assert len(worked) == len(moments)
    for other in ({"samples": 13}, {"seed": 1}, {"bids": False}):
        hints.hint(view, **{"samples": 12, "lang": "en", **other})  # type: ignore[arg-type]
    assert len(worked) == len(moments) + 3
    before = state.at(moments[-2]).view(cl.Seat.N)
    hints.hint(before, 12, lang="en", workers=1)  # read back: the workers decide only how soon
    assert len(worked) == len(moments) + 3
