"""A fixed set of what the package says and sends — hints, exchange hints, reviews, rulings, errors and the widgets'
payloads, in both languages — recorded once and compared by ``tests/test_same_behaviour.py``: a change of structure
(where words are made, which object runs a table, how the front end is built) must leave every one of them as it was,
byte for byte.

    python tests/_behaviour.py          # record tests/behaviour/*.json again (only for a change meant to be seen)
"""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RECORDS = HERE / "behaviour"
LANGS = ("en", "fr")
#: Fewer deals than a live hint (320): the same code path, a quicker test. One position keeps the live count.
SAMPLES = 48
#: The widgets' traits that are how a page is drawn or joined, not what it says.
_FRAME = {"_esm", "_css", "_anywidget_id", "layout", "tabbable", "tooltip", "_dom_classes", "keys"}


def _payload(widget: Any) -> dict[str, Any]:
    state = widget.get_state()
    out = {k: v for k, v in sorted(state.items()) if k not in _FRAME and not k.startswith(("_model_", "_view_"))}
    if isinstance(out.get("_download"), dict):
        out["_download"] = _untimed(out["_download"])
    return out


def _untimed(download: dict[str, Any]) -> dict[str, Any]:
    """A results file without the seconds each answer took: the clock's, not the package's."""
    out = dict(download)
    if out.get("csv"):
        rows = list(csv.reader(io.StringIO(out["csv"])))
        at = rows[0].index("seconds") if "seconds" in rows[0] else None
        for row in rows[1:]:
            if at is not None and at < len(row):
                row[at] = "-"
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows)
        out["csv"] = text.getvalue()
    if out.get("json"):
        out["json"] = re.sub(r'("seconds": )[0-9.]+', r"\g<1>-", out["json"])
    return out


def _changes(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each frame as what changed since the one before: what a page is sent, and a record a reader can follow."""
    out, before = [], {}
    for frame in frames:
        out.append({k: v for k, v in frame.items() if before.get(k) != v})
        before = frame
    return out


def _said(obj: Any) -> dict[str, str]:
    out = {"str": str(obj), "repr": repr(obj)}
    html = getattr(obj, "_repr_html_", None)
    if html is not None:
        out["html"] = html()
    return out


def _positions() -> Iterator[tuple[str, Any]]:
    """Decision points of seeded hands played by rule bots: each variant's first bid, a bid after a bid, the
    bidder's choice before the exchange, the exchange, a lead and a card in the middle of a trick."""
    import charlemagne_learn as cl

    for variant, seed in [("canadian", 3), ("american", 5), ("maine", 7), ("bid_euchre", 11), ("canadian", 29)]:
        rules = cl.Rules.preset(variant)
        state = cl.HandState.new(rules, dealer="N", seed=seed)
        bot = cl.RuleBot(seed)
        seen: set[str] = set()
        while not state.is_over:
            phase = state.phase.name
            label = f"{variant}-{seed}-{phase}"
            if phase == "PLAY":
                cards = len(state.trick)
                label += "-lead" if cards == 0 else f"-follow{cards}"
            elif any(str(a) != "pass" for _, a in state.bids_heard()):
                label += "-after"
            if label not in seen:
                seen.add(label)
                yield label, state.copy()
            mover = state.to_move
            state.apply(bot.act(state.view(mover)), seat=mover)


def hints() -> dict[str, Any]:
    from charlemagne_learn.analysis.exchange import exchange_hint
    from charlemagne_learn.analysis.hints import hint

    out: dict[str, Any] = {}
    for label, state in _positions():
        for lang in LANGS:
            if state.phase.name == "DISCARD":
                ranked: Any = exchange_hint(state, samples=6, lang=lang)
            else:
                view = state.view(state.to_move)
                if not view.legal_actions:
                    continue
                try:
                    ranked = hint(view, samples=SAMPLES, lang=lang)
                except Exception as error:  # a phase not graded says so: that sentence is behaviour too
                    out[f"{label}/{lang}"] = {"error": f"{type(error).__name__}: {error}"}
                    continue
            out[f"{label}/{lang}"] = _said(ranked)
    return out


def reviews() -> dict[str, Any]:
    import charlemagne_learn as cl
    from charlemagne_learn.analysis.hints import review

    out: dict[str, Any] = {}
    for variant, seed in [("canadian", 2), ("american", 4)]:
        state = cl.play_hand(variant, [cl.RuleBot(i) for i in range(4)], seed=seed)
        for lang in LANGS:
            out[f"{variant}-{seed}/{lang}"] = _said(review(state, state.contract.bidder, samples=SAMPLES, lang=lang))
    return out


def rulings() -> dict[str, Any]:
    import charlemagne_learn as cl

    out: dict[str, Any] = {}
    for variant in ["canadian", "american", "maine", "bid_euchre"]:
        rules = cl.Rules.preset(variant)
        k = cl.Contract(rules, bid="6", bidder="N", trump="H")
        for lang in LANGS:
            key = f"{variant}/{lang}"
            asks: dict[str, tuple[Callable[..., Any], tuple[Any, ...]]] = {
                "winner": (cl.explain_trick_winner, (k, "E", "AS JD 7S KS")),
                "winner-jokers": (cl.explain_trick_winner, (k, "S", "BJ RJ JH AH")),
                "legal": (cl.explain_legal_plays, (k, "AH 7S 8D KC", "QS")),
                "score": (cl.explain_score, (k, 5)),
                "bad card": (cl.explain_trick_winner, (k, "E", "ZZ")),
                "twice": (cl.explain_trick_winner, (k, "E", "AH AH")),
                "empty": (cl.explain_trick_winner, (k, "E", "")),
            }
            for name, (ask, args) in asks.items():
                try:
                    out[f"{key}/{name}"] = _said(ask(*args, lang=lang))
                except ValueError as error:
                    out[f"{key}/{name}"] = f"{type(error).__name__}: {error}"
    return out


def _drive_table(lang: str, variant: str, seed: int, boldest: bool) -> list[dict[str, Any]]:
    """A learner at the table asking for a hint before each button, choosing the boldest bid (or the first one
    above a pass) and the last card allowed, told every bot's move."""
    from charlemagne_learn.widgets.playtable import PlayTable

    p = PlayTable(variant, seed=seed, lang=lang, hint_samples=SAMPLES)
    frames = [_payload(p)]
    for _ in range(80):
        if p.review:
            break
        if p.telling:
            p._on_front_end(p, {"type": "skip"}, [])
        elif p.actions:
            p._on_front_end(p, {"type": "hint"}, [])
            frames.append(_payload(p))
            ids = [str(a["id"]) for a in p.actions if not str(a["id"]).startswith("undo")]
            confirm = [i for i in ids if i.startswith("confirm")]
            chosen = confirm[0] if confirm else ids[-1] if boldest or len(ids) < 2 else ids[1]
            p._on_front_end(p, {"type": "action", "action": chosen}, [])
        else:
            mine = next(s for s in p.picture["seats"] if s["you"])["cards"]
            legal = [c["id"] for c in mine if c.get("legal", True)]
            p._on_front_end(p, {"type": "card", "card": legal[-1]}, [])
        frames.append(_payload(p))
    frames.append({"repr": repr(p), "static": p._static_html()})
    return _changes(frames)


def widgets() -> dict[str, Any]:
    import charlemagne_learn as cl
    from charlemagne_learn import widgets as w

    out: dict[str, Any] = {}
    makers: dict[str, Callable[[str], Any]] = {
        "hand": lambda lang: w.Hand(
            "RJ JH AH 7S KD", cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H"), "QS", lang=lang
        ),
        "ladder": lambda lang: w.TrumpLadder("american", "S", lang=lang),
        "bidbox": lambda lang: w.BidBox("canadian", cl.HandState.new(cl.Rules.preset("canadian"), seed=4), lang=lang),
        "table": lambda lang: w.Table(cl.play_hand("canadian", [cl.RuleBot(i) for i in range(4)], seed=8), lang=lang),
        "odds": lambda lang: w.BidOddsExplorer("canadian", "RJ BJ JH JD AH KH AS 7C", samples=24, lang=lang),
        "trickquiz": lambda lang: w.TrickQuiz("canadian", level=2, seed=5, count=3, lang=lang),
        "decisionquiz": lambda lang: w.DecisionQuiz("canadian", seed=6, count=2, samples=SAMPLES, lang=lang),
    }
    for name, make in makers.items():
        for lang in LANGS:
            widget = make(lang)
            frames = [_payload(widget)]
            if name == "trickquiz":
                for _ in range(3):
                    widget.answer(widget._question.answer if hasattr(widget, "_question") else "N")
                    frames.append(_payload(widget))
                    widget.next()
            elif name == "decisionquiz":
                for _ in range(2):
                    widget.choose(widget.decision.state.legal_actions()[0])
                    frames.append(_payload(widget))
                    widget.next()
            frames.append({"repr": repr(widget), "static": widget._static_html()})
            out[f"{name}/{lang}"] = _changes(frames)
    for lang in LANGS:
        out[f"playtable-canadian-1/{lang}"] = _drive_table(lang, "canadian", 1, boldest=True)
        out[f"playtable-maine-3/{lang}"] = _drive_table(lang, "maine", 3, boldest=False)
    return out


KINDS: dict[str, Callable[[], dict[str, Any]]] = {
    "hints": hints,
    "reviews": reviews,
    "rulings": rulings,
    "widgets": widgets,
}


def normal(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1, sort_keys=True, default=str) + "\n"


if __name__ == "__main__":
    RECORDS.mkdir(exist_ok=True)
    for kind in sys.argv[1:] or KINDS:
        (RECORDS / f"{kind}.json").write_text(normal(KINDS[kind]()), encoding="utf-8")
        print("recorded", kind)
