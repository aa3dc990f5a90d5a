"""Fuzzing the public API: bad input of any shape gets a CharlemagneError, and a refused call changes nothing.

Issue 11 found AttributeError, TypeError, AssertionError, RecursionError, a plain ValueError and
endplay's DDSError escaping from bad input, and duplicate cards, doubled seats and ignored seeds
silently accepted. Hypothesis throws values of every shape (and plausible-but-wrong ones) at each
public entry point; anything but a :class:`CharlemagneError` (a ``ValueError``) is a failure.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import reprlib
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis import hint, review
from charlemagne_learn.teach import answer_key
from charlemagne_learn.teach.hand_records import _board as real_board
from charlemagne_learn.teach.practice import Practice, choose, keep, load, opened, report
from charlemagne_learn.teach.quiz import questions
from charlemagne_learn.teach.ratings import Rating
from charlemagne_learn.widgets import Trainer, sort_hand

CANADIAN = cl.Rules.preset("canadian")
CONTRACT = cl.Contract(CANADIAN, "6", "N", trump="H")
STATE = cl.HandState.new(CANADIAN, dealer="W", seed=4)
PLAYED = cl.play_hand(CANADIAN, [cl.RandomBot(s) for s in range(4)], seed=3)

TOKENS: list[Any] = [
    "JH", "J♡", "RJ", "BJ", "10D", "TD", "7C", "AS", "KS", "9H", "XX", "", " ", "N", "E", "north", "H", "♥", "nt",
    "6", "5", "mulot", "gros_charlemagne", "canadian", "maine", "bid 6", "pass", "play JH", "trump H", "choose kitty",
    "JD JD AD", "9H 9H 7H", "AS KS QS JS 10S 9S 8S 7S", cl.Seat.N, cl.Suit.H, cl.Card.parse("JH"), cl.Rank.ACE,
    CANADIAN, CONTRACT, STATE, STATE.view("N"), PLAYED, cl.Action.parse("pass"), cl.RandomBot(0), 0, 1, 3, 8, 33, 34,
]  # fmt: skip


class Nested(list[Any]):
    """A list nested ``depth`` deep, which hypothesis can print when it reports a failure (its printer recurses)."""

    def __init__(self, depth: int) -> None:
        value: list[Any] = []
        for _ in range(depth - 1):
            value = [value]
        super().__init__([value])
        self.depth = depth

    def __repr__(self) -> str:
        return f"<a list nested {self.depth} deep>"


def _nested(depth: int) -> list[Any]:
    return Nested(depth)


# Issue 25: values whose repr cannot be made (nested deeper than the recursion limit) or must not be repeated (a
# megabyte), numbers that equal small ints without being whole numbers of Python's (2.0, Suit.H), and NumPy's ints.
HOSTILE: list[Any] = [
    _nested(1000), _nested(5000), "J" * 1_000_000, ["JH"] * 100_000, 2.0, 5.0, cl.Suit.H, cl.Rank.TEN,
    np.int64(2), np.int64(5), np.float64(2.0), np.array([1, 2]), {"N": _nested(1000)}, b"\xff" * 100_000,
]  # fmt: skip
#: The longest message a refusal may be: what it quotes of the input is bounded, whatever the input's size.
LONGEST_MESSAGE = 2_000

junk = st.deferred(
    lambda: st.one_of(
        st.sampled_from(TOKENS),
        st.sampled_from(HOSTILE),
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=8),
        st.binary(max_size=3),
        st.lists(st.sampled_from(TOKENS[:12]) | st.text(max_size=3), max_size=10),
        st.tuples(st.sampled_from(TOKENS[:12]), st.sampled_from(TOKENS[:12])),
        st.dictionaries(
            st.sampled_from(["N", "E", "S", "W", "north", "x", 0]), st.sampled_from(TOKENS[:24]), max_size=5
        ),
    )
)
# Sizes of work: wrong ones of every kind, but never a valid one large enough to take long.
small = st.one_of(st.integers(-3, 4), st.sampled_from([None, True, 1.5, "2", [], 2**64]))
workers = st.sampled_from([1, 0, -1, "2", 1.5, True, [], 10**9])

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))


def only_charlemagne_errors(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    except cl.CharlemagneError as exc:
        assert str(exc).strip(), "an error must say what was wrong"
        assert len(str(exc)) <= LONGEST_MESSAGE, f"{fn.__qualname__}: a refusal repeats its input: {str(exc)[:200]}"
        return exc
    except Exception as exc:  # the test's point: nothing else may escape
        shown = reprlib.repr((args, kwargs))  # the arguments may be nested too deep for repr
        pytest.fail(f"{fn.__qualname__}{shown} raised {type(exc).__name__}: {str(exc)[:300]}")


# ---------------------------------------------------------------- cards, seats, rules
@FUZZ
@given(value=junk)
def test_card_seat_suit_and_rank_readers(value: Any) -> None:
    for fn in (cl.Card.parse, cl.Card.from_index, cl.parse_cards, cl.Seat.find, cl.Suit.find, cl.Rank.find):
        only_charlemagne_errors(fn, value)
    only_charlemagne_errors(cl.Card.of, value, value)
    only_charlemagne_errors(cl.Rules.preset, value)
    only_charlemagne_errors(cl.Rules.from_record, value)
    only_charlemagne_errors(cl.Action.parse, value)


@FUZZ
@given(value=junk)
def test_enum_constructors_read_text_or_refuse(value: Any) -> None:
    # Seat("north") is Seat.N, as the seat equals the word; Seat(2.0), Seat(True), Seat([]) are refused as find does
    for enum in (cl.Seat, cl.Suit, cl.Rank, cl.Phase):
        made = only_charlemagne_errors(enum, value)
        found = only_charlemagne_errors(enum.find, value)
        if isinstance(found, enum):
            assert made is found
        if isinstance(made, enum):
            assert type(value) in (int, str, enum) or isinstance(value, np.integer), f"{enum.__name__}({value!r})"


@FUZZ
@given(a=junk, b=junk, c=junk, d=junk)
def test_internal_constructors_refuse_junk(a: Any, b: Any, c: Any, d: Any) -> None:
    # entry points a learner can reach with tab completion, though the lessons never call them
    only_charlemagne_errors(cl.Contract.cached, a, b, c)
    only_charlemagne_errors(cl.Contract.cached, CANADIAN, CANADIAN.bid("6"), a, b)
    only_charlemagne_errors(cl.Contract.cached, CANADIAN, CANADIAN.bid("6"), cl.Seat.N, cl.Suit.H, alone=a)
    only_charlemagne_errors(cl.HandState, a, b, c, d)
    only_charlemagne_errors(cl.HandState, CANADIAN, cl.Seat.N, a, b)
    only_charlemagne_errors(sort_hand, a)
    only_charlemagne_errors(sort_hand, ["JH", "AS"], a)
    only_charlemagne_errors(cl.number, 0.5, a)
    only_charlemagne_errors(cl.number, a)
    only_charlemagne_errors(cl.term, a)


@FUZZ
@given(level=junk, seed=junk)
def test_quiz_levels_are_whole_numbers(level: Any, seed: Any) -> None:
    # level=2.0 or level=Suit.H used to pass as 2, then ask other questions or raise KeyError
    made = only_charlemagne_errors(lambda: next(questions("canadian", level, seed=seed)))
    if not isinstance(made, cl.CharlemagneError):
        assert made == next(questions("canadian", int(level), seed=int(seed)))
        assert type(level) is int or isinstance(level, np.integer)
    only_charlemagne_errors(answer_key, "canadian", level, count=1)


@FUZZ
@given(
    option=st.sampled_from(["high_joker", "target", "dealer_minimum", "bower_names", "stop_when_decided", "x"]),
    value=junk,
)
def test_rules_options(option: str, value: Any) -> None:
    only_charlemagne_errors(cl.Rules.preset, "canadian", **{option: value})


@FUZZ
@given(
    args=st.lists(junk, max_size=6),
    kind=st.sampled_from(["pass", "bid", "choose", "give", "discard", "trump", "play", "x"]),
)
def test_actions_built_directly(args: list[Any], kind: str) -> None:
    fields = dict(zip(("bid", "suit", "card", "choice", "no_trump"), args, strict=False))
    action = only_charlemagne_errors(cl.Action, kind, **fields)
    if isinstance(action, cl.Action):
        only_charlemagne_errors(str, action)
        only_charlemagne_errors(cl.Action.parse, str(action))


# ---------------------------------------------------------------- rulings
@FUZZ
@given(a=junk, b=junk, c=junk, d=junk)
def test_contracts_and_rulings(a: Any, b: Any, c: Any, d: Any) -> None:
    only_charlemagne_errors(cl.Contract, a, b, c, d)
    only_charlemagne_errors(cl.Contract, CANADIAN, a, b, c)
    only_charlemagne_errors(cl.Contract, CANADIAN, "6", "N", "H", alone=a, lone_defender=b)
    for contract in (a, CONTRACT):
        only_charlemagne_errors(cl.legal_plays, contract, b, c)
        only_charlemagne_errors(cl.explain_legal_plays, contract, b, c)
        only_charlemagne_errors(cl.explain_play, contract, b, c, d)
        only_charlemagne_errors(cl.trick_winner, contract, b, c)
        only_charlemagne_errors(cl.explain_trick_winner, contract, b, c)
        only_charlemagne_errors(cl.score_hand, contract, b)
        only_charlemagne_errors(cl.explain_score, contract, b)
    only_charlemagne_errors(cl.trump_order, a, b)
    only_charlemagne_errors(cl.card_order, a, b)
    only_charlemagne_errors(cl.card_role, a, b, c)


# ---------------------------------------------------------------- hands and games
def snapshot(state: cl.HandState) -> tuple[Any, ...]:
    return (state.to_json(), state.phase, state.to_move, state.hands, state.kitty, state.trick, state.result)


@FUZZ
@given(action=junk, seat=junk, moves=junk)
def test_a_refused_action_changes_nothing(action: Any, seat: Any, moves: Any) -> None:
    for state in (STATE.copy(), PLAYED.copy(), cl.HandState.new(CANADIAN, seed=9)):
        before = snapshot(state)
        result = only_charlemagne_errors(state.apply, action, seat)
        if isinstance(result, cl.CharlemagneError):
            assert snapshot(state) == before
        only_charlemagne_errors(state.view, seat)
        only_charlemagne_errors(state.hand, seat)
        only_charlemagne_errors(state.at, moves)


@FUZZ
@given(rules=junk, dealer=junk, seed=junk, hands=junk, kitty=junk)
def test_new_hands_and_games(rules: Any, dealer: Any, seed: Any, hands: Any, kitty: Any) -> None:
    only_charlemagne_errors(cl.HandState.new, rules, dealer, seed)
    only_charlemagne_errors(cl.HandState.new, CANADIAN, "N", seed, hands=hands, kitty=kitty)
    only_charlemagne_errors(cl.HandState.new, CANADIAN, "N", hands=hands, kitty=kitty)
    game = only_charlemagne_errors(cl.Game, rules, dealer, seed)
    only_charlemagne_errors(cl.Game, CANADIAN, "N", 1, scores=hands, hands=kitty)
    only_charlemagne_errors(cl.Game(CANADIAN, "N", 1).deal, seed, hands=hands, kitty=kitty)
    if isinstance(game, cl.Game):
        before = game.to_json()
        if isinstance(only_charlemagne_errors(game.apply, kitty), cl.CharlemagneError):
            assert game.to_json() == before


def tamper(record: Any, path: list[Any], value: Any) -> Any:
    if not path:
        return value
    if isinstance(record, dict) and record:
        key = list(record)[path[0] % len(record)]
        return {**record, key: tamper(record[key], path[1:], value)}
    if isinstance(record, list) and record:
        i = path[0] % len(record)
        return [*record[:i], tamper(record[i], path[1:], value), *record[i + 1 :]]
    return value


@FUZZ
@given(path=st.lists(st.integers(0, 20), max_size=3), value=junk.filter(lambda v: not hasattr(v, "__dict__")))
def test_tampered_records(path: list[int], value: Any) -> None:
    game = cl.Game(CANADIAN, "N", 2)
    for record_text, loader in ((PLAYED.to_json(), cl.HandState.from_json), (game.to_json(), cl.Game.from_json)):
        try:
            text = json.dumps(tamper(json.loads(record_text), path, value))
        except (TypeError, ValueError, RecursionError):
            continue  # not JSON-able: not a record anyone could write
        only_charlemagne_errors(loader, text)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,  # deeper than Python's recursion limit
        '{"format": "charlemagne_learn.engine.hand/1", "rules": {"variant": "canadian"}, "dealer": ' + "9" * 5000 + "}",
        "\x00",
        "",
        "null",
        '{"format": "charlemagne_learn.engine.hand/1", "actions": {"pass": 1}}',
    ],
    ids=["deep", "huge-number", "nul", "empty", "null", "actions-dict"],
)
def test_hostile_json_is_refused_clearly(text: str) -> None:
    for loader in (cl.HandState.from_json, cl.Game.from_json):
        assert isinstance(only_charlemagne_errors(loader, text), cl.CharlemagneError)


# ---------------------------------------------------------------- the practice record
def _practised() -> dict[str, Any]:
    """A learner's record as practice writes it: answers of three kinds, two missed, each problem rated."""
    now = datetime(2026, 11, 27, 10, tzinfo=timezone.utc)
    record = Practice()
    for seed, (kind, grade) in enumerate([("play", "best"), ("lead", "blunder"), ("bid", "good"), ("play", "mistake")]):
        record = record.answered(f"canadian {kind} {seed}", kind, ("trumping",), Rating(), grade, now=now)
    return record.to_json()


PRACTISED = _practised()
#: Values a forged record holds where a field is: other fields' values, keys of every shape, times with and
#: without a zone, numbers that are strings, huge or not numbers.
FORGED = st.one_of(
    junk,
    st.sampled_from([
        "canadian play", "canadian play x", "canadian play 4 5", "canadian juggle 4", "canadian play -4",
        "canadian play 04", "canadian play 4", "2020-01-01T00:00:00", "2020-01-01T00:00:00+05:00", "9999-12-31",
        "1500", [1500, 350], [1500.0, float("nan")], [10**400, 350], ["trumping"], [3], {"due": "soon"},
        PRACTISED["answers"][0], PRACTISED["mistakes"]["canadian lead 1"], -1, 10**30, float("inf"),
    ]),
)  # fmt: skip
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=6) | FORGED,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from([*PRACTISED, "key", "due"]), inner),
    max_leaves=12,
)


def practice_opens(text: str | bytes) -> None:
    """``text`` as a learner's ``practice.json``: practice opens on it, in a notebook and in the report; every
    answer that reads is kept, what does not is put aside in a file of its own (nothing is lost), said once."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "course.json").write_text("{}")
        path = folder / "practice.json"
        original = text if isinstance(text, bytes) else text.encode()
        path.write_bytes(original)
        try:
            written: Any = json.loads(text)
        except (ValueError, RecursionError):
            written = None
        practice, aside = opened(folder)
        assert isinstance(practice, Practice)
        if aside is not None:
            assert (folder / aside.file).is_file() and aside.said("en") and aside.said("fr")
        if not isinstance(written, dict):  # no record at all: the whole file is kept aside, as it was
            assert aside is not None and aside.count == 0 and (folder / aside.file).read_bytes() == original
        given = written.get("answers") if isinstance(written, dict) else None
        if isinstance(given, list):
            readable = [a for a in given if a in PRACTISED["answers"]]
            assert [a for a in practice.answers if a in readable] == readable  # every answer as written is kept
            unread = json.loads((folder / aside.file).read_text())["practice.json"].get("answers", []) if aside else []
            assert len(practice.answers) + len(unread) == len(given)  # and every other is put aside
        assert opened(folder) == (practice, None)  # said once
        now = datetime(2026, 12, 27, 10, tzinfo=timezone.utc)
        shown = report(folder, lang="fr", now=now)
        assert str(shown) and shown._repr_html_() and shown.to_csv()
        choose(practice, (), now=now)
        after = practice.answered("canadian play 7", "play", (), Rating(), "blunder", now=now)
        assert ("canadian play 7" in after.due(now + timedelta(hours=1))) is practice.own_mistakes
        assert keep(after.answers[-1:], folder) is not None and load(folder).answers[-1] == after.answers[-1]
        here = os.getcwd()
        os.chdir(folder)
        try:  # the trainer opens and shows a problem, whatever was due
            assert Trainer("canadian", skill="play", lang="en").problem.variant == "canadian"
        finally:
            os.chdir(here)


@FUZZ
@given(path=st.lists(st.integers(0, 20), max_size=4), value=FORGED | json_values)
def test_a_tampered_practice_record_opens_with_what_reads(path: list[int], value: Any) -> None:
    practice_opens(_as_json(tamper(PRACTISED, path, value)))


@FUZZ
@given(record=st.dictionaries(st.sampled_from([*PRACTISED, "x"]), json_values, max_size=6))
def test_a_forged_practice_record_opens(record: dict[str, Any]) -> None:
    practice_opens(_as_json(record))


def _as_json(record: Any) -> str:
    """The file a record gives: what its repr says for a value JSON does not write (a card, bytes), and a list too
    deep to read for one nested deeper than JSON writes."""
    try:
        return json.dumps(record, default=repr)
    except RecursionError:
        return "[" * 5000 + "]" * 5000


@pytest.mark.parametrize(
    "text",
    ["", "not json", "null", "[]", "3", '"practice"', "[" * 100_000, "{" * 50, b"\xff\xfe", "\x00", " " * 5_000_000],
    ids=["empty", "text", "null", "list", "number", "string", "deep", "open", "not-utf8", "nul", "huge"],
)
def test_a_practice_file_that_is_no_record_opens_afresh(text: str | bytes) -> None:
    practice_opens(text)


# ---------------------------------------------------------------- analysis
@FUZZ
@given(a=junk, b=junk, c=junk, samples=small, w=workers)
def test_analysis_entry_points(a: Any, b: Any, c: Any, samples: Any, w: Any) -> None:
    only_charlemagne_errors(cl.bid_odds, CANADIAN, a, b, c, samples=samples, workers=1)
    only_charlemagne_errors(cl.bid_odds, a, "RJ BJ JH JD AH KH AS AC", samples=1, seed=b, method=c, workers=w)
    only_charlemagne_errors(cl.double_dummy, CONTRACT, a, b)
    only_charlemagne_errors(cl.double_dummy, a, {"N": "JH AS", "E": "AC KS", "S": "JD 7S", "W": "KC QS"}, b)
    only_charlemagne_errors(cl.solve_position, a, b, c)
    only_charlemagne_errors(hint, a, samples, b)
    only_charlemagne_errors(hint, STATE.view("E"), samples, a, workers=1)
    only_charlemagne_errors(review, a, b, samples, c)
    for bot in (cl.RandomBot, cl.RuleBot, cl.PimcBot):
        only_charlemagne_errors(bot, a)
    only_charlemagne_errors(cl.play_hand, a, b, seed=c)
    only_charlemagne_errors(cl.play_hand, CANADIAN, [cl.RandomBot(s) for s in range(4)], dealer=a, seed=b)


# ---------------------------------------------------------------- widgets and settings
@FUZZ
@given(a=junk, b=junk)
def test_widget_and_setting_arguments(a: Any, b: Any) -> None:
    # traitlets' own refusals repeat the whole value (or fail to repr it); `x in ("a", "b")` with a NumPy array
    # raises a plain ValueError: both must come out as a bounded CharlemagneError
    from charlemagne_learn.widgets import Hand, TrumpLadder

    only_charlemagne_errors(TrumpLadder, "canadian", a)
    only_charlemagne_errors(TrumpLadder, "canadian", lang=a)
    only_charlemagne_errors(Hand, a, lang=b)
    ladder = TrumpLadder("canadian")
    only_charlemagne_errors(setattr, ladder, "trump", a)
    only_charlemagne_errors(setattr, ladder, "lang", b)
    only_charlemagne_errors(cl.PimcBot, 0, bidding=a, exchange=b)
    only_charlemagne_errors(cl.Course, variant="canadian", lang=a, source=b)


# ---------------------------------------------------------------- command line
WORDS = ["--variant", "--high-joker", "--all-pass", "--lang", "--boards", "--seed", "--tables", "--no-score-sheet",
         "maine", "canadian", "american", "bid_euchre", "black", "red", "redeal", "stick_dealer", "fr", "en", "0",
         "-1", "2.5", "99", "x", "--help-me", "", " ", "\x00", "é"]  # fmt: skip


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@FUZZ
@given(
    tool=st.sampled_from(["cheatsheet", "hand-records", "cheat", ""]),
    where=st.sampled_from(["sheet.html", "sheet.txt", "no/such/folder/r.html", "", "sheet.pdf/"]),
    options=st.lists(st.sampled_from(WORDS) | st.text(max_size=4), max_size=6),
)
def test_the_command_line_tools_refuse_in_one_line(tool: str, where: str, options: list[str]) -> None:
    # in the process, for speed (tests/test_commands.py runs them as a teacher does); hand records only where no
    # file can be written, so that no board is ever dealt here
    from charlemagne_learn.teach.commands import main

    if tool == "hand-records" and where == "sheet.html":
        where = "no/such/folder/r.html"
    with tempfile.TemporaryDirectory() as folder:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main([tool, os.path.join(folder, where) if where else "", *options])
        assert status in (0, 2), err.getvalue()
        if status == 2:
            assert len(err.getvalue().splitlines()) == 1 and out.getvalue() == "", err.getvalue()
        else:  # the file written, or the help asked for ("--h" is short for --help)
            assert err.getvalue() == ""
            assert os.path.isfile(out.getvalue().strip()) or out.getvalue().startswith("usage:")


# ---------------------------------------------------------------- homework sets (issue 46)
def test_homework_is_refused_in_words_whatever_it_is_given() -> None:
    from charlemagne_learn.teach.homework import Homework

    @FUZZ
    @given(a=junk, b=junk, c=junk, d=junk, e=junk)
    def fuzz(a: Any, b: Any, c: Any, d: Any, e: Any) -> None:
        only_charlemagne_errors(Homework, a, b, c, d, e)
        only_charlemagne_errors(Homework, "canadian", (), 3, None, None, a)
        only_charlemagne_errors(Homework.of_problems, a, b)
        only_charlemagne_errors(Homework.of_problems, "maine", [a, "play:3", b])
        only_charlemagne_errors(Homework.from_code, a)

    fuzz()


def _unchecked_homework(fields: dict[str, Any]) -> Any:
    """A set with these fields, made without the constructor's checks: its code is one that any set's bits can
    spell, the codes a mistyped or made-up code that passes the check character stands for."""
    from charlemagne_learn.teach.homework import Homework

    made = object.__new__(Homework)
    for name, value in fields.items():
        object.__setattr__(made, name, value)
    return made


def _homework_fields() -> st.SearchStrategy[dict[str, Any]]:
    from charlemagne_learn.teach.decisions import DECISION_KINDS
    from charlemagne_learn.teach.homework import _TABLES, LEVELS
    from charlemagne_learn.teach.problems import THEMES

    table = st.sampled_from(_TABLES)
    themed = st.fixed_dictionaries(
        {
            "table": table,
            "themes": st.sets(st.sampled_from(THEMES), max_size=3).map(lambda s: tuple(t for t in THEMES if t in s)),
            "count": st.integers(1, 64),  # every count the code's six bits spell, past the most a set may hold
            "level": st.none() | st.sampled_from(LEVELS),
            "skill": st.none() | st.sampled_from(DECISION_KINDS),
            "named": st.just(()),
        }
    )
    pairs = st.lists(st.tuples(st.sampled_from(DECISION_KINDS), st.integers(0, 127)), min_size=1, max_size=4)
    named = st.builds(
        lambda t, p: {"table": t, "themes": (), "count": len(p), "level": None, "skill": None, "named": tuple(p)},
        table,
        pairs,
    )
    return themed | named


@pytest.mark.slow  # a set's first problem made for each: seconds each
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(fields=_homework_fields())
def test_every_code_that_reads_back_opens_and_every_set_accepted_has_one(fields: dict[str, Any]) -> None:
    # the command line once printed codes (Maine's partner's card, Bid Euchre's exchange) that the student's practice
    # then refused, and a quarter of the codes that passed their check character named such sets: the encoder and the
    # decoder now make the one test practice makes, so a set is accepted exactly when its code reads back, and opens
    from charlemagne_learn.teach.homework import Homework, HomeworkError
    from charlemagne_learn.widgets import Trainer

    code = _unchecked_homework(fields).code
    try:
        accepted = Homework(**fields)
    except cl.CharlemagneError:  # a count past the most, a kind the table does not serve
        accepted = None
    try:
        read = Homework.from_code(code)
    except HomeworkError as refused:
        assert accepted is None, f"{code} names {accepted!r}, accepted, but is refused: {refused}"
        return
    assert read == accepted and read.code == code
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        trainer = Trainer(homework=code, lang="en")
    assert trainer.homework == read and trainer.problem.kind in {read.skill or trainer.problem.kind, *dict(read.named)}


# ---------------------------------------------------------------- every command-line tool, as an adversary types
#: Every tool's options, and values of every kind: numbers as int() takes them but a reader would not, thousands of
#: digits, names too long for any folder, addresses urlsplit raises on.
ALL_OPTIONS = ["--variant", "--high-joker", "--all-pass", "--lang", "--boards", "--seed", "--tables", "--no-score-sheet",
               "--repository", "--branch", "--table", "--themes", "--skill", "--count", "--level", "--problems", "--help",
               "--"]  # fmt: skip
HOSTILE_WORDS = ["", " ", "\x00", "-1", "0", "1", "3", "40", "64", "1500", "²", "①", "١٠", "٣", "９", "1_0", " 7", "1e3",
                 "9" * 5000, "x" * 300, "é", "play:3", "give:3", "exchange:1", "play:²", "play:" + "9" * 5000, "lead:-1",
                 "play", "maine", "bid_euchre", "american", "canadian", "give", "exchange", "mulot", "trumping", "fr",
                 "ada/course", "a" * 50 + "/b", "main", "..", "https://hub.example", "http://[::1", "https://h\tx",
                 "https://exa＃mple"]  # fmt: skip


#: Where a tool may be told to write: a name too long for any folder (ENAMETOOLONG), one just short enough, a NUL, a
#: folder, a file taken for a folder (ENOTDIR).
PLACES = ["r.html", "", "no/such/folder/r.html", "x" * 300 + ".html", "a\x00b.html", "r.html/", "folder.html",
          "file.html/r.html", "x" * 247 + ".html"]  # fmt: skip


@functools.cache
def _one_board(rules: cl.Rules, samples: int) -> Any:
    """A real board of these rules, made once: every board the fuzzed hand records "deal" (no analysis per example)."""
    return real_board(rules, 1, 1, samples)


def _board_made_once(rules: cl.Rules, seed: int, number: int, samples: int) -> Any:
    return _one_board(rules, samples)


#: Each tool's own options: an option given a hostile value, not only a word out of place.
TOOL_OPTIONS = {
    "cheatsheet": ["--variant", "--high-joker", "--all-pass", "--lang"],
    "hand-records": ["--boards", "--seed", "--tables", "--variant", "--no-score-sheet", "--lang"],
    "binder-link": ["--repository", "--branch", "--lang"],
    "hub-link": ["--repository", "--branch", "--lang"],
    "homework": ["--table", "--themes", "--skill", "--count", "--level", "--problems", "--lang"],
}
_words = st.sampled_from(HOSTILE_WORDS) | st.text(max_size=6)


def _tool_words(tool: str) -> st.SearchStrategy[list[str]]:
    """Options of the tool (others too, now and then) each with a value, and words out of place."""
    options = st.sampled_from(TOOL_OPTIONS.get(tool, ALL_OPTIONS)) | st.sampled_from(ALL_OPTIONS)
    pairs = st.lists(st.tuples(options, _words), max_size=4).map(lambda found: [w for pair in found for w in pair])
    return st.tuples(st.just(tool), pairs, st.lists(_words, max_size=2)).map(lambda t: [t[0], *t[1], *t[2]])


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
@FUZZ
@given(
    command=st.sampled_from([*TOOL_OPTIONS, "cheat", ""]).flatmap(_tool_words),
    where=st.sampled_from(PLACES),
)
# the tracebacks issue 46 found: a superscript seed (isdigit() says yes, int() no), a name too long for its folder
@example(command=["homework", "--problems", "play:²"], where="")
@example(command=["cheatsheet"], where="x" * 300 + ".html")
def test_every_tool_answers_or_refuses_in_one_line(command: list[str], where: str) -> None:
    # in the process, for speed (tests/test_commands.py runs them as a teacher does); hand records deal one real board
    # of each table once and show it as every board
    from unittest import mock

    from charlemagne_learn.teach.commands import main

    with tempfile.TemporaryDirectory() as folder:
        os.mkdir(os.path.join(folder, "folder.html"))
        with open(os.path.join(folder, "file.html"), "w", encoding="utf-8"):
            pass
        tool, words = command[0], command[1:]
        positional = [os.path.join(folder, where)] if tool in ("cheatsheet", "hand-records") and where else []
        out, err = io.StringIO(), io.StringIO()
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            mock.patch("charlemagne_learn.teach.hand_records._board", _board_made_once),
        ):
            status = main([tool, *positional, *words] if tool else words)
        said = err.getvalue()
        assert status in (0, 2), said
        assert "Traceback" not in said
        if status == 2:
            assert len(said.splitlines()) == 1 and out.getvalue() == "", said
            assert len(said) <= 1200, said[:300]
        else:  # the file written, a link, a code, or the help asked for
            assert said == ""
