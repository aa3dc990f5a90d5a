"""Plots of bidding statistics for the lessons: each function returns a matplotlib ``Figure`` (a :class:`.CourseFigure`);
where matplotlib is missing (the browser-only site, offline), the pictures drawn for the same call when the site was
built, a :class:`~.drawn.DrawnFigure`.

For teachers: every plot reads the dataset of solved random deals shipped with the package (see
:mod:`charlemagne_learn.analysis.stats`); pass a variant name (``"canadian"``, ``"american"``, ``"maine"``,
``"bid_euchre"``) or a dataset you made bigger with ``scripts/bidding_dataset.py`` and read with
``read_dataset``. A figure shows itself in a notebook cell, in the light or dark theme JupyterLab is in (see
:mod:`.figures`); ``fig.savefig("plot.png")`` writes it out as made.

The figures are built without pyplot, so they never pile up in a global state. Colours are the
Okabe–Ito palette, which colour-blind viewers can tell apart, and every series also differs by marker,
line style or hatching and is named in a legend, so the plots read in black and white too. A caption
under each plot says what the data is.

>>> fig = plot_make_chance("canadian", by="jokers")
>>> fig.axes[0].get_xlabel(), fig.axes[0].get_ylabel()
('jokers held', 'chance of making the bid (% of hands)')
"""

from __future__ import annotations

import math
import textwrap
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from ..analysis.equity import equity_table
from ..analysis.odds import BidOdds, wilson_interval
from ..analysis.stats import BiddingDataset, dataset_of
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import Codes, Lang, bid_name, lang_or_current, named, number, say, sentence, word
from ..engine.rules import BidSpec, Rules
from .drawn import drawn_ahead
from .palette import OKABE_ITO

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from .figures import CourseFigure

__all__ = [
    "OKABE_ITO",
    "plot_bid_odds",
    "plot_count_rule",
    "plot_expected_points",
    "plot_game_chance",
    "plot_make_chance",
    "plot_perfect_vs_bots",
    "plot_special_bids",
]

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
_LINES = ("-", "--", "-.", ":")
_HATCHES = ("", "//", "..", "xx")
#: Fewer hands than this in a group and its point is drawn hollow: its estimate is rough.
SMALL_SAMPLE = 30


def _figure(width: float, height: float) -> CourseFigure:
    # matplotlib is imported here, once the arguments are checked: where it is missing, the plot is shown as drawn
    # ahead (drawn_ahead), and bad arguments are still refused as anywhere else
    from .figures import CourseFigure

    return CourseFigure(figsize=(width, height), layout="constrained")


def _caption(fig: CourseFigure, text: str) -> None:
    """A caption under the plot saying what the data is, with room kept for it below the axes."""
    from matplotlib.layout_engine import ConstrainedLayoutEngine

    # wrapped by hand: matplotlib's own wrapping lets centred text run off the left edge
    lines = textwrap.fill(text, int(fig.get_figwidth() * 14))
    fig.text(0.5, 0.012, lines, ha="center", va="bottom", fontsize=8.5, color="#333333")
    bottom = (0.08 + 0.155 * (lines.count("\n") + 1)) / fig.get_figheight()
    engine = fig.get_layout_engine()
    assert isinstance(engine, ConstrainedLayoutEngine)
    engine.set(rect=(0, bottom, 1, 1 - bottom))


def _style(i: int) -> dict[str, object]:
    return {
        "color": OKABE_ITO[i % len(OKABE_ITO)],
        "marker": _MARKERS[i % len(_MARKERS)],
        "linestyle": _LINES[i % len(_LINES)],
    }


def _who(data: BiddingDataset, lang: Lang) -> str:
    return say("plots.who", lang, n=len(data), title=data.rules.named(lang))


def _bid_name(spec: BidSpec, lang: Lang) -> str:
    return say("plots.numeric_bid", lang, label=spec.label) if spec.numbered else bid_name(spec.label, lang)


def _rate_line(
    ax: Axes,
    xs: Sequence[int],
    successes: Mapping[int, int],
    totals: Mapping[int, int],
    i: int,
    label: str,
    dodge: float = 0.0,
) -> float:
    """One series of success rates with 95% Wilson whiskers; groups of few hands get hollow markers.
    Returns the top of the highest whisker (%)."""
    style = _style(i)
    keys = [x for x in xs if totals.get(x, 0) > 0]
    rates = [100 * successes.get(x, 0) / totals[x] for x in keys]
    bounds = [wilson_interval(successes.get(x, 0), totals[x]) for x in keys]
    below = [r - 100 * lo for r, (lo, _) in zip(rates, bounds, strict=True)]
    above = [100 * hi - r for r, (_, hi) in zip(rates, bounds, strict=True)]
    ax.errorbar(
        [x + dodge for x in keys],
        rates,
        yerr=[below, above],
        label=label,
        capsize=3,
        linewidth=1.6,
        markersize=6,
        color=style["color"],
        marker=style["marker"],
        linestyle=style["linestyle"],
    )
    small = [(x + dodge, r) for x, r in zip(keys, rates, strict=True) if totals[x] < SMALL_SAMPLE]
    if small:
        ax.plot(
            [x for x, _ in small],
            [r for _, r in small],
            linestyle="none",
            marker=style["marker"],
            markersize=6,
            markerfacecolor="white",
            markeredgecolor=style["color"],
        )
    return max((100 * hi for _, hi in bounds), default=0.0)


def _count_ticks(ax: Axes, xs: Sequence[int], totals: Mapping[int, int], names: Sequence[str], lang: Lang) -> None:
    """Tick labels that say how many hands each point stands on."""
    ax.set_xticks(list(xs))
    ax.set_xticklabels(
        [say("plots.hands_tick", lang, name=name, n=totals.get(x, 0)) for name, x in zip(names, xs, strict=True)],
        fontsize=8,
    )


def _percent_axis(ax: Axes, label: str, lang: Lang, top: float = 100) -> None:
    """A 0–``top`` % axis (rare bids get a shorter one, so their lines do not hug the floor)."""
    from .figures import percent_formatter

    ax.set_ylim(-0.03 * top, 1.03 * top)
    ax.yaxis.set_major_formatter(percent_formatter(lang))
    ax.set_ylabel(label)
    ax.grid(axis="y", alpha=0.3)


# ---------------------------------------------------------------- chance of making a numeric bid
_BY = ("trumps", "jokers", "jacks")


def _by_label(rules: Rules, by: str, lang: Lang) -> str:
    big, little = (named(b, lang, "role.") for b in rules.bower_names)
    if by == "trumps":
        extra = say("plots.jokers_and_jacks" if rules.jokers else "plots.two_jacks", lang, big=big, little=little)
        return say("plots.by_trumps", lang, extra=extra)
    if by == "jacks":
        return say("plots.by_jacks", lang, big=big, little=little)
    return say("plots.by_jokers", lang)


@drawn_ahead
def plot_make_chance(
    data: str | BiddingDataset = "canadian",
    by: Literal["trumps", "jokers", "jacks"] = "trumps",
    bids: Sequence[str] | None = None,
    *,
    lang: str | None = None,
) -> CourseFigure:
    """The chance of making each numeric bid, against how many trumps, jokers or jacks the bidder holds.

    North names the suit the hand is strongest in (judged from the cards as dealt) and the deal is played
    perfectly (double dummy) with that trump. ``bids`` picks the numeric bids to draw (default: the four
    highest, e.g. 5, 6, 7 and 8 in the Canadian game). Whiskers are 95% confidence intervals; a hollow
    marker stands on fewer than 30 hands, so read it as a rough guide.

    Teaching points: each extra trump adds a lot; an 8 needs most of the trumps; the jokers and jacks
    matter because they are the top trumps. Written in ``lang`` (the course's language by default).
    """
    language = lang_or_current(lang)
    ds = dataset_of(data)
    rules = ds.rules
    if by not in _BY:
        raise RulesOptionError(
            sentence("plots.bad_by", value=quote(by), allowed=Codes(("'trumps'", "'jokers'", "'jacks'"), "or"))
        )
    if by == "jokers" and not rules.jokers:
        raise RulesOptionError(
            sentence("plots.no_jokers", title=rules.named(), other=Codes(("by='trumps'", "by='jacks'"), "or"))
        )
    numeric = ds.numeric_bids
    if bids is not None and (
        not isinstance(bids, (list, tuple)) or not bids or not all(isinstance(b, str) for b in bids)
    ):
        example = repr([b.name for b in numeric[-2:]])
        raise RulesOptionError(sentence("plots.bad_bids", value=quote(bids), example=example))
    chosen = list(numeric[-4:]) if bids is None else [rules.bid(b) for b in bids]
    for spec in chosen:
        if not spec.numbered:
            raise RulesOptionError(
                sentence("plots.not_numeric", label=spec.label, bids=", ".join(b.name for b in numeric))
            )
    held, names = _groups(ds.feature(by), lang=language)
    tricks = ds.feature("tricks")
    totals = Counter(held)
    xs = list(range(len(names)))
    fig = _figure(8, 5.2)
    ax = fig.add_subplot()
    for i, spec in enumerate(chosen):
        made: Counter[int] = Counter()
        for h, t in zip(held, tricks, strict=True):
            made[h] += t >= spec.tricks
        dodge = 0.06 * (i - (len(chosen) - 1) / 2)
        label = say("plots.take_or_more", language, bid=_bid_name(spec, language), n=spec.tricks)
        _rate_line(ax, xs, made, totals, i, label, dodge)
    _count_ticks(ax, xs, totals, names, language)
    _percent_axis(ax, say("plots.make_chance_axis", language), language)
    ax.set_xlabel(_by_label(rules, by, language))
    listed = _or_list([bid_name(s.label, language) for s in chosen], language)
    title = rules.named(language)
    by_word = say(by, language)
    ax.set_title(say("plots.make_chance_title", language, title=title, listed=listed, by=by_word))
    legend_title = say("plots.bid_ns_tricks", language)
    ax.legend(title=legend_title, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8.5)
    exchange = say("plots.after_kitty", language) if rules.kitty_size else ""
    caption = say("plots.make_chance_caption", language, who=_who(ds, language), exchange=exchange, small=SMALL_SAMPLE)
    _caption(fig, caption)
    return fig


def _or_list(items: Sequence[str], lang: Lang) -> str:
    """ "5, 6, 7 or 8" / "5, 6, 7 ou 8"."""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + word("join.or", lang) + items[-1]


# ---------------------------------------------------------------- the special bids
def _groups(values: Sequence[float], span: bool = False, lang: Lang = "en") -> tuple[list[int], list[str]]:
    """Each value's group (0, 1, …, counting whole numbers, rounded down) and the groups' names. Thin ends are
    merged until they hold at least :data:`SMALL_SAMPLE` hands ("1 or fewer", "6 or more"), so no point of a
    plot stands on a handful of hands. ``span``: name groups as ranges ("2–3"), for hand strength."""
    levels = [math.floor(v) for v in values]
    counts = Counter(levels)
    order = sorted(counts)
    lo, hi = 0, len(order) - 1
    while lo < hi and sum(counts[k] for k in order[: lo + 1]) < SMALL_SAMPLE:
        lo += 1
    while hi > lo and sum(counts[k] for k in order[hi:]) < SMALL_SAMPLE:
        hi -= 1
    kept = order[lo : hi + 1]
    names = [f"{k}–{k + 1}" if span else str(k) for k in kept]
    if lo > 0:
        names[0] = say("plots.under", lang, k=kept[0] + 1) if span else say("plots.or_fewer", lang, k=kept[0])
    if hi < len(order) - 1:
        names[-1] = say("plots.or_more", lang, k=kept[-1])
    index = {k: i for i, k in enumerate(kept)}
    return [index[min(max(k, kept[0]), kept[-1])] for k in levels], names


@drawn_ahead
def plot_special_bids(
    data: str | BiddingDataset = "canadian",
    by: Literal["strength", "jokers"] = "strength",
    *,
    lang: str | None = None,
) -> CourseFigure:
    """How often the named bids above the numbers (Mulot, Charlemagne, Le Petit, No Trump, …) are makeable.

    Left: over all deals. Right: against hand strength (a rough count of the tricks the hand takes in its
    best suit, from :func:`~charlemagne_learn.analysis.evaluate.hand_strength`) or against jokers held.
    "Makeable" means the bid succeeds with perfect play when played its best way (the right trump, the
    partner's card, alone or not). Bid Euchre has no such bids.

    Teaching points: Mulot wants a weak hand and Charlemagne a monster; both are rare, which is why
    they score so much.
    """
    language = lang_or_current(lang)
    ds = dataset_of(data)
    rules = ds.rules
    specials = ds.special_bids
    if not specials:
        raise RulesOptionError(sentence("plots.no_specials", title=rules.named()))
    if by not in ("strength", "jokers"):
        raise RulesOptionError(
            sentence("plots.bad_by", value=quote(by), allowed=Codes(("'strength'", "'jokers'"), "or"))
        )
    if by == "jokers" and not rules.jokers:
        raise RulesOptionError(sentence("plots.no_jokers", title=rules.named(), other=Codes(("by='strength'",), "or")))
    fig = _figure(11, 5.2)
    overall, detail = fig.subplots(1, 2, width_ratios=(1, 1.5))
    n = len(ds)
    for i, spec in enumerate(specials):
        made = sum(ds.made(spec.name))
        low, high = wilson_interval(made, n)
        rate = 100 * made / n
        overall.barh(
            i,
            rate,
            color=OKABE_ITO[i % len(OKABE_ITO)],
            hatch=_HATCHES[i % len(_HATCHES)],
            edgecolor="black",
            xerr=[[rate - 100 * low], [100 * high - rate]],
            capsize=3,
        )
        said = say("plots.made_of", language, rate=rate, made=made, n=n)
        overall.text(100 * high + 0.5, i, said, va="center", fontsize=8)
    overall.set_yticks(range(len(specials)))
    overall.set_yticklabels([bid_name(s.label, language) for s in specials])
    overall.invert_yaxis()
    from matplotlib.ticker import MaxNLocator

    from .figures import percent_formatter

    overall.xaxis.set_major_locator(MaxNLocator(5))
    overall.xaxis.set_major_formatter(percent_formatter(language, decimals=0))
    right = max(100 * wilson_interval(sum(ds.made(s.name)), n)[1] for s in specials)
    overall.set_xlim(0, right * 1.6 + 1)
    overall.set_xlabel(say("plots.makeable_axis", language))
    overall.set_ylabel(say("bid", language))
    overall.set_title(say("plots.makeable_title", language))

    if by == "jokers":
        keys, names = _groups(ds.feature("jokers"), lang=language)
        detail.set_xlabel(say("plots.by_jokers", language))
    else:
        keys, names = _groups(ds.feature("strength"), span=True, lang=language)
        detail.set_xlabel(say("plots.strength", language))
    xs = list(range(len(names)))
    totals = Counter(keys)
    highest = 0.0
    for i, spec in enumerate(specials):
        made_by: Counter[int] = Counter()
        for k, ok in zip(keys, ds.made(spec.name), strict=True):
            made_by[k] += ok
        dodge = 0.05 * (i - (len(specials) - 1) / 2)
        top = _rate_line(detail, xs, made_by, totals, i, bid_name(spec.label, language), dodge)
        highest = max(highest, top)
    _count_ticks(detail, xs, totals, names, language)
    top_axis = min(100.0, 10 * math.ceil(highest / 10 + 0.2))
    _percent_axis(detail, say("plots.makeable_chance_axis", language), language, top_axis)
    detail.set_title(say("plots.by_jokers_title" if by == "jokers" else "plots.by_strength_title", language))
    detail.legend(title=say("bid", language), fontsize=8.5)
    fig.suptitle(say("plots.specials_title", language, title=rules.named(language)))
    same = say("plots.gros_mulot_same", language) if {"mulot", "gros_mulot"} <= {s.name for s in specials} else ""
    _caption(fig, say("plots.specials_caption", language, who=_who(ds, language), small=SMALL_SAMPLE, same=same))
    return fig


# ---------------------------------------------------------------- expected points
def _mean_interval(values: Sequence[int]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


@drawn_ahead
def plot_expected_points(data: str | BiddingDataset = "canadian", *, lang: str | None = None) -> CourseFigure:
    """Expected net points of each bid (North–South's points minus East–West's), by hand strength.

    Each deal is scored as if North had made that bid, with perfect play and the bid played its best way;
    the points are averaged over the deals in each strength group. Above the zero line a bid pays on
    average, below it costs. Bids that decide the game outright (Maine Charlemagne) have no points and are
    left out. In Bid Euchre every trick scores a point, so a made bid pays more than its number.

    Teaching points: bid the highest contract whose line is above zero for your hand; the big bids are
    a costly gamble on all but the very best hands.
    """
    language = lang_or_current(lang)
    ds = dataset_of(data)
    rules = ds.rules
    keys, names = _groups(ds.feature("strength"), span=True, lang=language)
    xs = list(range(len(names)))
    totals = Counter(keys)
    groups: list[tuple[str, list[BidSpec]]] = [(say("plots.numeric_bids", language), list(ds.numeric_bids))]
    specials = [s for s in ds.special_bids if not s.outright]
    if specials:
        groups.append((say("plots.above_numbers", language), specials))
    fig = _figure(6 + 5 * len(groups) - 1, 5.4)
    axes = fig.subplots(1, len(groups), squeeze=False)[0]
    for ax, (title, specs) in zip(axes, groups, strict=True):
        ax.axhline(0, color="black", linewidth=0.8)
        ax.annotate(
            say("plots.break_even", language),
            (0, 0),
            xycoords=("axes fraction", "data"),
            xytext=(4, 3),
            textcoords="offset points",
            fontsize=8,
        )
        for index, spec in enumerate(specs):
            by_bin: dict[int, list[int]] = defaultdict(list)
            column = f"points_dd_{spec.name}"
            for k, record in zip(keys, ds.records, strict=True):
                value = record[column]
                if isinstance(value, int):
                    by_bin[k].append(value)
            present = [x for x in xs if by_bin.get(x)]
            stats = [_mean_interval(by_bin[x]) for x in present]
            style = _style(index)
            dodge = 0.05 * (index % 4 - 1.5)
            ax.errorbar(
                [x + dodge for x in present],
                [m for m, _ in stats],
                yerr=[h for _, h in stats],
                capsize=3,
                label=_bid_name(spec, language),
                linewidth=1.6,
                markersize=5,
                color=style["color"],
                marker=style["marker"],
                linestyle=style["linestyle"],
            )
        _count_ticks(ax, xs, totals, names, language)
        ax.set_xlabel(say("plots.strength", language))
        ax.set_ylabel(say("plots.points_axis", language))
        ax.set_title(say("plots.points_title", language, title=title))
        ax.grid(axis="y", alpha=0.3)
        ax.legend(title=say("bid", language), fontsize=8.5)
    fig.suptitle(say("plots.points_suptitle", language, title=rules.named(language)))
    left_out = [bid_name(s.label, language) for s in ds.special_bids if s.outright]
    note = say("plots.outright", language, bids=", ".join(left_out)) if left_out else ""
    if rules.per_trick_scoring:
        note += say("plots.per_trick", language)
    _caption(fig, say("plots.points_caption", language, who=_who(ds, language), note=note))
    return fig


# ---------------------------------------------------------------- perfect play against the bots
@drawn_ahead
def plot_perfect_vs_bots(data: str | BiddingDataset = "canadian", *, lang: str | None = None) -> CourseFigure:
    """How often each bid is made with perfect play (double dummy) and by the simple greedy bots.

    Both use the same deals and the same best way to play each bid. The bots play all four seats: they
    see only their own cards and follow beginners' habits (see :mod:`~charlemagne_learn.analysis.greedy`), so
    their rate is closer to a table of learners.

    Teaching points: perfect play is perfect on both sides, so a bid can be made *more* often at a table of
    beginners, whose defence lets tricks slip, than double-dummy odds say; where the bots make a bid less
    often, the bidder's own card play is what is missing.
    """
    language = lang_or_current(lang)
    ds = dataset_of(data)
    rules = ds.rules
    specs = rules.bids
    n = len(ds)
    fig = _figure(max(8.0, 1.1 * len(specs) + 2), 5.4)
    ax = fig.add_subplot()
    width = 0.38
    for j, (method, name) in enumerate(
        (("double_dummy", say("display.perfect", language)), ("bots", say("plots.greedy", language)))
    ):
        for i, spec in enumerate(specs):
            made = sum(ds.made(spec.name, method))  # type: ignore[arg-type]
            low, high = wilson_interval(made, n)
            rate = 100 * made / n
            x = i + (j - 0.5) * width
            ax.bar(
                x,
                rate,
                width,
                color=OKABE_ITO[j],
                hatch=_HATCHES[j * 2],
                edgecolor="black",
                yerr=[[rate - 100 * low], [100 * high - rate]],
                capsize=2,
                label=name if i == 0 else None,
            )
            ax.text(
                x,
                100 * high + 1,
                say("plots.rate0" if rate >= 1 or made == 0 else "plots.rate1", language, rate=rate),
                ha="center",
                va="bottom",
                fontsize=7,
                rotation=90 if len(specs) > 8 else 0,
            )
    ax.set_xticks(range(len(specs)))
    ax.set_xticklabels(
        [_bid_name(s, language) for s in specs],
        rotation=30 if len(specs) > 6 else 0,
        ha="right" if len(specs) > 6 else "center",
    )
    _percent_axis(ax, say("plots.made_axis", language), language)
    ax.set_ylim(0, 112)
    ax.set_xlabel(say("plots.low_to_high", language))
    ax.set_title(say("plots.vs_title", language, title=rules.named(language)))
    ax.legend(loc="upper right", fontsize=8.5)
    _caption(fig, say("plots.vs_caption", language, who=_who(ds, language)))
    return fig


# ---------------------------------------------------------------- the count, beside the data
@drawn_ahead
def plot_count_rule(data: str | BiddingDataset = "canadian", *, lang: str | None = None) -> CourseFigure:
    """The rule of thumb beside the data: for each count (:mod:`~charlemagne_learn.teach.judging`), how often
    each numeric bid the rule uses is made, with the line where a bid starts to pay (made half the time)
    and the count at which the rule bids it.

    Drawn before the course explains confidence intervals, so it shows rates alone; a hollow marker stands on
    fewer than 30 hands. Play is the simple bots' (a table of learners), over the dataset's deals.

    >>> fig = plot_count_rule("canadian")
    >>> fig.axes[0].get_xlabel()
    'the count: trumps + top trumps + side aces (under it: hands with that count)'
    """
    from .judging import COUNT_TO_BID, break_even, count_table

    language = lang_or_current(lang)
    ds = dataset_of(data)
    rules = ds.rules
    rows = count_table(ds)
    xs = [r.count for r in rows]
    totals = {r.count: r.hands for r in rows}
    fig = _figure(8, 5.2)
    ax = fig.add_subplot()
    specs = [rules.bid(b) for b in COUNT_TO_BID if b in {s.name for s in ds.numeric_bids}]
    for i, spec in enumerate(specs):
        style = _style(i)
        rates = [100 * r.made["bots"][spec.name] for r in rows]
        label = say("plots.rule_bids_from", language, bid=_bid_name(spec, language), n=COUNT_TO_BID[spec.name])
        ax.plot(xs, rates, label=label, **style)  # type: ignore[arg-type]
        small = [(x, y) for x, y in zip(xs, rates, strict=True) if totals[x] < SMALL_SAMPLE]
        ax.plot(
            [x for x, _ in small],
            [y for _, y in small],
            linestyle="none",
            marker=style["marker"],
            markerfacecolor="white",
            markeredgecolor=style["color"],
        )
        at = COUNT_TO_BID[spec.name]
        if at in totals:
            y = 100 * next(r for r in rows if r.count == at).made["bots"][spec.name]
            ax.annotate(
                say("plots.from", language, label=bid_name(spec.label, language), n=at),
                (at, y),
                xytext=(8, -16),
                textcoords="offset points",
                fontsize=8.5,
                color=str(style["color"]),
                arrowprops={"arrowstyle": "-", "color": str(style["color"])},
            )
    if specs:
        pays = 100 * break_even(specs[0])
        ax.axhline(pays, color="#555555", linewidth=1, linestyle=(0, (4, 3)))
        ax.text(
            xs[-1],
            pays - 2,
            say("plots.half", language),
            fontsize=8.5,
            color="#333333",
            ha="right",
            va="top",
        )
    ax.set_xticks(xs)
    ax.set_xticklabels([say("plots.count_tick", language, x=x, n=totals[x]) for x in xs], fontsize=8)
    _percent_axis(ax, say("plots.count_axis", language), language)
    ax.set_xlabel(say("plots.count_xaxis", language))
    ax.set_title(say("plots.count_title", language, title=rules.named(language)))
    ax.legend(loc="upper left", fontsize=8.5)
    _caption(fig, say("plots.count_caption", language, who=_who(ds, language), small=SMALL_SAMPLE))
    return fig


# ---------------------------------------------------------------- one hand's bid odds
@drawn_ahead
def plot_bid_odds(odds: BidOdds, *, lang: str | None = None) -> CourseFigure:
    """One hand's :func:`~charlemagne_learn.bid_odds` as bars: the chance each bid succeeds, with its 95%
    confidence interval and the expected net points, highest bid at the bottom.

    >>> import charlemagne_learn as cl
    >>> odds = cl.bid_odds(cl.Rules.preset("bid_euchre"), "JH JD AH KH AS 9C", samples=8, workers=1)
    >>> plot_bid_odds(odds).axes[0].get_xlabel()
    'chance the bid succeeds (% of deals)'
    """
    if not isinstance(odds, BidOdds):
        raise RulesOptionError(sentence("plots.not_odds", kind=type(odds).__name__))
    language = lang_or_current(lang)
    chances = list(odds)
    fig = _figure(8, 1.2 + 0.45 * len(chances) + 1.0)
    ax = fig.add_subplot()
    for i, chance in enumerate(chances):
        low, high = chance.interval
        rate = 100 * chance.probability
        ax.barh(
            i,
            rate,
            color=OKABE_ITO[0] if chance.bid.isdigit() else OKABE_ITO[1],
            hatch="" if chance.bid.isdigit() else "//",
            edgecolor="black",
            xerr=[[rate - 100 * low], [100 * high - rate]],
            capsize=3,
        )
        points = "" if chance.expected_points is None else say("plots.pts_expected", language, x=chance.expected_points)
        ax.text(
            min(100 * high + 1.5, 101), i, say("plots.rate0", language, rate=rate) + points, va="center", fontsize=8
        )
    ax.set_yticks(range(len(chances)))
    ax.set_yticklabels(
        [
            say("plots.numeric_bid", language, label=c.label) if c.bid.isdigit() else bid_name(c.label, language)
            for c in chances
        ]
    )
    ax.invert_yaxis()
    ax.set_xlim(0, 135)
    ax.set_xticks([0, 20, 40, 60, 80, 100])
    from matplotlib.patches import Patch

    from .figures import percent_formatter

    ax.xaxis.set_major_formatter(percent_formatter(language))
    ax.set_xlabel(say("plots.odds_axis", language))
    ax.set_ylabel(say("bid", language))
    kinds = {c.bid.isdigit() for c in chances}
    numeric = Patch(facecolor=OKABE_ITO[0], edgecolor="black", label=say("plots.numeric_patch", language))
    named = Patch(facecolor=OKABE_ITO[1], edgecolor="black", hatch="//", label=say("plots.named_patch", language))
    ax.legend(handles=[numeric] * (True in kinds) + [named] * (False in kinds), loc="lower right", fontsize=8.5)
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(
        say("plots.odds_title", language, title=odds.rules.named(language), seat=odds.seat, hand=str(odds.hand))
    )
    method = say(f"plots.method.{odds.method}", language)
    caption = say("plots.odds_caption", language, n=odds.samples, seat=odds.seat, seed=odds.seed, method=method)
    _caption(fig, caption)
    return fig


# ---------------------------------------------------------------- the game's score
@drawn_ahead
def plot_game_chance(
    variant: str = "canadian", *, mark: tuple[int, int] | None = None, lang: str | None = None
) -> CourseFigure:
    """The chance of winning the game from every score (:mod:`~charlemagne_learn.analysis.equity`): a map of your
    side's score against the other side's, once with your side dealing the next hand and once with theirs, on a
    colour-blind-safe scale that reads in either theme (vermillion: likely to lose; blue: likely to win). ``mark``:
    a score to ring (your side's, theirs), the lesson's example.

    >>> fig = plot_game_chance("canadian", mark=(28, 30))
    >>> fig.axes[0].get_xlabel(), len(fig.axes[0].images)
    ("your side's score", 1)
    """
    language = lang_or_current(lang)
    rules = Rules.find(variant)
    table = equity_table(rules)
    low, high = (table.low, table.high) if rules.win_rule == "bid_euchre" else (0, rules.target - 1)
    if mark is not None and not (
        isinstance(mark, tuple) and len(mark) == 2 and all(isinstance(x, int) and low <= x <= high for x in mark)
    ):
        raise RulesOptionError(sentence("plots.bad_mark", language, value=quote(mark), low=low, high=high))
    scores = range(low, high + 1)
    from matplotlib.colors import LinearSegmentedColormap

    # Okabe–Ito's vermillion (a game lost) through a pale middle to its blue (a game won): a scale colour-blind
    # viewers read, and whose every colour stands out on white paper and on JupyterLab's dark page alike
    scale = LinearSegmentedColormap.from_list("game_chance", [OKABE_ITO[3], "#f4efe6", OKABE_ITO[0]])
    fig = _figure(9, 4.9)
    axes = fig.subplots(1, 3, gridspec_kw={"width_ratios": [1, 1, 0.06]})
    ticks = [x for x in scores if x % 5 == 0]
    for ax, dealing in zip(axes[:2], (True, False), strict=True):
        # rows: the other side's score (up the page); columns: your side's
        grid = [[100 * table.chance(ours, theirs, dealing) for ours in scores] for theirs in scores]
        extent = (low - 0.5, high + 0.5, low - 0.5, high + 0.5)
        ax.imshow(grid, origin="lower", extent=extent, cmap=scale, vmin=0, vmax=100, aspect="equal")
        if mark is not None:
            # a colour of its own, not a grey: a grey ring turns pale on the dark page, as the middle of the scale is
            ring = {"markersize": 12, "markerfacecolor": "none", "markeredgewidth": 2.5, "color": OKABE_ITO[4]}
            ax.plot([mark[0]], [mark[1]], marker="o", **ring)
        key = "plots.game_dealing" if dealing else "plots.game_not_dealing"
        ax.set_title(say(key, language), fontsize=10)
        ax.set_xlabel(say("plots.game_ours", language))
        ax.set_xticks(ticks)
        ax.set_yticks(ticks)
    axes[0].set_ylabel(say("plots.game_theirs", language))
    # the scale drawn as a picture of its own, as the maps are (a picture keeps its colours in the dark theme)
    bar = axes[2]
    bar.imshow([[v] for v in range(101)], origin="lower", extent=(0, 1, 0, 100), cmap=scale, aspect="auto")
    bar.set_xticks([])
    bar.yaxis.tick_right()
    bar.yaxis.set_label_position("right")
    bar.set_yticks([0, 25, 50, 75, 100])
    from .figures import percent_formatter

    bar.yaxis.set_major_formatter(percent_formatter(language))
    bar.set_ylabel(say("plots.game_chance", language))
    fig.suptitle(say("plots.game_title", language, title=rules.named(language)))
    caption = say(
        "plots.game_caption",
        language,
        n=table.hands,
        title=rules.named(language),
        error=number(table.error, ".1%", language),
    )
    _caption(fig, caption)
    return fig
