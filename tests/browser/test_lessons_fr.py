"""The French edition's lessons and teacher's notebooks, walked in JupyterLab exactly as ``test_lessons.py`` walks
the English ones (nothing shown may hold an English word): a file of its own, so the editions run side by side."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from _jupyter import Lab
from test_lessons import LESSONS, _edition, walk_lesson

pytestmark = pytest.mark.browser

FRENCH = [p for p in LESSONS if _edition(p).split("/")[0] == "fr"]


@pytest.mark.parametrize("lesson", FRENCH, ids=[f"{_edition(p)}/{p.stem}" for p in FRENCH])
def test_lesson_runs_in_jupyterlab(lesson: Path, lab: Lab, browser: Any) -> None:
    walk_lesson(lesson, lab, browser)
