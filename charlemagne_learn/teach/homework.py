"""Homework for a class: a set of practice problems a teacher names as a short code, the same for every student.

A teacher chooses a table, themes, a skill, how many problems and a level, or names the problems themselves; the
set is written as a code of letters and digits (``4C2H-9RZA``) that a student types into the practice notebook's
box, with no Python. The code holds the whole set — there is no server to look it up on — and a last character
that catches a mistyped letter. The same code gives the same problems in the same order on every machine, so the
teacher's dashboard compares the class problem by problem (:meth:`~.classroom.ClassResults.by_problem`).

>>> work = Homework("canadian", themes=("trumping",), count=5)
>>> code = work.code
>>> Homework.from_code(code) == work, len(code)
(True, 9)
>>> Homework.from_code(code.lower().replace("-", " ")) == work  # as a student may type it
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import count as counting

from ..engine.checks import is_whole, whole_number, whole_number_text
from ..engine.errors import CharlemagneError, RulesOptionError, quote
from ..engine.i18n import sentence
from ..engine.rng import derive_seed
from ..engine.rules import VARIANTS, Rules
from .decisions import DECISION_KINDS
from .problems import THEMES, Problem, bank, kinds_on_demand, problem, problem_on_demand

__all__ = ["BOARDS_MARK", "LEVELS", "MAX_PROBLEMS", "Homework", "HomeworkError", "read_code", "spell"]

#: The tables a code names, in a fixed order (a code keeps the index): never reorder, only append.
_TABLES = ("canadian", "american", "maine", "bid_euchre")
#: The most problems a set holds.
MAX_PROBLEMS = 40
#: The levels a set may be aimed at (ratings, as the practice shows them); None: the stored set's order.
LEVELS = tuple(range(750, 2300, 50))
#: Crockford's base 32: no I, L, O or U, so that a code read aloud or copied by hand is not misread.
_DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: The check character's alphabet (Crockford's): the 32 digits and five more.
_CHECK = _DIGITS + "*~$=U"
_READ_AS = {"O": "0", "I": "1", "L": "1"}
#: What the first two bits of a code say: its format. Version 1 gives a set's skill three bits; version 2, four (a
#: skill added later, "mulot", needs the eighth value). A set version 1 can name keeps its version-1 code, so the
#: codes already given out still name the same sets. The value 3 is a board set's code (:mod:`.boards`), whose
#: first letter is therefore T or V (version 1) where a homework's is 8 to Q: each box tells the other's code by it.
_VERSIONS = (1, 2)
BOARDS_MARK = 3
_SKILL_BITS = {1: 3, 2: 4}
#: The highest seed a named problem may have in a code (ten bits a problem: its kind and seed).
_MAX_SEED = 127
#: Problems made on demand, past the stored set, are made from seeds derived from the set's code from here on.
_FRESH_SEEDS = 20_000


class HomeworkError(CharlemagneError, ValueError):
    """A homework code that cannot be read, or a set that cannot be written as one."""


class _NotServed(HomeworkError):
    """A set of a kind of problem its table serves none of (an exchange where there is no kitty, a partner's card
    whose choice never matters): one a student's practice could not open."""


@dataclass(frozen=True)
class Homework:
    """A set of ``count`` problems at ``table``: of the ``themes`` (any when none) and ``skill`` (a decision's kind;
    any when None), those of the stored set nearest ``level`` (one of :data:`LEVELS`; None: in the stored set's
    order); or (``problems``) the problems named, as (kind, seed) pairs, in that order."""

    table: str = "canadian"
    themes: tuple[str, ...] = ()
    count: int = 10
    level: int | None = None
    skill: str | None = None
    named: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        # every field checked for its type first: a list, a NumPy array or True would otherwise pass a test of
        # membership, or fail it with another error than this one
        if not isinstance(self.table, str) or self.table not in _TABLES:
            raise HomeworkError(sentence("homework.bad_table", value=quote(self.table), allowed=", ".join(_TABLES)))
        if not isinstance(self.named, (tuple, list)):
            raise _bad_problem(self.named)
        object.__setattr__(self, "named", tuple(_pair(named) for named in self.named))
        if self.named:
            object.__setattr__(self, "count", len(self.named))
        object.__setattr__(self, "count", whole_number("count", self.count, 1, MAX_PROBLEMS))
        themes = (self.themes,) if isinstance(self.themes, str) else self.themes
        if not isinstance(themes, (tuple, list, set, frozenset)):
            themes = (themes,)
        for theme in themes:
            if not isinstance(theme, str) or theme not in THEMES:
                raise HomeworkError(sentence("trainer.bad_theme", value=quote(theme), allowed=", ".join(THEMES)))
        object.__setattr__(self, "themes", tuple(t for t in THEMES if t in themes))  # one order: one code
        if self.skill is not None and (not isinstance(self.skill, str) or self.skill not in DECISION_KINDS):
            allowed = ", ".join(DECISION_KINDS)
            raise HomeworkError(sentence("homework.bad_skill", value=quote(self.skill), allowed=allowed))
        if self.level is not None:
            if not is_whole(self.level) or self.level not in LEVELS:
                low, high = LEVELS[0], LEVELS[-1]
                raise HomeworkError(sentence("homework.bad_level", value=quote(self.level), low=low, high=high))
            object.__setattr__(self, "level", int(self.level))
        self._check_served()

    def _check_served(self) -> None:
        """The test that the set's table serves its skill and every kind of problem named: the one a student's
        practice makes (:func:`~.problems.kinds_on_demand`). The constructor makes it, so that no code is given for a
        set that cannot open, and no code read back names one."""
        kinds = {kind for kind, _ in self.named} | ({self.skill} if self.skill is not None else set())
        try:
            for kind in sorted(kinds, key=DECISION_KINDS.index):
                kinds_on_demand(Rules.preset(self.table), kind)
        except RulesOptionError as exc:  # "Maine Charlemagne has no bid that always takes a partner's card"
            raise _NotServed(*exc.args) from None

    @classmethod
    def of_problems(cls, table: str, problems: Iterable[Problem | tuple[str, int] | str]) -> Homework:
        """The set of these problems (or (kind, seed) pairs, or their text as a command line takes it:
        ``"play:3"``), in this order."""
        if isinstance(problems, (str, bytes)) or not isinstance(problems, Iterable):
            raise _bad_problem(problems)
        pairs = tuple((p.kind, p.seed) if isinstance(p, Problem) else _pair(p) for p in problems)
        if not pairs:
            raise HomeworkError(sentence("homework.no_problems"))
        return cls(table, named=pairs)

    # ------------------------------------------------------------ the code
    @property
    def code(self) -> str:
        """The set as a code: letters and digits in groups of four, the last one a check."""
        version = 1 if self._skill_value < 1 << _SKILL_BITS[1] else 2
        return spell(((version, 2), *self._fields(version)))

    @property
    def _skill_value(self) -> int:
        return 0 if self.skill is None else DECISION_KINDS.index(self.skill) + 1

    def _fields(self, version: int) -> list[tuple[int, int]]:
        fields = [(_TABLES.index(self.table), 2), (1 if self.named else 0, 1)]
        if self.named:
            fields.append((self.count - 1, 6))
            fields += [(DECISION_KINDS.index(kind) << 7 | seed, 10) for kind, seed in self.named]
            return fields
        mask = sum(1 << THEMES.index(t) for t in self.themes)
        skill = self._skill_value
        level = 0 if self.level is None else LEVELS.index(self.level) + 1
        return [*fields, (mask, len(THEMES)), (skill, _SKILL_BITS[version]), (self.count - 1, 6), (level, 5)]

    @classmethod
    def from_code(cls, code: object) -> Homework:
        """The set a code names; a :class:`HomeworkError` saying what is wrong for anything else (a letter
        mistyped is caught by the check)."""
        text, reader = read_code(code, "homework", HomeworkError)
        version = reader.take(2)
        if version == BOARDS_MARK:
            raise HomeworkError(sentence("homework.board_code", value=quote(code)))
        if version not in _VERSIONS:
            raise HomeworkError(sentence("homework.not_a_code", value=quote(code)))
        try:
            table = _TABLES[reader.take(2)]
            if reader.take(1):
                number = reader.take(6) + 1
                named = []
                for _ in range(number):
                    packed = reader.take(10)
                    named.append((DECISION_KINDS[packed >> 7], packed & 127))
                found = cls(table, named=tuple(named))
            else:
                mask = reader.take(len(THEMES))
                skill, number, level = reader.take(_SKILL_BITS[version]), reader.take(6) + 1, reader.take(5)
                themes = tuple(t for i, t in enumerate(THEMES) if mask >> i & 1)
                found = cls(
                    table, themes, number, None if level == 0 else LEVELS[level - 1],
                    None if skill == 0 else DECISION_KINDS[skill - 1],
                )  # fmt: skip
        except _NotServed:  # a code given out before sets were checked against their table
            title = Rules.preset(table).named()
            raise HomeworkError(sentence("homework.not_served", value=quote(code), title=title)) from None
        except (IndexError, ValueError):
            raise HomeworkError(sentence("homework.not_a_code", value=quote(code))) from None
        if reader.left >= 5 or found.code.replace("-", "") != text:  # the one spelling of its set
            raise HomeworkError(sentence("homework.not_a_code", value=quote(code)))
        return found

    # ------------------------------------------------------------ the problems
    def problems(self, lang: str | None = None) -> Iterator[Problem]:
        """The set's problems, in order: the same on every machine."""
        if self.named:
            for kind, seed in self.named:
                yield problem(self.table, kind, seed, lang=lang)
            return
        entries = [
            (number, entry)
            for number, entry in enumerate(bank(self.table))
            if (self.skill is None or entry.kind == self.skill)
            and (not self.themes or set(self.themes) & set(entry.themes))
        ]
        if self.level is not None:
            level = self.level
            entries.sort(key=lambda item: (abs(item[1].rating.mu - level), item[0]))
        given = 0
        for _, entry in entries[: self.count]:
            yield entry.problem(self.table, lang=lang)
            given += 1
        yield from self._fresh(self.count - given, lang)

    def _fresh(self, wanted: int, lang: str | None) -> Iterator[Problem]:
        """Past the stored set: problems made on demand from seeds of the code's own, of the skill and themes asked
        when one comes within a few tries."""
        start = derive_seed(_FRESH_SEEDS, int.from_bytes(self.code.encode("ascii"), "big") % 1_000_003)
        seeds = (derive_seed(start, number) for number in counting())
        for _ in range(wanted):
            yield problem_on_demand(self.table, seeds, self.skill, self.themes, lang=lang)

    def __str__(self) -> str:
        return self.code


def _pair(named: object) -> tuple[str, int]:
    """A problem a set names, as (kind, seed): from a pair, or from its text ``"kind:seed"`` (the seed read as every
    number typed is, in the digits 0 to 9 alone); a refusal for anything else."""
    if isinstance(named, str):
        kind, colon, seed = named.partition(":")
        if not colon:
            raise _bad_problem(named)
        named = (kind, whole_number_text("seed", seed))
    if not isinstance(named, (tuple, list)) or len(named) != 2:
        raise _bad_problem(named)
    kind, seed = named
    if not isinstance(kind, str) or kind not in DECISION_KINDS or not is_whole(seed) or not 0 <= int(seed) <= _MAX_SEED:
        raise _bad_problem(named)
    return kind, int(seed)


def _bad_problem(value: object) -> HomeworkError:
    kinds = ", ".join(DECISION_KINDS)
    return HomeworkError(sentence("homework.bad_problem", value=quote(value), kinds=kinds, most=_MAX_SEED))


def spell(fields: Iterable[tuple[int, int]]) -> str:
    """A code of (value, bits) fields: their bits run together, padded to whole letters of Crockford's base 32, with
    a check character (the bits modulo 37), in groups of four."""
    bits, width = 0, 0
    for value, size in fields:
        bits, width = (bits << size) | value, width + size
    pad = -width % 5
    bits, width = bits << pad, width + pad
    digits = "".join(_DIGITS[(bits >> shift) & 31] for shift in range(width - 5, -1, -5))
    whole = digits + _CHECK[bits % 37]
    return "-".join(whole[i : i + 4] for i in range(0, len(whole), 4))


def read_code(code: object, family: str, error: type[CharlemagneError]) -> tuple[str, _Bits]:
    """A code as typed (any case, spaces and dashes anywhere, O read as 0, I and L as 1) made plain, and its bits to
    read from the left; an ``error`` saying (in ``family``'s words: ``"homework"``, ``"boards"``) that it is no code,
    or that a letter was mistyped (the check disagrees)."""
    if not isinstance(code, str) or len(code) > 200:
        raise error(sentence(f"{family}.not_a_code", value=quote(code)))
    text = "".join(_READ_AS.get(c, c) for c in code.upper() if c not in " -_\t\n")
    if len(text) < 3 or any(c not in _DIGITS for c in text[:-1]) or text[-1] not in _CHECK:
        raise error(sentence(f"{family}.not_a_code", value=quote(code)))
    bits = 0
    for c in text[:-1]:
        bits = bits << 5 | _DIGITS.index(c)
    if _CHECK[bits % 37] != text[-1]:
        raise error(sentence(f"{family}.mistyped", value=quote(code)))
    return text, _Bits(bits, 5 * (len(text) - 1))


class _Bits:
    """A code's bits read from the left."""

    def __init__(self, bits: int, width: int) -> None:
        self.bits, self.left = bits, width

    def take(self, size: int) -> int:
        if size > self.left:
            raise IndexError("past the code's end")
        self.left -= size
        return (self.bits >> self.left) & ((1 << size) - 1)


assert set(_TABLES) <= set(VARIANTS)
