"""Answer keys for a teacher: the questions a quiz asks for a seed, each with its answer and the reason,
on a page that prints.

The same arguments as the quiz give the same questions, so the key of ``TrickQuiz(level=2, seed=1002,
count=10)`` is ``answer_key(level=2, seed=1002, count=10)``:

>>> key = answer_key("canadian", level=1, kinds=("winner",), seed=1003, count=2)
>>> [entry.answer for entry in key] == [q.answer_text for q in islice(questions("canadian", 1, ("winner",), 1003), 2)]
True
>>> key.to_html().count('class="key-entry"')
2

``decision_key`` does the same for ``DecisionQuiz`` (the engine grades each decision, so it takes a few
seconds). ``key.write("key.html")`` writes a page to print from any browser (``key.write("key.pdf")``, a PDF).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html import escape
from itertools import islice
from pathlib import Path

from ..analysis.exchange import ExchangeHint
from ..course import rules_for
from ..engine.checks import whole_number
from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import Lang, lang_or_current, say, sentence, word
from ..engine.ranking import sort_hand
from ..engine.rules import Rules
from .decisions import decisions
from .printing import write_page
from .quiz import questions

__all__ = ["AnswerKey", "KeyEntry", "answer_key", "decision_key"]


@dataclass(frozen=True)
class KeyEntry:
    number: int
    skill: str
    #: The question as the quiz puts it (for a decision, the position and the question).
    asked: str
    answer: str
    why: str
    #: Other answers the engine counts as right (a decision's choices graded *good*).
    also: tuple[str, ...] = ()
    #: For a decision, the cards the deciding seat holds, on their faces, as its table sorts them: with the position
    #: in :attr:`asked`, what a teacher puts on the board to discuss it.
    hand: str = ""


# Print styles: black on white whatever the screen's theme, a question never split across pages.
_PAGE_CSS = """
body { font-family: system-ui, sans-serif; color: #111; background: #fff; margin: 1.5em; line-height: 1.4; }
h1 { font-size: 1.3em; margin-bottom: 0.2em; }
.key-how { color: #333; margin-top: 0; }
.key-entry { break-inside: avoid; page-break-inside: avoid; }
.red { color: #b00020; }
@page { size: A4; margin: 15mm; }
@media print { body { margin: 0; } }
"""


def _cards_coloured(text: str) -> str:
    """Escaped text with hearts and diamonds in red (the page may print in black and white: symbols stay)."""
    out = escape(text)
    for symbol in ("♥", "♦"):
        out = out.replace(symbol, f'<span class="red">{symbol}</span>')
    return out


@dataclass(frozen=True)
class AnswerKey:
    """The entries of one quiz's key, with the call that makes the quiz."""

    title: str
    #: The quiz this key answers, as a teacher types it.
    quiz: str
    entries: tuple[KeyEntry, ...]
    #: The language the key is written in.
    lang: Lang = "en"

    def __iter__(self) -> Iterator[KeyEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"<AnswerKey {self.title!r}: {len(self.entries)} questions>"

    def __str__(self) -> str:
        lang, sep = self.lang, word("semicolon", self.lang)
        lines = [self.title, say("key.for", lang, quiz=self.quiz), ""]
        for e in self.entries:
            lines += [f"{e.number}. {e.asked}"]
            lines += ["   " + say("key.hand", lang, cards=e.hand)] if e.hand else []
            lines += ["   " + say("key.answer", lang, answer=e.answer)]
            lines += ["   " + say("key.also", lang, also=sep.join(e.also))] if e.also else []
            lines += ["   " + say("key.why", lang, why=e.why), ""]
        return "\n".join(lines).rstrip()

    def _body(self, page: bool) -> str:
        """The entries as HTML; on a page of its own the red suits are red (on screen, in a notebook, the
        theme's text colour stays: a fixed red is unreadable on a dark theme, and the symbols tell the suits)."""
        text = _cards_coloured if page else escape
        heading = "h1" if page else "h3"
        lang, sep = self.lang, word("semicolon", self.lang)
        # the label before a colon, and the text after it, escaped apart (the label is ours, the text the quiz's)
        label = {
            k: escape(say(k, lang, quiz="", answer="", also="", why="", cards=""))
            for k in ("key.answer", "key.also", "key.why", "key.hand")
        }
        how = escape(say("key.for", lang, quiz="\0")).replace("\0", f"<code>{escape(self.quiz)}</code>")
        parts = [f"<{heading}>{escape(self.title)}</{heading}>", f'<p class="key-how">{how}</p>']
        for e in self.entries:
            also = f'<p style="margin:0.15em 0">{label["key.also"]}{text(sep.join(e.also))}</p>' if e.also else ""
            hand = (
                f'<p class="key-hand" style="margin:0.15em 0">{label["key.hand"]}{text(e.hand)}</p>' if e.hand else ""
            )
            parts.append(
                '<div class="key-entry" style="padding:0.4em 0;border-top:1px solid rgba(128,128,128,0.5)">'
                f'<p style="margin:0.15em 0"><strong>{e.number}.</strong> {text(e.asked)} '
                f'<span class="key-skill" style="opacity:0.75;font-size:0.9em">({escape(e.skill)})</span></p>'
                f'{hand}<p class="key-answer" style="margin:0.15em 0;font-weight:700">{label["key.answer"]}{text(e.answer)}</p>'
                f'{also}<p style="margin:0.15em 0">{label["key.why"]}{text(e.why)}</p></div>'
            )
        return "".join(parts)

    def _repr_html_(self) -> str:
        return f'<div class="cl-answer-key" style="font-family:sans-serif">{self._body(page=False)}</div>'

    def to_html(self) -> str:
        """A page of its own, with print styles (A4, no question split across pages)."""
        return (
            f'<!doctype html><html lang="{self.lang}"><head><meta charset="utf-8"><title>{escape(self.title)}</title>'
            f"<style>{_PAGE_CSS}</style></head><body>{self._body(page=True)}</body></html>"
        )

    def write(self, path: str | Path) -> Path:
        """The page written to ``path``: ``.html`` (open it in a browser and print) or ``.pdf``."""
        return write_page(path, self.to_html(), "page.answer_key")


#: The most questions or positions a key holds (a quiz's page, not a question bank).
MAX_COUNT = 200


def _kinds(kinds: Iterable[str] | None, language: Lang) -> tuple[str, ...] | None:
    """The kinds asked for as a tuple (one kind may be given alone); the quiz checks the names themselves."""
    if kinds is None:
        return None
    if isinstance(kinds, str):
        return (kinds,)
    if isinstance(kinds, (list, tuple, set, frozenset)):
        return tuple(kinds)
    raise RulesOptionError(sentence("key.bad_kinds", language, kinds=quote(kinds)))


def _call(name: str, *args: str) -> str:
    return f"{name}({', '.join(a for a in args if a)})"


def answer_key(
    variant: str | Rules | None = None,
    level: int = 1,
    kinds: Iterable[str] | None = None,
    seed: int = 0,
    count: int = 10,
    *,
    lang: str | None = None,
) -> AnswerKey:
    """The key of ``TrickQuiz(variant, level, kinds, seed, count=count)``: each question, its answer and why, in
    ``lang`` (the course's language by default)."""
    language = lang_or_current(lang)
    rules = rules_for(variant)
    chosen = _kinds(kinds, language)
    count = whole_number("count", count, 1, MAX_COUNT)
    entries = tuple(
        KeyEntry(n, q.skill, q.prompt, q.answer_text, q.explanation)
        for n, q in enumerate(islice(questions(rules, level, chosen, seed, lang=language), count), 1)
    )
    quiz = _call(
        "TrickQuiz",
        f"{variant!r}" if isinstance(variant, str) else "",
        f"kinds={chosen!r}" if chosen else "",
        f"level={level}",
        f"seed={seed}",
        f"count={count}",
    )
    title = say("key.title", language, title=rules.named(language), level=level, seed=seed)
    return AnswerKey(title, quiz, entries, language)


def decision_key(
    rules: Rules | str | None = None,
    kinds: Iterable[str] | None = None,
    seed: int = 0,
    count: int = 6,
    samples: int | None = None,
    *,
    lang: str | None = None,
) -> AnswerKey:
    """The key of ``DecisionQuiz(rules, kinds, seed, count=count, samples=samples)``: each position, the engine's
    best choice with its reason, and the other choices it grades best or good as well; in ``lang`` (the
    course's language by default)."""
    language = lang_or_current(lang)
    ruled = rules_for(rules)
    chosen = _kinds(kinds, language)
    count = whole_number("count", count, 1, MAX_COUNT)
    entries = []
    for n, decision in enumerate(islice(decisions(ruled, chosen, seed, samples=samples, lang=language), count), 1):
        graded = decision.grade()
        if isinstance(graded, ExchangeHint):
            ranked = [(c.said(language), c.grade) for c in graded.choices]
        else:
            ranked = [(c.action.text(language), c.grade) for c in graded.choices]
        also = tuple(text for text, grade in ranked[1:] if grade in ("best", "good"))
        asked = f"{decision.situation} {decision.question}"
        view = decision.view
        held = " ".join(card.face(language) for card in sort_hand(view.hand, view.contract or ruled))
        entries.append(KeyEntry(n, decision.skill, asked, ranked[0][0], graded.best.reason.said(language), also, held))
    quiz = _call(
        "DecisionQuiz",
        f"{rules!r}" if isinstance(rules, str) else "",
        f"kinds={list(chosen)!r}" if chosen else "",
        f"seed={seed}",
        f"count={count}",
        f"samples={samples}" if samples is not None else "",
    )
    title = say("key.decisions_title", language, title=ruled.named(language), seed=seed)
    return AnswerKey(title, quiz, tuple(entries), language)
