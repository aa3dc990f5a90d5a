"""CSV the package writes, safe to open in a spreadsheet, and read back as it was written.

Excel, LibreOffice and Google Sheets run a cell that starts with ``= + - @`` (or a tab or a carriage return)
as a formula: a student's answer ``=HYPERLINK("http://…")`` would become a live link in the teacher's
spreadsheet. Every CSV the package writes goes through :func:`csv_text` or :func:`csv_records`, which put an
apostrophe in front of such a cell (OWASP's advice on CSV injection), and of one that starts so after spaces or
line breaks (an import that trims them would run it); a spreadsheet then shows it as text. A cell that already
starts with an apostrophe gets one more, so :func:`read_cell` gives back exactly the text that was written,
whatever it was:

>>> safe_cell("=1+1"), safe_cell(" =1+1"), safe_cell("'=1+1"), safe_cell("7♥"), safe_cell(-3)
("'=1+1", "' =1+1", "''=1+1", '7♥', -3)
>>> [read_cell(safe_cell(text)) for text in ("=1+1", " =1+1", "'=1+1", "'", "7♥")]
['=1+1', ' =1+1', "'=1+1", "'", '7♥']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["FORMULA_STARTS", "csv_records", "csv_text", "read_cell", "safe_cell"]

#: What makes a spreadsheet read a cell as a formula when it starts it.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: Cells starting with one of these are written with an apostrophe in front (the apostrophe itself, so that
#: the guard can always be taken off again).
_GUARDED = (*FORMULA_STARTS, "'")


def safe_cell(value: Any) -> Any:
    """``value`` as a CSV cell a spreadsheet will not run: numbers and booleans as they are (their text is a
    number or a word), None as blank, anything else as text, with an apostrophe in front when it starts like a
    formula (or with an apostrophe)."""
    if value is None:
        return ""
    if isinstance(value, (bool, int, float)):
        return value
    text = value if isinstance(value, str) else str(value)
    return "'" + text if _guarded(text) else text


def read_cell(text: str) -> str:
    """A cell of a CSV the package wrote, as it was before :func:`safe_cell` guarded it."""
    return text[1:] if text[:1] == "'" and _guarded(text[1:]) else text


def _guarded(text: str) -> bool:
    """Whether :func:`safe_cell` puts an apostrophe before ``text``; since every text starting with one is
    guarded, a guarded cell is told from an unguarded one by its first character, and the guard comes off."""
    return text[:1] in _GUARDED or text.lstrip()[:1] in _GUARDED


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """The rows (the first one usually the heads) as CSV text, every cell guarded."""
    out = io.StringIO()
    minimal = csv.writer(out, lineterminator="\n")
    quoted = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    for row in rows:
        cells = [safe_cell(cell) for cell in row]
        # csv quotes a cell holding "\n" (its line end) but not a lone "\r", which spreadsheets and csv's own
        # reader take for a line end too: the rest of the cell would start a row of its own, unguarded
        (quoted if any(isinstance(c, str) and "\r" in c for c in cells) else minimal).writerow(cells)
    return out.getvalue()


def csv_records(records: Iterable[Mapping[str, Any]], fields: Sequence[str]) -> str:
    """The records as CSV text under a line of ``fields``, every cell guarded (a field a record lacks is blank)."""
    return csv_text([fields, *([record.get(name) for name in fields] for record in records)])
