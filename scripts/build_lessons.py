"""Build both editions of the course from one source per lesson, and run them.

    .venv/bin/python scripts/build_lessons.py                  # every lesson, both editions
    .venv/bin/python scripts/build_lessons.py 05 practice      # some lessons (a name or its number)
    .venv/bin/python scripts/build_lessons.py teachers_guide   # a teacher's page (lessons/teachers/)
    .venv/bin/python scripts/build_lessons.py --cells-only 05  # the cells only, not run (fast; outputs left out)

A lesson is written once, in English, as a MyST Markdown notebook: ``lessons/NN_<name>.md`` (jupytext reads it). Its
French edition is that source and ``lessons/fr/NN_<name>.po``, the translation kept against it: one entry per
markdown cell, and one per comment and per string literal of a code cell (the code itself is written once and reads
the same in both editions; the package words its outputs in the language of the notebook's folder,
``notebooks/fr/course.json``). Each build first merges the source's entries into the ``.po`` (gettext's msgmerge): an
entry whose source changed keeps its old translation marked fuzzy, a new one has none, and until a translator
writes it the French edition shows the English and the build names it and exits with status 1.

The built notebooks are written where learners, Binder, JupyterLite and the tests read them (``notebooks/`` and
``notebooks/fr/``), each cell with an id made from its source, then run by ``scripts/run_lessons.py`` (a fresh
kernel in the notebook's own folder) so that they keep their outputs: nbval compares them, and a learner who opens
a lesson sees its hands and tables before running anything.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import io
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

import jupytext
import nbformat
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po
from nbformat import NotebookNode

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "lessons"
TRANSLATIONS = SOURCES / "fr"
NOTEBOOKS = ROOT / "notebooks"
#: The teacher's pages' folder, under the sources, their translations and each edition's notebooks alike.
TEACHERS = "teachers"
#: What a translator reads beside each entry.
MARKDOWN, COMMENT, STRING = "markdown cell", "comment in code", "Python string literal: keep its quotes and {fields}"
_FSTRING_START, _FSTRING_END = (getattr(tokenize, name, None) for name in ("FSTRING_START", "FSTRING_END"))


class TranslationError(ValueError):
    """A translation that would change a lesson's code, not only its words."""


@dataclass(frozen=True)
class Piece:
    """A translatable span of a code cell: a comment (its text after ``# ``) or a string literal (as written)."""

    start: int
    end: int
    msgid: str
    kind: str


def lessons() -> list[str]:
    """The names of the lessons written as sources, in course order, then the teacher's pages
    (``teachers/<name>``: ``lessons/teachers/<name>.md`` builds ``notebooks/teachers/`` and ``notebooks/fr/teachers/``)."""
    return sorted(path.stem for path in SOURCES.glob("*.md")) + [
        f"{TEACHERS}/{path.stem}" for path in sorted((SOURCES / TEACHERS).glob("*.md"))
    ]


def read_source(name: str) -> NotebookNode:
    """The lesson ``name`` as a notebook without outputs, in English."""
    notebook: NotebookNode = jupytext.reads((SOURCES / f"{name}.md").read_text(encoding="utf-8"), fmt="md:myst")
    notebook.metadata.pop("jupytext", None)
    return notebook


def pieces(code: str) -> list[Piece]:
    """The comments and string literals of ``code``, in order, with their offsets in it."""
    starts = [0]
    for line in code.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    found, depth, opened = [], 0, 0
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        start = starts[token.start[0] - 1] + token.start[1]
        end = starts[token.end[0] - 1] + token.end[1]
        if token.type == _FSTRING_START:  # Python 3.12 reads an f-string as tokens: it is still one literal
            opened, depth = (start if depth == 0 else opened), depth + 1
        elif token.type == _FSTRING_END:
            depth -= 1
            if depth == 0:
                found.append(Piece(opened, end, code[opened:end], STRING))
        elif depth:
            continue
        elif token.type == tokenize.COMMENT:
            text = token.string.removeprefix("#").removeprefix(" ")
            if text:
                found.append(Piece(end - len(text), end, text, COMMENT))
        elif token.type == tokenize.STRING and (_is_fstring(token.string) or ast.literal_eval(token.string)):
            found.append(Piece(start, end, token.string, STRING))  # an empty string has nothing to say
    return found


def _is_fstring(literal: str) -> bool:
    return "f" in literal[: literal.index(literal[-1])].lower()


class _Words(ast.NodeTransformer):
    """Blanks the strings inside a replacement field: they are words too (``{'yes' if made else 'no'}``)."""

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        return ast.Constant("") if isinstance(node.value, str) else node


def _fields(literal: str) -> set[str]:
    """The code an f-string runs (its replacement fields, not their formats nor the words in them); none for a
    plain string."""
    tree = ast.parse(literal, mode="eval").body
    if not isinstance(tree, ast.JoinedStr):
        return set()
    return {
        ast.dump(_Words().visit(part.value))
        for part in tree.values
        if isinstance(part, ast.FormattedValue) and not isinstance(part.value, ast.Constant)
    }


def template(notebook: NotebookNode) -> Catalog:
    """The entries a translation of ``notebook`` has, in the order a reader meets them."""
    catalog = Catalog(locale="fr", project="charlemagne_learn lessons", fuzzy=False)
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            catalog.add(cell.source, auto_comments=[MARKDOWN])
        elif cell.cell_type == "code":
            for piece in pieces(cell.source):
                if piece.msgid not in catalog:
                    catalog.add(piece.msgid, auto_comments=[piece.kind])
    return catalog


def translation(name: str) -> Catalog:
    """The French translation of lesson ``name`` as written, merged with its source's entries as they are now."""
    path = TRANSLATIONS / f"{name}.po"
    catalog = read_po(path.open("rb"), locale="fr") if path.exists() else Catalog(locale="fr")
    catalog.update(template(read_source(name)), update_header_comment=False)
    return catalog


def untranslated(catalog: Catalog) -> list[str]:
    """The entries of ``catalog`` that have no translation yet, or only one written for an older source (fuzzy)."""
    return [str(m.id) for m in catalog if m.id and (m.fuzzy or not m.string)]


def _said(catalog: Catalog, msgid: str) -> str:
    message: Message | None = catalog.get(msgid)
    if message is None or message.fuzzy or not message.string:
        return msgid
    return str(message.string)


def _translated_code(code: str, catalog: Catalog) -> str:
    out, at = [], 0
    for piece in pieces(code):
        said = _said(catalog, piece.msgid)
        if piece.kind == STRING:
            _check_literal(piece.msgid, said)
        elif "\n" in said:
            raise TranslationError(f"the translation of the comment {piece.msgid!r} must be one line: {said!r}")
        out += [code[at : piece.start], said]
        at = piece.end
    return "".join([*out, code[at:]])


def _check_literal(source: str, said: str) -> None:
    """A translated string must stay one literal running no code its source does not."""
    try:
        found = pieces(said)
        fields = _fields(said)
    except (SyntaxError, ValueError, tokenize.TokenError) as err:
        raise TranslationError(f"the translation of {source} is not a Python string literal: {said} ({err})") from err
    if [(p.start, p.end, p.kind) for p in found] != [(0, len(said), STRING)]:
        raise TranslationError(f"the translation of {source} must be one string literal, not {said}")
    if not fields <= _fields(source):
        raise TranslationError(f"the translation {said} runs code its source {source} does not: only words change")


def _cell_ids(name: str, notebook: NotebookNode) -> None:
    """Give every cell an id made from the lesson and its English source: the same in both editions, and stable
    when a cell is added elsewhere."""
    seen: set[str] = set()
    for cell in notebook.cells:
        digest = hashlib.sha1(f"{name}\n{cell.source}".encode()).hexdigest()
        cell_id, n = digest[:8], 1
        while cell_id in seen:
            n += 1
            cell_id = f"{digest[:8]}-{n}"
        seen.add(cell_id)
        cell.id = cell_id


def editions(name: str, catalog: Catalog | None = None) -> dict[str, NotebookNode]:
    """Lesson ``name``'s English and French notebooks (not run), by the folder each goes to under notebooks/."""
    english = nbformat.v4.new_notebook(metadata=read_source(name).metadata)
    english.cells = [_notebook_cell(cell) for cell in read_source(name).cells]
    _cell_ids(name, english)
    catalog = translation(name) if catalog is None else catalog
    french = nbformat.from_dict(english)
    for cell in french.cells:
        if cell.cell_type == "markdown":
            cell.source = _said(catalog, cell.source)
        elif cell.cell_type == "code":
            cell.source = _translated_code(cell.source, catalog)
    return {"": english, "fr": french}


def _notebook_cell(cell: NotebookNode) -> NotebookNode:
    make = {"markdown": nbformat.v4.new_markdown_cell, "code": nbformat.v4.new_code_cell}[cell.cell_type]
    made: NotebookNode = make(cell.source, metadata=cell.metadata)
    return made


def write_translation(name: str, catalog: Catalog) -> None:
    """Write ``catalog`` as lesson ``name``'s .po, only if its entries changed (no churn from a rebuild)."""
    path = TRANSLATIONS / f"{name}.po"
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, omit_header=True, ignore_obsolete=True, include_previous=True)
    if not path.exists() or path.read_bytes() != buffer.getvalue():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(buffer.getvalue())


def build(name: str, *, run: bool = True) -> list[str]:
    """Write (and run) both editions of lesson ``name``; the French entries still to translate."""
    catalog = translation(name)
    write_translation(name, catalog)
    for folder, notebook in editions(name, catalog).items():
        path = NOTEBOOKS / folder / f"{name}.ipynb"
        nbformat.write(notebook, path)
        if run:
            from run_lessons import run as run_lesson

            print(f"{path.relative_to(ROOT)}: {run_lesson(path):.1f} s", flush=True)
    return untranslated(catalog)


def _named(wanted: str) -> str:
    matching = [name for name in lessons() if wanted in (name, name.split("/")[-1], name.split("_", 1)[0])]
    if len(matching) != 1:
        raise SystemExit(f"build_lessons: no lesson {wanted!r}; the lessons are {', '.join(lessons())}")
    return matching[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lessons", nargs="*", help="lesson names or numbers (default: every lesson)")
    ap.add_argument("--cells-only", action="store_true", help="write the cells without running the notebooks")
    args = ap.parse_args(argv)
    try:
        names = [_named(wanted) for wanted in args.lessons] or lessons()
    except SystemExit as err:
        print(err, file=sys.stderr)
        return 2
    missing = 0
    for name in names:
        for msgid in build(name, run=not args.cells_only):
            missing += 1
            print(f"lessons/fr/{name}.po: not translated yet: {msgid[:70]!r}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
