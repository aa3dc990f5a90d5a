"""Does following the rule of thumb a coached quiz shows get a good grade? For each variant and each kind of
decision a quiz asks, the positions of ``decisions()`` from a few seeds, each graded as the quiz grades it; the
choice the tip recommends (RuleBot's action, the count's bid for a bid, RuleBot's whole exchange) is counted
when it is graded best or good. Failing positions are listed with the rule behind them.

Run from the repository root::

    CHARLEMAGNE_BUDGET=none .venv/bin/python benchmarks/thumb_agreement.py --positions 20 --samples 60
"""

from __future__ import annotations

import argparse
import collections
import time
from itertools import islice

from charlemagne_learn.analysis.exchange import exchange_hint
from charlemagne_learn.analysis.rulebot import advise
from charlemagne_learn.engine.errors import RulesOptionError
from charlemagne_learn.engine.rules import Rules
from charlemagne_learn.teach.decisions import Decision, decision_kinds, decisions

GOOD = ("best", "good")


def followed_tip(d: Decision) -> tuple[str, str, str, str]:
    """The rule behind the tip, the grade of the choice it recommends, the best choice and that choice."""
    advice = d.advice
    if advice is None:  # the tip recommends no choice here (the count at a table where it is no rule)
        return "none", "-", "-", "-"
    ranked = d.grade()
    if isinstance(advice, tuple):
        out, trump = advice
        ranked = exchange_hint(d.state, ranked.samples, also=(out, trump))
        mine = ranked.choice(out, trump)
        return "exchange", mine.grade, ranked.best.said("en"), mine.said("en")
    rule = "bid.count" if d.kind == "bid" else advise(d.view).rule
    return rule, ranked.choice(advice).grade, str(ranked.best.action), str(advice)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default="canadian,american,maine,bid_euchre")
    parser.add_argument("--kinds", default="")
    parser.add_argument("--examples", type=int, default=6)
    args = parser.parse_args()
    table = []
    by_rule: dict[str, list[bool]] = collections.defaultdict(list)
    for variant in args.variants.split(","):
        rules = Rules.preset(variant)
        kinds = args.kinds.split(",") if args.kinds else [*decision_kinds(None, rules), "give"]
        for kind in kinds:
            start = time.monotonic()
            ok, fails = 0, []
            try:
                found = list(islice(decisions(variant, [kind], seed=args.seed, samples=args.samples), args.positions))
            except RulesOptionError:  # this table never asks it (American has no lone bid a give matters in)
                continue
            for d in found:
                rule, grade, best, mine = followed_tip(d)
                if rule == "none":
                    continue
                good = grade in GOOD
                by_rule[f"{variant}:{rule}"].append(good)
                ok += good
                if not good:
                    fails.append((rule, grade, mine, best, d.situation, str(list(map(str, d.view.hand)))))
            table.append((variant, kind, ok, args.positions, time.monotonic() - start))
            print(
                f"{variant:10} {kind:9} {ok:3}/{args.positions} {ok / args.positions:5.0%}  {time.monotonic() - start:6.1f}s",
                flush=True,
            )
            for f in fails[: args.examples]:
                print("    FAIL", *f, flush=True)
    print("\nby rule (variant:rule ok/n):")
    for key, results in sorted(by_rule.items(), key=lambda kv: sum(kv[1]) / len(kv[1])):
        print(f"  {key:45} {sum(results):3}/{len(results)}")


if __name__ == "__main__":
    main()
