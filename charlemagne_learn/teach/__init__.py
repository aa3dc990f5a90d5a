"""The teaching layer: quizzes, decisions, plots of bidding statistics, the teacher's tools.

The plots are imported when first used, so a quiz or a widget never loads matplotlib (which only the plots need,
from the ``lessons`` extra). Where it is missing (the browser-only site offline), a plot shows the pictures drawn for
the same call as the site was built (:mod:`.drawn`).

>>> from charlemagne_learn.teach import plot_perfect_vs_bots
>>> plot_perfect_vs_bots("american").axes[0].get_ylabel()
'deals on which the bid is made (%)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.lazy import given_when_asked

# Imported at once: a name that is also its module's (answer_key, hand_records) must be bound to the function
# here, or importing the module later would put the module in its place.
from .answer_key import AnswerKey, answer_key, decision_key
from .cheatsheet import cheatsheet_html, write_cheatsheet
from .classroom import ClassResults, ResultsFileError, read_results
from .folding import Folded, folded
from .hand_records import HandRecords, hand_records, matchpoints
from .progress import Progress, progress

if TYPE_CHECKING:
    from .plots import (
        OKABE_ITO,
        plot_bid_odds,
        plot_expected_points,
        plot_make_chance,
        plot_perfect_vs_bots,
        plot_special_bids,
    )

#: The names of :mod:`.plots`, imported (with matplotlib) when first asked for.
_PLOTS = (
    "OKABE_ITO",
    "plot_bid_odds",
    "plot_expected_points",
    "plot_make_chance",
    "plot_perfect_vs_bots",
    "plot_special_bids",
)

__all__ = [
    "OKABE_ITO",
    "AnswerKey",
    "ClassResults",
    "Folded",
    "HandRecords",
    "Progress",
    "ResultsFileError",
    "answer_key",
    "cheatsheet_html",
    "decision_key",
    "folded",
    "hand_records",
    "matchpoints",
    "plot_bid_odds",
    "plot_expected_points",
    "plot_make_chance",
    "plot_perfect_vs_bots",
    "plot_special_bids",
    "progress",
    "read_results",
    "write_cheatsheet",
]


__getattr__, __dir__ = given_when_asked(__name__, dict.fromkeys(_PLOTS, ".plots"))
