"""Settings of every test run: the package's doctests, tests/ and the lessons under nbval (their kernels, and the
browser tests' JupyterLab, inherit this process's environment)."""

from __future__ import annotations

import os

# The widgets give each analysis a time budget (charlemagne_learn.analysis.budget), so how many deals a grade
# uses depends on the machine's speed and load. The tests check the numbers themselves, so every analysis gets
# all its samples here; tests/test_budget.py checks the budgets, with a clock of its own.
os.environ["CHARLEMAGNE_BUDGET"] = "none"
