"""The command-line tools: a cheat sheet and hand records to print, the course's Binder link, and a game to play at a
terminal, from a shell::

    python -m charlemagne_learn cheatsheet sheet.pdf --variant maine
    python -m charlemagne_learn hand-records records.pdf --boards 10 --seed 1 --tables 5
    python -m charlemagne_learn binder-link            # from a clone of the published repository
    python -m charlemagne_learn hub-link https://hub.school.example
    python -m charlemagne_learn homework --themes trumping ducking --count 10 --level 1500
    python -m charlemagne_learn boards --table american --seed 7 --count 8   # a board set's code
    python -m charlemagne_learn play --variant maine --seed 3 --seat S --lang fr   # a game at a terminal

Each checks where it will write before it does any work, and a refusal (a bad option, a number written with other
than the digits 0 to 9, a folder that does not exist or a name the system refuses, course settings that cannot be
read) is one line on stderr and exit status 2, never a traceback. Nothing in the package imports this module:
Python warns (a RuntimeWarning) when ``-m`` runs a module that its package has already imported, as
``charlemagne_learn.teach`` imports the cheat sheet's and the hand records' own modules.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..analysis.hints import GRADE_SAMPLES
from ..analysis.odds import MAX_SAMPLES
from ..course import course_lang, course_variant, speaking
from ..engine.checks import whole_number, whole_number_text
from ..engine.errors import CharlemagneError, RulesOptionError
from ..engine.i18n import LANGS, say, sentence, word
from ..engine.rules import Rules
from .binder import binder_link, hub_link
from .boards import BOTS, MAX_SEED, BoardSet
from .cheatsheet import write_cheatsheet
from .hand_records import MAX_BOARDS, hand_records
from .homework import LEVELS, MAX_PROBLEMS, Homework
from .printing import check_target
from .session import TableSession
from .terminal import play_in_terminal

__all__ = ["main"]

PROGRAM = "python -m charlemagne_learn"


class _Parser(argparse.ArgumentParser):
    """argparse's refusals as one line (its own print the usage first): the line says what to run for help."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {_one_line(message)} (see {self.prog} --help)\n")


def _one_line(message: object) -> str:
    """A message as one line of bounded length: it may quote what was typed, line breaks and all."""
    text = " ".join(str(message).split())
    return text if len(text) <= _LONGEST else text[: _LONGEST - 3] + "..."


#: The longest refusal printed: argparse repeats a mistyped value whole.
_LONGEST = 1000


def _refuse(program: str, message: object) -> int:
    print(f"{program}: {_one_line(message)}", file=sys.stderr)
    return 2


def _cheatsheet(args: argparse.Namespace) -> str:
    check_target(args.out, "page.cheat_sheet")  # before anything is read or made
    given = {k: v for k, v in (("high_joker", args.high_joker), ("all_pass", args.all_pass)) if v is not None}
    if args.variant is None and not given:
        rules = None  # the course's rules, its house rules included
    else:
        # the options over the course's rules, or over the variant named (which is then played as printed)
        variant, options = course_variant(args.variant, given)
        rules = Rules.preset(variant, **options)
        _refuse_idle(rules, given)
    return str(write_cheatsheet(args.out, rules, lang=args.lang))


def _refuse_idle(rules: Rules, given: dict[str, Any]) -> None:
    """An option the variant has no use for is refused, not printed on a sheet it does not change."""
    title = rules.named()
    if "high_joker" in given and not rules.jokers:
        raise RulesOptionError(sentence("cli.idle_high_joker", title=title))
    if "all_pass" in given and rules.dealer_minimum is not None:
        raise RulesOptionError(sentence("cli.idle_all_pass", title=title, n=rules.dealer_minimum))


def _whole(name: str, typed: str | int) -> int:
    """A number option as typed (its default as it is), read by the package's one reader of numbers in text: the
    digits 0 to 9 alone (``int()`` would take Arabic-Indic digits, and raise on thousands of them)."""
    return typed if isinstance(typed, int) else whole_number_text(name, typed)


def _hand_records(args: argparse.Namespace) -> str:
    check_target(args.out, "page.hand_record")  # before a second a board of analysis, and before the numbers are read
    boards, seed, tables = (_whole(name, getattr(args, name)) for name in ("boards", "seed", "tables"))
    records = hand_records(boards, seed, args.variant, tables=tables)
    return str(records.write(args.out, score_sheet=not args.no_score_sheet, lang=args.lang))


def _binder_link(args: argparse.Namespace) -> str:
    return binder_link(args.repository, args.branch, lang=_language(args.lang))


def _hub_link(args: argparse.Namespace) -> str:
    return hub_link(args.hub, args.repository, args.branch, lang=_language(args.lang))


def _homework(args: argparse.Namespace) -> str:
    if args.problems:
        work = Homework.of_problems(args.table, args.problems)  # each "kind:seed", read as the package reads it
    else:
        level = None if args.level is None else _whole("level", args.level)
        work = Homework(args.table, tuple(args.themes), _whole("count", args.count), level, args.skill)
    return say("homework.made", None, code=work.code, n=work.count)


def _boards(args: argparse.Namespace) -> str:
    boards = BoardSet(args.table, _whole("seed", args.seed), _whole("count", args.count), args.bots)
    language = _language(args.lang)
    title, bots = boards.rules.named(language), word(f"play.bot.{boards.bots}", language)
    return say(
        "boards.made",
        None,
        code=boards.code,
        n=boards.count,
        title=title,
        seed=boards.seed,
        bots=bots,
        table=boards.table,
    )


def _play(args: argparse.Namespace) -> str:
    seed = _whole("seed", args.seed)
    samples = whole_number("samples", _whole("samples", args.samples), 1, MAX_SAMPLES)
    session = TableSession(
        args.variant,
        args.seat,
        seed=seed,
        hint_samples=samples,
        grade_samples=samples,
        lang=_language(args.lang),
        tell=True,  # the bots' first moves too
    )
    return play_in_terminal(session, lambda: sys.stdin.readline() or None, sys.stdout)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROGRAM,
        description="Print a Charlemagne cheat sheet or hand records (.html or .pdf), or the course's Binder link.",
    )
    tools = parser.add_subparsers(
        dest="tool",
        required=True,
        metavar="{cheatsheet,hand-records,binder-link,hub-link,homework,boards,play}",
        parser_class=_Parser,
    )
    variant_help = "canadian, american, maine or bid_euchre (default: the course's, from course.json)"
    lang_help = "en or fr (default: the course's)"

    sheet = tools.add_parser("cheatsheet", help="a one-page cheat sheet of the rules")
    sheet.add_argument("out", help="the file to write, ending in .html or .pdf")
    sheet.add_argument("--variant", default=None, help=variant_help)
    sheet.add_argument("--high-joker", choices=("red", "black"), help="which joker is high (house rule)")
    sheet.add_argument("--all-pass", choices=("redeal", "stick_dealer"), help="what happens when all pass")
    sheet.add_argument("--lang", choices=LANGS, default=None, help=lang_help)
    sheet.set_defaults(run=_cheatsheet)

    records = tools.add_parser("hand-records", help="boards, their analysis and travellers for duplicate play")
    records.add_argument("out", help="the file to write, ending in .html or .pdf")
    records.add_argument("--boards", default=16, help=f"boards to deal, 1 to {MAX_BOARDS} (default 16)")
    records.add_argument("--seed", default=1, help="the seed the boards are dealt from (default 1)")
    records.add_argument("--tables", default=5, help="tables playing them: rows of each traveller")
    records.add_argument("--variant", default=None, help=variant_help)
    records.add_argument("--no-score-sheet", action="store_true", help="leave out the travellers")
    records.add_argument("--lang", choices=LANGS, default=None, help=lang_help)
    records.set_defaults(run=_hand_records)

    link = tools.add_parser("binder-link", help="the address that opens the course on Binder")
    _link_options(link)
    link.set_defaults(run=_binder_link)

    hub = tools.add_parser("hub-link", help="the nbgitpuller address that opens the course on a JupyterHub")
    hub.add_argument("hub", help="the hub's address, e.g. https://hub.school.example")
    _link_options(hub)
    hub.set_defaults(run=_hub_link)

    work = tools.add_parser("homework", help="the code of a homework set of practice problems for a class")
    work.add_argument("--table", default="canadian", help="canadian, american, maine or bid_euchre (default canadian)")
    work.add_argument("--themes", nargs="*", default=[], help="the themes practised (default: any)")
    work.add_argument(
        "--skill", default=None, help="one decision: bid, reply, give, exchange, lead, play, defend or mulot"
    )
    work.add_argument("--count", default=10, help=f"how many problems, 1 to {MAX_PROBLEMS} (default 10)")
    work.add_argument("--level", default=None, help=f"a rating to aim at, {LEVELS[0]} to {LEVELS[-1]}")
    work.add_argument("--problems", nargs="*", default=[], help="the problems themselves instead: kind:seed ...")
    work.add_argument("--lang", choices=LANGS, default=None, help=lang_help)
    work.set_defaults(run=_homework)

    boards = tools.add_parser("boards", help="the code of a set of boards a class plays against the same bots")
    boards.add_argument(
        "--table", default="canadian", help="canadian, american, maine or bid_euchre (default canadian)"
    )
    boards.add_argument("--seed", default=1, help=f"the seed the boards are dealt from, 0 to {MAX_SEED} (default 1)")
    boards.add_argument("--count", default=8, help=f"how many boards, 1 to {MAX_BOARDS} (default 8)")
    boards.add_argument("--bots", default="rule", choices=BOTS, help="the bots' kind (default rule)")
    boards.add_argument("--lang", choices=LANGS, default=None, help=lang_help)
    boards.set_defaults(run=_boards)

    table = tools.add_parser("play", help="a game against three bots, a move a line, with hints, grades and reviews")
    table.add_argument("--variant", default=None, help=variant_help)
    table.add_argument("--seed", default=1, help="the seed the hands are dealt and the bots play from (default 1)")
    table.add_argument("--seat", default="S", help="your seat: N, E, S or W (default S)")
    table.add_argument(
        "--samples", default=GRADE_SAMPLES, help=f"deals behind each grade and hint (default {GRADE_SAMPLES})"
    )
    table.add_argument("--lang", choices=LANGS, default=None, help=lang_help)
    table.set_defaults(run=_play)
    return parser


def _link_options(tool: argparse.ArgumentParser) -> None:
    """The options both links take: the repository, the branch and the edition to open."""
    tool.add_argument(
        "--repository", default=None, help="owner/name on GitHub (default: read from this clone's origin remote)"
    )
    tool.add_argument("--branch", default="main", help="the branch to open (default main)")
    tool.add_argument(
        "--lang", choices=LANGS, default=None, help="the edition to open: en or fr (default: the course's)"
    )


def _language(lang: str | None) -> str:
    """The language of the run: ``--lang``, else the course's. Settings that cannot be read are refused where the
    tool reads the course's rules, after the output path is checked, so that check speaks English meanwhile."""
    if lang is not None:
        return lang
    try:
        return course_lang()
    except CharlemagneError:
        return "en"


def main(argv: Sequence[str] | None = None) -> int:
    """Run a tool with ``argv`` (the command line's by default); the exit status: 0, or 2 after a refusal."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or argparse's one-line refusal
        return stop.code if isinstance(stop.code, int) else 2
    program = f"{PROGRAM} {args.tool}"
    run: Callable[[argparse.Namespace], str] = args.run
    language = _language(args.lang)
    try:
        with speaking(language):
            print(run(args))
    except CharlemagneError as exc:
        return _refuse(program, exc)
    except OSError as exc:  # the system's refusal that no check foresaw (a disk gone meanwhile): said, not traced
        return _refuse(program, exc)
    except KeyboardInterrupt:
        _refuse(program, say("cli.interrupted", language))
        return 130
    return 0
