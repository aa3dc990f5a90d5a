"""Pictures of the play table for the README and lesson 11, taken in JupyterLab with headless Chromium, each in the
Light and the Dark theme side by side: a hand in play, the exchange with two cards chosen, the end of a hand with
every hand face up, and the replay. Written to ``notebooks/images/`` (inside the lessons' folder, so lesson 11
shows them wherever the lessons are served).

    .venv/bin/python scripts/screenshots.py      # about a minute; needs Chromium (see tests/browser/README.md)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from _jupyter import Notebook, running_browser, running_lab, write_notebook  # noqa: E402

OUT = ROOT / "notebooks" / "images"
# Each picture: the cell that sets the table up (the table is the cell's output), by name.
TABLES = {
    "table_in_play": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=32)
t.play("pass")
while len(t.state.tricks) < 2 or t.state.trick:
    t.play(str(t.state.legal_actions()[0]))
t.play(str(t.state.legal_actions()[-1]))
t
""",
    "table_exchange": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=1, bots="rule", grade_samples=32)
t.play("bid gros_charlemagne")
t.play("choose kitty")
for card in ("8C", "7D"):
    t.choose_discard(card)
t
""",
    "table_hand_over": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=32)
while t.state.phase.value != "over":
    t.play(str(t.state.legal_actions()[-1]))
t
""",
    "table_replay": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=32)
while t.state.phase.value != "over":
    t.play(str(t.state.legal_actions()[-1]))
t.replay = 9
t
""",
}
THEMES = ("JupyterLab Light", "JupyterLab Dark")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home, running_lab(Path(home)) as lab, running_browser() as browser:
        for name, cell in TABLES.items():
            write_notebook(lab.root, name, [cell.strip()])
            shots = []
            for theme in THEMES:
                page = browser.new_context(viewport={"width": 1100, "height": 2200}).new_page()
                book = Notebook(page, lab, f"{name}.ipynb")
                book.open()
                page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
                book.run_all()
                widget = page.locator(".cl-playtable")
                widget.locator(".cl-seat").first.wait_for(timeout=60_000)
                page.wait_for_timeout(1500)  # the theme's colours, and any card still travelling
                path = Path(home) / f"{name}-{theme.split()[-1]}.png"
                widget.screenshot(path=str(path))
                shots.append(Image.open(path).convert("RGB"))
                if book.real_errors():
                    raise RuntimeError(f"{name} in {theme}: {book.real_errors()}")
                page.context.close()
            gap = 16
            width = sum(s.width for s in shots) + gap
            both = Image.new("RGB", (width, max(s.height for s in shots)), "#808080")
            both.paste(shots[0], (0, 0))
            both.paste(shots[1], (shots[0].width + gap, 0))
            both.thumbnail((1600, 1600))
            both.save(OUT / f"{name}.png", optimize=True)
            print(f"wrote {OUT / name}.png")


if __name__ == "__main__":
    main()
