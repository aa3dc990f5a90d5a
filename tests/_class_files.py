"""Results files as a class hands them in, for the dashboard's tests."""

from __future__ import annotations

import io
from typing import Any

from charlemagne_learn.teach.classroom import ClassResults
from charlemagne_learn.widgets._results import results_csv

FIELDS = ("student", "quiz", "question", "kind", "skill", "prompt", "answer", "correct_answer", "correct", "seconds")


def row(student: str, question: int, answer: str = "E", seconds: float = 4.0, **more: Any) -> dict[str, Any]:
    return {"student": student, "quiz": "q", "question": question, "kind": "winner", "skill": "who wins",
            "prompt": f"Who wins trick {question}?", "answer": answer, "correct_answer": "E",
            "correct": answer == "E", "seconds": seconds, **more}  # fmt: skip


def csv_bytes(*rows: dict[str, Any]) -> bytes:
    return results_csv(rows, FIELDS).encode()


def upload(**files: bytes) -> tuple[dict[str, Any], ...]:
    """ipywidgets 8's FileUpload.value; the same name may come twice (``name__2`` stands for ``name``)."""
    return tuple({"name": name.split("__")[0], "content": data} for name, data in files.items())


def everything(results: ClassResults, draw: bool = True) -> str:
    """Everything a teacher opens, as one text that must be writable as UTF-8 (and the plot, drawn)."""
    import matplotlib

    matplotlib.use("Agg")
    tables = [results.by_student(), results.by_skill(), results.grid(), results.missed()]
    parts = [str(results), results._repr_html_(), *(t.to_csv() + t._repr_html_() + str(t) for t in tables)]
    figure = results.plot()
    if draw:
        figure.savefig(io.BytesIO(), format="png", dpi=30)
    text = "\n".join(parts)
    text.encode("utf-8")
    return text
