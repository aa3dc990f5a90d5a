"""The course's interactive widgets (anywidget): cards, the trump ladder, the bid box, the table, quizzes,
the bid-odds explorer and a table to play against the bots.

Each widget is drawn by plain ES modules under the repository's ``widgets/`` folder and driven by the
engine: the front-end never decides a rule. Each also has a stable ``repr`` and a static HTML picture
for places where widgets do not run.
"""

from .hand import Hand, sort_hand

__all__ = ["Hand", "sort_hand"]
