"""Write the set of small endings the αμ benchmark measures: ``charlemagne_learn/data/endings.json``.

For each contract kind of :data:`~charlemagne_learn.analysis.endings.KINDS`, with three and four cards left, the seat
to move the bidder or a defender, the first seeds (from 0) whose ending gives the seat a choice of cards and whose
information set is small enough to search whole (:func:`~charlemagne_learn.analysis.alphamu.information_set`): at
most :data:`CAP` deals of the hidden cards. Run: ``python scripts/build_endings.py``.
"""

from __future__ import annotations

import sys

from charlemagne_learn.analysis.alphamu import information_set
from charlemagne_learn.analysis.endings import ENDINGS, KINDS, Ending, ending_state, record
from charlemagne_learn.engine.errors import CharlemagneError

#: The most worlds an ending of three (four) cards may have: αμ searches them whole in a few seconds.
CAP = {3: 2500, 4: 400}
#: Endings kept of each kind, cards left and role; seeds looked at for them.
KEEP, SEEDS = 3, 150


def main() -> None:
    endings: list[Ending] = []
    counts: list[int] = []
    for rules, bid in KINDS:
        for left in (3, 4):
            for role in ("bidder", "defender"):
                kept = 0
                for seed in range(SEEDS):
                    ending = Ending(rules, bid, seed, left, role)
                    try:
                        state = ending_state(ending)
                        view = state.view(state.to_move)
                        if len(view.legal_actions) < 2:
                            continue
                        worlds = information_set(view, CAP[left])
                    except CharlemagneError:
                        continue
                    endings.append(ending)
                    counts.append(len(worlds))
                    kept += 1
                    if kept == KEEP:
                        break
                print(rules, bid, left, role, kept, file=sys.stderr)
    ENDINGS.write_text(record(endings, counts), encoding="utf-8")
    print(f"{len(endings)} endings written to {ENDINGS}", file=sys.stderr)


if __name__ == "__main__":
    main()
