"""Bid odds: the model of each bid, determinism, confidence intervals and clear errors."""

from __future__ import annotations

import math

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis.odds import _sample, deal_outcomes, wilson_interval
from charlemagne_learn.engine.deal import deal_hands, mask_of

CANADIAN = cl.Rules.preset("canadian")
MIDDLING = "JS JC AS KS 9S AH 7D 8C"


def odds(hand: str, rules: cl.Rules = CANADIAN, **kw: object) -> cl.BidOdds:
    kw.setdefault("samples", 30)
    kw.setdefault("workers", 1)
    return cl.bid_odds(rules, hand, **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the confidence interval
@pytest.mark.parametrize(
    ("k", "n", "low", "high"), [(50, 100, 0.4038, 0.5962), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0)]
)
def test_wilson_interval_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(k, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_interval_narrows_with_more_samples_and_contains_the_estimate() -> None:
    widths = []
    for n in (20, 200, 2000):
        lo, hi = wilson_interval(n // 4, n)
        assert lo < 0.25 < hi
        widths.append(hi - lo)
    assert widths == sorted(widths, reverse=True)
    # roughly 1/sqrt(n): ten times the samples, about a third of the width
    assert math.isclose(widths[1] / widths[2], math.sqrt(10), rel_tol=0.1)


# ---------------------------------------------------------------- what each bid means
def test_rows_follow_the_bid_ladder_of_every_variant() -> None:
    for variant, hand in [
        ("canadian", MIDDLING),
        ("american", MIDDLING),
        ("maine", MIDDLING),
        ("bid_euchre", "JS JC AS KS 9S AH"),
    ]:
        rules = cl.Rules.preset(variant)
        result = odds(hand, rules, samples=6)
        assert [c.bid for c in result] == [b.name for b in rules.bids]
        for chance in result:
            assert 0 <= chance.made <= chance.samples == 6
            low, high = chance.interval
            assert low <= chance.probability <= high


def test_top_eight_trumps_make_charlemagne_every_time() -> None:
    result = odds("RJ BJ JH JD AH KH QH 10H", samples=60)
    for bid in ("5", "8", "charlemagne", "gros_charlemagne"):
        assert result[bid].probability == 1.0
    assert result["charlemagne"].interval[0] > 0.9
    assert result["charles"] is result["charlemagne"]  # aliases find the same row


def test_the_high_joker_can_never_make_mulot() -> None:
    # In Mulot the jokers are the only trumps and the high joker wins any trick it is played to.
    result = odds("RJ 7C 7D 7H 7S 8C 8D 8H", samples=40)
    assert result["mulot"].made == 0 and result["gros_mulot"].made == 0
    assert result["mulot"].expected_points == -7 and result["gros_mulot"].expected_points == -15


def test_a_hand_of_sevens_and_eights_often_makes_mulot() -> None:
    assert odds("7C 7D 7H 7S 8C 8D 8H 8S", samples=40)["mulot"].probability > 0.5


def test_rows_agree_with_solving_each_sample_one_by_one() -> None:
    """Count each bid's successes from :func:`deal_outcomes` on the very deals bid_odds draws."""
    rules, n, seed = CANADIAN, 12, 5
    hand = mask_of(cl.parse_cards(MIDDLING))
    result = odds(MIDDLING, samples=n, seed=seed)
    per_way: dict[str, list[int]] = {}
    for i in range(n):
        hands, kitty = _sample(rules, hand, 0, seed, i)
        for bid, ways in deal_outcomes(rules, hands, kitty, "N").items():
            counts = per_way.setdefault(bid, [0] * len(ways))
            for k, (_, _, made) in enumerate(ways):
                counts[k] += made
    for chance in result:
        assert chance.made == max(per_way[chance.bid]), chance.bid
    # Gros Charlemagne weighs two ways to play it (kitty or partner's card) and keeps the better one
    assert len(per_way["gros_charlemagne"]) == 2


def test_numeric_bids_are_nested_and_points_follow_the_score_table() -> None:
    result = odds(MIDDLING, samples=40)
    made = [result[b].made for b in ("5", "6", "7", "8")]
    assert made == sorted(made, reverse=True)
    for level in (5, 6, 7, 8):
        p = result[str(level)].probability
        assert result[str(level)].expected_points == pytest.approx(level * p - level * (1 - p))


def test_the_left_hand_opponent_leads_a_canadian_numeric_bid() -> None:
    # North bids; East (on North's left) leads. Seeded full deal, checked against the solver directly.
    rules = CANADIAN
    hands, kitty = deal_hands(rules, cl.Seat.W, seed=11)
    ways = deal_outcomes(rules, hands, kitty, "N")["5"]
    how, tricks, _ = ways[0]
    assert "kitty" in how
    from charlemagne_learn.analysis.evaluate import best_trump

    bidder = hands[0] | kitty
    trump, out = best_trump(rules, bidder, 2)
    contract = cl.Contract(rules, "5", "N", trump)
    in_play = {cl.Seat(s): cl.engine.deal.cards_of(h) for s, h in enumerate([bidder & ~out, *hands[1:]])}
    assert tricks == cl.double_dummy(contract, in_play, "E")


def test_american_trump_is_chosen_once_per_hand() -> None:
    result = odds(MIDDLING, cl.Rules.preset("american"), samples=20)
    assert result["5"].how.startswith("trump ")
    assert result["no_trump"].how == ""


def test_maine_charlemagne_may_be_played_alone_and_decides_the_game() -> None:
    result = odds("9H JH JD AH KH QH AS AC", cl.Rules.preset("maine"), samples=20)
    assert result["charlemagne"].expected_points is None
    assert result["charlemagne"].probability == 1.0


# ---------------------------------------------------------------- perfect and realistic play
def test_bots_and_double_dummy_are_both_deterministic_and_can_differ() -> None:
    dd = odds(MIDDLING, samples=40, seed=3)
    bots = odds(MIDDLING, samples=40, seed=3, method="bots")
    assert bots == odds(MIDDLING, samples=40, seed=3, method="bots")
    assert [c.made for c in dd] != [c.made for c in bots]


def test_same_seed_same_numbers_with_any_number_of_processes() -> None:
    one = odds(MIDDLING, samples=24, seed=9)
    two = odds(MIDDLING, samples=24, seed=9, workers=2)
    assert one == two
    assert [c.made for c in one] != [c.made for c in odds(MIDDLING, samples=24, seed=10)]


def test_progress_hears_about_every_chunk_and_ends_at_the_total() -> None:
    seen: list[tuple[int, int]] = []
    odds(MIDDLING, samples=23, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (23, 23)
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})


def test_html_shows_every_bid_with_its_interval() -> None:
    result = odds(MIDDLING, samples=10)
    html = result._repr_html_()
    for chance in result:
        assert chance.label in html
        low, high = chance.interval
        assert f"{low:.0%}–{high:.0%}" in html
    assert repr(result).startswith("<BidOdds Canadian Charlemagne, North holding")


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("kw", "error", "match"),
    [
        ({"hand": "AS KS"}, cl.HandError, "8 different cards"),
        ({"hand": "AS AS KS QS JS 10S 9S 8S"}, cl.HandError, "8 different cards"),
        (
            {"hand": "RJ AS KS QS JS 10S 9S 8S", "rules": cl.Rules.preset("american")},
            cl.HandError,
            "not in the American",
        ),
        ({"samples": 0}, cl.RulesOptionError, "samples=0"),
        ({"seed": -1}, cl.RulesOptionError, "seed=-1"),
        ({"method": "monte"}, cl.RulesOptionError, "'double_dummy' or 'bots'"),
        ({"workers": 0}, cl.RulesOptionError, "workers=0"),
        ({"progress": 3}, cl.RulesOptionError, "progress"),
        ({"seat": "X"}, cl.CardParseError, "not a seat"),
    ],
)
def test_bad_input_is_a_clear_error(kw: dict[str, object], error: type[Exception], match: str) -> None:
    args: dict[str, object] = {"rules": CANADIAN, "hand": MIDDLING, "samples": 2, "workers": 1, **kw}
    with pytest.raises(error, match=match):
        cl.bid_odds(**args)  # type: ignore[arg-type]


def test_without_worker_processes_the_work_is_done_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """JupyterLite has no processes: bid_odds falls back to its own process and gives the same numbers."""
    from charlemagne_learn.analysis import work

    def no_processes(workers: int) -> object:
        raise OSError("no processes here")

    expected = odds(MIDDLING, samples=24, seed=4)
    monkeypatch.setattr(work, "shared_pool", no_processes)
    assert odds(MIDDLING, samples=24, seed=4, workers=2) == expected


def test_results_are_built_by_keyword_only() -> None:
    # Issue 11 item 15: eight fields of like types (counts, seats, names) are easy to pass in the wrong order.
    result = odds(MIDDLING, samples=5)
    chance = result["5"]
    with pytest.raises(TypeError):
        cl.BidChance(chance.bid, chance.label, chance.made, chance.samples, chance.how, None)  # type: ignore[misc]
    with pytest.raises(TypeError):
        cl.BidOdds(  # type: ignore[misc]
            result.rules, result.hand, result.seat, result.dealer, 5, 0, "double_dummy", result.chances
        )
    assert cl.BidChance(**{f: getattr(chance, f) for f in chance.__dataclass_fields__}) == chance
    assert cl.BidOdds(**{f: getattr(result, f) for f in result.__dataclass_fields__}) == result
