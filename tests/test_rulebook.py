"""The rulebook belongs to the project (issue 46, item 12).

``docs/rules.md`` is the course's rulebook: its Decisions are the options of :class:`Rules`, every one of them, each
with its values and each variant's default as the presets have them; a new option without its entry, or a preset
changed without the rulebook, fails here. And every file the repository's code, tests, lessons and documents cite is
one the repository has: a clone once found its rulebook and browser-testing notes cited dozens of times, and neither
in it.
"""

from __future__ import annotations

import ast
import re
import subprocess
import typing
from functools import cache
from urllib.parse import unquote

import pytest

import charlemagne_learn as cl
from charlemagne_learn.engine import rules as rules_module

try:
    from ._links import ROOT, github_anchor
except ImportError:  # tests/ is not a package: pytest puts it on sys.path instead
    from _links import ROOT, github_anchor  # type: ignore[no-redef]

RULEBOOK = ROOT / "docs" / "rules.md"
DECISIONS = "Decisions: the options of Rules"
#: The rulebook's columns, by the variant each names.
COLUMNS = {"Canadian": "canadian", "American": "american", "Maine": "maine", "Bid Euchre": "bid_euchre"}


def _section(text: str, title: str) -> str:
    """The part of a markdown text under the ``## title`` heading, up to the next ``##`` heading."""
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert found, f"docs/rules.md has no section '## {title}'"
    return found.group(1)


def _decisions() -> str:
    assert RULEBOOK.is_file(), "the repository has no rulebook: docs/rules.md"
    return _section(RULEBOOK.read_text(encoding="utf-8"), DECISIONS)


def _table() -> dict[str, dict[str, str]]:
    """The Decisions table: each option's row, by column heading."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in _decisions().splitlines()
        if line.startswith("|")
    ]
    header, rule, *body = rows
    assert set(rule) == {"---"}, rule
    table = {}
    for row in body:
        option = row[0].strip("`")
        assert option not in table, f"{option} has two rows"
        table[option] = dict(zip(header, row, strict=True))
    return table


def _literals(cell: str) -> list[object]:
    """The Python values written as code in a cell of the table: `"red"`, `True`, `("big jack", "little jack")`."""
    return [ast.literal_eval(code) for code in re.findall(r"`([^`]+)`", cell)]


def test_the_rulebook_has_an_entry_and_a_row_for_every_option_of_rules() -> None:
    options = cl.Rules.option_names()
    entries = re.findall(r"^### (\S+)$", _decisions(), re.MULTILINE)
    assert sorted(entries) == sorted(options) and len(set(entries)) == len(entries)
    assert sorted(_table()) == sorted(options)
    # the options exactly: a variant's name and ladder are no keyword of Rules.preset
    for other in ("name", "bids"):
        with pytest.raises(cl.RulesOptionError, match="unknown"):
            cl.Rules.preset("canadian", **{other: getattr(cl.Rules.preset("canadian"), other)})


@pytest.mark.parametrize("column", sorted(COLUMNS))
def test_the_rulebook_gives_each_options_value_in_each_variant(column: str) -> None:
    preset = cl.Rules.preset(COLUMNS[column])
    for option, row in _table().items():
        written = re.match(r"`([^`]+)`", row[column])  # the value first, then any remark
        assert written, f"docs/rules.md gives no value of {option} in {column}"
        assert ast.literal_eval(written.group(1)) == getattr(preset, option), f"docs/rules.md: {option} in {column}"


def test_the_rulebook_gives_the_values_each_option_allows() -> None:
    hints = typing.get_type_hints(cl.Rules)
    checked = 0
    for option, row in _table().items():
        hint = hints[option]
        if typing.get_origin(hint) is typing.Literal:
            allowed = set(typing.get_args(hint))
        elif hint is bool:
            allowed = {True, False}
        else:  # a number or names, said in words
            continue
        assert set(_literals(row["values"])) == allowed, f"docs/rules.md: the values of {option}"
        checked += 1
    assert checked >= 9
    # the options the rulebook says belong to the variant are the ones Rules.preset refuses to change
    fixed = {option for option, row in _table().items() if "the variant's own" in row["values"]}
    assert fixed == set(rules_module._DECK_OPTIONS)


# ------------------------------------------------------------------ every file cited is in the repository
#: A file a text cites: a path ending in ``.md``, with its ``#anchor`` if it has one.
_CITED = re.compile(r"(?<![\w./-])([\w./-]*[\w-]\.md)(?:#([\w-]+))?\b")
_URL = re.compile(r"\w+://\S+")
#: Places outside the repository the rulebook and the browser notes were once cited from (written in two parts, so
#: that this file does not cite them).
_OUTSIDE = ("../" + "shared", "/work/" + "shared")


@cache
def _tracked() -> tuple[str, ...]:
    """The repository's files, as paths from its root: those git tracks or would (not ignored), or without git every
    file but those of virtual environments, caches and builds."""
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True,
            check=True,
            text=True,
        ).stdout
        return tuple(sorted(p for p in listed.split("\0") if p and (ROOT / p).is_file()))
    except (OSError, subprocess.CalledProcessError):
        skipped = {"node_modules", "__pycache__", "test-artifacts", "_lite"}
        return tuple(
            sorted(
                p.relative_to(ROOT).as_posix()
                for p in ROOT.rglob("*")
                if p.is_file()
                and not any(part.startswith(".") or part in skipped for part in p.relative_to(ROOT).parts)
            )
        )


def _texts() -> list[tuple[str, str]]:
    texts = []
    for name in _tracked():
        try:
            texts.append((name, (ROOT / name).read_text(encoding="utf-8")))
        except UnicodeDecodeError:  # a picture, a PDF, a compiled module
            continue
    return texts


def _headings(name: str) -> set[str]:
    return {github_anchor(h) for h in re.findall(r"^#+\s+(.*)$", (ROOT / name).read_text("utf-8"), re.MULTILINE)}


def _resolve(cited: str) -> list[str]:
    """The repository's files a cited path may name: the path from the root, or a file of that name deeper down
    (code cites ``RESULTS.md`` for ``benchmarks/RESULTS.md``)."""
    path = cited
    while path.startswith(("./", "../", "/")):
        path = path.split("/", 1)[1] if not path.startswith("/") else path[1:]
    return [name for name in _tracked() if name == path or name.endswith("/" + path)]


def test_every_file_cited_is_in_the_repository() -> None:
    texts = _texts()
    assert len(texts) > 100 and any(name == "README.md" for name, _ in texts)
    wrong = []
    for name, text in texts:
        for outside in _OUTSIDE:
            if outside in text:
                wrong.append(f"{name}: points at {outside}, outside the repository")
        for cited, anchor in _CITED.findall(_URL.sub("", text)):
            found = _resolve(unquote(cited))
            if not found:
                wrong.append(f"{name}: cites {cited}, which the repository does not have")
            elif anchor and not any(anchor in _headings(f) for f in found):
                wrong.append(f"{name}: cites {cited}#{anchor}, a heading {cited} does not have")
        if name.endswith(".md"):
            for anchor in re.findall(r"\]\(#([\w-]+)\)", text):
                if anchor not in _headings(name):
                    wrong.append(f"{name}: links #{anchor}, a heading it does not have")
    assert not wrong, "\n".join(wrong)
