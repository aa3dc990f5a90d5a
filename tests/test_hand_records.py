"""Hand records for duplicate play: boards dealt from a seed, each analysed by the engine, printable with their
travellers; and the matchpoints that compare the tables."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis.odds import bid_odds, deal_outcomes, numeric_play, trump_tricks
from charlemagne_learn.engine.deal import deal_hands, deck_mask, mask_of
from charlemagne_learn.engine.errors import CharlemagneError
from charlemagne_learn.engine.rng import derive_seed
from charlemagne_learn.teach.commands import main
from charlemagne_learn.teach.hand_records import hand_records, matchpoints

PRINTABLES = Path(__file__).resolve().parent.parent / "notebooks" / "printables"


@pytest.mark.parametrize("variant", ["canadian", "american", "maine", "bid_euchre"])
def test_each_board_is_its_seeded_deal_and_the_engines_analysis_of_it(variant: str) -> None:
    rules = cl.Rules.preset(variant)
    records = hand_records(boards=5, seed=7, rules=rules, odds_samples=12, tables=3)
    assert [b.dealer for b in records.boards] == [cl.Seat.N, cl.Seat.E, cl.Seat.S, cl.Seat.W, cl.Seat.N]
    for board in records.boards:
        hands, kitty = deal_hands(rules, board.dealer, derive_seed(7, board.number))
        assert [mask_of(h) for h in board.hands] == hands and mask_of(board.kitty) == kitty
        assert mask_of([c for h in board.hands for c in h] + list(board.kitty)) == deck_mask(rules)
        for seat in cl.Seat:
            assert board.tricks[seat] == trump_tricks(rules, hands, kitty, seat)
            outcomes = deal_outcomes(rules, hands, kitty, seat)
            assert board.makes[seat] == {bid: any(m for _, _, m in ways) for bid, ways in outcomes.items()}
            assert board.plays[seat] == numeric_play(rules, hands, kitty, seat)
            taken = board.plays[seat][1]
            # the numeric bids are made exactly when the "names, takes" column says enough tricks
            for spec in (b for b in rules.bids if b.name.isdigit()):
                assert board.makes[seat][spec.name] == (taken >= spec.tricks), (seat, spec.name)
        first = board.dealer.left
        again = bid_odds(rules, board.hands[first], seat=first, dealer=board.dealer, samples=12, seed=board.seed)
        assert [c.made for c in board.odds] == [c.made for c in again]


def test_the_page_prints_every_board_and_a_traveller_each() -> None:
    records = hand_records(boards=3, seed=2, rules="canadian", odds_samples=10, tables=4)
    page = records.to_html()
    assert page.count('class="board"') == 3 and page.count('class="traveller"') == 3
    assert "@page" in page and "break-inside: avoid" in page
    for board in records.boards:
        traveller = page.split(f"Traveller, board {board.number} ")[1].split("</table>")[0]
        assert traveller.count("<tr>") == 1 + 4  # the heads and a row a table
        for hand in board.hands:  # every hand's cards are on the page, suit by suit
            for suit in cl.Suit:
                ranks = " ".join(str(c.rank) for c in sorted(hand, key=lambda c: -int(c.rank or 0)) if c.suit == suit)
                assert f"{suit.symbol}</span> {ranks or '—'}" in page or f"{suit.symbol} {ranks or '—'}" in page
    assert records.to_html(score_sheet=False).count('class="traveller"') == 0
    assert "<style>" in records._repr_html_() and "#c00000" not in records._repr_html_()  # theme colours
    assert repr(records) == "<HandRecords Canadian Charlemagne: 3 boards from seed 2>"


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_the_same_arguments_give_the_same_record_and_the_shipped_one_is_current() -> None:
    shipped = (PRINTABLES / "hand_records.html").read_text(encoding="utf-8")
    made = hand_records(boards=10, seed=1, rules="canadian").to_html()
    assert made == shipped, (
        "regenerate: python -m charlemagne_learn hand-records notebooks/printables/hand_records.html ..."
    )
    pdf = (PRINTABLES / "hand_records.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", pdf)) >= 5


@pytest.mark.slow  # a few seconds or more: in the full test command, not the quick check
def test_the_command_writes_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(
        [
            "hand-records",
            str(tmp_path / "r.html"),
            "--boards",
            "2",
            "--seed",
            "3",
            "--tables",
            "2",
            "--variant",
            "maine",
        ]
    )
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "Maine Charlemagne, 2 boards, seed 3" in page and page.count('class="traveller"') == 2
    assert capsys.readouterr().out.strip().endswith("r.html")


@pytest.mark.parametrize(
    "arguments",
    [
        {"boards": 0},
        {"boards": 1000},
        {"boards": 2.5},
        {"tables": 0},
        {"seed": -1},
        {"rules": "bridge"},
        {"odds_samples": 0},
    ],
)
def test_bad_arguments_are_refused_with_what_is_allowed(arguments: dict[str, object]) -> None:
    with pytest.raises(CharlemagneError) as caught:
        hand_records(**{"boards": 1, "odds_samples": 5, **arguments})  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and str(caught.value)


def test_writing_refuses_a_file_it_cannot_make(tmp_path: Path) -> None:
    records = hand_records(boards=1, seed=1, odds_samples=5)
    with pytest.raises(CharlemagneError, match=r"\.html or \.pdf"):
        records.write(tmp_path / "r.docx")
    with pytest.raises(CharlemagneError, match="no folder"):
        records.write(tmp_path / "missing" / "r.html")
    assert not list(tmp_path.iterdir())


def test_matchpoints_of_a_board() -> None:
    assert matchpoints([6, -8, 6, 0, None]) == [5.0, 0.0, 5.0, 2.0, None]
    assert matchpoints([3]) == [0.0]


@given(st.lists(st.one_of(st.none(), st.integers(-40, 40)), min_size=1, max_size=12))
def test_matchpoints_share_out_two_a_pair_of_tables(nets: list[int | None]) -> None:
    points = matchpoints(nets)
    played = [p for p in points if p is not None]
    n = len(played)
    assert sum(played) == n * (n - 1)  # every two tables share 2 points
    assert [p is None for p in points] == [x is None for x in nets]
    for a, pa in zip(nets, points, strict=True):
        for b, pb in zip(nets, points, strict=True):
            if a is not None and b is not None and pa is not None and pb is not None and a > b:
                assert pa > pb
