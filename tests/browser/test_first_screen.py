"""A learner's first screen is the start lesson, with nothing over it.

JupyterLab is started the way ``python3 tasks.py lessons`` starts it (its options, and the JupyterLab
settings that ``tasks.py`` installs into the environment): the start page opens, and no question about
Jupyter's news feed or an update covers it. ``--LabApp.news_url=None`` alone does not stop that question;
the settings overrides (``lab-settings/overrides.json``) do.
"""

from __future__ import annotations

import json
import sys
import urllib.request
from typing import Any

import pytest
from _jupyter import ARTIFACTS, Lab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def test_the_start_lesson_opens_with_no_news_question_over_it(lessons_lab: Lab, browser: Any) -> None:
    lab = lessons_lab
    answer = json.load(urllib.request.urlopen(f"{lab.base}/lab/api/settings/{NOTIFICATION}?token={lab.token}"))
    # the server applies overrides as the schema's defaults
    defaults = {name: spec.get("default") for name, spec in answer["schema"]["properties"].items()}
    assert (defaults["fetchNews"], defaults["checkForUpdates"]) == ("false", False), (
        f"{sys.prefix} lacks JupyterLab's settings overrides: run python3 tasks.py test (it installs them)"
    )
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        # the address a learner's browser opens: the server's root, which sends them on to the start page
        page.goto(f"{lab.base}/?token={lab.token}")
        page.wait_for_function(
            "window.jupyterapp?.shell.currentWidget?.context?.path === '00_start_here.ipynb'", timeout=60_000
        )
        # the announcements plugin asks its question once the app is restored and the settings are loaded;
        # by the time the lesson's kernel is ready it would be on screen
        page.evaluate("""async () => { const app = window.jupyterapp; await app.restored;
            const p = app.shell.currentWidget; await p.context.ready; await p.sessionContext.ready;
            await p.sessionContext.session.kernel.info; }""")
        expect(page.locator(".jp-Notebook")).to_be_visible()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "first_screen.png"))
        expect(page.get_by_text("official Jupyter news")).to_have_count(0)
        expect(page.locator(".Toastify__toast")).to_have_count(0)
    finally:
        context.close()
