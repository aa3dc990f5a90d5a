"""An analysis result holds messages, not sentences: the ranking is worked out once and said in every language when
shown, so an English and a French hint (or review) on one position share one search."""

from __future__ import annotations

from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import hints
from charlemagne_learn.analysis.work import forget
from charlemagne_learn.engine.messages import Message, said


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the searches behind hints: each call of the dispatcher's ranking (every grader runs under it)."""
    worked: list[int] = []
    ranked = hints._ranked

    def counted(*args: Any) -> Any:
        worked.append(1)
        return ranked(*args)

    monkeypatch.setattr(hints, "_ranked", counted)
    forget()
    return worked


@pytest.mark.parametrize("moves", [[], ["bid 6", "pass", "pass", "pass", "discard AC", "discard 9D", "trump C"]])
def test_an_english_then_a_french_hint_on_one_position_search_once(
    monkeypatch: pytest.MonkeyPatch, moves: list[str]
) -> None:
    worked = _counted(monkeypatch)
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
    for move in moves:
        state.apply(move)
    view = state.view(state.to_move)
    english = hints.hint(view, samples=12, lang="en")
    french = hints.hint(view, samples=12, lang="fr")
    assert len(worked) == 1
    assert french.choices is english.choices  # one ranking, in no language
    # each said in its own language, as a French hint worked out on its own says it
    best_fr, best_en = said(french.best.reason, "fr"), said(english.best.reason, "en")
    assert best_fr != best_en
    assert " ".join(best_fr.split()) in " ".join(str(french).split())  # the table wraps a long reason
    assert " ".join(best_en.split()) in " ".join(str(english).split())
    forget()
    alone = hints.hint(view, samples=12, lang="fr")
    assert len(worked) == 2 and [said(c.reason, "fr") for c in alone.choices] == [
        said(c.reason, "fr") for c in french.choices
    ]


def test_a_review_in_french_after_one_in_english_reads_every_grade_back(monkeypatch: pytest.MonkeyPatch) -> None:
    worked = _counted(monkeypatch)
    played = cl.play_hand("canadian", [cl.RuleBot(i) for i in range(4)], seed=2)
    bidder = played.contract.bidder if played.contract is not None else cl.Seat.N
    english = hints.review(played, bidder, samples=12, lang="en")
    searched = len(worked)
    french = hints.review(played, bidder, samples=12, lang="fr")
    assert searched > 0 and len(worked) == searched
    assert [line.reason for line in french.lines] == [line.reason for line in english.lines]
    assert repr(english) != repr(french) and "Les enchères" in repr(french) and "The bidding" in repr(english)


def test_a_reason_is_a_key_and_fields_said_in_the_language_asked() -> None:
    state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=4)
    for move in ["bid 6", "pass", "pass", "pass", "discard AC", "discard 9D", "trump C"]:
        state.apply(move)
    ranked = hints.hint(state.view("E"), samples=12)
    for choice in ranked.choices:
        assert isinstance(choice.reason, Message) and choice.reason.key == "hints.play"
        card = choice.action.card
        assert card is not None and dict(choice.reason.fields)["card"] == card
        english, french = choice.reason.said("en"), choice.reason.said("fr")
        assert " deals" in english and " donnes" in french and english != french
    # a message inside a catalog sentence is said in that sentence's language, never as its repr
    text = cl.engine.i18n.say("display.unsure", "fr", reason=ranked.best.reason, doubt="?")
    assert ranked.best.reason.said("fr") in text and "message(" not in text
