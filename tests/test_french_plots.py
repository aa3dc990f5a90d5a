"""The statistics plots in French: every text a figure draws (titles, axis labels, tick labels, legends,
annotations, captions) over every variant, numbers in French form; English unchanged; the course followed."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

import charlemagne_learn as cl
from charlemagne_learn.teach import plots

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

french_course = _french.french_course

VARIANTS = ["canadian", "american", "maine", "bid_euchre"]


def _texts(fig: Figure) -> list[str]:
    FigureCanvasAgg(fig).draw()  # tick labels exist once the figure is drawn
    return [t.get_text() for t in fig.findobj(Text) if t.get_text()]


def _figures(variant: str, lang: str | None) -> dict[str, Callable[[], Figure]]:
    figures: dict[str, Callable[[], Figure]] = {
        "make_chance": lambda: plots.plot_make_chance(variant, by="trumps", lang=lang),
        "make_chance_jacks": lambda: plots.plot_make_chance(variant, by="jacks", lang=lang),
        "expected_points": lambda: plots.plot_expected_points(variant, lang=lang),
        "perfect_vs_bots": lambda: plots.plot_perfect_vs_bots(variant, lang=lang),
        "count_rule": lambda: plots.plot_count_rule(variant, lang=lang),
        "game_chance": lambda: plots.plot_game_chance(variant, lang=lang),
    }
    if variant != "bid_euchre":
        figures["special_bids"] = lambda: plots.plot_special_bids(variant, lang=lang)
    if variant == "canadian":
        figures["make_chance_jokers"] = lambda: plots.plot_make_chance(variant, by="jokers", lang=lang)
        figures["special_jokers"] = lambda: plots.plot_special_bids(variant, by="jokers", lang=lang)
    return figures


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_text_of_every_plot_is_french(variant: str) -> None:
    for name, make in _figures(variant, "fr").items():
        texts = _texts(make())
        english = {t: _french.english_words_in(t) for t in texts if _french.english_words_in(t)}
        assert english == {}, (name, english)
        percents = [t for t in texts if t.endswith("%") and t[:-1].strip().replace(",", "").isdigit()]
        assert all(t.endswith("\u202f%") for t in percents), (name, percents)  # "50 %", not "50%"
        assert not any("." in t and t.replace(".", "").isdigit() for t in texts), name  # decimal commas


def test_one_hand_s_odds_plot_is_french() -> None:
    odds = cl.bid_odds("canadian", "RJ BJ JH JD AH KH AS AC", samples=8, workers=1)
    texts = _texts(plots.plot_bid_odds(odds, lang="fr"))
    assert not set().union(*map(_french.english_words_in, texts)), texts
    assert any(t.startswith("Charlemagne canadien : les chances de Nord") for t in texts)
    assert any("pts espérés" in t and "," in t for t in texts)


def test_english_plots_are_unchanged() -> None:
    fig = plots.plot_make_chance("canadian", by="jokers", lang="en")
    assert fig.axes[0].get_xlabel() == "jokers held"
    assert fig.axes[0].get_ylabel() == "chance of making the bid (% of hands)"
    assert plots.plot_count_rule("canadian").axes[0].get_xlabel().startswith("the count: trumps + top trumps")
    assert "50%" in _texts(plots.plot_perfect_vs_bots("canadian"))


def test_plots_follow_the_course_s_language(french_course: None) -> None:
    fig = plots.plot_special_bids("canadian")
    assert fig.axes[0].get_title() == "Combien de fois chaque enchère peut être réussie"


def test_a_refused_plot_says_why_in_french(french_course: None) -> None:
    refusal = _french.refusal(lambda: plots.plot_make_chance("american", by="jokers"))
    assert refusal.startswith("Charlemagne américain : pas de jokers") and not _french.english_words_in(refusal)
