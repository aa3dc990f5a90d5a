"""The duplicate tournament from its command line: any seed from 0 to 2**64 - 1 plays (the deals' and bots' seeds
are derived from it, never added or shifted out of range), and the report has its interval."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import tournament


@pytest.mark.parametrize("seed", ["0", "20261124", str(2**64 - 1)])
def test_any_seed_plays_and_reports_an_interval(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    tournament.main(["--bots", "rule", "random", "--deals", "4", "--workers", "1", "--seed", seed])
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "rule vs random" in line)
    assert "| 4 |" in row and " to " in row  # the deals, and the 95% interval of the difference


def test_a_seed_out_of_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tournament.main(["--bots", "rule", "random", "--seed", str(2**64)])
    assert "--seed must be" in capsys.readouterr().err


def test_different_seeds_deal_different_hands() -> None:
    assert tournament._deal_seed(5, 1) != tournament._deal_seed(6, 0)
    assert tournament._deal_seed(2**64 - 1, 10**6) < 2**64
