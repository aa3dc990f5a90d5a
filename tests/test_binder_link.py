"""The Binder link is written for the repository the course is published from: read from a clone's origin remote
or given once, checked to be a GitHub repository name, and never a placeholder in what a teacher reads."""

from __future__ import annotations

import subprocess
from pathlib import Path

import nbformat
import pytest

import charlemagne_learn as cl
from charlemagne_learn.teach.binder import binder_link, repository_of
from charlemagne_learn.teach.commands import main

ROOT = Path(__file__).resolve().parent.parent
LINK = "https://mybinder.org/v2/gh/ada-lovelace/charlemagne-course/main?urlpath=lab/tree/notebooks/00_start_here.ipynb"


@pytest.mark.parametrize(
    "remote",
    [
        "https://github.com/ada-lovelace/charlemagne-course",
        "https://github.com/ada-lovelace/charlemagne-course.git",
        "https://token@github.com/ada-lovelace/charlemagne-course.git/",
        "git@github.com:ada-lovelace/charlemagne-course.git",
        "ssh://git@github.com/ada-lovelace/charlemagne-course",
    ],
)
def test_every_form_of_a_github_remote_names_its_repository(remote: str) -> None:
    assert repository_of(remote) == "ada-lovelace/charlemagne-course"


@pytest.mark.parametrize(
    "remote",
    ["/work/main", "https://gitlab.com/ada/course.git", "https://github.com/ada", "git@github.com:<owner>/<repo>", ""],
)
def test_a_remote_that_is_not_a_github_repository_is_refused(remote: str) -> None:
    with pytest.raises(cl.RulesOptionError, match="owner/name"):
        repository_of(remote)


@pytest.mark.parametrize(
    "repository", ["<owner>/<repository>", "ada", "ada/", "/course", "-ada/course", "ada/co urse", "a/b/c", 42, None]
)
def test_a_placeholder_or_a_name_no_repository_has_is_refused(repository: object, tmp_path: Path) -> None:
    with pytest.raises(cl.RulesOptionError, match="owner/name"):
        binder_link(repository, folder=tmp_path)  # type: ignore[arg-type]


def test_the_link_is_read_from_the_clones_origin(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(
        ["git", "-C", str(tmp_path), "remote", "add", "origin", "git@github.com:ada-lovelace/charlemagne-course.git"],
        check=True,
    )
    assert binder_link(folder=tmp_path) == LINK
    assert binder_link(folder=tmp_path, lang="fr").endswith("notebooks/fr/00_start_here.ipynb")
    with pytest.raises(cl.RulesOptionError, match="branch"):
        binder_link(folder=tmp_path, branch="../main")


def test_the_command_prints_the_link_or_refuses_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["binder-link", "--repository", "ada-lovelace/charlemagne-course", "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip() == LINK
    assert main(["binder-link", "--repository", "<owner>/<repository>", "--lang", "en"]) == 2
    refusal = capsys.readouterr().err
    assert refusal.count("\n") == 1 and "owner/name" in refusal


def test_no_placeholder_is_left_for_a_teacher_to_replace() -> None:
    texts = [(ROOT / "README.md").read_text(encoding="utf-8")]
    for guide in (ROOT / "notebooks" / "teachers", ROOT / "notebooks" / "fr" / "teachers"):
        book = nbformat.read(guide / "teachers_guide.ipynb", as_version=4)
        texts.append("\n".join(c.source for c in book.cells))
    for text in texts:
        assert "<owner>" not in text and "<repository>" not in text
        assert "python -m charlemagne_learn binder-link" in text


def test_the_hub_link_pulls_the_repository_and_opens_its_start_page() -> None:
    from urllib.parse import parse_qs, urlsplit

    from charlemagne_learn.teach.binder import hub_link

    link = hub_link("https://hub.school.example/", "ada-lovelace/charlemagne-course", lang="fr")
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "hub.school.example", "/hub/user-redirect/git-pull")
    query = parse_qs(parts.query)
    assert query == {
        "repo": ["https://github.com/ada-lovelace/charlemagne-course"],
        "branch": ["main"],
        # nbgitpuller clones into a folder named after the repository, in the student's home
        "urlpath": ["lab/tree/charlemagne-course/notebooks/fr/00_start_here.ipynb"],
    }
    for hub in ("hub.school.example", "ftp://hub", "https://hub.example/?next=x", "", None):
        with pytest.raises(cl.RulesOptionError, match="hub"):
            hub_link(hub, "ada-lovelace/charlemagne-course")  # type: ignore[arg-type]
    assert main(["hub-link", "https://hub.school.example", "--repository", "ada-lovelace/charlemagne-course"]) == 0
