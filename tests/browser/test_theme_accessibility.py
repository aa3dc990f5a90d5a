"""Every widget, and the static HTML of the engine's objects, in JupyterLab Light and Dark: axe-core (every
rule, WCAG contrast included) finds nothing serious or critical, and no text is left unmeasured.

axe-core is the npm package (``package.json``; ``python3 tasks.py test`` runs ``npm ci``), injected into the
page. Its ``color-contrast`` rule measures each piece of text against what is drawn behind it; text it cannot
measure (``incomplete``) fails too, since unmeasured text is exactly how unreadable text slips through.
Screenshots of both themes are kept in ``test-artifacts/``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from _jupyter import ARTIFACTS, REPO, use_theme
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"

CELLS = (
    """
import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.widgets import BidBox, BidOddsExplorer, DecisionQuiz, Hand, NameBox, PlayTable, Table, TrickQuiz, TrumpLadder
rules = cl.Rules.preset("canadian")
k = cl.Contract(rules, "6", "N", "H")
""",
    # the static HTML of the engine's objects, as every lesson shows it
    "cl.parse_cards('AS JD 7H RJ 9C BJ')",
    "rules",
    "cl.bid_odds(rules, 'RJ JH JD AH 10H AS KC 9D', seat='N', samples=20, seed=0)",
    # every widget, each showing as much of its text as it can
    """
hand = Hand("AS JD 7H RJ 9C", contract=k, trick="KH", four_colour=True)
hand.select("AS")
hand
""",
    'TrumpLadder("canadian", "H")',
    "NameBox()",
    """
state = cl.HandState.new(rules, "N", seed=1)
state.apply("bid 6")
BidBox(state=state)
""",
    """
explorer = BidOddsExplorer(samples=20, auto=False)
explorer.compute()
explorer
""",
    """
quiz = TrickQuiz("canadian", level=1, seed=2, count=5, student="Ada")
quiz.answer(quiz._question.answer)
quiz
""",
    """
played = play_hand(rules, [make_bot("rule", s) for s in range(4)], seed=3)
replay = Table.replay(played)
replay.step = 14
replay
""",
    # a hand told from a seat (static HTML: the text takes the theme's colours)
    """
from charlemagne_learn.teach.story import tell_hand
tell_hand(played, "S", samples=4)
""",
    """
hinted = PlayTable("canadian", "S", seed=1, bots="rule", hint_samples=4, grade_samples=2)
hinted.show_hint()
hinted
""",
    """
decided = DecisionQuiz("canadian", kinds=["bid"], seed=2, count=2, samples=8, coach=True)
decided.choose(decided.decision.grade().choices[-1].action)
decided
""",
    """
reviewed = PlayTable("canadian", "S", seed=1, bots="rule", hint_samples=2, grade_samples=2)
while not reviewed.review:
    reviewed.play(reviewed.state.legal_actions()[0])
reviewed
""",
)
WIDGETS = 10  # widget outputs above
MIN_TEXTS = 300

# WCAG contrast of every piece of text in the outputs, measured directly: axe's own color-contrast rule skips text
# it judges off screen, which in JupyterLab's scrolled notebook is most of it. The text colour and every
# background behind it (with opacity) are composited as the browser paints them; large text needs 3:1, other
# text 4.5:1; text of disabled controls is exempt (WCAG 1.4.3), and text over a picture cannot be measured.
_CONTRAST = """() => {
  const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const rgba = (css) => {
    canvas.clearRect(0, 0, 1, 1); canvas.fillStyle = "#000"; canvas.fillStyle = css; canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data; return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a), 1];
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (x, y) => { const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p); return (a + 0.05) / (b + 0.05); };
  const failures = []; let measured = 0;
  for (const output of document.querySelectorAll(".jp-OutputArea-output")) {
    const walker = document.createTreeWalker(output, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const host = node.parentElement;
      if (!node.textContent.trim() || !host.getClientRects().length || host.closest("[hidden], :disabled, svg")) continue;
      const style = getComputedStyle(host);
      if (style.visibility !== "visible" || host.closest("[aria-hidden=true]")) continue;
      const chain = []; for (let e = host; e; e = e.parentElement) chain.unshift(e);
      let bg = [255, 255, 255, 1], alpha = 1, picture = false;
      for (const e of chain) {
        const s = getComputedStyle(e);
        alpha *= Number(s.opacity);
        if (s.backgroundImage !== "none") picture = true;
        const c = rgba(s.backgroundColor);
        bg = over([c[0], c[1], c[2], c[3] * alpha], bg);
      }
      const fg = rgba(style.color);
      const seen = over([fg[0], fg[1], fg[2], fg[3] * alpha], bg);
      const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
      const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      const got = ratio(seen, bg);
      measured += 1;
      if (picture || got < need) {
        const where = host.className || host.tagName.toLowerCase();
        failures.push(`${picture ? "over a picture" : got.toFixed(2) + " < " + need}: "${node.textContent.trim().slice(0, 40)}" in .${where} `
          + `(text ${style.color} on ${bg.slice(0, 3).map(Math.round)})`);
      }
    }
  }
  return { measured, failures };
}"""

# axe-core over every output (not JupyterLab's own prompts and toolbars), every rule.
_AXE_RUN = """async () => {
  const result = await axe.run({ include: [[".jp-OutputArea-output"]] });
  const pick = (list) => list.map((r) => ({ id: r.id, impact: r.impact, help: r.help,
    nodes: r.nodes.map((n) => ({ target: n.target.join(" "), html: n.html.slice(0, 160), data: n.any.concat(n.all, n.none)
      .map((c) => c.data).filter(Boolean) })) }));
  const measured = (list) => list.filter((r) => r.id === "color-contrast").reduce((n, r) => n + r.nodes.length, 0);
  return { violations: pick(result.violations), incomplete: pick(result.incomplete),
    texts: measured(result.passes) + measured(result.violations) + measured(result.incomplete) };
}"""


def _findings(result: dict[str, Any]) -> list[str]:
    """Every serious or critical violation, and every text whose contrast could not be measured, one a line."""
    lines = []
    for rule in result["violations"]:
        if rule["impact"] in ("serious", "critical"):
            lines += [f"{rule['id']} ({rule['impact']}): {n['target']} {n['data']} {n['html']}" for n in rule["nodes"]]
    for rule in result["incomplete"]:
        if rule["id"] == "color-contrast":
            lines += [f"contrast unmeasured: {n['target']} {n['data']} {n['html']}" for n in rule["nodes"]]
    return lines


@pytest.mark.timeout(600)
def test_every_widget_reads_well_in_light_and_dark(notebook: Any) -> None:
    if not AXE.is_file():
        if os.environ.get("CI"):
            pytest.fail("axe-core is missing: python3 tasks.py test installs it with npm ci")
        pytest.skip("axe-core is not installed (npm ci)")
    book = notebook(*CELLS)
    page = book.page
    expect(page.locator(".cl-widget")).to_have_count(WIDGETS, timeout=120_000)
    # the reviewed PlayTable and the answered DecisionQuiz each show a review panel
    expect(page.locator(".cl-review-panel")).to_have_count(2, timeout=60_000)
    expect(page.locator(".cl-hint-list li").first).to_be_visible(timeout=60_000)
    # JupyterLab skips drawing the cells out of view (content-visibility): draw them all, so every text is measured
    page.add_style_tag(content=".jp-Notebook .jp-Cell { content-visibility: visible !important; }")
    # axe measures only text on screen, not text scrolled out of the notebook's view: a page tall enough for all
    outer = "document.querySelector('.jp-Notebook .jp-WindowedPanel-outer')"
    page.set_viewport_size({"width": 1280, "height": page.evaluate(f"{outer}.scrollHeight") + 300})
    page.add_script_tag(path=str(AXE))
    report: dict[str, list[str]] = {}
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        use_theme(page, theme)
        name = theme.split()[-1].lower()
        page.evaluate(f"{outer}.scrollTop = 0")
        book.screenshot(f"widgets_{name}")
        result = page.evaluate(_AXE_RUN)
        contrast = page.evaluate(_CONTRAST)
        report[theme] = _findings(result) + contrast["failures"]
        (ARTIFACTS / f"a11y_{name}.json").write_text(json.dumps({"axe": result, "contrast": contrast}, indent=1))
        # every piece of text in the outputs was measured (the cells hold several hundred)
        assert contrast["measured"] >= MIN_TEXTS, f"{theme}: only {contrast['measured']} texts measured"
    assert report == {"JupyterLab Light": [], "JupyterLab Dark": []}, json.dumps(report, indent=1)[:20000]
    assert book.real_errors() == []


def test_axe_is_installed_by_the_projects_own_npm_lock() -> None:
    # a fresh clone gets axe-core from package-lock.json (tasks.py runs npm ci): no global install is relied on
    lock = json.loads((REPO / "package-lock.json").read_text())
    assert "node_modules/axe-core" in lock["packages"]
    assert Path(AXE).relative_to(REPO).parts[0] == "node_modules"
