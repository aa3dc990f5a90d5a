"""Make the bidding-statistics datasets: solved random deals of each variant, one gzip'd CSV per variant.

Every deal is dealt from a seed (deal ``i`` has seed ``SEED * 1_000_000 + i``), West deals and North is
the would-be bidder; each deal is solved double-dummy for every trump and every bid of the ladder, and
played out by the greedy bots too. The record format is documented in
``charlemagne_learn/analysis/stats.py``. The same ``--seed`` and ``--deals`` give the same file, byte for
byte, whatever ``--workers``.

The package ships the files this makes with the defaults (5,000 deals a variant, seed 1)::

    .venv/bin/python scripts/bidding_dataset.py

That took 2 min 13 s on a 2-core machine (20 to 50 s a variant: Maine and American, whose lone Charles and
Charlemagne are searched in every suit, are the slowest) and makes files of 110 to 125 KB each.

A bigger dataset for tighter error bars (the interval narrows as one over the square root of the deals,
so four times the deals halve it)::

    .venv/bin/python scripts/bidding_dataset.py --deals 100000 --out ~/charlemagne_data

Time grows in proportion to the deals and shrinks in proportion to the cores (one process per CPU this process
may use, at most 8, unless ``--workers`` says otherwise: up to 256): 100,000 deals take about 7 to 17 minutes a variant on 2 cores, and make
files of about 2.5 MB. Read such a file with ``charlemagne_learn.analysis.stats.read_dataset(path)`` and
pass it to any plot in ``charlemagne_learn.teach.plots`` in place of the variant name.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from charlemagne_learn.analysis.stats import dataset_bytes, make_dataset
from charlemagne_learn.analysis.work import MAX_DEFAULT_WORKERS, default_workers
from charlemagne_learn.engine.rules import VARIANTS

SHIPPED = Path(__file__).resolve().parent.parent / "charlemagne_learn" / "data"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="all", choices=["all", *VARIANTS], help="which variant (default: all)")
    parser.add_argument("--deals", type=int, default=5000, help="random deals per variant (default: 5000)")
    parser.add_argument("--seed", type=int, default=1, help="dataset seed (default: 1, the shipped files)")
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help=f"processes, 1 to 256 (default: one per CPU this process may use, at most {MAX_DEFAULT_WORKERS})",
    )
    parser.add_argument("--out", type=Path, default=SHIPPED, help=f"folder for the files (default: {SHIPPED})")
    args = parser.parse_args(argv)
    if args.workers is None:
        args.workers = default_workers()
    variants = list(VARIANTS) if args.variant == "all" else [args.variant]
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"{args.deals:,} deals per variant, seed {args.seed}, {args.workers} worker process(es)")
    for variant in variants:
        start = time.perf_counter()
        step = max(1, args.deals // 10)
        # a terminal gets one line rewritten in place; a log gets a line every tenth of the way
        lead, end = ("\r", "") if sys.stdout.isatty() else ("", "\n")

        def progress(
            done: int,
            total: int,
            variant: str = variant,
            start: float = start,
            step: int = step,
            lead: str = lead,
            end: str = end,
        ) -> None:
            if done % step == 0 or done == total:
                elapsed = time.perf_counter() - start
                print(f"{lead}  {variant}: {done:,}/{total:,} deals, {elapsed:.0f} s", end=end, flush=True)

        data = make_dataset(variant, args.deals, seed=args.seed, workers=args.workers, progress=progress)
        path = args.out / f"bidding_{variant}.csv.gz"
        path.write_bytes(dataset_bytes(data))
        elapsed = time.perf_counter() - start
        print(
            f"{lead}  {variant}: {len(data):,} deals in {elapsed:.0f} s -> {path} ({path.stat().st_size / 1024:.0f} KB)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
