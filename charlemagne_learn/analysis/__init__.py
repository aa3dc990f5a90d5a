"""Analysis tools built on the rules engine: the double-dummy solver.

>>> import charlemagne_learn as cl
>>> from charlemagne_learn.analysis import double_dummy
>>> k = cl.Contract(cl.Rules.preset("american"), "no_trump", "N")
>>> double_dummy(k, {"N": "AS AH", "E": "KS KH", "S": "7C 8C", "W": "QS QH"}, "N")
2
"""

from .solver import HandsArg, double_dummy, solve_position

__all__ = ["HandsArg", "double_dummy", "solve_position"]
