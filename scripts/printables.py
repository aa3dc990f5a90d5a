"""Write the pages the lessons link to for printing — the one-page cheat sheet and the example hand records, in
English and French — into ``notebooks/printables/``, as the engine writes them now.

They live beside the lessons because every place the lessons are served from (``python3 tasks.py lessons``, rooted
at ``notebooks/``; Binder; the JupyterLite site, which copies ``notebooks/``) serves that folder and nothing above
it: a lesson's link to a file outside ``notebooks/`` is a 404 there. The README links the same files.

    .venv/bin/python scripts/printables.py           # every page, .html and .pdf (the PDFs need Chromium)
    .venv/bin/python scripts/printables.py --html    # the .html pages only

``tests/test_links.py`` checks that the shipped pages are what the engine writes now.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import charlemagne_learn as cl
from charlemagne_learn.teach.cheatsheet import cheatsheet_html
from charlemagne_learn.teach.hand_records import hand_records
from charlemagne_learn.teach.printing import write_page

FOLDER = Path(__file__).resolve().parent.parent / "notebooks" / "printables"

#: The example hand records: the boards the teacher's guide shows (``hand_records(boards=10, seed=1)``).
RECORD_BOARDS, RECORD_SEED = 10, 1


def pages() -> dict[str, str]:
    """Each printable's file stem and the whole HTML page the engine writes for it now."""
    rules = cl.Rules.preset("canadian")
    records = hand_records(boards=RECORD_BOARDS, seed=RECORD_SEED, rules=rules)
    return {
        "cheatsheet": cheatsheet_html(rules, lang="en"),
        "cheatsheet_fr": cheatsheet_html(rules, lang="fr"),
        "hand_records": records.to_html(lang="en"),
        "hand_records_fr": records.to_html(lang="fr"),
    }


def write(folder: Path = FOLDER, pdf: bool = True) -> list[Path]:
    """Write every printable into ``folder`` as ``.html`` (and ``.pdf``); return the files written."""
    written = []
    for stem, page in pages().items():
        for suffix in (".html", ".pdf") if pdf else (".html",):
            written.append(write_page(folder / f"{stem}{suffix}", page, stem.replace("_", " ")))
    return written


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--html", action="store_true", help="write the .html pages only (no Chromium needed)")
    args = ap.parse_args(argv)
    for path in write(pdf=not args.html):
        print(path)


if __name__ == "__main__":
    main()
