"""The engine's quick paths give the same hands as the long way round.

``HandState.apply`` checks an action taken from ``legal_actions()`` with a few lookups (card play
and bidding), and takes everything else — texts, a ``seat=``, actions built by hand — the long way.
Both must accept and refuse exactly the same actions and leave the same hand behind.
"""

from __future__ import annotations

import pickle
from random import Random

import pytest
from _processes import in_other_processes

import charlemagne_learn as cl
from charlemagne_learn.engine.bidding import bid_levels, bid_lists

VARIANTS = ("canadian", "american", "maine", "bid_euchre")


def _random_twins(variant: str, seed: int) -> None:
    rules = cl.Rules.preset(variant)
    quick = cl.HandState.new(rules, dealer=cl.Seat(seed % 4), seed=seed)
    slow = cl.HandState.new(rules, dealer=cl.Seat(seed % 4), seed=seed)
    rng = Random(seed)
    while not quick.is_over:
        legal = quick.legal_actions()
        assert [str(a) for a in legal] == [str(a) for a in slow.legal_actions()]
        # pass more often than uniform so that every contract, not only the top bid, comes up
        passing = [a for a in legal if a.kind == "pass"]
        action = passing[0] if passing and rng.random() < 0.7 else rng.choice(legal)
        quick.apply(action)
        slow.apply(str(action), seat=slow.to_move)
        assert quick.to_json() == slow.to_json()
        assert (quick.phase, quick.to_move, quick.hands) == (slow.phase, slow.to_move, slow.hands)
    assert slow.is_over and quick.result == slow.result


@pytest.mark.parametrize("variant", VARIANTS)
def test_actions_and_their_texts_play_the_same_hands(variant: str) -> None:
    for seed in range(150):
        _random_twins(variant, seed)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_quick_path_refuses_what_the_long_way_refuses(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    rng = Random(7)
    checked = 0
    for seed in range(40):
        state = cl.HandState.new(rules, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            offered = {str(a) for a in legal}
            wrong = [
                a
                for a in [
                    cl.Action.pass_(),
                    *bid_lists(rules)[1][0],
                    *(cl.Action.play(cl.Card.from_index(i)) for i in rules.deck_indices),
                ]
                if str(a) not in offered
            ]
            for action in rng.sample(wrong, min(3, len(wrong))):
                before = state.to_json()
                with pytest.raises(cl.IllegalActionError):
                    state.apply(action)
                with pytest.raises(cl.IllegalActionError):
                    state.apply(str(action))
                assert state.to_json() == before
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 500


def test_an_action_sent_to_another_process_is_found_in_the_ladder() -> None:
    # Actions keep their hash; texts hash differently in each process, so one that travels by pickle
    # (to a bid-odds worker) must work its hash out again, or the ladder's dict would not know it.
    sent = pickle.dumps([cl.Action.parse("bid 6H"), cl.Action.parse("bid 4 nt"), cl.Action.parse("play JD")])
    script = (
        "import pickle, sys, charlemagne_learn as cl\n"
        "bids = pickle.loads(sys.stdin.buffer.read())\n"
        "from charlemagne_learn.engine.bidding import bid_levels\n"
        "levels = bid_levels(cl.Rules.preset('bid_euchre'))\n"
        "print(levels[bids[0]], levels[bids[1]], bids[2] == cl.Action.play('JD'), len({*bids, *bids}))\n"
    )
    levels = bid_levels(cl.Rules.preset("bid_euchre"))
    expected = [str(levels[cl.Action.parse("bid 6H")]), str(levels[cl.Action.parse("bid 4 nt")]), "True", "3"]
    assert in_other_processes(script, sent) == [expected, expected]
