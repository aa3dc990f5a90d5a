"""The results a quiz's Download buttons save: the same rows as to_csv()/to_json(), safe from spreadsheet
formulas, nothing before the first answer, a file name of letters with no separators."""

from __future__ import annotations

import json

from charlemagne_learn.widgets import DecisionQuiz, TrickQuiz


def test_a_trick_quiz_offers_its_results_once_answered() -> None:
    quiz = TrickQuiz("canadian", level=1, seed=3, count=2, student="=Ada Ö/1")
    assert quiz._download == {}
    quiz.answer(quiz._question.answer)
    saved = quiz._download
    assert saved["csv"] == quiz.to_csv() and json.loads(saved["json"]) == quiz.results
    assert saved["csv"].splitlines()[1].startswith("'=Ada")  # a formula-looking name stays text
    assert saved["file"] == "Ada-Ö-1-canadian-seed-3"  # accents stay, the slash goes
    assert saved["words"] == {"csv": "Download results (CSV)", "json": "Download results (JSON)"}


def test_a_decision_quiz_offers_its_results_in_the_learners_language() -> None:
    quiz = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=8, lang="fr")
    assert quiz._download == {}
    quiz.choose(quiz.decision.grade().best.action)
    saved = quiz._download
    assert json.loads(saved["json"]) == quiz.results and saved["csv"] == quiz.to_csv()
    assert saved["file"] == "decisions-seed-3" and saved["words"]["csv"].startswith("Télécharger")


def test_a_name_given_once_reaches_every_later_quiz_and_lesson(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import charlemagne_learn as cl
    from charlemagne_learn import course

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(course, "_student", None)
    assert cl.student() == "" and TrickQuiz("canadian", seed=1, count=1).student == ""
    cl.set_student("  Ada Lovelace ")
    assert TrickQuiz("canadian", seed=1, count=1).student == "Ada Lovelace"
    # the next lesson is another kernel: it finds the name in the lessons' folder
    monkeypatch.setattr(course, "_student", None)
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    assert cl.student() == "Ada Lovelace"
    quiz = DecisionQuiz("canadian", kinds=["lead"], seed=3, count=1, samples=8)
    quiz.choose(quiz.decision.grade().best.action)
    assert quiz.results[0]["student"] == "Ada Lovelace" and quiz._download["file"] == "Ada-Lovelace-seed-3"
    assert TrickQuiz("canadian", seed=1, count=1, student="Bo").student == "Bo"  # a name given here wins


def test_a_bad_name_is_refused_and_changes_nothing(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pytest

    import charlemagne_learn as cl
    from charlemagne_learn import course

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(course, "_student", None)
    for bad in ("", "   ", None, 5, "x" * 81):
        with pytest.raises(cl.CharlemagneError, match="name="):
            cl.set_student(bad)  # type: ignore[arg-type]
    assert cl.student() == "" and not (tmp_path / "student.json").exists()
    (tmp_path / "student.json").write_text("{not json", encoding="utf-8")
    assert cl.student() == ""  # a damaged file never stops a lesson
