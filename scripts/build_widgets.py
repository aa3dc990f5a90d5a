"""Build each widget's front end again: its ES module and style sheet in ``charlemagne_learn/widgets/_static/``,
bundled from the ES modules in ``widgets/`` (``charlemagne_learn/widgets/_bundle.py``). The package's build does this
for a wheel and an install, and the package itself in a checkout whenever a source has changed; run it while a kernel
with ``ANYWIDGET_HMR=1`` shows the widgets, after editing a file in ``widgets/``, and the page reloads them.

    .venv/bin/python scripts/build_widgets.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from charlemagne_learn.engine.palette import palette_css
from charlemagne_learn.widgets._base import SOURCE, STATIC
from charlemagne_learn.widgets._bundle import build_all, write

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    for path in write(STATIC, build_all(SOURCE, palette_css())):
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
