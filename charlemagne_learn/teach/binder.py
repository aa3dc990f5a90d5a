"""The links that open the course for a class, for the repository it is published from (given once, or read from
the clone's ``origin`` remote, and checked to be a real GitHub repository name, never a placeholder such as
``<owner>``): on Binder, and on a school's JupyterHub through nbgitpuller (which clones the repository into the
student's home, or updates it, and opens the start page).

>>> binder_link("ada-lovelace/charlemagne-course")
'https://mybinder.org/v2/gh/ada-lovelace/charlemagne-course/main?urlpath=lab/tree/notebooks/00_start_here.ipynb'
>>> repository_of("git@github.com:ada-lovelace/charlemagne-course.git")
'ada-lovelace/charlemagne-course'
>>> hub_link("https://hub.school.example/", "ada-lovelace/charlemagne-course")  # doctest: +NORMALIZE_WHITESPACE
'https://hub.school.example/hub/user-redirect/git-pull?repo=https%3A%2F%2Fgithub.com%2Fada-lovelace%2Fcharlemagne-course&branch=main&urlpath=lab%2Ftree%2Fcharlemagne-course%2Fnotebooks%2F00_start_here.ipynb'
"""

from __future__ import annotations

import re
import subprocess
from contextlib import suppress
from pathlib import Path
from urllib.parse import quote as url_quote
from urllib.parse import urlsplit

from ..engine.errors import RulesOptionError, quote
from ..engine.i18n import check_lang, say, sentence

__all__ = ["binder_link", "hub_link", "repository_of"]

#: The page the course opens on: the English edition's; every other edition's in its own folder of notebooks/.
START_PAGE = "00_start_here.ipynb"
#: A GitHub owner (letters, digits, single hyphens, at most 39) and a repository name (letters, digits, ., -, _).
_NAME = re.compile(r"(?P<owner>[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})/(?P<repo>[A-Za-z0-9._-]{1,100})")
#: The forms of a GitHub remote: https://github.com/o/r(.git), git@github.com:o/r(.git), ssh://git@github.com/o/r.
_REMOTE = re.compile(r"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com/)(?P<name>[^?#]+?)"
                     r"(?:\.git)?/?$")  # fmt: skip
#: A branch name as Binder's address takes it.
_BRANCH = re.compile(r"[A-Za-z0-9._/-]{1,200}")


def repository_of(remote: str) -> str:
    """``owner/name`` of a GitHub remote address (https or ssh), or a refusal saying what is expected."""
    found = _REMOTE.match(remote.strip()) if isinstance(remote, str) else None
    if found is None or not _NAME.fullmatch(found["name"]):
        raise RulesOptionError(sentence("binder.not_github", remote=quote(remote)))
    return found["name"]


def _checked(repository: str | None, branch: str, folder: str | Path | None) -> tuple[str, str]:
    """The repository (read from the clone at ``folder`` when None) and the branch, both checked."""
    if repository is None:
        try:
            clone = Path(folder) if folder is not None else Path.cwd()
        except OSError:  # the folder it runs in was deleted under it: no clone to read
            raise RulesOptionError(sentence("binder.no_origin", folder=".")) from None
        repository = repository_of(_origin(clone))
    if not isinstance(repository, str) or not _NAME.fullmatch(repository) or repository.endswith((".", ".git")):
        raise RulesOptionError(sentence("binder.bad_repository", value=quote(repository)))
    if not isinstance(branch, str) or not _BRANCH.fullmatch(branch) or ".." in branch:
        raise RulesOptionError(sentence("binder.bad_branch", value=quote(branch)))
    return repository, branch


def _start(lang: str) -> str:
    # each edition's catalog says where its notebooks are: English at the top, French in notebooks/fr/
    return say("binder.start", check_lang(lang), page=START_PAGE)


def hub_link(
    hub: str, repository: str | None = None, branch: str = "main", *, lang: str = "en", folder: str | Path | None = None
) -> str:
    """The nbgitpuller address that, on the JupyterHub at ``hub``, puts the course in each student's home (or
    brings it up to date, keeping their own changes) and opens the start page, in the edition of ``lang``."""
    parts = None
    # no space or control character, which would end the address where it is pasted
    if isinstance(hub, str) and all(c.isprintable() and not c.isspace() for c in hub.strip()):
        with suppress(ValueError):  # "http://[::1" or a host of characters NFKC reads otherwise: no address
            parts = urlsplit(hub.strip())
    if parts is None or parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise RulesOptionError(sentence("binder.bad_hub", value=quote(hub)))
    repository, branch = _checked(repository, branch, folder)
    clone = repository.split("/")[1]  # nbgitpuller clones into a folder named after the repository
    source = url_quote(f"https://github.com/{repository}", safe="")
    start = url_quote(f"lab/tree/{clone}/{_start(lang)}", safe="")
    return f"{hub.strip().rstrip('/')}/hub/user-redirect/git-pull?repo={source}&branch={branch}&urlpath={start}"


def binder_link(
    repository: str | None = None, branch: str = "main", *, lang: str = "en", folder: str | Path | None = None
) -> str:
    """The address that opens the course's start page on Binder, in the edition of ``lang``. ``repository``:
    ``owner/name`` on GitHub; None reads it from the ``origin`` remote of the git clone at ``folder`` (the current
    folder by default)."""
    start = _start(lang)
    repository, branch = _checked(repository, branch, folder)
    return f"https://mybinder.org/v2/gh/{repository}/{branch}?urlpath=lab/tree/{start}"


def _origin(folder: Path) -> str:
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), "remote", "get-url", "origin"], capture_output=True, text=True, timeout=10
        )
    except (OSError, subprocess.SubprocessError):  # no git, or it hung
        done = None
    if done is None or done.returncode != 0 or not done.stdout.strip():
        raise RulesOptionError(sentence("binder.no_origin", folder=str(folder)))
    return done.stdout.strip()
