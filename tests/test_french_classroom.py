"""The teacher's side in French: the class results (tables, plot, report, refusals) and the answer keys of both
quizzes; English unchanged (tests/test_classroom.py and the English dashboard's stored outputs check it)."""

from __future__ import annotations

import re
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from charlemagne_learn.teach import answer_key, decision_key, read_results

try:
    from . import _french
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    import _french  # type: ignore[no-redef]

french_course = _french.french_course

FRENCH_CLASS = Path(__file__).resolve().parents[1] / "notebooks" / "fr" / "teachers" / "class_results_example"


def _no_english(text: str) -> None:
    assert not _french.english_words_in(text), (_french.english_words_in(text), text[:300])


def test_a_french_class_s_report_is_french(french_course: None) -> None:
    results = read_results(FRENCH_CLASS)
    assert str(results).startswith("215 réponses de 6 élèves dans 44 fichiers")
    for table in (results.by_student(), results.by_skill(), results.grid(), results.missed(4), results.tests(),
                  results.gain()):  # fmt: skip
        _no_english(str(table))
        _no_english(table._repr_html_())
    _no_english(results._repr_html_())
    assert "liste d'épicerie.csv" in results.problems[0] and "Non lus" in results._repr_html_()
    assert "sans nom (" in str(results.by_student())


def test_a_decision_missed_is_said_in_french(french_course: None) -> None:
    results = read_results(FRENCH_CLASS)
    answers = [row[2:] for row in results.missed(20).rows]
    assert not any(cell.startswith(("play ", "bid ")) for row in answers for cell in row), answers


def test_the_class_plot_is_french(french_course: None) -> None:
    fig = read_results(FRENCH_CLASS).plot()
    FigureCanvasAgg(fig).draw()
    texts = [t.get_text() for t in fig.findobj(Text) if t.get_text()]
    _no_english(" ".join(texts))
    assert any(t.endswith("\u202f%") for t in texts)


def test_french_refusals_of_the_results_reader(french_course: None, tmp_path: Path) -> None:
    (tmp_path / "notes.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    refusal = _french.refusal(lambda: read_results(tmp_path))
    assert refusal.startswith("aucun des fichiers n'est un résultat de quiz")
    _no_english(refusal)
    absent = _french.refusal(lambda: read_results(tmp_path / "absent"))
    _no_english(absent.replace(str(tmp_path), ""))


def test_answer_keys_in_french() -> None:
    key = answer_key(kinds=("winner", "legal"), level=2, seed=1002, count=4, lang="fr")
    assert key.title == "Corrigé : Charlemagne canadien, niveau 2, graine 1002" and key.lang == "fr"
    _no_english(str(key))
    _no_english(re.sub(r"<style>.*?</style>", "", key.to_html().replace(key.quiz, ""), flags=re.S))
    decided = decision_key(kinds=["bid", "exchange", "lead"], seed=1006, count=3, samples=8, lang="fr")
    _no_english(str(decided).replace(decided.quiz, ""))
    assert all(not e.answer.startswith(("play ", "bid ", "discard ")) for e in decided)


def test_answer_keys_in_english_are_unchanged() -> None:
    key = answer_key(kinds=("winner",), level=1, seed=1003, count=1, lang="en")
    assert key.title.startswith("Answer key: Canadian Charlemagne, level 1, seed 1003")
    assert "\n   Answer: " in str(key) and '<html lang="en">' in key.to_html()
