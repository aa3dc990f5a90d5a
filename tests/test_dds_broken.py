"""An endplay that is installed but cannot load falls back to the pure-Python search, as a missing one does.

Issue 25 item 7: a wheel for another system, or a missing OpenMP runtime (libgomp), makes loading DDS's library
raise OSError; every analysis raised it. Now the analyses give the same answers by the package's own search, and
a warning says once, in words, why.
"""

from __future__ import annotations

import textwrap

import pytest
from _processes import analyses_elsewhere

import charlemagne_learn as cl
from charlemagne_learn.analysis import dds
from charlemagne_learn.analysis.odds import deal_outcomes
from charlemagne_learn.engine.deal import deal_hands

HAND = "RJ JH JD AH KH AS AC 9C"

BROKEN = textwrap.dedent(
    """
    import importlib.abc, importlib.machinery, json, sys

    class Unloadable(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        # endplay is there, but loading it fails as a wheel for another system or a missing libgomp makes it fail
        def find_spec(self, name, path=None, target=None):
            if name == "endplay" or name.startswith("endplay."):
                return importlib.machinery.ModuleSpec(name, self, is_package=True)
            return None

        def create_module(self, spec):
            return None

        def exec_module(self, module):
            raise OSError("libgomp.so.1: cannot open shared object file: No such file or directory")

    sys.meta_path.insert(0, Unloadable())
    """
)

TAIL = textwrap.dedent(
    """
    rules = cl.Rules.preset("canadian")
    state = cl.HandState.new(rules, dealer="W", seed=0)
    hands = {seat: list(state.hand(seat)) for seat in cl.Seat}
    try:
        cl.double_dummy(cl.Contract(rules, "6", "N", "H"), hands, "E", method="dds")
    except cl.CharlemagneError as error:
        print(error)
    """
)


def test_an_endplay_that_cannot_load_gives_the_same_answers_with_one_warning() -> None:
    run, answers, here = analyses_elsewhere(BROKEN, TAIL)
    assert answers == here
    refusal = run.stdout.splitlines()[1]

    warnings = [line for line in run.stderr.splitlines() if "cannot load" in line]
    assert len(warnings) == 1, run.stderr  # once, for the parent and its worker processes together
    assert "RuntimeWarning: endplay is installed but cannot load (OSError: libgomp.so.1" in warnings[0]
    assert "the same answers, more slowly" in warnings[0]
    assert refusal.startswith("method='dds' cannot solve this: endplay cannot load (OSError: libgomp.so.1")
    assert refusal.endswith("use method='python' or 'auto'")


def test_the_reason_is_said_in_french_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dds, "_usable", False)
    monkeypatch.setattr(dds, "_failure", "OSError: libdds.so: wrong ELF class")
    assert dds.why_unavailable("fr") == "endplay ne peut pas se charger (OSError: libdds.so: wrong ELF class)"
    monkeypatch.setattr(dds, "_failure", None)
    assert dds.why_unavailable("en") == "endplay is not installed"
    rules = cl.Rules.preset("canadian")
    dealt, kitty = deal_hands(rules, cl.Seat.W, seed=1)
    assert deal_outcomes(rules, dealt, kitty, "N")  # the pure search answers
