"""The course's interactive widgets (anywidget): cards, the trump ladder, the bid box, the table, quizzes,
the bid-odds explorer, a table to play against the bots (and a box to open a teacher's board set at it), a box for a
learner's name in a class, a table a class shares on its server (and its lobby), practice that adapts to the learner, a hand played with real cards typed in by clicks, and
(in the browser-only site) lessons started afresh.

Each widget is drawn by plain ES modules under the repository's ``widgets/`` folder and driven by the
engine: the front-end never decides a rule. Each also has a stable ``repr`` and a static HTML picture
for places where widgets do not run.
"""

from .afresh import Afresh
from .bidbox import BidBox
from .boards import BoardsBox
from .course_test import LessonTest
from .decide import DecisionQuiz
from .hand import Hand, sort_hand
from .homework import HomeworkBox
from .ladder import TrumpLadder
from .namebox import NameBox
from .odds import BidOddsExplorer
from .playtable import PlayTable
from .quiz import TrickQuiz
from .shared import Lobby, SharedTable
from .table import Table
from .trainer import Trainer
from .typer import HandTyper

__all__ = [
    "Afresh",
    "BidBox",
    "BidOddsExplorer",
    "BoardsBox",
    "DecisionQuiz",
    "Hand",
    "HandTyper",
    "HomeworkBox",
    "LessonTest",
    "Lobby",
    "NameBox",
    "PlayTable",
    "SharedTable",
    "Table",
    "Trainer",
    "TrickQuiz",
    "TrumpLadder",
    "sort_hand",
]
