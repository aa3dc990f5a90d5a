"""Pictures of the play table for the README and lesson 11, taken in JupyterLab with headless Chromium, each in the
Light and the Dark theme side by side: a hand in play, the bots' part of a hand told with Continue, Skip and the pace,
the exchange with two cards chosen, the end of a hand with every hand face up and its review, and the replay. Taken
of the English table for the English edition and of the French table for the French one (``table_replay_fr.png``),
and written to ``notebooks/images/`` (inside the lessons' folder, so lesson 11 shows them wherever the lessons are
served).

    .venv/bin/python scripts/screenshots.py              # a few minutes; needs Chromium (see tests/browser/README.md)
    .venv/bin/python scripts/screenshots.py --lang fr    # the French pictures only
    .venv/bin/python scripts/screenshots.py --keep DIR   # each theme's picture kept in DIR too, and a narrow review
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from _jupyter import Notebook, running_browser, running_lab, write_notebook  # noqa: E402

OUT = ROOT / "notebooks" / "images"
# Each picture: the cell that sets the table up (the table is the cell's output), by name.
TABLES = {
    "table_in_play": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=32, lang=LANG)
t.play("pass")
while len(t.state.tricks) < 2 or t.state.trick:
    t.play(str(t.state.legal_actions()[0]))
t.play(str(t.state.legal_actions()[-1]))
t
""",
    "table_exchange": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=1, bots="rule", grade_samples=32, lang=LANG)
t.play("bid gros_charlemagne")
t.play("choose kitty")
for card in ("8C", "7D"):
    t.choose_discard(card)
t
""",
    "table_story": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=32, lang=LANG)
t
""",
    "table_hand_over": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=32, lang=LANG)
while t.state.phase.value != "over":
    t.play(str(t.state.legal_actions()[-1]))
t
""",
    "table_replay": """
from charlemagne_learn.widgets.playtable import PlayTable
t = PlayTable("canadian", "S", seed=4, bots="rule", grade_samples=32, lang=LANG)
while t.state.phase.value != "over":
    t.play(str(t.state.legal_actions()[-1]))
t.replay = 9
t
""",
}
THEMES = ("JupyterLab Light", "JupyterLab Dark")
LANGS = ("en", "fr")
#: The pictures the French lesson 11 shows (the README shows the English ones).
FRENCH = ("table_story", "table_exchange", "table_replay")


def _clicks(name: str, widget: Any) -> None:
    """What the learner does on the page before the picture: the bots' part of the hand is told only after a click."""
    if name == "table_story":
        widget.locator(".cl-action[data-action='pass']").click()
        widget.locator(".cl-story").wait_for(timeout=60_000)
        for step in (2, 3):  # a few lines told, Continue pressed twice
            widget.locator(".cl-continue").click()
            widget.locator(f".cl-told li:nth-child({step})").wait_for(timeout=30_000)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=LANGS, action="append", help="the table's language (default: both)")
    parser.add_argument("--keep", type=Path, help="a folder to keep each theme's picture in too")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home, running_lab(Path(home)) as lab, running_browser() as browser:
        for lang in args.lang or LANGS:
            for name, cell in TABLES.items():
                if lang != "en" and name not in FRENCH and not args.keep:
                    continue
                _picture(lab, browser, Path(home), name, cell.replace("LANG", repr(lang)), lang, args.keep)


def _picture(lab: Any, browser: Any, home: Path, name: str, cell: str, lang: str, keep: Path | None) -> None:
    stem = name if lang == "en" else f"{name}_{lang}"
    write_notebook(lab.root, stem, [cell.strip()])
    shots = []
    for theme in THEMES:
        page = browser.new_context(viewport={"width": 1100, "height": 2200}).new_page()
        book = Notebook(page, lab, f"{stem}.ipynb")
        book.open()
        page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
        book.run_all()
        widget = page.locator(".cl-playtable")
        widget.locator(".cl-seat").first.wait_for(timeout=60_000)
        _clicks(name, widget)
        page.wait_for_timeout(1500)  # the theme's colours, and any card still travelling
        path = home / f"{stem}-{theme.split()[-1]}.png"
        widget.screenshot(path=str(path))
        shots.append(Image.open(path).convert("RGB"))
        if keep is not None:
            shutil.copy(path, keep / path.name)
            if name == "table_hand_over":  # the review at a narrow notebook's width too
                page.set_viewport_size({"width": 560, "height": 2200})
                page.wait_for_timeout(800)
                widget.locator(".cl-review-panel").screenshot(
                    path=str(keep / f"{stem}-review-narrow-{theme.split()[-1]}.png")
                )
        if book.real_errors():
            raise RuntimeError(f"{stem} in {theme}: {book.real_errors()}")
        page.context.close()
    gap = 16
    width = sum(s.width for s in shots) + gap
    both = Image.new("RGB", (width, max(s.height for s in shots)), "#808080")
    both.paste(shots[0], (0, 0))
    both.paste(shots[1], (shots[0].width + gap, 0))
    both.thumbnail((1600, 1600))
    if lang == "en" or name in FRENCH:
        both.save(OUT / f"{stem}.png", optimize=True)
        print(f"wrote {OUT / stem}.png")


if __name__ == "__main__":
    main()
