"""Pictures of a practice session as a learner has it, in JupyterLab with headless Chromium: twenty problems of the
practice notebook answered by clicks (the best choice on most, the first one offered on every third, as a learner
who still misses some), then the ratings and the progress plot, in the Light and the Dark theme. For looking at, not
for the lessons: written to ``test-artifacts/practice/`` (with the learner's ratings after each answer, as text).

    .venv/bin/python scripts/practice_session.py      # a few minutes; needs Chromium (see tests/browser/README.md)
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from _jupyter import ARTIFACTS, Notebook, running_browser, running_lab, use_theme, write_notebook  # noqa: E402

OUT = ARTIFACTS / "practice"
PROBLEMS = 20
SESSION = f"""
from charlemagne_learn.widgets import Trainer
t = Trainer(count={PROBLEMS})
t
"""
PROGRESS = """
from charlemagne_learn.teach.practice import report
report()
"""
PLOT = "report().plot()"
# What answers: a confirm button (an exchange's cards chosen), an action (a bid, a trump suit), else a card.
ROOT_CSS = ".cl-playtable"


def _answer(book: Notebook, number: int) -> str:
    """Answer the problem on show by clicks; what was clicked."""
    page, root = book.page, book.page.locator(ROOT_CSS).first
    best = book.value("str(getattr(t.decision.grade().best, 'action', ''))") if number % 3 else ""
    if number % 3 and book.value("t.decision.kind") == "exchange":  # the best exchange: its cards, then its trump
        discards = book.value("[str(c) for c in t.decision.grade().best.discards]")
        best = book.value("f'trump {t.decision.grade().best.trump.symbol}'")
        seat = book.value("t.decision.seat.name")
        for card in discards:
            target = root.locator(f".cl-seat[data-seat='{seat}'] .cl-card:not(.cl-selected)").filter(has_text=card)
            handle = target.first.element_handle()
            target.first.click()
            page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=60_000)
    for _ in range(12):
        if book.value("t.answered"):
            return best or "the first offered"
        confirm = root.locator(".cl-action-confirm")
        named = root.locator(f".cl-action[data-action='{best}']") if best else None
        if confirm.count():
            target = confirm
        elif named is not None and named.count():
            target = named
        elif root.locator(".cl-action:not([disabled])").count():
            target = root.locator(".cl-action:not([disabled])").first
        else:
            card = best.split(" ")[-1] if best else ""
            seat = book.value("t.decision.seat.name")
            cards = root.locator(f".cl-seat[data-seat='{seat}'] .cl-card:not(.cl-illegal):not(.cl-selected)")
            wanted = cards.filter(has_text=card) if card else cards
            target = (wanted if wanted.count() else cards).first
        handle = target.element_handle()
        target.click()
        page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=60_000)
    raise AssertionError(f"problem {number} was not answered by twelve clicks")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, running_lab(Path(tmp)) as lab, running_browser() as browser:
        (lab.root / "course.json").write_text("{}", encoding="utf-8")  # a lessons' folder: practice.json is kept
        write_notebook(lab.root, "practice_session", (SESSION, PROGRESS, PLOT))
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        book = Notebook(context.new_page(), lab, "practice_session.ipynb")
        book.open()
        book.run_all()
        book.page.locator(ROOT_CSS).first.locator(".cl-seat").first.wait_for(timeout=60_000)
        ratings = []
        for number in range(1, PROBLEMS + 1):
            clicked = _answer(book, number)
            ratings.append(f"{number}: {book.value('t.problem.key')} — {clicked} — {book.value('t.status')}")
            if number in (1, 7, PROBLEMS):
                book.page.locator(ROOT_CSS).first.scroll_into_view_if_needed()
                book.page.screenshot(path=str(OUT / f"problem_{number:02d}.png"))
            if number < PROBLEMS:
                book.page.locator(f"{ROOT_CSS} .cl-next-hand").first.click()
                book.wait_value("t.answered", False, timeout=60_000)
        (OUT / "session.txt").write_text("\n".join(ratings) + "\n", encoding="utf-8")
        book.run_all()  # the ratings and the plot, brought up to date
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            use_theme(book.page, theme)
            book.page.locator(".jp-OutputArea-output img:visible").last.scroll_into_view_if_needed()
            book.page.wait_for_timeout(500)
            book.page.screenshot(path=str(OUT / f"progress_{theme.split()[-1].lower()}.png"))
        print(json.dumps({"pictures": sorted(p.name for p in OUT.glob("*.png")), "errors": book.real_errors()}))


if __name__ == "__main__":
    main()
