"""A public double-dummy call spends little around the compiled search (issue 50): at four cards a hand the search
takes a few microseconds, and the call once spent ten times that making a pure-Python search it did not use and
parsing again cards that were already cards. Counted here, not timed: neither is done now, and the checks stay."""

from __future__ import annotations

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import compiled, solver
from charlemagne_learn.engine import cards, deal

pytestmark = pytest.mark.skipif(not compiled.available(), reason="the compiled search cannot load here")

HANDS = {"N": "JH AH 9S 7C", "E": "AS KS QS AC", "S": "JD 10H 8S KC", "W": "AD KD QD QC"}


def test_a_compiled_answer_makes_no_python_search_and_parses_no_card_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    hands = {seat: list(cl.parse_cards(text)) for seat, text in HANDS.items()}
    expected = solver.double_dummy(k, hands, "N", method="python")
    made: list[object] = []
    parsed: list[object] = []
    search_init = solver._Search.__init__
    parse = cards.parse_cards

    def counted_search(self: solver._Search, *args: object) -> None:
        made.append(args)
        search_init(self, *args)  # type: ignore[arg-type]

    def counted_parse(text: object, **kwargs: object) -> cards.CardList:
        parsed.append(text)
        return parse(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solver._Search, "__init__", counted_search)
    monkeypatch.setattr(deal, "parse_cards", counted_parse)
    assert solver.double_dummy(k, hands, "N", method="compiled") == expected
    assert made == [] and parsed == []
    # texts are still parsed, and cards given twice still refused in words
    assert solver.double_dummy(k, HANDS, "N", method="compiled") == expected
    assert len(parsed) == 4
    twice = {**hands, "N": [hands["N"][0], *hands["N"][:3]]}
    with pytest.raises(cl.CardParseError, match="twice"):
        solver.double_dummy(k, twice, "N")
    with pytest.raises(cl.TrickError):
        solver.double_dummy(k, {**hands, "E": hands["N"]}, "N")


def test_a_compiled_answer_mid_trick_makes_no_python_search(monkeypatch: pytest.MonkeyPatch) -> None:
    k = cl.Contract(cl.Rules.preset("canadian"), "6", "N", "H")
    hands = {seat: list(cl.parse_cards(text)) for seat, text in HANDS.items()}
    hands["N"].pop(0)  # J♥ led
    expected = solver.solve_position(k, hands, "N", "JH", method="python")
    monkeypatch.setattr(solver, "_Search", None)  # any use of it fails
    assert solver.solve_position(k, hands, "N", "JH", method="compiled") == expected
