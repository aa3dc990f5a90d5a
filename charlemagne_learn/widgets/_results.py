"""A quiz's results as a teacher opens them: CSV a spreadsheet reads safely, or JSON."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..course import write_whole
from ..engine.i18n import Lang, word
from ..engine.spreadsheet import csv_records
from .payloads import Download

__all__ = ["ROW_START", "download", "for_teacher", "results_csv"]

#: The first columns of every quiz's results, which the teacher's dashboard groups by
#: (:mod:`charlemagne_learn.teach.classroom`); each quiz adds its own after them.
ROW_START = ("student", "quiz", "question", "kind", "skill")


def results_csv(rows: Iterable[Mapping[str, Any]], fields: Sequence[str], path: str | Path | None = None) -> str:
    """The rows as CSV text (also written to ``path`` when given), safe to open in a spreadsheet."""
    text = csv_records(rows, fields)
    if path is not None:
        # utf-8-sig starts the file with a byte-order mark: without one Excel reads UTF-8 as Latin-1 (♣ and –)
        write_whole(Path(path), text, encoding="utf-8-sig")
    return text


def download(rows: Sequence[Mapping[str, Any]], fields: Sequence[str], name: str, lang: Lang) -> Download | None:
    """What the Download buttons save (None until a question is answered: the trait then holds ``{}``): the CSV (the
    page adds the byte-order mark), the JSON, and a file name from ``name`` (the student's, or the quiz's) with no
    separators."""
    if not rows:
        return None
    # letters of any script stay (Chloé, Émile); separators and the characters file systems refuse do not
    file = re.sub(r"[^\w-]+", "-", name).strip("-_") or "results"
    return {
        "csv": results_csv(rows, fields),
        "json": json.dumps(list(rows), ensure_ascii=False, indent=1),
        "file": file,
        "words": {"csv": word("results.download_csv", lang), "json": word("results.download_json", lang)},
    }


def for_teacher(student: str) -> bool:
    """Whether a quiz records its results under a student's name (given to it, or the course's): then its pictures
    hold no answer to a question not yet answered, since the page and the saved notebook are the student's to read."""
    return bool(student.strip())
