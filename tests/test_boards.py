"""The same boards with no server: a teacher names a board set as a code, every student plays its boards from South
dealt as the printed record deals them against the same bots, and the dashboard ranks the class on the same deals
from the files handed in (matchpoints, net of a handicap from the practice rating, and against par)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from charlemagne_learn.engine.actions import Action
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.errors import IllegalActionError, RulesOptionError
from charlemagne_learn.teach.boards import BOTS, MAX_SEED, SEAT, BoardPlay, BoardSet, BoardSetError
from charlemagne_learn.teach.classroom import (
    BOARD_FIELDS,
    HANDICAP_MOST,
    ClassResults,
    ResultsFileError,
    handicap,
    read_results,
)
from charlemagne_learn.teach.hand_records import MAX_BOARDS, board_par, dealt_board, hand_records, matchpoints
from charlemagne_learn.teach.homework import _DIGITS, _TABLES, Homework, HomeworkError
from charlemagne_learn.widgets._results import results_csv
from tests import _french
from tests._class_files import csv_bytes, row

CODE_SETS = st.builds(
    BoardSet,
    st.sampled_from(_TABLES),
    st.integers(0, MAX_SEED),
    st.integers(1, MAX_BOARDS),
    st.sampled_from(BOTS),
)


# ---------------------------------------------------------------- the code
@settings(max_examples=300, deadline=None)
@given(CODE_SETS)
def test_a_code_reads_back_as_its_set_however_it_is_typed(boards: BoardSet) -> None:
    code = boards.code
    assert BoardSet.from_code(code) == boards
    assert BoardSet.from_code(f" {code.lower().replace('-', ' ')} ") == boards
    assert BoardSet.from_code(code.replace("0", "o").replace("1", "l")) == boards
    assert len(code.replace("-", "")) == 8
    # its first letter tells it from every homework code (8 to Q): each box says which code it was given
    assert code[0] in "TV"


def test_a_mistyped_character_is_caught() -> None:
    code = BoardSet("canadian", 4321, 16, "pimc").code.replace("-", "")
    for place, other in itertools.product(range(len(code) - 1), _DIGITS):
        if other != code[place]:
            with pytest.raises(BoardSetError, match=r"mistyped|not a board set's code"):
                BoardSet.from_code(code[:place] + other + code[place + 1 :])
    for place in range(len(code) - 2):
        swapped = code[:place] + code[place + 1] + code[place] + code[place + 2 :]
        if swapped != code:
            with pytest.raises(BoardSetError):
                BoardSet.from_code(swapped)


def test_a_code_typed_in_the_other_box_says_what_it_is() -> None:
    boards, work = BoardSet("american", 7, 4), Homework("canadian", ("trumping",), 4, None, "play")
    with pytest.raises(HomeworkError, match="is a board set's code, not a homework code"):
        Homework.from_code(boards.code)
    with pytest.raises(BoardSetError, match="is a homework code, not a board set's: type it in the practice"):
        BoardSet.from_code(work.code)
    with pytest.raises(BoardSetError, match="not a board set's code"):
        BoardSet.from_code("!!!!-!!!!")
    # every homework code still reads as its set: the board sets took only a format no homework code had
    assert Homework.from_code("8040-R60D") == work


@pytest.mark.parametrize(
    ("given", "wrong"),
    [
        ({"table": "hearts"}, "no table"),
        ({"bots": "perfect"}, "no kind of bot"),
        ({"seed": MAX_SEED + 1}, "not a seed"),
        ({"seed": -1}, "not a seed"),
        ({"seed": True}, "not a seed"),
        ({"count": 0}, "count"),
        ({"count": MAX_BOARDS + 1}, "count"),
    ],
)
def test_a_set_no_code_can_hold_is_refused_in_words(given: dict[str, Any], wrong: str) -> None:
    with pytest.raises(ValueError, match=wrong):
        BoardSet(**given)


# ---------------------------------------------------------------- the same boards
def test_the_code_deals_the_printed_records_boards() -> None:
    boards = BoardSet("american", seed=31, count=5)
    printed = hand_records(5, 31, "american", odds_samples=1).boards
    played = BoardSet.from_code(boards.code).boards()
    assert [(b.number, b.dealer, b.seed, b.hands, b.kitty) for b in played] == [
        (b.number, b.dealer, b.seed, b.hands, b.kitty) for b in printed
    ]
    # and each board's table deals exactly that hand, its dealer dealing
    play = BoardPlay(boards, grade_moves=False)
    for board in played:
        hand = play.session.game.finished[0] if play.board_over else play.session.game.hand
        assert hand.dealer == board.dealer
        assert tuple(tuple(hand.at(0).hand(s)) for s in Seat) == tuple(tuple(h) for h in board.hands)
        assert hand.at(0).kitty == board.kitty
        _finish(play.session, _first)
        if not play.last:
            play.next_board()


#: Students' ways of choosing, for scripted boards: the first legal choice, the last one, always pass in the auction.
def _first(legal: Sequence[Action]) -> Action:
    return legal[0]


def _last(legal: Sequence[Action]) -> Action:
    return legal[-1]


def _passer(legal: Sequence[Action]) -> Action:
    passing = [a for a in legal if str(a) == "pass"]
    return passing[0] if passing else legal[-1]


def _finish(session: Any, choose: Callable[[Sequence[Action]], Action]) -> list[str]:
    """The board's hand played to its end by ``choose``: every action of the hand, as the table saw it."""
    while not session.game.finished:
        seen = session.seen_by(SEAT)
        assert seen.to_act
        session.play(choose(seen.legal))
    return [str(a) for _, a in session.game.finished[0].history]


def test_the_same_own_moves_meet_the_same_bot_moves() -> None:
    code = BoardSet("canadian", seed=99, count=3, bots="rule").code
    for choose in (_first, _last):
        plays = [BoardPlay(code, grade_moves=False) for _ in range(2)]
        for play in plays:
            play.results.clear()
        histories = []
        for play in plays:
            mine = []
            for number in range(1, 4):
                mine.append(_finish(play.session, choose))
                play.record()
                if number < 3:
                    play.next_board()
            histories.append(mine)
        assert histories[0] == histories[1]
        assert plays[0].results == plays[1].results


def test_a_boards_bots_do_not_depend_on_the_boards_before() -> None:
    # board 2 met straight after board 1 played one way or another: the same bots' moves for the same own moves
    code = BoardSet("american", seed=5, count=2).code
    seen = []
    for choose in (_first, _last):
        play = BoardPlay(code, grade_moves=False)
        _finish(play.session, choose)
        play.next_board()
        seen.append(_finish(play.session, _first))
    assert seen[0] == seen[1]


def test_a_board_is_kept_once_and_the_set_ends_after_its_last() -> None:
    play = BoardPlay(BoardSet("american", seed=2, count=2), student="Ada", rating=1420, grade_moves=False)
    assert play.record() is None
    with pytest.raises(IllegalActionError, match="finish"):
        play.next_board()
    _finish(play.session, _first)
    first = play.record()
    assert first is not None and play.record() is first and len(play.results) == 1
    play.next_board()
    _finish(play.session, _first)
    with pytest.raises(IllegalActionError, match="all 2 boards"):
        play.next_board()
    assert [r["board"] for r in play.results] == [1, 2]


def test_a_boards_row_says_what_was_played_and_its_par() -> None:
    boards = BoardSet("american", seed=11, count=1)
    play = BoardPlay(boards, student="Ada", rating=1300, grade_moves=False)
    _finish(play.session, _first)
    result = play.session.game.finished[0].result
    assert result is not None
    got = play.record()
    assert got is not None
    rules = boards.rules
    _, _, hands, kitty = dealt_board(rules, 11, 1)
    par = board_par(rules, hands, kitty)
    assert set(got) == set(BOARD_FIELDS)
    assert got["score"] == result.margin("NS") and got["par"] == par.score("NS")
    assert got["code"] == boards.code and got["format"] == 2 and got["rating"] == 1300
    if result.contract is not None:
        assert got["declarer"] == result.contract.bidder.name and got["tricks"] == result.bidder_tricks


def test_a_boards_par_is_its_best_made_contract_for_either_side() -> None:
    rules = BoardSet("american").rules
    printed = hand_records(4, 3, "american", odds_samples=1).boards
    for board in printed:
        _, _, hands, kitty = dealt_board(rules, 3, board.number)
        par = board_par(rules, hands, kitty)
        assert par.declarer is not None and par.bid is not None and par.value > 0
        assert par.score(par.declarer.team) == par.value == -par.score("EW" if par.declarer.team == "NS" else "NS")
        # a contract the printed record marks makeable for that seat, and no higher-valued bid makeable for anyone
        assert board.makes[par.declarer][par.bid]
        for seat, makes in board.makes.items():
            for bid, made in makes.items():
                spec = rules.bid(bid)
                if made and not spec.outright and not rules.per_trick_scoring:
                    assert spec.made <= par.value, (seat, bid)


def test_the_strong_bots_too_meet_every_student_with_the_same_moves() -> None:
    code = BoardSet("american", seed=3, count=1, bots="pimc").code
    histories = []
    for _ in range(2):
        play = BoardPlay(code, grade_moves=False)
        histories.append(_finish(play.session, _last))
    assert histories[0] == histories[1]


# ---------------------------------------------------------------- the class's files
def _class_files(folder: Path, boards: BoardSet, students: dict[str, tuple[Callable[..., Action], int | None]]) -> None:
    """Each student's results file, as the play table downloads it after playing every board of the set."""
    for student, (choose, rating) in students.items():
        play = BoardPlay(boards.code, student=student, rating=rating, grade_moves=False)
        for number in range(1, boards.count + 1):
            _finish(play.session, choose)
            play.record()
            if number < boards.count:
                play.next_board()
        (folder / f"{student}-{boards.code}.csv").write_text(results_csv(play.results, BOARD_FIELDS), "utf-8-sig")


@pytest.fixture(scope="module")
def handed_in(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BoardSet]:
    folder = tmp_path_factory.mktemp("boards")
    boards = BoardSet("american", seed=8, count=4)
    _class_files(folder, boards, {"Ada": (_first, 1300), "Ben": (_last, 1700), "Chloé": (_passer, None)})
    return folder, boards


def test_a_results_file_reads_back_as_the_boards_played(tmp_path: Path) -> None:
    play = BoardPlay(BoardSet("american", seed=4, count=2), student="Émile", rating=1500, grade_moves=False)
    for number in (1, 2):
        _finish(play.session, _last)
        play.record()
        if number == 1:
            play.next_board()
    (tmp_path / "e.csv").write_text(results_csv(play.results, BOARD_FIELDS), "utf-8-sig")
    (tmp_path / "e.json").write_text(json.dumps(play.results, ensure_ascii=False), "utf-8")
    for name in ("e.csv", "e.json"):
        read = read_results(tmp_path / name)
        kept = [
            {"student": b.student, "board": b.board, "contract": b.contract, "declarer": b.declarer, "side": b.side,
             "tricks": b.tricks, "score": b.score, "par": b.par, "par_contract": b.par_contract,
             "par_declarer": b.par_declarer, "rating": b.rating}
            for b in read.board_results
        ]  # fmt: skip
        assert kept == [{k: (None if r[k] == "" and k == "tricks" else r[k]) for k in kept[0]} for r in play.results]
        assert {b.code for b in read.board_results} == {play.code.replace("-", "")}
        assert read.answers == () and read.problems == ()
    # the CSV and the JSON of one download count once
    assert len(read_results(tmp_path).board_results) == 2


def test_the_class_is_ranked_on_the_same_boards(handed_in: tuple[Path, BoardSet]) -> None:
    folder, boards = handed_in
    results = read_results(folder)
    assert results.problems == ()
    by_board: dict[int, dict[str, int]] = {}
    for b in results.board_results:
        by_board.setdefault(b.board, {})[b.student] = b.score
    assert sorted(by_board) == [1, 2, 3, 4] and all(len(v) == 3 for v in by_board.values())
    # each board's matchpoints among the three, added up as a share of the most (4 a board)
    expected = {s: 0.0 for s in ("Ada", "Ben", "Chloé")}
    for scores in by_board.values():
        names = sorted(scores)
        for name, mp in zip(names, matchpoints([scores[n] for n in names]), strict=True):
            expected[name] += mp or 0.0
    share = {s: 100 * mp / (4 * 4) for s, mp in expected.items()}
    net = {"Ada": share["Ada"] + 10, "Ben": share["Ben"] - 10, "Chloé": share["Chloé"]}
    table = results.boards(boards.code, lang="en")
    assert table.heads == ("net place", "student", "boards", "matchpoints", "place", "rating", "handicap", "net",
                           "against par")  # fmt: skip
    rows = {r[1]: r for r in table.rows}
    for student in rows:
        assert rows[student][2] == "4"
        assert rows[student][3] == f"{share[student]:.1f}%"
        assert rows[student][7] == f"{net[student]:.1f}%"
    assert rows["Ada"][5:7] == ("1300", "+10.0") and rows["Ben"][5:7] == ("1700", "-10.0")
    assert rows["Chloé"][5:7] == ("–", "none: no rating")
    # best net first
    assert [r[1] for r in table.rows] == sorted(net, key=lambda s: -net[s])
    # against par: the student's score less par, added up over the boards
    for student in rows:
        mine = [b for b in results.board_results if b.student == student]
        assert rows[student][8] == f"{sum(b.score - b.par for b in mine):+d}"
    # the code however typed, or none (every set handed in): the same table
    assert results.boards(boards.code.lower().replace("-", " "), lang="en") == table
    assert results.boards(lang="en") == table
    assert len(results.boards(BoardSet("american", seed=9, count=4).code)) == 0
    # a homework's code, or a code mistyped, is refused as the student's box refuses it, not read as no board
    with pytest.raises(ResultsFileError, match="is a homework code"):
        results.boards(Homework().code)
    with pytest.raises(ResultsFileError, match="mistyped"):
        results.board_by_board(boards.code[:-1] + ("0" if boards.code[-1] != "0" else "1"))


def test_board_by_board_shows_every_result_against_par(handed_in: tuple[Path, BoardSet]) -> None:
    folder, boards = handed_in
    table = read_results(folder).board_by_board(boards.code, lang="en")
    assert len(table) == 12
    assert [r[1] for r in table.rows] == [str(n) for n in (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)]
    for r in table.rows:
        assert int(r[5]) - int(r[6]) == int(r[8])
        assert r[9].endswith(" of 4")


def test_a_board_played_again_counts_once_and_is_noted(tmp_path: Path, handed_in: tuple[Path, BoardSet]) -> None:
    folder, boards = handed_in
    rows = read_results(folder / f"Ada-{boards.code}.csv").board_results
    again = [
        {"student": b.student, "quiz": f"boards {boards.code}", "question": b.board, "kind": "board", "skill": "board",
         "format": 2, "code": boards.code, "board": b.board, "score": b.score, "par": b.par, "rating": b.rating}
        for b in rows
    ]  # fmt: skip
    (tmp_path / "a.json").write_text(json.dumps(again), "utf-8")
    again[0] = {**again[0], "score": rows[0].score + 9}  # the same student's file again, another result on board 1
    (tmp_path / "b.json").write_text(json.dumps(again), "utf-8")
    results = read_results(tmp_path)
    assert len(results.board_results) == 4
    assert [b.score for b in results.board_results if b.board == 1] == [rows[0].score]  # the first read counts
    assert any("played again" in p and "a.json" in p and "b.json" in p for p in results.problems)


def test_quiz_files_still_read_as_before_and_a_newer_format_is_refused(tmp_path: Path) -> None:
    (tmp_path / "quiz.csv").write_bytes(csv_bytes(row("Ada", 1), row("Ada", 2, "N")))
    newer = [{"student": "Ben", "quiz": "q", "question": 1, "kind": "board", "format": 3}]
    (tmp_path / "newer.json").write_text(json.dumps(newer), "utf-8")
    results = read_results(tmp_path)
    assert len(results.answers) == 2 and results.board_results == ()
    assert results.files == ("quiz.csv",)
    assert any("newer.json" in p and "format 3" in p and "update the course" in p for p in results.problems)
    assert results.answers == read_results(tmp_path / "quiz.csv").answers
    assert ClassResults.from_rows([row("Ada", 1)]).by_student().rows[0][:3] == ("Ada", "1", "1")


@pytest.mark.parametrize("cell", ["board", "score", "par", "contract"])
def test_a_damaged_board_row_is_named_not_guessed(tmp_path: Path, cell: str) -> None:
    good = {"student": "Ada", "quiz": "boards X", "question": 1, "kind": "board", "skill": "board", "format": 2,
            "code": "TG60-00E4", "board": 1, "score": 5, "par": 7}  # fmt: skip
    (tmp_path / "ok.json").write_text(json.dumps([good]), "utf-8")
    damage = "\ud800" if cell == "contract" else "lots"  # a lone surrogate: text no page can show
    (tmp_path / "bad.json").write_text(json.dumps([{**good, cell: damage}]), "utf-8")
    results = read_results(tmp_path)
    assert results.files == ("ok.json",)
    assert any("bad.json" in p and (cell in p or "text" in p) for p in results.problems), results.problems


def test_the_handicap_is_a_twentieth_of_the_rating_below_1500_within_20_points() -> None:
    assert handicap(None) == 0.0
    assert handicap(1500) == 0.0
    assert handicap(1300) == 10.0 and handicap(1700) == -10.0
    assert handicap(1499) == pytest.approx(0.05)
    assert handicap(100) == HANDICAP_MOST == 20.0 and handicap(3000) == -HANDICAP_MOST


# ---------------------------------------------------------------- the play table
def test_the_play_table_plays_a_set_by_its_code_and_offers_its_results() -> None:
    from charlemagne_learn.widgets import PlayTable

    code = BoardSet("american", seed=6, count=2).code
    table = PlayTable(boards=code, student="Ada", grade_moves=False, lang="en")
    assert table.status.startswith(f"Board 1 of 2 ({code})")
    assert not table.get_state()["_download"]
    while table.session.done is None:
        assert table.play(str(table.state.view(table.seat).legal_actions[0])), table.message
    assert table.review["next"] == "Next board" and table.review["game_points"].startswith("Board 1: your side")
    assert (
        table.get_state()["_download"]["file"] == f"Ada-{code}"
        and table.get_state()["_download"]["csv"].count("\n") == 2
    )
    table.pace, table.hints = "off", False
    assert table.next_hand() and table.status.startswith("Board 2 of 2")
    assert (table.session.pace, table.session.hints) == ("off", False)  # the next board's table as this one was set
    while table.session.done is None:
        assert table.play(str(table.state.view(table.seat).legal_actions[0])), table.message
    assert table.review["next"] == "" and "all 2 boards" in table.review["winner"]
    assert not table.next_hand() and "all 2 boards" in table.message
    rows = read_results(
        [{"name": "Ada.json", "content": table.get_state()["_download"]["json"].encode()}]
    ).board_results
    assert [b.board for b in rows] == [1, 2]


def test_a_board_set_refuses_the_options_it_decides() -> None:
    from charlemagne_learn.widgets import PlayTable

    code = BoardSet("american").code
    with pytest.raises(RulesOptionError, match="without variant, seed"):
        PlayTable("canadian", boards=code, seed=3)
    with pytest.raises(BoardSetError, match="homework code"):
        PlayTable(boards=Homework().code)


# ---------------------------------------------------------------- in French
def test_the_boards_speak_french(handed_in: tuple[Path, BoardSet]) -> None:
    folder, boards = handed_in
    results = read_results(folder)
    for table in (results.boards(lang="fr"), results.board_by_board(lang="fr")):
        text = " ".join((table.title, *table.heads, *(c for r in table.rows for c in r)))
        assert _french.english_words_in(text) == set(), text
    assert "aucun : pas de classement" in str(results.boards(lang="fr"))
    for call, words in (
        (lambda: BoardSet.from_code(Homework().code), "est un code de devoir"),
        (lambda: Homework.from_code(boards.code), "est le code d'une série de donnes"),
        (lambda: BoardSet("skat"), "n'est pas une table"),
    ):
        with pytest.raises(ValueError) as refused:
            call()
        said = refused.value.said("fr")  # type: ignore[attr-defined]  # the project's errors say themselves again
        assert words in said and not _french.english_words_in(said), said


def test_a_french_table_says_the_set_in_french() -> None:
    from charlemagne_learn.widgets import PlayTable

    table = PlayTable(boards=BoardSet("american", seed=6, count=2).code, student="Zoé", grade_moves=False, lang="fr")
    while table.session.done is None:
        table.play(str(table.state.view(table.seat).legal_actions[0]))
    words = " ".join([table.status, table.review["game_points"], table.review["next"], table.review["log_title"]])
    assert table.status.startswith("Donne 1 sur 2")
    assert _french.english_words_in(words) == set(), words


def test_a_student_opens_the_set_in_the_box_with_no_python() -> None:
    from charlemagne_learn.widgets import BoardsBox

    boards = BoardSet("american", seed=6, count=2)
    box = BoardsBox(lang="en", grade_moves=False)
    assert box.shown.children == (box,) and "Type the code your teacher gave" in box.words["status"]
    box._on_front_end(box, {"type": "save", "name": Homework().code}, [])
    assert "is a homework code" in box.message and box.table is None and box.shown.children == (box,)
    box._on_front_end(box, {"type": "save", "name": boards.code.lower()}, [])
    assert box.message == "" and box.name == boards.code
    assert box.table is not None and box.shown.children == (box, box.table)
    assert box.table.boards is not None and box.table.boards.set == boards
    assert f"Board set {boards.code}: 2 boards at American Charlemagne" in box.words["status"]
    box.lang = "fr"
    assert not _french.english_words_in(" ".join(box.words.values()))


def test_a_teacher_gets_a_code_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from charlemagne_learn.teach.commands import main

    assert main(["boards", "--table", "maine", "--seed", "40", "--count", "12", "--bots", "pimc", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert BoardSet.from_code(out.splitlines()[0]) == BoardSet("maine", 40, 12, "pimc")
    assert "hand-records --variant maine --seed 40 --boards 12" in out
    assert main(["boards", "--seed", str(MAX_SEED + 1), "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seed" in err and "Traceback" not in err


def test_a_students_rating_is_read_from_their_practice_and_only_read(tmp_path: Path) -> None:
    from datetime import datetime, timezone

    from charlemagne_learn.teach.boards import practice_rating
    from charlemagne_learn.teach.practice import Practice, save
    from charlemagne_learn.teach.ratings import Rating

    assert practice_rating(tmp_path) is None  # never practised: no rating, no handicap
    now = datetime(2026, 11, 29, tzinfo=timezone.utc)
    practice = Practice().answered("canadian play 4", "play", (), Rating(1400, 350), "best", now=now)
    save(practice, tmp_path)
    assert practice_rating(tmp_path) == practice.ratings.overall.shown != 1500
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    (damaged / "practice.json").write_text("{not json", "utf-8")
    assert practice_rating(damaged) is None
    assert [p.name for p in damaged.iterdir()] == ["practice.json"]  # left for the practice to set aside and say
