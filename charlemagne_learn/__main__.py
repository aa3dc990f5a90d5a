"""``python -m charlemagne_learn cheatsheet ...`` and ``... hand-records ...``: the command-line tools of
:mod:`charlemagne_learn.teach.commands` (``--help`` lists them)."""

import sys

from .teach.commands import main

if __name__ == "__main__":  # imported (a doctest collector, a console script's loader): nothing runs
    sys.exit(main())
