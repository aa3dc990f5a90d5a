"""The teaching layer: plots of bidding statistics for the lessons (needs matplotlib, in the ``lessons`` extra).

>>> from charlemagne_learn.teach import plot_perfect_vs_bots
>>> plot_perfect_vs_bots("american").axes[0].get_ylabel()
'deals on which the bid is made (%)'
"""

from .answer_key import AnswerKey, answer_key, decision_key
from .cheatsheet import cheatsheet_html, write_cheatsheet
from .classroom import ClassResults, ResultsFileError, read_results
from .hand_records import HandRecords, hand_records, matchpoints
from .plots import (
    OKABE_ITO,
    plot_bid_odds,
    plot_expected_points,
    plot_make_chance,
    plot_perfect_vs_bots,
    plot_special_bids,
)

__all__ = [
    "OKABE_ITO",
    "AnswerKey",
    "ClassResults",
    "HandRecords",
    "ResultsFileError",
    "answer_key",
    "cheatsheet_html",
    "decision_key",
    "hand_records",
    "matchpoints",
    "plot_bid_odds",
    "plot_expected_points",
    "plot_make_chance",
    "plot_perfect_vs_bots",
    "plot_special_bids",
    "read_results",
    "write_cheatsheet",
]
