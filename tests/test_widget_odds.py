"""BidOddsExplorer from Python: dealing, typing, computing with progress, errors keep the last results."""

from __future__ import annotations

from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine.deal import cards_of, deal_hands
from charlemagne_learn.engine.rng import derive_seed
from charlemagne_learn.widgets.odds import BidOddsExplorer

HAND = "RJ JH JD AH 10H AS KC 9D"


def test_typed_hand_is_computed_with_rows_the_page_draws() -> None:
    x = BidOddsExplorer(hand=HAND, samples=50)
    odds = x.odds
    assert odds is not None and odds.samples == 50 and len(x.rows) == len(odds) == 8
    first = x.rows[0]
    assert first["label"] == "5" and first["low"] <= first["probability"] <= first["high"]
    assert first["text"].endswith("%") and "–" in first["interval"] and x.progress == 1.0 and not x.computing
    assert x.progress_text == "50 of 50 deals"
    assert repr(x) == "BidOddsExplorer(canadian, North holds RJ A♠ A♥ J♥ 10♥ K♣ J♦ 9♦: 8 bids, 50 samples)"


def test_progress_moves_while_computing() -> None:
    x = BidOddsExplorer(hand=HAND, samples=50, auto=False)
    assert x.odds is None and x.rows == [] and "not computed" in repr(x)
    seen: list[float] = []
    x.observe(lambda change: seen.append(change["new"]), names="progress")
    x._on_front_end(x, {"type": "compute"}, [])
    assert seen[0] == 0.0 or seen[0] < 1.0
    assert seen[-1] == 1.0 and len(seen) >= 3 and seen == sorted(seen)


def test_deal_gives_the_next_seeded_hand() -> None:
    rules = cl.Rules.preset("canadian")
    x = BidOddsExplorer(samples=50, seed=4, auto=False)
    assert set(x.hand) == set(cards_of(deal_hands(rules, cl.Seat.W, derive_seed(4, 0))[0][0]))
    x._on_front_end(x, {"type": "deal"}, [])
    # deal n of seed s is derive_seed(s, n): the explorer with seed 5 does not repeat this one's second hand
    assert set(x.hand) == set(cards_of(deal_hands(rules, cl.Seat.W, derive_seed(4, 1))[0][0]))


def test_a_bad_hand_shows_the_engines_error_and_keeps_hand_and_results() -> None:
    x = BidOddsExplorer(hand=HAND, samples=50)
    before, odds = x.hand, x.odds
    x._on_front_end(x, {"type": "compute", "text": "RJ JH JD"}, [])
    assert x.message.startswith("bid odds need the 8 different cards") and x.hand == before and x.odds is odds
    x._on_front_end(x, {"type": "compute", "text": "RJ XX"}, [])
    assert "'XX' is not a card" in x.message and x.rows
    x._on_front_end(x, {"type": "compute", "text": "BJ JS JC AS 10S AH KD 9C"}, [])
    assert x.message == "" and x.odds is not odds and str(x.hand[0]) == "BJ"


def test_samples_and_method_from_python_and_checked() -> None:
    x = BidOddsExplorer(hand=HAND, samples=50, method="bots")
    assert x.odds is not None and x.odds.method == "bots" and "realistic play" in x.caption
    x.samples = 500
    assert x.samples == 500
    with pytest.raises(cl.RulesOptionError, match="samples=0"):
        x.samples = 0
    with pytest.raises(cl.RulesOptionError, match="method='perfect'"):
        x.method = "perfect"


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"hand": "RJ RJ"}, cl.HandError, "8 different cards"),
        ({"samples": -5}, cl.RulesOptionError, "samples"),
        ({"method": "x"}, cl.RulesOptionError, "method"),
        ({"variant": "poker"}, cl.RulesOptionError, "variant"),
        ({"lang": "de"}, cl.RulesOptionError, "lang"),
        ({"seed": -1}, cl.RulesOptionError, "seed"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict[str, Any], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        BidOddsExplorer(**{"samples": 50, "auto": False, **kwargs})


def test_french_and_static_html() -> None:
    x = BidOddsExplorer("bid_euchre", samples=50, lang="fr")
    assert x.words["deal"] == "Donner" and x.caption.startswith("Nord tient")
    bundle = x._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    # the static picture speaks the widget's language too (it was English before the French edition)
    assert "intervalle à 95\u202f%" in data["text/html"] and "95% interval" not in data["text/html"]
    assert data["text/plain"].startswith("BidOddsExplorer(bid_euchre")


def test_the_caption_writes_the_hand_with_its_edition_s_letters() -> None:
    """Lesson 12's explorer under a French hand: its caption, shown as the saved lesson's picture, says V♥ and R♣
    as the cards above it show them; the English one J♥ and K♣."""
    hand = "RJ JH JD AH 10H AS KC 9D"
    french = BidOddsExplorer(hand=hand, samples=4, lang="fr", auto=False)
    assert french.caption == "Nord tient RJ A♠ A♥ V♥ 10♥ R♣ V♦ 9♦"
    assert "J♥" not in french._static_html() and "V♥" in french._static_html()
    assert BidOddsExplorer(hand=hand, samples=4, lang="en", auto=False).caption.startswith("North holds RJ A♠ A♥ J♥")
