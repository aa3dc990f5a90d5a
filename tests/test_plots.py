"""The teaching plots: each runs for every variant it supports, returns a Figure, labels its axes, and is
readable without colour."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from matplotlib.figure import Figure

import charlemagne_learn as cl
from charlemagne_learn.analysis.stats import load_dataset
from charlemagne_learn.engine.errors import RulesOptionError
from charlemagne_learn.teach import (
    OKABE_ITO,
    plot_bid_odds,
    plot_expected_points,
    plot_make_chance,
    plot_perfect_vs_bots,
    plot_special_bids,
)

VARIANTS = ("canadian", "american", "maine", "bid_euchre")

PLOTS: list[tuple[str, Callable[[str], Figure], tuple[str, ...]]] = [
    ("make_chance by trumps", lambda v: plot_make_chance(v, by="trumps"), VARIANTS),
    ("make_chance by jacks", lambda v: plot_make_chance(v, by="jacks"), VARIANTS),
    ("make_chance by jokers", lambda v: plot_make_chance(v, by="jokers"), ("canadian",)),
    ("special_bids", plot_special_bids, ("canadian", "american", "maine")),
    ("special_bids by jokers", lambda v: plot_special_bids(v, by="jokers"), ("canadian",)),
    ("expected_points", plot_expected_points, VARIANTS),
    ("perfect_vs_bots", plot_perfect_vs_bots, VARIANTS),
]
CASES = [pytest.param(make, v, id=f"{name}-{v}") for name, make, variants in PLOTS for v in variants]


def check_figure(fig: Figure) -> None:
    assert isinstance(fig, Figure)
    assert fig.axes
    for ax in fig.axes:
        assert ax.get_title(), "every plot has a title"
        assert ax.get_xlabel() and ax.get_ylabel(), "every axis is labelled"
    assert any(ax.get_legend() is not None for ax in fig.axes), "the series are named in a legend"
    captions = [t.get_text() for t in fig.texts]
    assert any("deals" in c for c in captions), "a caption says what the data is"
    fig.savefig(io.BytesIO(), format="png", dpi=30)  # lays out and draws without error


@pytest.mark.parametrize(("make", "variant"), CASES)
def test_every_plot_runs_and_labels_its_axes(make: Callable[[str], Figure], variant: str) -> None:
    check_figure(make(variant))


def test_plots_take_a_loaded_dataset_too() -> None:
    data = load_dataset("american")
    fig = plot_make_chance(data, bids=["6", "7"])
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == [
        "bid 6 (take 6 or more)",
        "bid 7 (take 7 or more)",
    ]


def test_series_differ_by_more_than_colour() -> None:
    for fig in (plot_make_chance("canadian"), plot_special_bids("canadian")):
        lines = [series.lines[0] for series in fig.axes[-1].containers]  # each series is drawn as an errorbar
        assert len(lines) >= 4
        assert len({line.get_marker() for line in lines}) == len(lines)
        assert {line.get_color() for line in lines} <= set(OKABE_ITO)


def test_bid_odds_plot() -> None:
    odds = cl.bid_odds(cl.Rules.preset("canadian"), "RJ JH JD AH 9H AS 7C 8C", samples=6, workers=1)
    fig = plot_bid_odds(odds)
    check_figure(fig)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[0] == "bid 5" and "Gros Charlemagne" in labels
    assert "6 random deals" in fig.texts[0].get_text()


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(RulesOptionError, match="by='x' is not allowed"):
        plot_make_chance("canadian", by="x")  # type: ignore[arg-type]
    with pytest.raises(RulesOptionError, match="has no jokers"):
        plot_make_chance("american", by="jokers")
    with pytest.raises(RulesOptionError, match="not a numeric bid"):
        plot_make_chance("canadian", bids=["mulot"])
    with pytest.raises(RulesOptionError, match="no bids above the numbers"):
        plot_special_bids("bid_euchre")
    with pytest.raises(RulesOptionError, match="by='trumps' is not allowed"):
        plot_special_bids("canadian", by="trumps")  # type: ignore[arg-type]
    with pytest.raises(RulesOptionError, match="unknown variant"):
        plot_expected_points("whist")
    with pytest.raises(RulesOptionError, match="variant name"):
        plot_perfect_vs_bots(42)  # type: ignore[arg-type]
    with pytest.raises(RulesOptionError, match="bid_odds"):
        plot_bid_odds("RJ BJ")  # type: ignore[arg-type]
    assert issubclass(RulesOptionError, ValueError)
