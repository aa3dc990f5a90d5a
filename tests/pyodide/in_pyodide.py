"""The course's Python as JupyterLite runs it, each part checked and timed: run inside Pyodide by ``run.mjs``,
or here (``python tests/pyodide/in_pyodide.py``; ``--pure``: without DDS, as Pyodide has none) for comparison.
``--default-sizes`` adds the parts at the sizes a learner meets (a hint on its default 320 deals, bid odds at 500
samples), which the benchmark times and the test leaves out for time.

Prints one JSON object: for each part, what it found and the seconds it took. The test
(``tests/test_pyodide.py``) checks the findings; ``benchmarks/pyodide_speed.py`` compares the times.
Imported (pytest imports it for doctests), it does nothing.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Callable
from typing import Any


def _timed(parts: dict[str, Any], name: str, work: Callable[[], dict[str, Any]]) -> None:
    start = time.perf_counter()
    found = work()
    parts[name] = {**found, "seconds": round(time.perf_counter() - start, 3)}


def _engine() -> dict[str, Any]:
    import charlemagne_learn as cl
    from charlemagne_learn.analysis.bots import play_hand

    k = cl.Contract(cl.Rules.preset("canadian"), bid="6", bidder="N", trump="H")
    winner = cl.trick_winner(k, "E", cl.parse_cards("AS JD 7S KS"))
    rules = cl.Rules.preset("canadian")
    hands, start = 0, time.perf_counter()
    while time.perf_counter() - start < 1.5:
        play_hand(rules, [cl.RandomBot(i) for i in range(4)], seed=hands)
        hands += 1
    return {"winner": str(winner), "hands_per_second": round(hands / (time.perf_counter() - start))}


def _bid_odds() -> dict[str, Any]:
    import charlemagne_learn as cl

    odds = cl.bid_odds("canadian", "RJ JH JD AH KH AS AC 9C", samples=100, seed=1)
    return {"made": {c.bid: c.made for c in odds}, "samples": odds.samples}


@functools.cache
def _lead() -> Any:
    """An opening lead, as lesson 10 asks one (found once, before the parts that time a hint on it)."""
    from charlemagne_learn.teach.decisions import decisions

    return next(decisions("canadian", ["lead"], seed=3, samples=20))


def _hint() -> dict[str, Any]:
    from charlemagne_learn.analysis import hint

    ranked = hint(_lead().view, samples=20)
    return {"seat": ranked.seat.name, "best": str(ranked.best.action), "choices": len(ranked.choices)}


def _hint_default() -> dict[str, Any]:
    from charlemagne_learn.analysis import hint

    ranked = hint(_lead().view)
    return {"best": str(ranked.best.action), "deals": ranked.samples}


def _exchange_default() -> dict[str, Any]:
    import charlemagne_learn as cl
    from charlemagne_learn.analysis.exchange import exchange_hint
    from charlemagne_learn.analysis.hints import GRADE_SAMPLES

    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
    for action in ["bid 6", "pass", "pass", "pass"]:
        state.apply(action)
    ranked = exchange_hint(state, GRADE_SAMPLES)
    return {"best": ranked.best.text, "choices": len(ranked.choices), "deals": ranked.samples}


@functools.cache
def _decision(kind: str) -> Any:
    """A decision quiz's position of ``kind`` (found once, before the part that times its hint)."""
    from charlemagne_learn.teach.decisions import decisions

    return next(decisions("canadian", [kind], seed=5))


def _graded(kind: str) -> Callable[[], dict[str, Any]]:
    """The default hint of a decision quiz's position of ``kind``, as a learner's answer asks for it."""

    def work() -> dict[str, Any]:
        from charlemagne_learn.analysis import hint

        state = _decision(kind).state
        ranked = hint(state.view(state.to_move))
        return {"best": str(ranked.best.action), "choices": len(ranked.choices), "deals": ranked.samples}

    return work


def _bid_odds_500() -> dict[str, Any]:
    import charlemagne_learn as cl

    odds = cl.bid_odds("canadian", "JS JC AS KS 9S AH 7D 8C", samples=500, seed=1)
    return {"made": {c.bid: c.made for c in odds}, "samples": odds.samples}


def _quiz() -> dict[str, Any]:
    from charlemagne_learn.widgets import TrickQuiz

    quiz = TrickQuiz("canadian", level=2, seed=5, count=3, student="Ada")
    right = quiz.answer(quiz._question.answer)
    return {"right": right, "score": quiz.score_text, "csv_starts": quiz.to_csv().splitlines()[0][:30]}


def _ratings() -> dict[str, Any]:
    from charlemagne_learn.teach.ratings import Ratings, first_rating

    ratings, problem = Ratings(), first_rating(0.5, True)
    for number in range(12):
        ratings, problem = ratings.after("lead", problem, solved=number % 3 != 0)
    return {"ratings": ratings.to_json(), "problem": problem.to_json()}


def _practice() -> dict[str, Any]:
    """Two notebooks answering in turn into one lessons' folder of Pyodide's file system (which has no lock between
    tabs: each answer is read, merged and written), after a damaged record is put aside."""
    import tempfile
    from datetime import datetime, timedelta, timezone
    from pathlib import Path

    from charlemagne_learn.teach.practice import keep, load, opened
    from charlemagne_learn.teach.ratings import Rating

    folder = Path(tempfile.mkdtemp())
    (folder / "practice.json").write_text("not json", encoding="utf-8")
    english, aside = opened(folder)
    french, given = english, {"en": [], "fr": []}  # type: ignore[var-annotated]
    for number in range(6):
        lang = ("en", "fr")[number % 2]
        record = english if lang == "en" else french
        record = record.answered(f"canadian play {number}", "play", (), Rating(), "blunder",
                                 now=datetime(2026, 11, 27, tzinfo=timezone.utc) + timedelta(minutes=number))  # fmt: skip
        given[lang].append(record.answers[-1])
        kept = keep(given[lang], folder)
        assert kept is not None
        english, french = (kept[0], french) if lang == "en" else (english, kept[0])
    return {"aside": None if aside is None else aside.file, "kept": len(load(folder).answers)}


#: Seeds of the Canadian partnership deals ``_solver`` solves (as ``benchmarks/solver_speed.py`` deals them).
SOLVER_SEEDS = range(10)


def solver_deals() -> list[tuple[Any, dict[Any, Any]]]:
    """Contract and hands of each of ``SOLVER_SEEDS``: North bids 6, trump drawn per deal."""
    import random

    import charlemagne_learn as cl

    rules = cl.Rules.preset("canadian")
    out = []
    for seed in SOLVER_SEEDS:
        trump = random.Random(f"trump-{seed}").choice("CDHS")
        state = cl.HandState.new(rules, dealer="W", seed=seed)
        out.append((cl.Contract(rules, "6", "N", trump), {s: state.hand(s) for s in cl.Seat}))
    return out


def _solver() -> dict[str, Any]:
    """Full double-dummy solves of 8-card partnership deals by the pure-Python search (Pyodide has no DDS)."""
    from charlemagne_learn.analysis import double_dummy
    from charlemagne_learn.analysis.solver import _Search

    deals = solver_deals()
    for k, _ in deals:
        _Search(k, [0, 0, 0, 0])  # each card order's tables, built once a session: not the search's speed
    start = time.perf_counter()
    tricks = [double_dummy(k, hands, k.first_leader, method="python") for k, hands in deals]
    return {"tricks": tricks, "solves_per_second": round(len(deals) / (time.perf_counter() - start), 1)}


def compiled_deals() -> list[tuple[Any, dict[Any, Any]]]:
    """``solver_deals`` and the same deals under contracts DDS cannot play: Mulot (the joker rule), a lone
    Charlemagne (three players) and American No Trump."""
    import charlemagne_learn as cl

    out = solver_deals()
    for k, hands in list(out):
        for contract in (cl.Contract(k.rules, "mulot", "N"), cl.Contract(k.rules, "charlemagne", "N", k.trump)):
            out.append((contract, {s: c for s, c in hands.items() if s in contract.active_seats}))
    american = cl.Rules.preset("american")
    for seed in SOLVER_SEEDS:
        state = cl.HandState.new(american, dealer="W", seed=seed)
        out.append((cl.Contract(american, "no_trump", "N"), {s: state.hand(s) for s in cl.Seat}))
    return out


def _compiled() -> dict[str, Any]:
    """Full solves by the compiled search (WebAssembly: the browser's own here), and every card of a position
    mid-trick; the 8-card partnership deals timed as ``_solver`` times the pure search."""
    from charlemagne_learn.analysis import compiled, double_dummy, solve_position

    if not compiled.available():
        return {"error": compiled.why_unavailable()}
    deals = compiled_deals()
    tricks = [double_dummy(k, hands, k.first_leader, method="compiled") for k, hands in deals]
    rate = _compiled_rate(deals[: len(SOLVER_SEEDS)], 3, 1.0)
    k, hands = deals[0]
    after = {s: c[1:] for s, c in hands.items()}
    leads = solve_position(k, after, k.first_leader, method="compiled")
    return {
        "tricks": tricks,
        "solves_per_second": round(rate, 1),
        "position": {str(c): v for c, v in leads.items()},
    }


#: Every kind of contract the benchmark of the solver times (``benchmarks/solver_speed.py``): name, variant, bid,
#: trump ("random": drawn a deal, as there), and the options of a lone contract.
KINDS: tuple[tuple[str, str, str, str | None, dict[str, Any]], ...] = (
    ("Canadian trump (6, partnership)", "canadian", "6", "random", {}),
    ("American no trump", "american", "no_trump", None, {}),
    ("Canadian Charlemagne alone", "canadian", "charlemagne", "random", {}),
    ("Canadian Mulot", "canadian", "mulot", None, {}),
    ("Canadian Gros Mulot", "canadian", "gros_mulot", None, {}),
    ("American Le Petit", "american", "le_petit", None, {}),
    ("Maine Charlemagne, lone defender", "maine", "charlemagne", "random", {"alone": True, "lone_defender": "E"}),
    ("Bid Euchre trump (3)", "bid_euchre", "3", "random", {}),
    ("Bid Euchre no trump (3)", "bid_euchre", "3", None, {}),
)


def _compiled_kinds() -> dict[str, Any]:
    """Full 8-card solves a second by the compiled search, every kind of contract: ten deals each (seeds 0-9,
    North bidding, as ``benchmarks/solver_speed.py`` deals them), solved again until half a second has passed."""
    import random

    import charlemagne_learn as cl
    from charlemagne_learn.analysis import compiled

    if not compiled.available():
        return {"error": compiled.why_unavailable()}
    rates = {}
    for name, variant, bid, trump, options in KINDS:
        rules = cl.Rules.preset(variant)
        deals = []
        for seed in SOLVER_SEEDS:
            suit = random.Random(f"trump-{seed}").choice("CDHS") if trump == "random" else trump
            contract = cl.Contract(rules, bid, "N", suit, **options)
            state = cl.HandState.new(rules, dealer="W", seed=seed)
            deals.append((contract, {s: state.hand(s) for s in contract.active_seats}))
        rates[name] = round(_compiled_rate(deals, 2, 0.5), 1)
    return {"kinds": rates}


def _compiled_rate(deals: list[tuple[Any, dict[Any, Any]]], rounds: int, seconds: float) -> float:
    """Full solves a second of ``deals`` by the compiled search, each solved again for at least ``rounds`` rounds
    and ``seconds``."""
    from charlemagne_learn.analysis import double_dummy

    start = time.perf_counter()
    done = 0
    while done < rounds or time.perf_counter() - start < seconds:
        for contract, hands in deals:
            double_dummy(contract, hands, contract.first_leader, method="compiled")
        done += 1
    return done * len(deals) / (time.perf_counter() - start)


def _widgets() -> dict[str, Any]:
    from charlemagne_learn.widgets import BidOddsExplorer, DecisionQuiz, Hand, PlayTable, TrumpLadder

    table = PlayTable("canadian", "S", seed=1, grade_samples=6, hint_samples=6)
    played = table.play("pass")
    ladder = TrumpLadder("canadian", trump="H")
    hand = Hand("AS JD 7H RJ 9C")
    decision = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=6)
    graded = decision.choose(decision.decision.grade().best.action)
    explorer = BidOddsExplorer(samples=20)
    return {
        "playtable": repr(table),
        "played": played,
        "ladder_cards": len(ladder.cards) if hasattr(ladder, "cards") else None,
        "hand_cards": len(hand.cards),
        "decision_grade": decision.results[0]["grade"] if graded else None,
        "explorer": type(explorer).__name__,
    }


def _next_problem() -> dict[str, Any]:
    """Practice as a learner meets it: each problem answered (its grading is the answer's time), then the next one
    served (found, made and drawn), timed alone; every kind of decision practice asks."""
    from charlemagne_learn.teach.decisions import DECISION_KINDS
    from charlemagne_learn.widgets import Trainer

    waits, keys = [], []
    for skill in DECISION_KINDS:
        trainer = Trainer("canadian", skill=skill, lang="en", count=3)
        for _ in range(2):
            best = trainer.decision.grade().best
            trainer.choose(str(getattr(best, "action", "")) or best.said("en"))  # an exchange is said, not an action
            start = time.perf_counter()
            trainer.next()
            waits.append(time.perf_counter() - start)
            keys.append(trainer.problem.key)
    return {"problems": keys, "slowest": round(max(waits), 3), "median": round(sorted(waits)[len(waits) // 2], 3)}


def main() -> None:
    if "--pure" in sys.argv:
        from charlemagne_learn.analysis import dds

        dds.available = lambda: False  # no DDS, as in Pyodide
    parts: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    try:
        _lead()  # not part of any timing
        if "--default-sizes" in sys.argv:
            _decision("reply"), _decision("give")
    except Exception as exc:
        parts["lead"] = {"error": f"{type(exc).__name__}: {exc}"}
    # The solver first: run last, it measured ~3× slower (5.2 against 17.7 solves/s in CPython), most likely
    # the garbage collector walking the heap the other parts leave behind.
    for name, work in (("solver", _solver), ("compiled", _compiled), ("engine", _engine), ("bid_odds", _bid_odds),
                       ("hint", _hint), ("quiz", _quiz), ("ratings", _ratings), ("practice", _practice),
                       ("widgets", _widgets),
                       *((("hint_default", _hint_default), ("exchange_default", _exchange_default),
                          ("reply_default", _graded("reply")), ("give_default", _graded("give")),
                          ("bid_odds_500", _bid_odds_500), ("next_problem", _next_problem),
                          ("compiled_kinds", _compiled_kinds))
                        if "--default-sizes" in sys.argv else ())):  # fmt: skip
        try:
            _timed(parts, name, work)
        except Exception as exc:  # reported, so the test names every part that fails, not only the first
            parts[name] = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(parts))


if __name__ == "__main__":
    main()
