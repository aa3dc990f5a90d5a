"""A game set up to teach its end: started from a given score, with chosen deals, played on, saved and replayed
exactly as the game that reached that score by play."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis.bots import RandomBot
from charlemagne_learn.engine.game import FORMAT, FORMAT_PREPARED, SCORE_LIMIT

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

french_course = _french.french_course

VARIANTS = ["canadian", "american", "maine", "bid_euchre"]
# South to bid first (East deals) holding both jokers and both red jacks: the deal of "28–30, what do you bid?"
LATE_DEAL = {
    "N": "7C 8C 9C 7D 8D 9D 7S 8S",
    "E": "10C JC QC 10D QD 10S JS QS",
    "S": "RJ BJ JH JD AH KH QH AS",
    "W": "KC AC KD AD KS 7H 8H 9H",
}
LATE_KITTY = "9S 10H"


def play_randomly(game: cl.Game, seed: int, max_hands: int = 80) -> list[str]:
    """Random legal actions (passing often, so games take several hands) until the game ends; the actions."""
    rng = random.Random(seed)
    taken = []
    while not game.is_over and len(game.finished) < max_hands:
        legal = game.legal_actions()
        passes = [a for a in legal if a.kind == "pass"]
        action = passes[0] if passes and rng.random() < 0.5 else rng.choice(legal)
        game.apply(action)
        taken.append(str(action))
    return taken


def late_hand() -> cl.HandState:
    return cl.HandState.new("canadian", "E", hands=LATE_DEAL, kitty=LATE_KITTY)


def late_deal_record() -> dict[str, str]:
    return json.loads(late_hand().to_json())["deal"]  # type: ignore[no-any-return]


def deal_of(hand: cl.HandState) -> dict[str, str]:
    """The cards a hand was dealt, as ``hands=`` takes them, with its kitty."""
    record = json.loads(hand.to_json())["deal"]
    return {seat: record[seat] for seat in "NESW"} | {"kitty": record.get("kitty", "")}


# ---------------------------------------------------------------- starting from a score
def test_a_game_starts_from_the_score_given() -> None:
    game = cl.Game("canadian", first_dealer="E", scores={"EW": 30, "NS": 28})
    assert game.scores == game.starting_scores == {"NS": 28, "EW": 30}
    assert list(game.scores) == ["NS", "EW"]
    assert repr(game) == "<Game Canadian Charlemagne: NS 28, EW 30, hand 1>"
    # the next 6 made wins it for North–South: the score and the win rule go on from there
    game.deal(hands=LATE_DEAL, kitty=LATE_KITTY)
    game.apply("bid 6")
    for _ in range(3):
        game.apply("pass")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    result = game.finished[-1].result
    assert result is not None and len(game.finished) == 1
    assert game.scores == {"NS": 28 + result.points["NS"], "EW": 30 + result.points["EW"]}
    assert game.winner == ("NS" if result.made else "EW")  # a failed 6 gives East–West 6: 36


@pytest.mark.parametrize(
    ("variant", "scores"),
    [
        ("canadian", {"NS": 31, "EW": 0}),
        ("american", {"NS": 20, "EW": 20}),
        ("maine", {"NS": 0, "EW": 31}),
        # Bid Euchre: below 0, and one team past the target that has not won yet (its opponents made their bid)
        ("bid_euchre", {"NS": -12, "EW": 40}),
        ("bid_euchre", {"NS": -SCORE_LIMIT, "EW": SCORE_LIMIT}),
    ],
)
def test_every_score_a_game_can_stand_at_is_allowed(variant: str, scores: dict[str, int]) -> None:
    game = cl.Game(variant, scores=scores)
    assert game.scores == scores and not game.is_over


def test_whole_numbers_of_any_kind_are_read_as_points() -> None:
    game = cl.Game("canadian", scores={"NS": np.int64(28), "EW": np.uint8(30)})  # type: ignore[dict-item]
    assert game.scores == {"NS": 28, "EW": 30}
    assert all(type(points) is int for points in game.scores.values())
    assert json.loads(game.to_json())["scores"] == {"NS": 28, "EW": 30}


@pytest.mark.parametrize(
    ("variant", "scores", "allowed"),
    [
        ("canadian", {"NS": 32, "EW": 0}, "each from 0 to 31: a team with 32 has won the game"),
        ("canadian", {"NS": -1, "EW": 0}, "from 0 to 31"),
        ("american", {"NS": 0, "EW": 21}, "each from 0 to 20: a team with 21 has won the game"),
        ("maine", {"NS": 28}, "from 0 to 31"),
        ("maine", {"NS": 28, "EW": 30, "N": 1}, "from 0 to 31"),
        ("canadian", {"NS": 28, "ew": 30}, "from 0 to 31"),
        ("canadian", {"NS": 28.0, "EW": 30}, "whole numbers"),
        ("canadian", {"NS": True, "EW": 30}, "whole numbers"),
        ("canadian", {"NS": "28", "EW": 30}, "whole numbers"),
        ("canadian", {"NS": None, "EW": 30}, "whole numbers"),
        ("canadian", [("NS", 28), ("EW", 30)], "like scores={'NS': 28, 'EW': 30}"),
        ("canadian", 28, "like scores={'NS': 28, 'EW': 30}"),
        ("bid_euchre", {"NS": 32, "EW": 35}, "at most one of them 32 or more"),
        ("bid_euchre", {"NS": SCORE_LIMIT + 1, "EW": 0}, f"each from -{SCORE_LIMIT} to {SCORE_LIMIT}"),
        ("bid_euchre", {"NS": 0, "EW": -SCORE_LIMIT - 1}, f"each from -{SCORE_LIMIT} to {SCORE_LIMIT}"),
    ],
)
def test_a_score_no_game_can_stand_at_is_refused_saying_what_is_allowed(
    variant: str, scores: object, allowed: str
) -> None:
    with pytest.raises(cl.RulesOptionError) as info:
        cl.Game(variant, scores=scores)  # type: ignore[arg-type]
    assert str(info.value).startswith(f"scores={scores!r} is not allowed; give both teams' points as whole numbers")
    assert allowed in str(info.value)
    with pytest.raises(cl.RulesOptionError, match=r"^scores="):
        cl.play_game(cl.Rules.preset(variant), [RandomBot(s) for s in range(4)], scores=scores)  # type: ignore[arg-type]


def test_the_refusals_of_a_score_and_a_deal_read_in_french(french_course: None) -> None:
    text = _french.refusal(lambda: cl.Game("american", scores={"NS": 21, "EW": 0}))
    assert text.startswith("`scores={'NS': 21, 'EW': 0}` n'est pas permis ; donnez les points des deux équipes")
    assert "chacun de 0 à 20 : une équipe qui a 21 points a gagné la partie" in text
    assert not _french.english_words_in(text), text
    text = _french.refusal(lambda: cl.Game("bid_euchre", scores={"NS": 40, "EW": 33}))
    assert "dont au plus un de 32 ou plus" in text
    assert not _french.english_words_in(text), text
    game = cl.Game("canadian")
    game.apply("pass")
    text = _french.refusal(lambda: game.deal(seed=1))
    assert text.startswith("une donne ne remplace qu'une donne pas encore commencée : la donne 1 a commencé")
    assert not _french.english_words_in(text), text
    text = _french.refusal(lambda: cl.Game.from_json(json.dumps(_prepared_record() | {"deals": {"1": {"x": 1}}})))
    assert "une donne d'un enregistrement est" in text
    assert not _french.english_words_in(text), text


def test_bid_euchre_from_past_the_target_wins_only_by_making_the_bid_or_setting_the_opponents() -> None:
    # East–West, at 40, have not won: they win the first hand in which they make their bid or set North–South's,
    # and North–South, at 10, cannot reach 32 in one hand.
    outcomes = set()
    for seed in range(16):
        game = cl.Game("bid_euchre", first_dealer="NESW"[seed % 4], seed=seed, scores={"NS": 10, "EW": 40})
        rng = random.Random(seed)
        while not game.finished:
            legal = game.legal_actions()
            # the first bidder opens, the others pass; the cards at random
            bidding = game.hand.phase is cl.Phase.BIDDING
            if not bidding:
                game.apply(rng.choice(legal))
            elif game.hand.bid is None:
                game.apply(
                    legal[1] if seed // 4 % 2 else legal[-1]
                )  # the lowest bid (1 trick) or the highest (6 no-trump)
            else:
                game.apply("pass")
        result = game.finished[-1].result
        assert result is not None and result.contract is not None
        ew_won_it = (result.contract.team == "EW") == result.made
        assert game.winner == ("EW" if ew_won_it else None)
        outcomes.add((result.contract.team, result.made))
    assert len(outcomes) >= 3  # both teams bid, and bids made and set, among these deals


# ---------------------------------------------------------------- a chosen deal
def test_a_chosen_deal_is_the_hand_in_play_and_the_hands_after_it_are_dealt_as_before() -> None:
    plain = cl.Game("canadian", first_dealer="E", seed=4)
    game = cl.Game("canadian", first_dealer="E", seed=4, hands=LATE_DEAL, kitty=LATE_KITTY)
    assert game.hand.dealer == cl.Seat.E and game.hand.to_move == cl.Seat.S
    assert game.hand.hands == late_hand().hands
    for g in (plain, game):
        for _ in range(4):
            g.apply("pass")  # thrown in: the deal passes to South
    assert game.hand.to_json() == plain.hand.to_json()


def test_a_deal_replaces_only_a_hand_not_yet_begun_and_a_refusal_changes_nothing() -> None:
    game = cl.Game("american", first_dealer="S", seed=9)
    game.deal(seed=42)
    assert game.hand.to_json() == cl.HandState.new("american", "S", seed=42).to_json()
    game.apply("pass")
    before = game.to_json()
    with pytest.raises(cl.IllegalActionError, match=r"^a deal replaces only a hand not yet begun: hand 1 has begun"):
        game.deal(hands=LATE_DEAL)
    for bad in (
        lambda: game.deal(),  # neither a seed nor hands
        lambda: game.deal(seed=1, hands=LATE_DEAL),
        lambda: game.deal(seed=-1),
        lambda: game.deal(hands={"N": "JH"}),
    ):
        with pytest.raises(cl.CharlemagneError):
            bad()
        assert game.to_json() == before
    game.undo()  # back before the first action: the hand may be dealt again
    game.deal(seed=43)
    assert game.hand.to_json() == cl.HandState.new("american", "S", seed=43).to_json()
    with pytest.raises(cl.CharlemagneError, match="seed"):
        cl.Game("canadian", kitty="9S 10H")  # a kitty alone is no deal


def test_a_deal_given_as_hands_must_be_a_whole_deal_of_the_variant() -> None:
    game = cl.Game("american", seed=1)
    before = game.to_json()
    with pytest.raises(cl.CharlemagneError, match="not in the American Charlemagne deck: RJ BJ"):
        game.deal(hands=LATE_DEAL, kitty=LATE_KITTY)
    assert game.to_json() == before


def test_a_later_hand_can_be_dealt_once_the_one_before_is_over_but_not_after_the_game() -> None:
    game = cl.Game("canadian", first_dealer="N", seed=2)
    for _ in range(4):
        game.apply("pass")
    game.deal(hands=LATE_DEAL, kitty=LATE_KITTY)  # hand 2, dealt by East
    assert game.hand.dealer == cl.Seat.E and game.hand.hands == late_hand().hands
    record = json.loads(game.to_json())
    assert record["deals"] == {"2": late_deal_record()}
    # undone into hand 1 and played again, the chosen deal is still hand 2's
    game.undo()
    game.apply("pass")
    assert game.hand.hands == late_hand().hands
    over = cl.Game("maine", seed=1)
    while not over.is_over:
        over.apply(over.legal_actions()[-1])
    with pytest.raises(cl.IllegalActionError, match="the game is over"):
        over.deal(seed=1)


# ---------------------------------------------------------------- the same game as one played to that score
@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_set_up_at_any_hand_of_a_played_game_ends_exactly_as_it_did(variant: str) -> None:
    # Bid Euchre's random games wander below 0 for long: a shorter one there
    rules = cl.Rules.preset(variant, target=10) if variant == "bid_euchre" else cl.Rules.preset(variant)
    played = cl.Game(rules, first_dealer="W", seed=17)
    actions = play_randomly(played, seed=17)
    assert played.is_over
    hands = played.finished
    first_action = 0
    for k, start in enumerate(hands):
        scores = {t: played.starting_scores[t] + sum(h.result.points[t] for h in hands[:k]) for t in ("NS", "EW")}  # type: ignore[union-attr]
        setup = cl.Game(rules, first_dealer=start.dealer, seed=k, scores=scores, **_hands_and_kitty(start))
        for number, hand in enumerate(hands[k:]):
            if number:
                setup.deal(**_hands_and_kitty(hand))
            for _, action in hand.history:
                setup.apply(action)
        assert setup.is_over and setup.winner == played.winner and setup.scores == played.scores
        assert [h.to_json() for h in setup.finished] == [h.to_json() for h in hands[k:]]
        assert [str(a) for a in setup.actions] == actions[first_action:]
        first_action += len(start.history)
        replay = cl.Game.from_json(setup.to_json())
        assert replay.to_json() == setup.to_json() and replay.winner == played.winner


def _hands_and_kitty(hand: cl.HandState) -> dict[str, object]:
    deal = deal_of(hand)
    return {"hands": {seat: deal[seat] for seat in "NESW"}, "kitty": deal["kitty"]}


@st.composite
def _setups(draw: st.DrawFn) -> tuple[str, dict[str, int], int, int, bool]:
    variant = draw(st.sampled_from(VARIANTS))
    rules = cl.Rules.preset(variant)
    if rules.win_rule == "bid_euchre":
        low, high = -60, 60
        ns = draw(st.integers(low, high))
        ew = draw(st.integers(low, high if ns < rules.target else rules.target - 1))
    else:
        ns, ew = (draw(st.integers(0, rules.target - 1)) for _ in range(2))
    return (
        variant,
        {"NS": ns, "EW": ew},
        draw(st.integers(0, 2**64 - 1)),
        draw(st.integers(0, 2**20)),
        draw(st.booleans()),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_setups(), st.sampled_from("NESW"))
def test_any_starting_score_and_deal_round_trips_and_plays_to_the_same_result(
    setup: tuple[str, dict[str, int], int, int, bool], dealer: str
) -> None:
    variant, scores, deal_seed, play_seed, as_hands = setup
    game = cl.Game(variant, first_dealer=dealer, seed=play_seed, scores=scores)
    dealt = cl.HandState.new(variant, dealer, deal_seed)
    if as_hands:
        game.deal(**_hands_and_kitty(dealt))
    else:
        game.deal(seed=deal_seed)
    assert game.hand.to_json() == dealt.to_json()
    at_start = cl.Game.from_json(game.to_json())
    assert at_start.to_json() == game.to_json() and at_start.scores == scores
    actions = play_randomly(game, seed=play_seed, max_hands=12)
    record = game.to_json()
    assert json.loads(record)["format"] == FORMAT_PREPARED
    replay = cl.Game.from_json(record)
    assert replay.to_json() == record
    assert (replay.scores, replay.winner, replay.is_over) == (game.scores, game.winner, game.is_over)
    assert [h.to_json() for h in replay.finished] == [h.to_json() for h in game.finished]
    # the same actions from the record's start give the same game, and so does undoing the last one and redoing it
    for action in actions:
        at_start.apply(action)
    assert at_start.to_json() == record
    if actions:
        last = replay.undo()
        replay.apply(last)
        assert replay.to_json() == record


# ---------------------------------------------------------------- records
def test_a_plain_game_keeps_its_record_and_old_records_still_load() -> None:
    game = cl.Game("canadian", first_dealer="E", seed=3)
    game.apply("pass")
    record = json.loads(game.to_json())
    assert record["format"] == FORMAT and "scores" not in record and "deals" not in record
    old = json.dumps({"format": FORMAT, "rules": record["rules"], "first_dealer": "E", "seed": 3, "actions": ["pass"]})
    loaded = cl.Game.from_json(old)
    assert loaded.scores == loaded.starting_scores == {"NS": 0, "EW": 0}
    assert loaded.to_json() == game.to_json()


def test_a_record_says_the_starting_score_and_the_deals() -> None:
    game = cl.Game("canadian", first_dealer="E", seed=5, scores={"NS": 28, "EW": 30}, hands=LATE_DEAL, kitty="10H 9S")
    game.apply("bid 6")
    record = json.loads(game.to_json())
    assert record["format"] == FORMAT_PREPARED
    assert record["scores"] == {"NS": 28, "EW": 30}
    assert record["deals"] == {"1": late_deal_record()}  # written as a hand's record writes its deal
    assert record["actions"] == ["bid 6"]
    seeded = cl.Game("canadian", scores={"NS": 0, "EW": 1})
    seeded.deal(seed=2**64 - 1)
    assert json.loads(seeded.to_json())["deals"] == {"1": {"seed": 2**64 - 1}}
    assert cl.Game.from_json(seeded.to_json()).hand.to_json() == seeded.hand.to_json()


def _prepared_record() -> dict[str, object]:
    game = cl.Game("canadian", first_dealer="E", scores={"NS": 28, "EW": 30}, hands=LATE_DEAL, kitty=LATE_KITTY)
    return json.loads(game.to_json())  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"scores": {"NS": 32, "EW": 0}}, "not a valid record: scores={'NS': 32, 'EW': 0} is not allowed"),
        ({"scores": [28, 30]}, "not a valid record: scores=[28, 30] is not allowed"),
        ({"deals": []}, "not a valid record: a record's deal is"),
        ({"deals": {"0": {"seed": 1}}}, "numbered by hand (1, 2, …), not '0'"),
        ({"deals": {"01": {"seed": 1}}}, "not '01'"),
        ({"deals": {"x": {"seed": 1}}}, "not 'x'"),
        ({"deals": {"1": {"seed": -1}}}, "not a valid record: seed=-1 is not allowed"),
        ({"deals": {"1": {"seed": 1, "N": "JH"}}}, 'a record\'s deal is {"seed": n}'),
        ({"deals": {"1": "7C 8C"}}, "a record's deal is"),
        ({"deals": {"1": LATE_DEAL}}, "a record's deal is"),  # no kitty
        ({"deals": {"1": LATE_DEAL | {"kitty": 5}}}, "a record's deal is"),
        ({"deals": {"3": LATE_DEAL | {"kitty": "9S 9S"}}}, "not a valid record"),  # checked though hand 3 is far off
        ({"format": "charlemagne_learn.engine.game/3"}, "not a record of format 'charlemagne_learn.engine.game/2'"),
    ],
)
def test_a_tampered_record_is_refused_saying_why(change: dict[str, object], says: str) -> None:
    record = _prepared_record() | change
    with pytest.raises(cl.IllegalActionError) as info:
        cl.Game.from_json(json.dumps(record))
    assert says in str(info.value)


def test_the_score_sheet_starts_from_the_starting_score() -> None:
    game = cl.Game("american", seed=3, scores={"NS": 15, "EW": 19})
    play_randomly(game, seed=3)
    html = game._repr_html_()
    assert "<tr><td></td><td></td><td colspan='2'>score at the start</td><td>15</td><td>19</td></tr>" in html
    assert html.count("<tr>") == len(game.finished) + 2
    assert f"<td>{game.scores['NS']}</td><td>{game.scores['EW']}</td></tr></table>" in html
    assert "score at the start" not in cl.Game("american", seed=3)._repr_html_()


# ---------------------------------------------------------------- bots and the play table
def test_bots_play_a_game_on_from_a_score() -> None:
    bots = [RandomBot(s) for s in range(4)]
    game = cl.play_game(cl.Rules.preset("american"), bots, seed=6, scores={"NS": 20, "EW": 20})
    assert game.starting_scores == {"NS": 20, "EW": 20} and game.is_over
    assert len([h for h in game.finished if not h.result.passed_out]) == 1  # type: ignore[union-attr]


def test_the_play_table_can_start_at_the_end_of_a_game() -> None:
    from charlemagne_learn.widgets import PlayTable

    table = PlayTable("canadian", "S", seed=1, scores={"NS": 28, "EW": 30}, grade_moves=False, hints=False)
    assert table.game.scores == {"NS": 28, "EW": 30}
    assert table.status.endswith("game to 32 · NS 28 – EW 30")
    assert repr(table).endswith("NS 28 – EW 30)")
    with pytest.raises(cl.RulesOptionError, match=r"^scores=\{'NS': 32, 'EW': 30\} is not allowed"):
        PlayTable("canadian", "S", scores={"NS": 32, "EW": 30})
