"""Make the stored starter set of practice problems: for each table, problems of every kind from seeds 0, 1, 2…,
each with the themes and first rating the engine gives it (:mod:`charlemagne_learn.teach.problems`).

Practice picks the next problem from this set in no time (by rating and theme, with nothing to grade first), then
grades only the one it picks; problems beyond the set are made from further seeds on demand. The same arguments
give the same file, byte for byte, whatever ``--workers``; a test makes some of its problems again and compares.

    .venv/bin/python scripts/problem_bank.py                      # every table, 30 problems of each kind, 10 a theme
    .venv/bin/python scripts/problem_bank.py canadian --count 60

Each problem keeps where the search for its decision stopped, so practice makes a stored problem again at once.
The four tables took 8 min 23 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from charlemagne_learn.analysis.work import job_pool  # noqa: E402
from charlemagne_learn.engine.errors import RulesOptionError  # noqa: E402
from charlemagne_learn.engine.rules import VARIANTS, Rules  # noqa: E402
from charlemagne_learn.teach.decisions import DECISION_KINDS, is_asked  # noqa: E402
from charlemagne_learn.teach.problems import BANK_FOLDER, THEME_KINDS, THEMES, bank_path, problem  # noqa: E402

#: Further seeds tried for a theme the first seeds give too few of (Bid Euchre's ducking: about one play in 25).
_TOP_UP_SEEDS = 240


def _entry(job: tuple[str, str, int]) -> dict[str, object] | None:
    variant, kind, seed = job
    try:
        made = problem(variant, kind, seed, lang="en")
    except RulesOptionError:  # no position of that kind where the choice matters within the seed's deals
        return None
    at = made.decision.found_at
    assert at is not None
    return {"kind": kind, "seed": seed, "themes": list(made.themes), "rating": round(made.rating.mu, 1), "at": list(at)}


def _topped_up(
    variant: str, entries: list[dict[str, object]], count: int, per_theme: int, pool: Any
) -> list[dict[str, object]]:
    """Problems of further seeds for each theme the set holds fewer than ``per_theme`` of, of the kinds that give it
    (as practice makes them on demand), in seed order, up to :data:`_TOP_UP_SEEDS` seeds a theme (none after 48
    seeds that gave none): a theme rare in every kind's first seeds still has a starter set to choose from by
    level."""
    table = Rules.preset(variant)
    taken = {(e["kind"], e["seed"]) for e in entries}
    for theme in THEMES:
        kinds = [kind for kind in THEME_KINDS[theme] if is_asked(kind, table)]
        have = sum(theme in e["themes"] for e in entries)  # type: ignore[operator]
        found = 0
        for start in range(count, count + _TOP_UP_SEEDS, 24):
            # a theme none of the first seeds gives is not one of this table's (the joker rule without jokers)
            if not kinds or have >= per_theme or (start >= count + 2 * 24 and not found):
                break
            batch = [(variant, kinds[seed % len(kinds)], seed) for seed in range(start, start + 24)]
            for made in pool.map(_entry, [job for job in batch if (job[1], job[2]) not in taken], chunksize=2):
                if made is not None and theme in made["themes"] and have < per_theme:
                    entries.append(made)
                    taken.add((made["kind"], made["seed"]))
                    have, found = have + 1, found + 1
    return entries


def make(variant: str, count: int, workers: int, per_theme: int) -> Path:
    kinds = [kind for kind in DECISION_KINDS if is_asked(kind, Rules.preset(variant))]
    jobs = [(variant, kind, seed) for kind in kinds for seed in range(count)]
    with job_pool(workers) as pool:
        entries = [e for e in pool.map(_entry, jobs, chunksize=4) if e is not None]
        entries = _topped_up(variant, entries, count, per_theme, pool)
    path = bank_path(variant)
    # one problem a line: a regenerated set reads as a diff of the problems that changed
    lines = ",\n".join(json.dumps(e, ensure_ascii=False) for e in entries)
    path.write_text(f'{{"variant": "{variant}", "problems": [\n{lines}\n]}}\n', encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*", default=list(VARIANTS), help="tables (default: all four)")
    ap.add_argument("--count", type=int, default=30, help="problems of each kind (default: 30)")
    ap.add_argument("--per-theme", type=int, default=10, help="problems of each theme at least (default: 10)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default: 2)")
    args = ap.parse_args(argv)
    BANK_FOLDER.mkdir(exist_ok=True)
    for variant in args.variants:
        print(f"wrote {make(variant, args.count, args.workers, args.per_theme)}", flush=True)


if __name__ == "__main__":
    main()
