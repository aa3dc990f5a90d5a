"""Build each widget's front end again: its ES module and style sheet in ``charlemagne_learn/widgets/_static/``,
bundled from the ES modules in ``widgets/`` (``charlemagne_learn/widgets/_bundle.py``), and write the payloads' shapes
for the page's side, ``widgets/payloads.d.ts``, from ``charlemagne_learn/widgets/payloads.py``.

The package's build bundles the front end for a wheel and an install, and the package itself in a checkout whenever a
source has changed; run this after editing ``payloads.py`` (a test checks the declarations are current), or after
editing a file in ``widgets/`` while a kernel with ``ANYWIDGET_HMR=1`` shows the widgets: the page reloads them.

    .venv/bin/python scripts/build_widgets.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from charlemagne_learn.engine.palette import palette_css
from charlemagne_learn.widgets._base import SOURCE, STATIC
from charlemagne_learn.widgets._bundle import build_all, write
from charlemagne_learn.widgets._payload_types import FILE, declarations

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    written = write(STATIC, build_all(SOURCE, palette_css()))
    types = SOURCE / FILE
    if not types.is_file() or types.read_text(encoding="utf-8") != declarations():
        types.write_text(declarations(), encoding="utf-8")
        written.append(types)
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
