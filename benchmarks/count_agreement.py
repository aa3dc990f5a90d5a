"""How often is the count's bid (lesson 09) the bid with the best expected points (lesson 12), and on which hands
do they differ? North opens (every bid allowed) on seeded deals; the count bids the lowest bid allowed up to what
it allows (so 5 from a count of 4, else pass), the engine's best is the bid of :func:`~charlemagne_learn.bid_odds`
with the most expected points (perfect play), or a pass when none beats 0. The count's bid is also graded as a
quiz grades a bid: by the points it gives up against the best, as a share of the lowest bid's stake.

Run from the repository root::

    .venv/bin/python benchmarks/count_agreement.py --hands 200 --samples 100
"""

from __future__ import annotations

import argparse
import collections

import charlemagne_learn as cl
from charlemagne_learn.analysis.grading import grade_for
from charlemagne_learn.teach.judging import bid_by_count, count_hand


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--samples", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    rules = cl.Rules.preset("canadian")
    stake = rules.bid("5").made + rules.bid("5").failed  # a bid is graded against the lowest bid's stake
    same = 0
    grades: collections.Counter[str] = collections.Counter()
    by_count: dict[int, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    differ = []
    for seed in range(args.first_seed, args.first_seed + args.hands):
        hand = cl.HandState.new(rules, dealer="W", seed=seed).hand("N")
        counted = count_hand(hand, rules)
        mine = "5" if bid_by_count(counted.total, rules) is not None else "pass"
        odds = cl.bid_odds(rules, hand, samples=args.samples, seed=0, workers=1)
        points = {chance.label: chance.expected_points for chance in odds if chance.expected_points is not None}
        points["pass"] = 0.0
        best = max(points, key=lambda bid: points[bid])
        grade = grade_for(points[best] - points[mine], stake)
        grades[grade] += 1
        by_count[counted.total][best] += 1
        if best == mine:
            same += 1
        else:
            differ.append(
                (
                    seed,
                    counted.total,
                    mine,
                    best,
                    round(points[mine], 2),
                    round(points[best], 2),
                    grade,
                    str(cl.CardList(hand)),
                )
            )
        print(seed, counted.total, mine, best, grade, flush=True)
    print(f"\nthe count's bid is the engine's best on {same} of {args.hands} hands")
    print("the count's bid graded:", dict(grades))
    print("the engine's best bid, by count:")
    for total in sorted(by_count):
        print(f"  count {total:2}: {dict(by_count[total])}")
    print("hands where they differ (seed, count, count's bid, best, their points, grade, hand):")
    for row in differ:
        print("  ", *row)


if __name__ == "__main__":
    main()
