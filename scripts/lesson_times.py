"""Each lesson's time as a newcomer takes it (``charlemagne_learn.teach.pace``): its words at a newcomer's reading
speed and the measured time of each thing it asks (a quiz question, a decision, a hand at the play table), beside the
time the lesson states now, and the course's total. A lesson whose stated time differs is marked.

    .venv/bin/python scripts/lesson_times.py          # the English lessons (the French state the same times)

Exit status 1 when a lesson states another time than its pace, 0 otherwise.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import nbformat

from charlemagne_learn.teach.pace import READING_WPM, lesson_pace

ROOT = Path(__file__).resolve().parents[1]


def stated(path: Path) -> int | None:
    """The minutes the lesson's first cell states, or None."""
    found = re.search(r"\*About (\d+) minutes\.\*", nbformat.read(path, as_version=4).cells[0].source)
    return int(found.group(1)) if found else None


def main() -> int:
    total = now_total = 0
    differ = []
    print(f"{'lesson':<40} {'words':>6} {'read':>5} {'do':>5} {'total':>6} {'states':>6} {'pace':>5}")
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        pace = lesson_pace(path)
        now = stated(path) or 0
        doing = Counter[str]()
        for what, minutes in pace.actions:
            doing[what] += minutes
        mark = "" if now == pace.stated else "  <- differs"
        print(
            f"{path.stem:<40} {pace.reading * READING_WPM:>6.0f} {pace.reading:>5.1f} "
            f"{pace.total - pace.reading:>5.1f} {pace.total:>6.1f} {now:>6} {pace.stated:>5}{mark}"
        )
        print(" " * 8 + ", ".join(f"{what} {minutes:g}" for what, minutes in doing.items()))
        total += pace.stated
        now_total += now
        if mark:
            differ.append(path.stem)
    print(f"\nin all: {total // 60} hours {total % 60} minutes by the pace (stated now: {now_total // 60} hours "
          f"{now_total % 60} minutes)")  # fmt: skip
    if differ:
        print("lessons to restate: " + ", ".join(differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
