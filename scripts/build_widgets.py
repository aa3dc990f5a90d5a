"""Build each widget's front-end: its ES module and style sheet in ``charlemagne_learn/widgets/_static/``, joined
from the plain files in ``widgets/`` (``common``, any shared part, the widget's own file) with the palette's custom
properties first. anywidget loads the built files by path. Run it after editing a file in ``widgets/``; a test
checks that the committed files are what it writes.

    .venv/bin/python scripts/build_widgets.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import charlemagne_learn.widgets  # noqa: F401  (every widget class, registered as it is defined)
from charlemagne_learn.widgets._base import DRAWN, STATIC, bundle

ROOT = Path(__file__).resolve().parents[1]


def outputs() -> dict[Path, str]:
    """Every built file and its text."""
    return {path: text for widget in DRAWN for path, text in bundle(widget).items()}


def main() -> int:
    STATIC.mkdir(exist_ok=True)
    for path, text in outputs().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
