"""Time budgets: an analysis a page waits on (a hint, a grade, bid odds) stops sampling when its seconds are
spent, and reports how many samples it used.

Deals of the hidden cards are drawn in a fixed order from the seed; a budget only decides how many of them are
looked at. So an answer within a budget is the answer for its first ``samples`` deals, and it says how many
(``Hint.samples``, ``BidOdds.samples``). Without a budget (``None``) every sample asked for is used, whatever
the time: the same call gives the same numbers on every machine.

>>> clock = Clock(None)
>>> all(clock.more(done) for done in range(1000))
True
>>> tight = Clock(0.001)
>>> time.sleep(0.002)
>>> tight.more(MIN_SAMPLES - 1), tight.more(MIN_SAMPLES)
(True, False)
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Iterable, Iterator
from typing import TypeVar

from ..errors import RulesOptionError, quote
from ..i18n import add_messages, say

add_messages({
    "budget.not_seconds": ("{name}={value} is not allowed; give seconds (a number such as 1.5) or None",
                           "`{name}={value}` n'est pas permis ; donnez des secondes (un nombre comme 1.5) ou None"),
    "budget.range": ("{name}={value} is not allowed; give more than 0 and at most {most} seconds",
                     "`{name}={value}` n'est pas permis ; donnez plus de 0 et au plus {most} secondes"),
    "budget.variable": ("{name}={value} is not allowed; set it to seconds (such as 2) or to none",
                        "`{name}={value}` n'est pas permis ; mettez-y des secondes (comme 2) ou none"),
})  # fmt: skip

__all__ = ["BUDGET_VARIABLE", "MIN_SAMPLES", "Clock", "check_budget", "default_budget"]

#: Samples used whatever the budget: fewer say too little to grade anything.
MIN_SAMPLES = 4
#: Seconds the widgets give an analysis, or ``none`` for no limit; read at each use (a teacher sets it for a slow
#: room, the tests set ``none`` so their numbers never depend on the machine's load).
BUDGET_VARIABLE = "CHARLEMAGNE_BUDGET"
#: The widgets' budget in JupyterLab and in JupyterLite (Pyodide runs the search about twice as slowly, with no
#: DDS): about a second, and a few seconds.
_DEFAULT = {"lab": 1.0, "lite": 3.0}
_LONGEST = 3600.0


def check_budget(budget: object, name: str = "budget") -> float | None:
    """``budget`` as seconds (a positive number up to an hour), or None for no limit."""
    if budget is None:
        return None
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not math.isfinite(budget):
        raise RulesOptionError(say("budget.not_seconds", name=name, value=quote(budget)))
    if not 0 < budget <= _LONGEST:
        raise RulesOptionError(say("budget.range", name=name, value=quote(budget), most=round(_LONGEST)))
    return float(budget)


def default_budget() -> float | None:
    """The budget a widget gives an analysis unless told: :data:`BUDGET_VARIABLE` if set (seconds, or ``none``),
    else about a second in JupyterLab and three in JupyterLite."""
    setting = os.environ.get(BUDGET_VARIABLE, "").strip().lower()
    if setting in ("none", "off"):
        return None
    if setting:
        try:
            return check_budget(float(setting), BUDGET_VARIABLE)
        except ValueError:
            raise RulesOptionError(say("budget.variable", name=BUDGET_VARIABLE, value=quote(setting))) from None
    return _DEFAULT["lite" if sys.platform == "emscripten" else "lab"]


_T = TypeVar("_T")


class Clock:
    """Started when made; :meth:`more` says whether another sample fits in ``budget`` seconds."""

    def __init__(self, budget: float | None, minimum: int = MIN_SAMPLES) -> None:
        self.budget = check_budget(budget)
        self.minimum = minimum
        self.start = time.perf_counter()
        #: How many items :meth:`take` has given.
        self.taken = 0

    def more(self, done: int) -> bool:
        """After ``done`` samples: always below the minimum; then only if one more, at the pace so far, ends
        within the budget (so the answer comes at about the budget, not one slow sample after it)."""
        if self.budget is None or done < self.minimum:
            return True
        elapsed = time.perf_counter() - self.start
        return elapsed + elapsed / max(done, 1) <= self.budget

    def take(self, items: Iterable[_T]) -> Iterator[_T]:
        """``items`` one after another while :meth:`more` says another fits; :attr:`taken` counts them.

        >>> clock = Clock(None)
        >>> list(clock.take("abc")), clock.taken
        (['a', 'b', 'c'], 3)
        """
        self.taken = 0
        for item in items:
            if not self.more(self.taken):
                return
            self.taken += 1
            yield item

    def left(self) -> float | None:
        """Seconds still to spend (None: no limit)."""
        if self.budget is None:
            return None
        return max(0.0, self.budget - (time.perf_counter() - self.start))
