"""Make the example results the teacher's dashboard opens with: a class of six who took the guide's
follow-up quizzes, each answering from a seeded habit (strong on plain tricks, shakier with the jacks and
jokers), four of them the homework set, and the five who gave their names the placement test of lesson 00 and the
final test of lesson 15 (answering the placement test as newcomers do), saved exactly as the Download results
buttons save them.

    .venv/bin/python scripts/example_class_results.py            # notebooks/teachers/class_results_example/
    .venv/bin/python scripts/example_class_results.py --lang fr  # notebooks/fr/teachers/class_results_example/

writes the class's files, the quizzes taken in that language; the same run gives the same files, byte for byte. The folder
also holds what a real class hands in: one student's CSV *and* JSON of the same quiz (counted once), a
student who never gave a name, and a stray file that is not a results file (listed as not read).
"""

from __future__ import annotations

import argparse
import random
import shutil
from pathlib import Path

from charlemagne_learn.engine.actions import Action
from charlemagne_learn.teach.homework import Homework
from charlemagne_learn.teach.quiz import Question
from charlemagne_learn.widgets import DecisionQuiz, LessonTest, Trainer, TrickQuiz

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
FOLDERS = {
    "en": NOTEBOOKS / "teachers" / "class_results_example",
    "fr": NOTEBOOKS / "fr" / "teachers" / "class_results_example",
}

#: Each student's chance of a right answer: on plain questions, and on those about the jacks, jokers or bowers.
CLASS = {"Ada": (0.95, 0.85), "Ben": (0.9, 0.45), "Chloé": (0.8, 0.7), "Dev": (0.7, 0.35), "Émile": (1.0, 0.9)}
NO_NAME = (0.75, 0.5)
TRICKY = ("jack", "joker", "bower", "little", "valet", "bar")
#: The homework the guide's class was given (the dashboard reads it problem by problem), and who handed it in.
HOMEWORK = Homework("canadian", ("trumping",), 4, None, "play")
HOMEWORK_DONE = ("Ada", "Ben", "Chloé", "Dev")
#: How much of a student's habit shows at the placement test, before the lessons (the final test: all of it).
NEWCOMER = 0.55
#: The file a real class also hands in by mistake, in each language.
STRAY = {"en": ("shopping list.csv", "milk,eggs\n2,12\n"), "fr": ("liste d'épicerie.csv", "lait,œufs\n2,12\n")}


def _slip(q: Question, rng: random.Random) -> str | list[str]:
    """A wrong answer of the kind learners give."""
    if q.kind == "winner":
        return rng.choice([c for c in q.choices if c not in q.answer])
    if q.kind == "legal":
        return list(q.choices) if len(q.answer) < len(q.choices) else list(q.answer[:-1]) or list(q.choices[:1])
    if q.kind == "order":
        order = list(q.answer)
        i = rng.randrange(len(order) - 1)
        order[i], order[i + 1] = order[i + 1], order[i]
        return order
    return rng.choice([c for c in q.choices if c not in q.answer])


def _think(rows: list[dict[str, object]], rng: random.Random) -> None:
    """Seconds a student might take (the quiz times the script, which answers at once)."""
    for row in rows:
        row["seconds"] = round(rng.uniform(4, 40), 1)


def _take_trick_quiz(student: str, habit: tuple[float, float], rng: random.Random, lang: str) -> TrickQuiz:
    quiz = TrickQuiz(kinds=("winner", "legal"), level=2, seed=1002, count=10, student=student, lang=lang)
    for _ in range(10):
        q = quiz._question
        chance = habit[1] if any(w in q.skill for w in TRICKY) else habit[0]
        quiz.answer(list(q.answer) if rng.random() < chance else _slip(q, rng))
        quiz.next()
    _think(quiz._results, rng)
    return quiz


def _take_decisions(student: str, habit: tuple[float, float], rng: random.Random, lang: str) -> DecisionQuiz:
    quiz = DecisionQuiz(kinds=["bid", "lead", "play"], seed=1006, count=3, student=student, samples=16, lang=lang)
    for number in range(3):
        graded = quiz.decision.grade()
        choices = list(graded.choices)
        pick = choices[0] if rng.random() < habit[0] else rng.choice(choices[len(choices) // 2 :])
        quiz.choose(pick.action)
        if number < 2:
            quiz.next()
    _think(quiz._results, rng)
    return quiz


def _take_test(
    name: str, student: str, habit: tuple[float, float], rng: random.Random, lang: str
) -> list[TrickQuiz | DecisionQuiz]:
    """The test ``name`` answered part by part through its widgets, as a student clicks it."""
    scale = NEWCOMER if name == "placement" else 1.0
    paper = LessonTest(name, "canadian", lang=lang, student=student, samples=16)
    for quiz in paper.parts:
        if isinstance(quiz, TrickQuiz):
            for _ in range(quiz.count):
                q = quiz._question
                chance = scale * (habit[1] if any(w in q.skill for w in TRICKY) else habit[0])
                quiz.answer(list(q.answer) if rng.random() < chance else _slip(q, rng))
                quiz.next()
            continue
        for number in range(quiz._count):
            choices = list(quiz.decision.grade().choices)
            pick = choices[0] if rng.random() < scale * habit[0] else choices[-1]
            if quiz.decision.kind == "exchange":
                for card in pick.discards:
                    quiz.choose(card)
                if quiz._chosen is None and pick.trump is not None:
                    quiz.choose(Action.trump(pick.trump))
            else:
                quiz.choose(pick.action)
            if number + 1 < quiz._count:
                quiz.next()
    return paper.parts


def _do_homework(student: str, habit: tuple[float, float], rng: random.Random, lang: str) -> Trainer:
    trainer = Trainer(homework=HOMEWORK, lang=lang)
    trainer.student = student
    for number in range(HOMEWORK.count):
        choices = list(trainer.decision.grade().choices)
        pick = choices[0] if rng.random() < habit[1] else rng.choice(choices[len(choices) // 2 :])
        trainer.choose(pick.action)
        if number + 1 < HOMEWORK.count:
            trainer.next()
    _think(trainer._results, rng)
    return trainer


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the example class results of the teacher's dashboard.")
    parser.add_argument("--lang", choices=sorted(FOLDERS), default="en", help="the language the quizzes speak")
    lang = parser.parse_args(argv).lang
    folder = FOLDERS[lang]
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for student, habit in CLASS.items():
        rng = random.Random(student)
        tricks = _take_trick_quiz(student, habit, rng, lang)
        tricks.to_csv(folder / f"{tricks._download['file']}.csv")
        if student in ("Ada", "Ben", "Chloé"):
            decided = _take_decisions(student, habit, rng, lang)
            decided.to_csv(folder / f"{decided._download['file']}.csv")
        if student in HOMEWORK_DONE:
            done = _do_homework(student, habit, random.Random(f"{student} homework"), lang)
            done.to_csv(folder / f"{done._download['file']}.csv")
        for test in ("placement", "final"):
            for part in _take_test(test, student, habit, random.Random(f"{student} {test}"), lang):
                _think(part._results, rng)
                part.to_csv(folder / f"{part._download['file']}.csv")
    # Ada also downloaded the JSON of her trick quiz: the dashboard counts her answers once
    ada = _take_trick_quiz("Ada", CLASS["Ada"], random.Random("Ada"), lang)
    (folder / f"{ada._download['file']}.json").write_text(ada.to_json(), encoding="utf-8")
    anonymous = _take_trick_quiz("", NO_NAME, random.Random("no name"), lang)
    anonymous.to_csv(folder / "quiz-canadian-seed-1002 (1).csv")
    name, text = STRAY[lang]
    (folder / name).write_text(text, encoding="utf-8")
    print("\n".join(sorted(p.name for p in folder.iterdir())))


if __name__ == "__main__":
    main()
