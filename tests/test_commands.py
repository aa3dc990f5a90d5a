"""The command-line tools, run as a teacher runs them: ``python -m charlemagne_learn cheatsheet|hand-records``.

Issue 25 found a traceback on every refusal, the output path checked only after the work, a RuntimeWarning on
every run, ``CHARLEMAGNE_COURSE=/dev/zero`` read without end and a FIFO waited on forever, and
``--variant maine --high-joker black`` printing a Maine sheet as if the option meant something. A refusal is one
line on stderr and exit status 2; the path is checked before the course's settings or any board.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import charlemagne_learn as cl
from charlemagne_learn.course import COURSE_VARIABLE, MAX_SETTINGS_CHARS, CourseSettingsError, course

ROOT = Path(__file__).resolve().parents[1]
#: A safety net only (a FIFO once hung the tools): the slowest run here deals one board.
HANG = 120


def run(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != COURSE_VARIABLE}
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), environment.get("PYTHONPATH", "")]))
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "charlemagne_learn", *args],
        capture_output=True, text=True, env=environment, cwd=cwd, timeout=HANG, check=False,
    )  # fmt: skip


def assert_refused(done: subprocess.CompletedProcess[str], *said: str) -> str:
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, f"a refusal is one line, got:\n{done.stderr}"
    assert "Traceback" not in done.stderr and "Warning" not in done.stderr
    assert done.stdout == ""
    for words in said:
        assert words in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


def test_a_run_writes_its_file_and_says_where_with_no_warning(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    done = run("cheatsheet", str(out), "--variant", "maine")
    assert (done.returncode, done.stderr) == (0, "")  # no RuntimeWarning from runpy
    assert done.stdout.strip() == str(out) and "Maine Charlemagne" in out.read_text(encoding="utf-8")
    records = tmp_path / "records.html"
    done = run("hand-records", str(records), "--boards", "1", "--tables", "2", "--lang", "fr")
    assert (done.returncode, done.stderr) == (0, "")
    assert "Feuilles de donnes" in records.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["cheatsheet", "{tmp}/s.html", "--variant", "maine", "--high-joker", "black"],
         ["--high-joker does nothing in Maine Charlemagne", "without jokers"]),
        (["cheatsheet", "{tmp}/s.html", "--variant", "maine", "--all-pass", "redeal"],
         ["--all-pass does nothing in Maine Charlemagne", "at least 5"]),
        (["cheatsheet", "{tmp}/s.html", "--variant", "bid_euchre", "--high-joker", "red"], ["without jokers"]),
        (["cheatsheet", "{tmp}/s.html", "--variant", "nope"], ["unknown variant 'nope'", "canadian"]),
        (["cheatsheet", "{tmp}/s.txt"], ["ending in .html or .pdf"]),
        (["cheatsheet", "{tmp}/no/such/folder/s.html"], ["there is no folder"]),
        (["cheatsheet", "/proc/s.html"], ["cannot write a cheat sheet to '/proc/s.html'"]),  # not even as root
        (["cheatsheet", "{tmp}/s.html", "--lang", "de"], ["invalid choice: 'de'", "--help"]),
        (["cheatsheet"], ["required: out"]),
        ([], ["required"]),
        (["hand-records", "{tmp}/r.html", "--boards", "0"], ["boards=0 is not allowed", "from 1 to 64"]),
        (["hand-records", "{tmp}/r.html", "--boards", "x"], ["boards='x' is not a whole number"]),
        (["hand-records", "{tmp}/r.html", "--seed", "-1"], ["seed=-1 is not allowed"]),
        (["hand-records", "{tmp}/r.html", "--tables", "99"], ["tables=99 is not allowed"]),
        (["hand-records", "{tmp}/r.html", "--boards", "0", "--lang", "fr"], ["`boards=0` n'est pas permis"]),
        # the path first: before the numbers are read and any board is dealt
        (["hand-records", "{tmp}/no/such/folder/r.html", "--boards", "0"], ["there is no folder"]),
        (["hand-records", "{tmp}/no/such/folder/r.html", "--boards", "64"], ["there is no folder"]),
    ],
)  # fmt: skip
def test_every_refusal_is_one_line_and_status_2(args: list[str], said: list[str], tmp_path: Path) -> None:
    assert_refused(run(*(a.replace("{tmp}", str(tmp_path)) for a in args)), *said)
    assert list(tmp_path.iterdir()) == []  # nothing written, not even an empty file


def test_the_output_may_not_be_a_folder_or_a_pipe(tmp_path: Path, fifo: Path) -> None:
    (tmp_path / "folder.html").mkdir()
    assert_refused(run("cheatsheet", str(tmp_path / "folder.html")), "a folder, a pipe or a device")
    os.rename(fifo, tmp_path / "pipe.html")  # a writer to a FIFO with no reader waits forever
    assert_refused(run("cheatsheet", str(tmp_path / "pipe.html")), "a folder, a pipe or a device")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write to any folder")
def test_a_folder_that_takes_no_files_is_refused_first(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        assert_refused(run("hand-records", str(locked / "r.html"), "--boards", "64"), "cannot write a hand record")
    finally:
        locked.chmod(0o755)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_the_course_settings_are_read_only_from_a_regular_file(tmp_path: Path, fifo: Path) -> None:
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        done = run("cheatsheet", str(tmp_path / "s.html"), env={COURSE_VARIABLE: path})
        assert_refused(done, f"the course's settings in the file {path} named by {COURSE_VARIABLE} must be a file")
    done = run("cheatsheet", str(tmp_path / "s.html"), env={COURSE_VARIABLE: str(tmp_path / "none.json")})
    assert_refused(done, "there is no such file")
    # the output path is checked before the course's settings are read
    done = run("hand-records", str(tmp_path / "no" / "r.html"), env={COURSE_VARIABLE: "/dev/zero"})
    assert_refused(done, "there is no folder")


def test_the_options_apply_over_the_course_s_rules(tmp_path: Path) -> None:
    out = tmp_path / "s.html"
    done = run("cheatsheet", str(out), "--all-pass", "redeal", env={COURSE_VARIABLE: '{"variant": "american"}'})
    assert done.returncode == 0, done.stderr
    page = out.read_text(encoding="utf-8")
    assert "American Charlemagne" in page and "all_pass = &#x27;redeal&#x27;" in page


def test_the_old_module_commands_still_work(tmp_path: Path) -> None:
    # python -m charlemagne_learn.teach.cheatsheet, as the README once said (Python warns there: the package
    # imports that module before -m runs it)
    environment = {k: v for k, v in os.environ.items() if k != COURSE_VARIABLE}
    environment["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "charlemagne_learn.teach.cheatsheet", str(tmp_path / "s.html"), "--variant", "maine",
         "--high-joker", "black"],
        capture_output=True, text=True, env=environment, timeout=HANG, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and "does nothing in Maine" in done.stderr and "Traceback" not in done.stderr


def test_settings_files_are_bounded_and_regular(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"variant": "canadian"}' + " " * (MAX_SETTINGS_CHARS * 4), encoding="utf-8")
    monkeypatch.setenv(COURSE_VARIABLE, str(big))
    with pytest.raises(CourseSettingsError, match="too long"):
        course()
    monkeypatch.setenv(COURSE_VARIABLE, str(tmp_path))
    with pytest.raises(CourseSettingsError, match="must be a file"):
        course()
    ok = tmp_path / "ok.json"
    ok.write_text('\ufeff{"variant": "maine"}', encoding="utf-8")
    monkeypatch.setenv(COURSE_VARIABLE, str(ok))
    assert course().rules == cl.Rules.preset("maine")


# ---------------------------------------------------------------- issue 46: numbers and names as typed
NINES = "9" * 5000  # past Python's limit on reading a number from text (4,300 digits): int() raises


@pytest.mark.parametrize(
    "args",
    [
        ["homework", "--problems", "play:²"],  # "²".isdigit() is True, int("²") raises
        ["homework", "--problems", "play:①"],
        ["homework", "--problems", f"play:{NINES}"],
        ["homework", "--count", "١٠"],  # Arabic-Indic ten: int() read it, and a set of ten was made
        ["homework", "--level", "١٥٠٠"],
        ["homework", "--count", " 10"],
        ["hand-records", "{tmp}/r.html", "--seed", "²"],
        ["hand-records", "{tmp}/r.html", "--boards", "١"],
        ["hand-records", "{tmp}/r.html", "--seed", NINES],
        ["hand-records", "{tmp}/r.html", "--tables", "1_0"],
    ],
    ids=lambda args: " ".join(a[:12] for a in args),
)
def test_a_number_is_written_in_the_digits_0_to_9(args: list[str], tmp_path: Path) -> None:
    line = assert_refused(run(*(a.replace("{tmp}", str(tmp_path)) for a in args)), "is not a whole number")
    assert "the digits 0 to 9, at most 30" in line and len(line) < 300
    assert list(tmp_path.iterdir()) == []


def test_a_name_the_system_refuses_is_refused_in_one_line(tmp_path: Path) -> None:
    long_name = "a" * 300  # past the longest name a folder takes (255 bytes): os.stat raised ENAMETOOLONG
    assert_refused(run("cheatsheet", str(tmp_path / f"{long_name}.html")), "cannot write a cheat sheet", "too long")
    assert_refused(run("cheatsheet", str(tmp_path / long_name / "s.html")), "cannot write a cheat sheet")
    assert_refused(run("hand-records", str(tmp_path / f"{long_name}.html")), "cannot write a hand record")
    (tmp_path / "file.html").write_text("")
    assert_refused(run("cheatsheet", str(tmp_path / "file.html" / "s.html")), "cannot write a cheat sheet")
    # a name near the longest allowed is written: the spare file written first keeps a name of its own length
    near = tmp_path / f"{'b' * 245}.html"
    done = run("cheatsheet", str(near), "--variant", "maine")
    assert (done.returncode, done.stderr) == (0, "") and near.is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["file.html", near.name])


@pytest.mark.parametrize("hub", ["http://[::1", "https://hub.exa＃mple", "https://hub example", "https://hub\texample"])
def test_a_hub_address_that_is_none_is_refused_in_one_line(hub: str) -> None:
    # urlsplit raised a plain ValueError on the first two; the last two made a link cut short where it is pasted
    assert_refused(run("hub-link", hub, "--repository", "ada/course"), "is not allowed", "the hub's address")


@pytest.mark.skipif(os.name != "posix", reason="a folder in use cannot be deleted elsewhere")
def test_every_tool_run_from_a_folder_deleted_under_it_answers_in_one_line(tmp_path: Path) -> None:
    # the course's settings and the clone's origin were looked up from os.getcwd(), which raised FileNotFoundError
    gone = tmp_path / "gone"
    for args, status in [(["homework", "--lang", "en"], 0), (["cheatsheet", str(tmp_path / "s.html")], 0),
                         (["binder-link"], 2), (["hub-link", "https://hub.example"], 2)]:  # fmt: skip
        gone.mkdir()
        environment = {k: v for k, v in os.environ.items() if k != COURSE_VARIABLE}
        environment["PYTHONPATH"] = str(ROOT)
        done = subprocess.run(
            ["sh", "-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh", str(gone), sys.executable, "-m",
             "charlemagne_learn", *args],
            capture_output=True, text=True, env=environment, timeout=HANG, check=False,
        )  # fmt: skip
        assert done.returncode == status and "Traceback" not in done.stderr, done.stderr
        if status == 2:  # the links read the repository from the clone it runs in: there is none
            assert_refused(done, "is not a git clone with an origin remote")
