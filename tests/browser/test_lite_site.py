"""The JupyterLite site (built as ``scripts/build_lite.py`` builds it) runs the course in Chromium with no network at
all: the page, the Pyodide kernel (its worker and the site's service worker too) reach nothing but the static
server on 127.0.0.1. Chromium resolves no host name (``OFFLINE_ARGS``) and every request off loopback is recorded:
the test fails if a lesson needed one.

One learner's browser (a profile) goes through the tests in order, a new tab each, as a learner comes back:

1. lesson 03: every cell runs without an error, a click on its quiz comes back from Python with a verdict and its
   results download for the teacher, a hint grades as CPython's, a whole hand is played by clicks at lesson 11's
   play table, and 200 clicks in all later the kernel still answers; the learner then changes the lesson, saved;
2. the French lesson 03 speaks French, and the quiz answered in the first tab (closed) is still in the record;
3. the start page's box lists the lesson changed, and its button brings back the site's copy, the records kept;
4. lessons 07, 09 and 12 run whole: their plots, drawn as the site was built, show in the Light and the Dark theme,
   and every widget after them is drawn.

Another learner's browser (a profile of its own) opens two lessons and only looks: no copy of either is kept, and
one of them, opened again by its own address, comes alone, with one kernel started. Lesson 11 draws its pictures
in either edition, with no request that fails.

How long the kernel takes to start, the lesson to run and each click to be answered is printed and saved beside
the screenshots, not asserted."""

from __future__ import annotations

import base64
import contextlib
import csv
import functools
import http.server
import io
import json
import os
import re
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from _jupyter import ARTIFACTS, OpenNotebook, use_theme
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))

try:
    from tests import _french
except ImportError:  # tests/ is not a package here
    sys.path.insert(0, str(REPO / "tests"))
    import _french  # type: ignore[no-redef]

# The site's build (about half a minute, a minute on a cold cache) and Pyodide's start in a browser on two cores.
pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

LESSON = "03_following_suit_and_winning_tricks.ipynb"
#: Loopback names, the only hosts the page may reach.
LOOPBACK = {"127.0.0.1", "localhost"}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A static server of the site: the module and WebAssembly types Pyodide's loader insists on, no log lines."""

    extensions_map = {  # noqa: RUF012 (the base class's own class attribute, replaced)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/octet-stream",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built once, served on loopback; its address."""
    from build_lite import PYODIDE_NPM, build

    if not (PYODIDE_NPM / "pyodide.mjs").is_file():  # as a missing Chromium: an error under CI, a skip elsewhere
        if os.environ.get("CI"):
            pytest.fail("Pyodide's npm package is missing, and browser tests must run in CI (npm ci installs it)")
        pytest.skip("Pyodide's npm package is not installed (npm ci)")

    site = build(tmp_path_factory.mktemp("lite") / "site", offline=True)
    # window.jupyterapp, for the commands the test runs and the models it reads (the tests' JupyterLab does the same)
    config_file = site / "jupyter-lite.json"
    config = json.loads(config_file.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["exposeAppInBrowser"] = "true"
    config_file.write_text(json.dumps(config), encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class Profile:
    """One browser profile (its storage: the site's drive, where a learner's files are kept) that reaches loopback
    only; each lesson opens in a tab of its own, as a learner coming back opens a new tab.

    Every request off loopback is recorded in :attr:`blocked` (and fails: Chromium resolves no host name). Until the
    site's service worker controls the pages, each is also aborted by a route; after the first tab, Playwright's
    routing of a page the service worker controls leaves the page loading for ever, so the route is taken off and
    the record kept from the requests seen."""

    def __init__(self, browser: Any, base: str) -> None:
        self.base = base
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.blocked: list[str] = []
        self.context.on("request", lambda request: self._off_site(request.url))
        self.context.route("**/*", self._only_loopback)

    def _off_site(self, url: str) -> bool:
        # attachment: a cell's own image, which the browser asks for as JupyterLab first draws the cell, and fails
        # without a request (an unknown scheme) before JupyterLab puts it in
        off = urlparse(url).scheme not in ("data", "blob", "attachment") and urlparse(url).hostname not in LOOPBACK
        if off and url not in self.blocked:
            self.blocked.append(url)
        return off

    def _only_loopback(self, route: Any) -> None:
        if self._off_site(route.request.url):
            route.abort()
        else:
            route.continue_()

    def tab_closed(self) -> None:
        self.context.unroute_all(behavior="ignoreErrors")


class LiteLesson(OpenNotebook):
    """One lesson open in a new tab of the profile."""

    def __init__(self, profile: Profile) -> None:
        self.profile, self.base = profile, profile.base
        super().__init__(profile.context.new_page())

    @property
    def blocked(self) -> list[str]:
        return self.profile.blocked

    def file(self, path: str) -> str | None:
        """A file of the site's drive as the page's JupyterLite reads it (the browser's copy, or else the site's), as
        text; None when there is neither."""
        model = self.page.evaluate(
            """async (path) => { try { const model = await window.jupyterapp.serviceManager.contents.get(path,
                 { content: true }); return { format: model.format, content: model.content }; }
               catch (error) { return null; } }""",
            path,
        )
        if model is None:
            return None
        if model["format"] == "base64":
            return base64.b64decode(model["content"]).decode("utf-8")
        return model["content"] if isinstance(model["content"], str) else json.dumps(model["content"])

    def kept(self) -> list[str]:
        """The files the browser keeps of the site's drive (a lesson saved, the records): the keys of the ``files``
        store of the site's JupyterLite storage, as the page reads them."""
        return list(
            self.page.evaluate(
                """async () => { const site = new URL('..', window.location.href).pathname; const kept = [];
                  for (const { name } of await indexedDB.databases()) {
                    if (!name.startsWith('JupyterLite Storage - ' + site.replace(/\\/$/, ''))) continue;
                    kept.push(...await new Promise((done) => { const opened = indexedDB.open(name);
                      opened.onsuccess = () => { const db = opened.result;
                        if (!db.objectStoreNames.contains('files')) { db.close(); done([]); return; }
                        const keys = db.transaction('files').objectStore('files').getAllKeys();
                        keys.onsuccess = () => { db.close(); done(keys.result); }; }; })); }
                  return kept; }"""
            )
        )

    def run_cell(self, code: str | None = None) -> None:
        """Run the notebook's last cell, or (given ``code``) a new cell of that code added at its end, as a learner
        adds one."""
        self.page.evaluate(
            """async (code) => { const notebook = window.jupyterapp.shell.currentWidget.content;
              notebook.activeCellIndex = notebook.widgets.length - 1;
              if (code !== null) {
                await window.jupyterapp.commands.execute('notebook:insert-cell-below');
                notebook.activeCell.model.sharedModel.setSource(code);
              }
              window.__ran = undefined;
              window.jupyterapp.commands.execute('notebook:run-cell').then(
                (done) => { window.__ran = true; }, (error) => { window.__ran = String(error); }); }""",
            code,
        )
        self.page.wait_for_function("window.__ran !== undefined", timeout=300_000)
        assert self.page.evaluate("window.__ran") is True

    def open(self, path: str, address: str | None = None) -> float:
        """Open the lesson (at ``address``, which opens it, when given: a class link) and wait for its kernel; the
        seconds the kernel took to be ready."""
        start = time.monotonic()
        self.page.goto(address or f"{self.base}/lab/index.html?path={path}")
        # a returning learner's earlier tabs are restored too, and one of them may end up in front: wait for the
        # restore, then bring the asked lesson forward, so what follows acts on it
        self.page.wait_for_function(
            """(path) => { const app = window.jupyterapp; if (!app?.shell || app.__restored !== true) {
                 app?.restored?.then(() => { app.__restored = true; }); return false; }
               const panel = Array.from(app.shell.widgets('main')).find((w) => w.context?.path === path);
               if (!panel) return false;
               if (app.shell.currentWidget !== panel) app.shell.activateById(panel.id);
               return app.shell.currentWidget === panel && !!panel.sessionContext; }""",
            arg=path,
            timeout=120_000,
        )
        # kept on the page and polled, as Run All is: awaited straight through, a long start may lose its promise
        self.page.evaluate("""() => { window.__kernel = undefined; const p = window.jupyterapp.shell.currentWidget;
            p.context.ready.then(() => p.sessionContext.ready).then(() => p.sessionContext.session.kernel.info)
              .then((info) => { window.__kernel = info.implementation || 'ready'; },
                    (error) => { window.__kernel = 'failed: ' + String(error); }); }""")
        self.page.wait_for_function("window.__kernel !== undefined", timeout=300_000)
        kernel = self.page.evaluate("window.__kernel")
        assert not str(kernel).startswith("failed"), kernel
        return time.monotonic() - start

    def run_code(self, code: str) -> str:
        """Run ``code`` in the lesson's kernel (no cell): what it prints, and any error's name and message."""
        said = self.page.evaluate(
            """async (code) => {
              const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
              const future = kernel.requestExecute({ code, store_history: false });
              let text = '';
              future.onIOPub = (msg) => {
                if (msg.header.msg_type === 'stream') text += msg.content.text;
                if (msg.header.msg_type === 'error') text += `ERROR ${msg.content.ename}: ${msg.content.evalue}`;
              };
              await future.done;
              return text;
            }""",
            code,
        )
        return str(said)


@pytest.fixture(scope="module")
def profile(offline_browser: Any, lite_site: str) -> Iterator[Profile]:
    """The learner's browser through this file's tests, in their order: what one test's tab saved, the next finds."""
    kept = Profile(offline_browser, lite_site)
    try:
        yield kept
    finally:
        kept.context.close()


@pytest.fixture
def lite_lesson(profile: Profile) -> Iterator[LiteLesson]:
    lesson = LiteLesson(profile)
    try:
        yield lesson
    finally:
        lesson.page.close()  # the tab closed: what it saved is in the profile's storage
        profile.tab_closed()


#: A lead's hint as a lesson asks it: each choice's card, grade and points (to a millionth), from the same seed.
_HINT = """import json
from charlemagne_learn.analysis import compiled, hint
from charlemagne_learn.teach.decisions import decisions


def graded():
    lead = next(decisions("canadian", ["lead"], seed=3, samples=40))
    return [[str(c.action), c.grade, round(c.points, 6)] for c in hint(lead.view, 40, workers=1, lang="en").choices]
"""


def _errors(outputs: list[dict[str, Any]]) -> list[str]:
    return [f"{o.get('ename')}: {o.get('evalue')}" for o in outputs if o.get("output_type") == "error"]


def test_a_lesson_runs_offline_and_answers_clicks_and_hints_through_a_long_session(lite_lesson: LiteLesson) -> None:
    started = lite_lesson.open(LESSON)
    ran = lite_lesson.run_all()
    outputs = lite_lesson.outputs()
    assert _errors(outputs) == []
    assert outputs, "Run All left no output"
    page = lite_lesson.page
    lite_lesson.panel.locator(".jp-OutputArea-output").first.scroll_into_view_if_needed()
    lite_lesson.screenshot("lite_offline_lesson_03_top")
    quiz = lite_lesson.panel.locator(".cl-quiz")
    quiz.locator(".cl-quiz-title").wait_for(timeout=60_000)
    quiz.scroll_into_view_if_needed()
    lite_lesson.screenshot("lite_offline_lesson_03")

    # a question of either kind the quiz draws (seed 0): click a seat, or a card and Check
    clicked = time.monotonic()
    if quiz.locator(".cl-quiz-seat").count():
        quiz.locator(".cl-quiz-seat").first.click()
    else:
        quiz.locator(".cl-cards button").first.click()
        quiz.locator(".cl-quiz-check").click()
    quiz.locator(".cl-quiz-verdict").wait_for(timeout=30_000)
    answered = time.monotonic() - clicked
    verdict = quiz.locator(".cl-quiz-verdict").inner_text()
    assert "Correct!" in verdict or "Not quite." in verdict, verdict
    assert quiz.locator(".cl-quiz-explanation").inner_text().strip()
    assert quiz.locator(".cl-quiz-score").inner_text().strip().endswith("of 1")
    lite_lesson.screenshot("lite_offline_lesson_03_quiz_answered")
    # the results download for the teacher, from the page itself (no server to fetch them from)
    with page.expect_download() as saving:
        quiz.locator(".cl-download-csv").click()
    results = list(csv.DictReader(io.StringIO(Path(saving.value.path()).read_text(encoding="utf-8-sig"))))
    assert saving.value.suggested_filename.endswith(".csv") and len(results) == 1
    assert results[0]["answer"] and results[0]["correct"] in ("True", "False")

    # a hint there grades as JupyterLab's does, every choice, with the compiled search run by the browser
    asked = time.monotonic()
    there = json.loads(lite_lesson.run_code(_HINT + "print(json.dumps([compiled.available(), graded()]))"))
    hinted = time.monotonic() - asked
    namespace: dict[str, Any] = {}
    exec(_HINT, namespace)
    assert there == [True, namespace["graded"]()]

    # a hand at lesson 11's play table in this tab, each of the learner's turns by a click, graded in the browser
    lite_lesson.run_cell(PLAY_TABLE)
    table_clicks, table_waits = _a_hand_at_the_play_table(lite_lesson)

    timings: dict[str, object] = {
        "kernel_ready_s": round(started, 1), "run_all_s": round(ran, 1), "click_answered_s": round(answered, 2),
        "hint_s": round(hinted, 1),
    }  # fmt: skip
    # and the same kernel goes on answering through a long session (in this test: a kernel's start is dear)
    timings["play_table"] = {"clicks": table_clicks, "median_s": round(sorted(table_waits)[len(table_waits) // 2], 2)}
    timings["long_session"] = _long_session(lite_lesson, LONG_SESSION - 1 - table_clicks)
    (ARTIFACTS / "lite_offline_timings.json").write_text(json.dumps(timings, indent=1), encoding="utf-8")
    print(f"offline JupyterLite, lesson 03: {timings}")
    assert lite_lesson.blocked == []  # the lesson asked nothing of the internet
    assert lite_lesson.real_errors() == []

    # the learner changes the lesson and it is saved (in the browser): the start page will offer it afresh
    lite_lesson.page.evaluate("""async () => { const panel = window.jupyterapp.shell.currentWidget;
        panel.content.widgets[0].model.sharedModel.setSource('My own notes on following suit.');
        await panel.context.save(); }""")
    assert "My own notes" in (lite_lesson.file(LESSON) or "")


def test_the_french_lesson_speaks_french_offline(lite_lesson: LiteLesson) -> None:
    lite_lesson.open(f"fr/{LESSON}")
    lite_lesson.run_all()
    assert _errors(lite_lesson.outputs()) == []
    quiz = lite_lesson.panel.locator(".cl-quiz")
    quiz.locator(".cl-quiz-title").wait_for(timeout=60_000)
    quiz.scroll_into_view_if_needed()
    lite_lesson.screenshot("lite_offline_fr_lesson_03")
    # the course reads the edition's course.json ({"lang": "fr"}) beside the lesson, through the site's drive
    shown = lite_lesson.shown()
    assert "Question 1 sur" in shown
    english = _french.english_words_in(shown)
    assert not english, f"English words shown: {sorted(english)}"
    assert lite_lesson.blocked == []
    assert lite_lesson.real_errors() == []
    # this is a new tab: the quiz answered in the English lesson's tab, closed since, is still kept in the browser
    answers = json.loads(lite_lesson.file("progress.json") or "{}")["answers"]
    assert any(quiz.get("1") in (True, False) for quiz in answers.values()), answers


def test_the_start_page_starts_a_lesson_changed_in_an_earlier_visit_afresh(lite_lesson: LiteLesson) -> None:
    """In another tab, after the first test's learner changed lesson 03 and closed it: the start page's box lists the
    lesson, its button brings back the site's copy, and the learner's records stay. It comes by the class link, the
    site's own address: lesson 00 opens alone, the earlier visit's lessons are not opened again (each would start
    its own Python first)."""
    lite_lesson.open("00_start_here.ipynb", f"{lite_lesson.base}/")
    tabs = lite_lesson.page.evaluate("Array.from(window.jupyterapp.shell.widgets('main')).map((w) => w.title.label)")
    assert tabs == ["00_start_here.ipynb"], tabs
    top = json.dumps(
        lite_lesson.page.evaluate("window.jupyterapp.shell.currentWidget.content.model.cells.get(0).toJSON()")
    )
    assert "kept in this browser" in top  # every lesson of the site says where its changes go
    lite_lesson.run_cell()  # the start page's last cell: the box
    box = lite_lesson.panel.locator(".cl-afresh")
    button = box.locator(f'.cl-afresh-button[data-lesson="{LESSON}"]')
    button.wait_for(timeout=60_000)
    expect(box.locator(".cl-afresh-button")).to_have_count(1)  # only the lesson changed: 00 and the rest are as shipped
    expect(box.locator(".cl-afresh-lesson")).to_have_text("Lesson 3 — Following suit and winning tricks")
    box.scroll_into_view_if_needed()
    lite_lesson.screenshot("lite_offline_start_afresh")
    button.click()
    expect(box.locator(".cl-caption")).to_contain_text("is as the course ships it again", timeout=30_000)
    expect(box.locator(".cl-afresh-button")).to_have_count(0)
    assert "My own notes" not in (lite_lesson.file(LESSON) or "x My own notes")  # the site's copy, as shipped
    assert "kept in this browser" in (lite_lesson.file(LESSON) or "")
    assert lite_lesson.file("progress.json")  # the records are other files: they stay
    assert lite_lesson.blocked == [] and lite_lesson.real_errors() == []


#: The lessons that draw plots, run whole offline: the plots drawn as the site was built show in their place.
DRAWING_LESSONS = ("07_mulot_and_gros_mulot.ipynb", "09_judging_a_hand.ipynb", "12_bid_odds_and_statistics.ipynb")
#: The open lesson's cells, as JSON.
_CELLS = """() => { const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    return Array.from({ length: cells.length }, (_, i) => cells.get(i).toJSON()); }"""
#: The pictures the open lesson shows (laid out, with a size), by class: the light or dark one of each plot.
_PICTURES = """() => [...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.cl-figure img')]
    .filter((img) => img.getClientRects().length && img.naturalWidth > 0).map((img) => img.className)"""


@pytest.mark.parametrize("lesson", DRAWING_LESSONS)
def test_a_lesson_that_draws_runs_whole_offline_with_its_plots_in_either_theme(
    lite_lesson: LiteLesson, lesson: str
) -> None:
    lite_lesson.open(lesson)
    cells = json.loads((REPO / "notebooks" / lesson).read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    plots = sum(bool(re.search(r"\bplot_\w+\s*\(", "".join(c["source"]))) for c in code)
    assert not any("%pip" in "".join(c["source"]) for c in lite_lesson.page.evaluate(_CELLS))  # no install cell
    # the outputs the lesson ships with go first: each one seen afterwards was made by this run
    lite_lesson.page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    ran = lite_lesson.run_all()
    outputs = lite_lesson.outputs()
    assert _errors(outputs) == []
    # every cell that shows something where the lesson was run in CPython shows something here: Run All went through
    made = {c["id"]: len(c.get("outputs") or []) for c in lite_lesson.page.evaluate(_CELLS)}
    assert {c["id"]: made[c["id"]] > 0 for c in code} == {c["id"]: bool(c["outputs"]) for c in code}, made
    widgets = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
    panel = "window.jupyterapp.shell.currentWidget.node"
    lite_lesson.page.wait_for_function(f"{panel}.querySelectorAll('.cl-widget').length >= {widgets}", timeout=120_000)
    figures = lite_lesson.panel.locator(".cl-figure")
    expect(figures).to_have_count(plots)
    expect(lite_lesson.panel.locator(".cl-figure-missing")).to_have_count(0)
    for theme, picture in (("JupyterLab Dark", "cl-figure-dark"), ("JupyterLab Light", "cl-figure-light")):
        use_theme(lite_lesson.page, theme)
        # the theme's pictures are decoded after its stylesheet shows them: their size comes a moment later
        shown = f"() => ({_PICTURES})().join(' ') === {json.dumps(' '.join([picture] * plots))}"
        with contextlib.suppress(PlaywrightTimeout):
            lite_lesson.page.wait_for_function(shown, timeout=30_000)
        assert lite_lesson.page.evaluate(_PICTURES) == [picture] * plots, theme
        figures.first.evaluate("(figure) => figure.scrollIntoView({ block: 'center' })")
        lite_lesson.screenshot(f"lite_offline_{lesson[:2]}_plot_{picture.rsplit('-', 1)[1]}")
    alt = figures.first.locator("img").first.get_attribute("alt") or ""
    assert len(alt.split()) > 5  # the words a screen reader says: the plot's titles and axes
    print(f"offline JupyterLite, lesson {lesson[:2]}: ran in {ran:.0f} s, {len(outputs)} outputs, {widgets} widgets")
    assert lite_lesson.blocked == []
    assert lite_lesson.real_errors() == []


#: Lesson 11's play table, as the lesson makes it.
PLAY_TABLE = 'from charlemagne_learn.widgets import PlayTable\n\nplay = PlayTable(seat="S", seed=1, bots="rule")\nplay'
# What a learner may click: an action button, or (while a card is to be chosen) a card that may be played.
ACTION = ".cl-playtable .cl-action:not([disabled])"
CARD = ".cl-playtable .cl-seat[data-seat='S'] .cl-card:not(.cl-illegal):not(.cl-shown)"
CARD_PHASES = ("play", "discard", "give")


def _a_hand_at_the_play_table(lite_lesson: LiteLesson) -> tuple[int, list[float]]:
    """One hand by clicks until its review shows (the first choice offered each turn); the clicks, and how long each
    took to be answered."""
    page = lite_lesson.page
    root = lite_lesson.panel.locator(".cl-playtable")
    root.locator(".cl-seat").first.wait_for(timeout=60_000)
    waits: list[float] = []
    for _ in range(120):  # each of the bots' cards a Continue, each of the learner's a click
        if root.locator(".cl-review-panel").count():
            break
        phase = lite_lesson.run_code("print(play.state.phase.value)").strip()
        if phase == "over":
            break
        if phase == "discard":
            target = lite_lesson.panel.locator(f"{CARD}:not(.cl-selected)").first
            if root.locator(".cl-action-confirm").count():
                target = root.locator(".cl-action-confirm")
        else:
            target = lite_lesson.panel.locator(CARD if phase in CARD_PHASES else ACTION).first
        if root.locator(".cl-continue").count():  # the bots' part of the hand waits for the learner's Continue
            target = root.locator(".cl-continue")
        handle = target.element_handle()
        clicked = time.monotonic()
        target.click()
        page.wait_for_function("(node) => !node.isConnected", arg=handle, timeout=120_000)
        waits.append(time.monotonic() - clicked)
        if len(waits) == 4:
            root.scroll_into_view_if_needed()
            lite_lesson.screenshot("lite_offline_play_table")
    review = root.locator(".cl-review-panel")
    review.wait_for(timeout=120_000)
    expect(review).to_contain_text("This hand:")
    # the table is drawn again as the review settles (its node replaced): scrolled to once it holds still
    page.wait_for_function(
        """() => new Promise((done) => { const panel = document.querySelector('.cl-review-panel');
            setTimeout(() => done(panel.isConnected), 500); })"""
    )
    review.scroll_into_view_if_needed()
    lite_lesson.screenshot("lite_offline_play_table_review")
    return len(waits), waits


#: Clicks of the long session: the issue of other JupyterLite courses is a kernel that stops answering after many.
LONG_SESSION = 200


def _long_session(lite_lesson: LiteLesson, clicks: int) -> dict[str, float]:
    """The rest of the :data:`LONG_SESSION`'s clicks (after the quiz's and the play table's), on lesson 03's hand of
    cards, each answered from Python with the ruling on that card (two cards in turn, so every answer changes the
    words shown), then the kernel still runs code. How long the first and the last twenty clicks took is returned to
    be saved beside the screenshots, not asserted: the clock is the machine's."""
    page = lite_lesson.page
    hand = lite_lesson.panel.locator(".cl-hand").filter(has=page.locator('[data-card="AS"]')).first
    hand.scroll_into_view_if_needed()
    message = hand.locator(".cl-message")
    waits = []
    for number in range(clicks):
        before = message.text_content() or ""
        clicked = time.monotonic()
        hand.locator(f'[data-card="{"AS" if number % 2 == 0 else "AD"}"]').click()
        page.wait_for_function(
            "([box, before]) => box.textContent !== before && box.textContent.trim() !== ''",
            arg=[message.element_handle(), before],
            timeout=60_000,
        )
        waits.append(time.monotonic() - clicked)
    assert len(waits) == clicks > LONG_SESSION // 2
    assert lite_lesson.run_code("print(6 * 7)").strip() == "42"  # the kernel still runs code after them
    lite_lesson.screenshot("lite_offline_long_session")
    first, last = sorted(waits[:20]), sorted(waits[-20:])
    return {"clicks": clicks, "first_20_median_s": round(first[10], 3), "last_20_median_s": round(last[10], 3)}


def test_a_lesson_only_looked_at_is_not_kept_and_a_lessons_own_address_opens_it_alone(
    offline_browser: Any, lite_site: str
) -> None:
    """Another learner opens lessons 01 and 02 and only looks, autosave on (every second here): neither lesson is
    marked modified, so the browser keeps no copy to hide the course's later updates. Lesson 02's own address in a
    new tab then opens lesson 02 alone, the site's copy, with one Python started (not one more for each tab of the
    earlier visit); a change made there is kept."""
    profile = Profile(offline_browser, lite_site)
    first, second = "01_cards_and_deck.ipynb", "02_trump_order_and_the_jacks.ipynb"
    try:
        settings = LiteLesson(profile)
        settings.page.goto(f"{lite_site}/lab/index.html")
        settings.page.wait_for_function("!!window.jupyterapp?.serviceManager", timeout=120_000)
        settings.page.evaluate("""() => window.jupyterapp.serviceManager.settings.save(
            '@jupyterlab/docmanager-extension:plugin', JSON.stringify({ autosave: true, autosaveInterval: 1 }))""")
        settings.page.close()
        profile.tab_closed()

        looking = LiteLesson(profile)
        looking.open(first)
        looking.page.evaluate(  # the second lesson opened beside it, its kernel started
            """(path) => { window.__second = undefined; window.jupyterapp.commands.execute('docmanager:open', { path })
                .then((panel) => panel.sessionContext.ready.then(() => panel.sessionContext.session.kernel.info))
                .then(() => { window.__second = 'ready'; }, (error) => { window.__second = String(error); }); }""",
            second,
        )
        looking.page.wait_for_function("window.__second !== undefined", timeout=300_000)
        assert looking.page.evaluate("window.__second") == "ready"
        looking.page.wait_for_timeout(4_000)  # four autosaves
        dirty = looking.page.evaluate(
            "Array.from(window.jupyterapp.shell.widgets('main')).map((w) => [w.context.path, w.context.model.dirty])"
        )
        assert sorted(dirty) == [[first, False], [second, False]]
        assert looking.kept() == []  # nothing was saved: each lesson comes from the site
        assert looking.real_errors() == []
        looking.page.close()
        profile.tab_closed()

        back = LiteLesson(profile)
        back.open(second, f"{lite_site}/lab/index.html?path={second}")
        back.page.wait_for_timeout(4_000)  # time for any other tab restored to start its kernel
        tabs = back.page.evaluate("Array.from(window.jupyterapp.shell.widgets('main')).map((w) => w.title.label)")
        assert tabs == [second], tabs
        kernels = back.page.evaluate("Array.from(window.jupyterapp.serviceManager.sessions.running()).length")
        assert kernels == 1
        assert back.kept() == [] and "kept in this browser" in (back.file(second) or "")
        # a change of the learner's is kept, by autosave alone
        back.page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets[1].model.sharedModel
            .setSource('My notes on the jacks.')""")
        for _ in range(60):
            if back.kept():
                break
            back.page.wait_for_timeout(500)
        assert back.kept() == [second]
        assert "My notes on the jacks." in (back.file(second) or "")
        assert back.blocked == [] and back.real_errors() == []
        back.page.close()
    finally:
        profile.context.close()


#: The lesson that shows pictures: two of the play table, as files beside the lessons (``notebooks/images/``).
PICTURES = "11_play_a_hand.ipynb"


@pytest.mark.parametrize("edition", ["", "fr/"], ids=["English", "French"])
def test_lesson_11_draws_its_pictures_with_no_request_that_fails(
    offline_browser: Any, lite_site: str, edition: str
) -> None:
    """Another learner opens lesson 11 (each edition): its three pictures of the play table are drawn, no request of
    the page fails, and the lesson, only looked at, is not changed. JupyterLab writes a cell's HTML with the image's
    address as the lesson has it, and the browser asked for it relative to the page, not to the lesson: a 404 at
    ``lab/images/…`` (the French edition's ``../images/…`` at ``images/…``) and a broken picture until JupyterLab put
    the file in. The site carries the pictures inside the lesson, drawn with no request at all."""
    profile = Profile(offline_browser, lite_site)
    try:
        lesson = LiteLesson(profile)
        page = lesson.page
        failed: list[str] = []
        page.on(
            "response", lambda answer: failed.append(f"{answer.status} {answer.url}") if answer.status >= 400 else None
        )
        page.goto(f"{lite_site}/lab/index.html?path={edition}{PICTURES}")
        pictures = lesson.panel.locator(".jp-MarkdownCell .jp-RenderedMarkdown img")
        page.wait_for_function(
            """() => { const shown = document.querySelectorAll(
                 '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell .jp-RenderedMarkdown img');
               return shown.length === 3 && Array.from(shown).every((img) => img.complete && img.naturalWidth > 0); }""",
            timeout=120_000,
        )
        drawn = pictures.evaluate_all("(shown) => shown.map((img) => [img.alt, img.naturalWidth, img.naturalHeight])")
        assert len(drawn) == 3 and all(alt and width > 0 and height > 0 for alt, width, height in drawn), drawn
        page.wait_for_function("window.jupyterapp?.shell.currentWidget?.context?.isReady === true", timeout=120_000)
        page.wait_for_timeout(2_000)  # JupyterLab marks a lesson it changed as it loads it: none here
        assert page.evaluate("window.jupyterapp.shell.currentWidget.context.model.dirty") is False
        pictures.first.scroll_into_view_if_needed()
        expect(pictures.first).to_be_in_viewport()  # the notebook drawn again where it scrolled to, then kept
        page.screenshot(path=str(ARTIFACTS / f"lite_lesson_11_pictures{'_fr' if edition else ''}.png"))
        assert failed == []
        assert lesson.blocked == [] and lesson.real_errors() == []
        page.close()
    finally:
        profile.context.close()
