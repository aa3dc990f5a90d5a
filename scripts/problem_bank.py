"""Make the stored starter set of practice problems: for each table, problems of every kind from seeds 0, 1, 2…,
each with the themes and first rating the engine gives it (:mod:`charlemagne_learn.teach.problems`).

Practice picks the next problem from this set in no time (by rating and theme, with nothing to grade first), then
grades only the one it picks; problems beyond the set are made from further seeds on demand. The same arguments
give the same file, byte for byte, whatever ``--workers``; a test makes some of its problems again and compares.

    .venv/bin/python scripts/problem_bank.py                      # every table, 30 problems of each kind
    .venv/bin/python scripts/problem_bank.py canadian --count 60
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from charlemagne_learn.analysis.processes import job_pool  # noqa: E402
from charlemagne_learn.engine.errors import RulesOptionError  # noqa: E402
from charlemagne_learn.engine.rules import VARIANTS, Rules  # noqa: E402
from charlemagne_learn.teach.decisions import DECISION_KINDS, is_asked  # noqa: E402
from charlemagne_learn.teach.problems import BANK_FOLDER, bank_path, problem  # noqa: E402


def _entry(job: tuple[str, str, int]) -> dict[str, object] | None:
    variant, kind, seed = job
    try:
        made = problem(variant, kind, seed, lang="en")
    except RulesOptionError:  # no position of that kind where the choice matters within the seed's deals
        return None
    return {"kind": kind, "seed": seed, "themes": list(made.themes), "rating": round(made.rating.mu, 1)}


def make(variant: str, count: int, workers: int) -> Path:
    kinds = [kind for kind in DECISION_KINDS if is_asked(kind, Rules.preset(variant))]
    jobs = [(variant, kind, seed) for kind in kinds for seed in range(count)]
    with job_pool(workers) as pool:
        entries = [e for e in pool.map(_entry, jobs, chunksize=4) if e is not None]
    path = bank_path(variant)
    # one problem a line: a regenerated set reads as a diff of the problems that changed
    lines = ",\n".join(json.dumps(e, ensure_ascii=False) for e in entries)
    path.write_text(f'{{"variant": "{variant}", "problems": [\n{lines}\n]}}\n', encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variants", nargs="*", default=list(VARIANTS), help="tables (default: all four)")
    ap.add_argument("--count", type=int, default=30, help="problems of each kind (default: 30)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default: 2)")
    args = ap.parse_args(argv)
    BANK_FOLDER.mkdir(exist_ok=True)
    for variant in args.variants:
        print(f"wrote {make(variant, args.count, args.workers)}", flush=True)


if __name__ == "__main__":
    main()
