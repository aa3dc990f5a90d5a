"""Run lessons top to bottom and save them with their new outputs, as nbval then compares them.

    .venv/bin/python scripts/run_lessons.py notebooks/05_bidding_and_the_kitty.ipynb notebooks/fr/05_*.ipynb
    .venv/bin/python scripts/run_lessons.py --all

Each lesson runs in a fresh kernel from its own folder (so ``notebooks/fr/course.json`` speaks French), without
the widgets' live state in the file: a saved lesson shows each widget's static picture until its cells run again.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def run(path: Path) -> float:
    """Execute ``path`` in place; the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(
        nb,
        timeout=1800,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=False,
        record_timing=True,
    ).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lessons", nargs="*", type=Path)
    ap.add_argument("--all", action="store_true", help="every notebook under notebooks/ (both editions)")
    args = ap.parse_args(argv)
    paths = list(args.lessons)
    if args.all:
        paths += sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "fr").glob("*.ipynb"))
    if not paths:
        ap.error("name the lessons to run, or --all")
    for path in paths:
        print(f"{path}: {run(path):.1f} s", flush=True)


if __name__ == "__main__":
    sys.exit(main())
