"""Make the example board set the teacher's dashboard ranks: the class of the example results played the guide's set
of eight American boards on their laptops, each student's moves chosen by a bot of their level (a strong student
plays as the PIMC bot, a newcomer as the random one), and downloaded their results as the play table saves them.

    .venv/bin/python scripts/example_class_boards.py   # notebooks/teachers/ and notebooks/fr/teachers/class_boards_example/

The same run gives the same files, byte for byte; the board results hold no words of either language, so both
dashboards read the same files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from charlemagne_learn.analysis.bots import make_bot
from charlemagne_learn.engine.rng import derive_seed
from charlemagne_learn.teach.boards import SEAT, BoardPlay, BoardSet
from charlemagne_learn.teach.classroom import BOARD_FIELDS
from charlemagne_learn.widgets._results import results_csv

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FOLDERS = (NOTEBOOKS / "teachers" / "class_boards_example", NOTEBOOKS / "fr" / "teachers" / "class_boards_example")
#: The guide's board set.
BOARDS = BoardSet("american", seed=2026, count=8)
#: Each student's level: the bot whose moves stand for theirs, and their practice rating (None: never practised).
CLASS = {
    "Ada": ("pimc", 1640),
    "Ben": ("rule", 1480),
    "Chloé": ("rule", 1320),
    "Dev": ("random", None),
    "Émile": ("pimc", 1710),
}


def _play(student: str, kind: str, rating: int | None) -> list[dict[str, object]]:
    play = BoardPlay(BOARDS, student=student, rating=rating, grade_moves=False)
    for number in range(1, BOARDS.count + 1):
        me = make_bot(kind, derive_seed(len(student), number))
        session = play.session
        while not session.game.finished:
            session.play(me.act(session.game.hand.view(SEAT)))
        play.record()
        if number < BOARDS.count:
            play.next_board()
    return play.results


def main() -> None:
    files = {f"{s}-{BOARDS.code}.csv": results_csv(_play(s, *level), BOARD_FIELDS) for s, level in CLASS.items()}
    for folder in FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8-sig")
    print(BOARDS.code, "\n".join(sorted(files)))


if __name__ == "__main__":
    main()
