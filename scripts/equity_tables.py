"""Make the equity tables: each variant's chance of winning the game from every score, from the engine's own play.

Hand ``i`` is dealt from seed ``SEED * 1_000_000 + i`` by seat ``i % 4`` and played to its end by four RuleBots;
the chance of winning from each score is then solved from how those hands ended
(:mod:`charlemagne_learn.analysis.equity` says how, and what is assumed). The same ``--seed`` and ``--hands`` give
the same file, byte for byte. The package ships the files this makes with the defaults (20,000 hands a variant,
seed 1)::

    .venv/bin/python scripts/equity_tables.py

That took 14 minutes in one process on a 2-core machine shared with other work: 1.5 to 3 minutes a variant for the
hands (about 3 ms each, unloaded), seconds to solve each table and again on 12 bootstrap resamples of its hands for
its sampling error, but 4.5 minutes for Bid Euchre's, whose scores also fall and whose table is iterated.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

from charlemagne_learn.analysis.equity import HANDS, SEED, hand_ends, sampling_error, solve, table_bytes
from charlemagne_learn.engine.rules import VARIANTS, Rules

SHIPPED = Path(__file__).resolve().parent.parent / "charlemagne_learn" / "data"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="all", choices=["all", *VARIANTS], help="which variant (default: all)")
    parser.add_argument("--hands", type=int, default=HANDS, help=f"hands per variant (default: {HANDS:,})")
    parser.add_argument("--seed", type=int, default=SEED, help=f"seed (default: {SEED}, the shipped files)")
    parser.add_argument("--out", type=Path, default=SHIPPED, help=f"folder for the files (default: {SHIPPED})")
    args = parser.parse_args(argv)
    if args.hands < 1:
        print(f"equity_tables.py: --hands must be at least 1, not {args.hands}", file=sys.stderr)
        return 2
    variants = list(VARIANTS) if args.variant == "all" else [args.variant]
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{args.hands:,} hands per variant, seed {args.seed}")
    for variant in variants:
        rules = Rules.preset(variant)
        start = time.perf_counter()
        ends = hand_ends(rules, args.hands, args.seed)
        played = time.perf_counter() - start
        table = solve(rules, ends, hands=args.hands, seed=args.seed)
        table = dataclasses.replace(table, error=sampling_error(rules, ends, args.seed))
        path = args.out / f"equity_{variant}.json.gz"
        path.write_bytes(table_bytes(table, ends))
        elapsed = time.perf_counter() - start
        print(
            f"  {variant}: {args.hands:,} hands in {played:.0f} s, table in {elapsed - played:.0f} s, "
            f"largest standard error {table.error:.4f}, 0–0 dealing {table.chance(0, 0, True):.3f} -> {path} "
            f"({path.stat().st_size / 1024:.0f} KB)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
