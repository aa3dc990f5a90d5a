"""What every benchmark shares: a description of the machine it ran on, and its own block in RESULTS.md.

Each benchmark owns one block between two HTML-comment markers and rewrites only that block, so the
figures of one benchmark never disturb another's.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
from collections.abc import Collection, Sequence
from pathlib import Path

import charlemagne_learn as cl

RESULTS = Path(__file__).with_name("RESULTS.md")


def machine(**extra: str) -> dict[str, str]:
    """CPU, OS, Python, package version and date (plus any ``extra`` entries, e.g. a reference's version)."""
    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "CPU": f"{cpu} ({os.cpu_count()} logical CPUs visible), {platform.machine()}",
        "OS": platform.platform(),
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        **extra,
        "charlemagne_learn": cl.__version__,
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }


def machine_lines(**extra: str) -> list[str]:
    """:func:`machine` as Markdown list items."""
    return [f"- {k}: {v}" for k, v in machine(**extra).items()]


def write_section(start: str, end: str, title: str, block: str, intro: str = "") -> None:
    """Put ``block`` between the ``start`` and ``end`` markers of RESULTS.md; the first time, add a section
    ``title`` (with ``intro``) and the markers at the end of the file."""
    text = RESULTS.read_text() if RESULTS.exists() else ""
    if start not in text or end not in text:
        lead = f"{intro.strip()}\n\n" if intro else ""
        text = text.rstrip("\n") + f"\n\n## {title}\n\n{lead}{start}\n{end}\n"
    before, rest = text.split(start, 1)
    RESULTS.write_text(before + start + "\n\n" + block.strip() + "\n\n" + end + rest.split(end, 1)[1])


def deals_by_name(
    ap: argparse.ArgumentParser, given: Sequence[str], names: Collection[str], default: int, what: str
) -> dict[str, int]:
    """Deals for each of ``names`` from ``--deals`` values: ``N`` for every name, ``NAME=N`` for one (later values
    win), ``default`` where none is given; a bad value ends the run with ``ap.error`` saying what is allowed."""
    deals = dict.fromkeys(names, default)
    for value in given:
        name, _, count = value.rpartition("=")
        if (name and name not in names) or not count.isdigit() or int(count) < 2:
            ap.error(f"--deals takes a number of at least 2, or {what}=N with a {what.lower()} of {', '.join(names)}")
        for one in [name] if name else names:
            deals[one] = int(count)
    return deals
