"""Bad input to the teaching tools (class results, answer keys, plots, judging), refused with a
CharlemagneError that says what is allowed, or, for a stray results file, listed among the report's problems."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.teach import read_results
from charlemagne_learn.teach.classroom import ClassResults, ResultsFileError

GOOD = b"student,question,correct,prompt,answer,correct_answer\nAda,1,True,Who wins?,E,E\nBen,1,False,Who wins?,N,E\n"


def test_an_odd_results_file_is_a_problem_of_the_report_not_a_crash() -> None:
    odd: dict[str, Any] = {
        "long.csv": b'student,question,correct\nAda,1,"' + b"x" * 200_000 + b'"\n',
        "cr.csv": b"student,question,correct\nA\rda,1,True\n",
        "bytes.csv": b"x",
        "empty.csv": {},
        "none.csv": None,
        "huge.csv": {"content": 10**10},
        "text.csv": {"content": "text"},
    }
    results = read_results({"good.csv": {"content": GOOD}, **odd})
    assert results.files == ("good.csv",)
    assert len(results.problems) == len(odd)
    assert all(p.split(":")[0] in odd for p in results.problems)


def test_numbers_that_are_not_finite_count_as_no_number() -> None:
    files = {
        "nan.csv": {"content": b"student,question,correct\nAda,nan,True\nBen,1e400,True\n"},
        "j.json": {
            "content": b'[{"student":"A","question":NaN,"correct":true,"seconds":Infinity},'
            b'{"student":"B","question":1e999,"correct":true}]'
        },
    }
    results = read_results(files)
    assert results.problems == ()
    assert all(a.question in (1, 2) and a.seconds is None for a in results.answers)
    rows = [{"student": "A", "question": math.nan, "correct": True}]
    assert ClassResults.from_rows(rows).answers[0].question == 1


@pytest.mark.parametrize("source", [[{"content": "text"}], [{"content": -1}], "a" * 5000, b"x"])
def test_nothing_readable_is_one_results_file_error(source: Any) -> None:
    with pytest.raises(ResultsFileError):
        read_results(source)


def test_a_file_too_large_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from charlemagne_learn.teach import classroom

    monkeypatch.setattr(classroom, "MAX_FILE_BYTES", 10)
    (tmp_path / "a.csv").write_bytes(GOOD)
    with pytest.raises(ResultsFileError, match="too large"):
        read_results(tmp_path)


@pytest.mark.parametrize("rows", [None, 5, "rows", {"student": "A"}])
def test_from_rows_wants_rows(rows: Any) -> None:
    with pytest.raises(ResultsFileError, match="list of rows"):
        ClassResults.from_rows(rows)


@pytest.mark.parametrize("count", [1.5, "2", math.nan, 0, -1, None])
def test_missed_wants_a_count(count: Any) -> None:
    results = read_results({"good.csv": {"content": GOOD}})
    with pytest.raises(cl.CharlemagneError, match="whole number"):
        results.missed(count)


@pytest.mark.parametrize("count", [None, "3", -1, 0, 1.5, 2**64, 10**5, True])
@pytest.mark.parametrize("key", ["answer_key", "decision_key"])
def test_a_key_wants_a_count_it_can_print(key: str, count: Any) -> None:
    from charlemagne_learn import teach

    with pytest.raises(cl.CharlemagneError, match=r"count=.*whole number from 1 to 200"):
        getattr(teach, key)("canadian", count=count)


@pytest.mark.parametrize("kinds", [5, True, 1.5, {"winner": 1}.keys()])
@pytest.mark.parametrize("key", ["answer_key", "decision_key"])
def test_a_key_wants_a_list_of_kinds(key: str, kinds: Any) -> None:
    from charlemagne_learn import teach

    with pytest.raises(cl.CharlemagneError, match="kinds="):
        getattr(teach, key)("canadian", kinds=kinds, count=1)


def test_decisions_refuse_kinds_that_are_not_a_list() -> None:
    from charlemagne_learn.teach.decisions import decisions

    with pytest.raises(cl.CharlemagneError, match="kinds=True"):
        next(decisions(cl.Rules.preset("canadian"), True))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "nets", [[math.nan, 1, 2], "6-8", (n for n in [1, 2]), None, 5, ["1", 2], [True, 1], [math.inf]]
)
def test_matchpoints_want_a_list_of_numbers(nets: Any) -> None:
    from charlemagne_learn.teach.hand_records import matchpoints

    with pytest.raises(cl.CharlemagneError, match="nets="):
        matchpoints(nets)


def test_matchpoints_of_a_tuple() -> None:
    from charlemagne_learn.teach.hand_records import matchpoints

    assert matchpoints((6, -8.5, None)) == [2.0, 0.0, None]


# ---------------------------------------------------------------- the course's settings and its language
@pytest.fixture
def fresh_course(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    monkeypatch.delenv("CHARLEMAGNE_COURSE", raising=False)
    monkeypatch.chdir(tmp_path)
    cl.set_course()
    yield tmp_path
    monkeypatch.delenv("CHARLEMAGNE_COURSE", raising=False)
    cl.set_course()


@pytest.mark.parametrize("house", [None, 5, {1: 2}])
def test_a_course_s_house_rules_are_options_by_name(house: Any, fresh_course: Path) -> None:
    from charlemagne_learn.course import Course

    with pytest.raises(cl.CourseSettingsError, match="options by name"):
        Course(house_rules=house)


@pytest.mark.parametrize("call", [lambda: cl.set_course(lang=""), lambda: cl.set_course(lang=0),
                                  lambda: cl.set_course(lang=False), lambda: cl.set_course(""),
                                  lambda: cl.set_course(0)])  # fmt: skip
def test_set_course_refuses_an_empty_or_odd_name(call: Any, fresh_course: Path) -> None:
    from charlemagne_learn.course import course

    cl.set_course(lang="fr")
    before = course()
    with pytest.raises(cl.CourseSettingsError):
        call()
    assert course() == before


def test_set_course_keeps_the_session_s_language(fresh_course: Path) -> None:
    cl.set_course(lang="fr")
    assert cl.set_course("maine").lang == "fr" and cl.course_lang() == "fr"
    with pytest.raises(cl.CourseSettingsError) as info:
        cl.set_course("zz", lang="fr")
    assert "in this session" not in str(info.value) and "dans cette session" in str(info.value)


def test_a_deeply_nested_or_huge_course_file_is_refused(fresh_course: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deep = fresh_course / "deep.json"
    deep.write_text("[" * 100_000)
    monkeypatch.setenv("CHARLEMAGNE_COURSE", str(deep))
    with pytest.raises(cl.CourseSettingsError, match="nested too deeply"):
        cl.course_rules()
    with pytest.raises(cl.CourseSettingsError, match="nested too deeply"):
        cl.course_lang()
    deep.write_text('{"variant": "canadian"' + " " * 1_000_000 + "}")
    with pytest.raises(cl.CourseSettingsError, match="too long"):
        cl.course_rules()


def test_refusals_are_french_in_a_french_course(fresh_course: Path) -> None:
    from charlemagne_learn import teach
    from charlemagne_learn.teach import judging

    cl.set_course(lang="fr")
    for call, french in [
        (lambda: teach.plot_make_chance(5), "donnez le nom d'une variante"),
        (lambda: judging.count_hand(""), "donnez les cartes d'une seule main"),
        (lambda: cl.term("xyz"), "n'est pas un mot du jeu"),
    ]:
        with pytest.raises(cl.CharlemagneError, match=french):
            call()


def test_term_knows_the_game_s_words_and_refuses_others() -> None:
    assert cl.term("bidder", "fr") == "preneur"
    assert cl.term("Little Jack", "fr") == "Le petit bar"
    assert cl.term("", "fr") == "" and cl.term("6", "fr") == "6"
    for key in ("nonsense", None, []):
        with pytest.raises(cl.RulesOptionError, match="little jack"):
            cl.term(key)  # type: ignore[arg-type]


@pytest.mark.parametrize("bids", [[], "", True])
def test_plot_make_chance_wants_a_list_of_bids(bids: Any) -> None:
    from charlemagne_learn import teach

    with pytest.raises(cl.RulesOptionError, match="bids="):
        teach.plot_make_chance("canadian", "trumps", bids)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda judging: judging.bid_by_count(None), "total=None"),
        (lambda judging: judging.bid_by_count("x"), "total='x'"),
        (lambda judging: judging.bid_by_count([]), "total="),
        (lambda judging: judging.bid_by_count(8, None, True), "rule=True"),
        (lambda judging: judging.count_advice("RJ BJ JH JD AH KH AS AC", None, None), "legal_bids=None"),
        (lambda judging: judging.break_even(None), "not a bid"),
        (lambda judging: judging.void_table("canadian", []), "bid="),
    ],
)
def test_judging_helpers_check_their_arguments(call: Any, words: str) -> None:
    from charlemagne_learn.teach import judging

    with pytest.raises(cl.RulesOptionError, match=words):
        call(judging)


def test_a_question_reads_one_seat_and_refuses_what_is_no_answer() -> None:
    from charlemagne_learn.teach.quiz import questions

    q = next(questions(cl.Rules.preset("canadian"), 1, ["winner"], 0))
    seat = cl.Seat.find(q.answer[0])
    assert q.check(seat) and q.check(list(q.answer)) and q.text(seat) == q.text(q.answer)
    for given in (None, 5, [None]):
        with pytest.raises(cl.RulesOptionError, match="not an answer"):
            q.check(given)  # type: ignore[arg-type]
        with pytest.raises(cl.RulesOptionError, match="not an answer"):
            q.text(given)  # type: ignore[arg-type]
