"""TrickQuiz from Python: the answer stays hidden until answered, clicks, feedback, score, results, errors."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.widgets.quiz import TrickQuiz


def _synced_text(w: TrickQuiz) -> str:
    state = {k: v for k, v in w.get_state().items() if not k.startswith("_")}
    return json.dumps(state, ensure_ascii=False)


def _click(w: TrickQuiz, **content: Any) -> None:
    w._on_front_end(w, content, [])


@pytest.mark.parametrize("kind", ["winner", "legal", "order", "score"])
def test_the_answer_is_in_no_synced_trait_before_answering(kind: str) -> None:
    w = TrickQuiz("canadian", level=2, kinds=[kind], count=3, seed=5)
    for _ in range(3):
        q = w._question
        state = w.get_state()
        assert state["phase"] == "asking" and state["verdict"] == state["feedback"] == state["answer_text"] == ""
        assert state["right"] == [] and q.explanation not in _synced_text(w)
        if kind == "order":  # the cards on show are never in the answer's order
            assert [c["text"] for c in state["cards"]] != list(q.answer)
        if kind == "legal":
            assert all("legal" not in c for c in state["cards"])
        w.answer(q.answer)
        assert w.feedback == q.explanation and w.answer_text == q.answer_text
        w.next()


def test_clicks_play_a_round_with_feedback_and_running_score() -> None:
    w = TrickQuiz("canadian", level=1, count=4, seed=2, student="Ada")
    q = w._question
    assert q.kind == "winner" and [s["id"] for s in w.seats] == ["N", "E", "S", "W"]
    wrong = next(s for s in q.choices if s != q.answer[0])
    _click(w, type="seat", seat=wrong)
    assert w.phase == "answered" and w.verdict == "wrong" and w.score_text == "0 of 1" and w.right == list(q.answer)
    _click(w, type="seat", seat=q.answer[0])  # a second answer is refused, with the reason
    assert "answered" in w.message and w.answered == 1
    _click(
        w,
        type="next",
    )
    q = w._question
    assert q.kind == "legal" and w.phase == "asking" and w.message == ""
    for cid in [c["id"] for c in w.cards if c["text"] in q.answer]:
        _click(w, type="card", card=cid)
    _click(w, type="check")
    assert w.verdict == "correct" and w.score_text == "1 of 2" and w.feedback == q.explanation
    _click(w, type="next")
    q = w._question
    for text in q.answer:
        _click(w, type="card", card=next(c["id"] for c in w.cards if c["text"] == text))
    _click(w, type="card", card=w.picked[-1])  # a second click takes the last card back
    assert len(w.picked) == len(q.answer) - 1
    _click(w, type="clear")
    assert w.picked == []
    for text in q.answer:
        _click(w, type="card", card=next(c["id"] for c in w.cards if c["text"] == text))
    _click(w, type="check")
    assert w.verdict == "correct"
    _click(w, type="next")
    q = w._question
    _click(w, type="choice", choice=q.answer[0])
    assert w.verdict == "correct" and w.score_text == "3 of 4"
    _click(w, type="next")
    assert w.phase == "finished" and w.summary == "You scored 3 of 4."
    assert repr(w) == "TrickQuiz(canadian, level 1, seed 2: finished, score 3 of 4)"
    _click(w, type="next")
    assert w.message == "The quiz is finished."
    r = w.results
    assert [x["correct"] for x in r] == [False, True, True, True] and r[0]["student"] == "Ada"
    assert [x["kind"] for x in r] == ["winner", "legal", "order", "score"] and r[0]["answer"] == cl.Seat.find(
        wrong
    ).word
    rows = list(csv.DictReader(io.StringIO(w.to_csv())))
    assert len(rows) == 4 and rows[1]["correct"] == "True" and json.loads(w.to_json())[2]["kind"] == "order"


def test_to_csv_writes_a_file(tmp_path: Any) -> None:
    w = TrickQuiz(count=1)
    w.answer(w._question.answer)
    path = tmp_path / "results.csv"
    assert w.to_csv(path) == path.read_text(encoding="utf-8-sig")


def test_refused_clicks_change_nothing() -> None:
    w = TrickQuiz("canadian", level=1, kinds=["legal"], count=2)
    _click(w, type="card", card="XX")
    assert w.message and w.picked == [] and w.phase == "asking"
    _click(w, type="next")
    assert w.message == "Answer this question first." and w.number == 1
    _click(w, type="seat", seat="N")
    assert "answered with" in w.message and w.answered == 0
    with pytest.raises(cl.IllegalActionError):
        w.answer("QS KS AS 7S 8S 9S 10S JS QH")


def test_french_words_and_repr() -> None:
    w = TrickQuiz("american", level=3, seed=1, count=5, lang="fr")
    assert repr(w) == "TrickQuiz(american, level 3, seed 1: question 1 of 5, score 0)"
    assert w.title == "Qui remporte cette levée ?" and w.seats[0]["label"] == "Nord"
    w.lang = "en"
    assert w.title == "Who wins this trick?"
    html = w._repr_mimebundle_()
    data = html[0] if isinstance(html, tuple) else html
    assert data["text/plain"] == repr(w) and "Who wins this trick?" in data["text/html"]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"level": 0}, "level=0"),
        ({"count": 0}, "count=0"),
        ({"lang": "de"}, "lang="),
        ({"variant": "poker"}, "unknown variant"),
        ({"kinds": ["who"]}, "kinds="),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(cl.RulesOptionError, match=match):
        TrickQuiz(**kwargs)


# ---------------------------------------------------------------- issue 11: the quiz cannot be gamed or broken


def _page_sets(w: TrickQuiz, **state: Any) -> None:
    # What an update message from the page does: ipywidgets hands its state to set_state.
    w.set_state(state)


def test_check_with_nothing_chosen_says_so_and_changes_nothing() -> None:
    w = TrickQuiz("canadian", level=1, kinds=["legal"], count=2)
    _click(w, type="check")
    assert w.message == "Click your answer first, then Check." and w.phase == "asking" and w.answered == 0
    with pytest.raises(cl.IllegalActionError, match="answer first"):
        w.answer([])


def test_the_page_cannot_reset_the_phase_to_score_a_question_twice() -> None:
    w = TrickQuiz("canadian", level=1, kinds=["winner"], count=3)
    _click(w, type="seat", seat=w._question.answer[0])
    assert w.score == 1 and w.phase == "answered"
    _page_sets(w, phase="asking", number=1, score=10, count=1, answered=0)
    assert (w.phase, w.number, w.score, w.count, w.answered) == ("answered", 1, 1, 3, 1)
    _click(w, type="seat", seat=w._question.answer[0])
    assert w.score == 1 and w.answered == 1 and "answered" in w.message


def test_pages_may_change_only_their_own_controls() -> None:
    from charlemagne_learn.widgets import BidOddsExplorer, Table

    explorer = BidOddsExplorer(samples=50, auto=False)
    explorer.set_state({"samples": 200, "message": "hacked"})
    assert explorer.samples == 200 and explorer.message == ""
    state = cl.play_hand(cl.Rules.preset("canadian"), [cl.RandomBot(s) for s in range(4)], seed=1)
    table = Table(state)
    table.set_state({"step": 3, "steps": 99})
    assert table.step == 3 and table.steps == len(state.history)


@pytest.mark.parametrize("kind", ["legal", "order", "winner"])
def test_card_roles_are_shown_only_once_answered(kind: str) -> None:
    # "little jack" or "high joker" on a card is the answer to a legal-play or trump-order question
    for seed in range(12):
        w = TrickQuiz("canadian", level=3, kinds=[kind], count=1, seed=seed)
        views = w.cards + [p["card"] for p in w.trick]
        assert all(v["role"] == "" for v in views)
        assert not any(role in _synced_text(w) for role in ("little jack", "high joker", "low joker", "big jack"))
        w.answer(w._question.answer)
        if any(w._question.contract.order.role[cl.Card.parse(v["id"]).index] for v in views):
            assert any(v["role"] for v in w.cards + [p["card"] for p in w.trick])
            return
    raise AssertionError("no question with a special card in twelve seeds")


def test_csv_is_safe_to_open_in_a_spreadsheet(tmp_path: Any) -> None:
    w = TrickQuiz(count=1, student='=HYPERLINK("http://x")')
    w.answer(w._question.answer)
    path = tmp_path / "results.csv"
    text = w.to_csv(path)
    # Excel reads the ♣ and – of the prompts right only when the file starts with a byte-order mark
    assert path.read_bytes().startswith(b"\xef\xbb\xbf") and path.read_text(encoding="utf-8-sig") == text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][0] == '\'=HYPERLINK("http://x")'
    for name in ("+1", "-1", "@SUM(A1)", "\tx"):
        w._results[0]["student"] = name
        assert list(csv.reader(io.StringIO(w.to_csv())))[1][0] == "'" + name
