"""A hand played with real cards, typed in as a record: written and read back to the same hand, refused with its
line and what was allowed, and reviewed as the table reviews a hand played at it."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.analysis.shown import review_why
from charlemagne_learn.teach.hand_records import hand_records
from charlemagne_learn.teach.played import PlayedHand, PlayedHandError, parse, write
from charlemagne_learn.teach.session import TableSession

VARIANTS = ("canadian", "american", "maine", "bid_euchre")


def _played(variant: str, seed: int, bot: str = "random", **options: object) -> cl.HandState:
    rules = cl.Rules.preset(variant, **options)
    return play_hand(rules, {s: make_bot(bot, seed + int(s)) for s in cl.Seat}, dealer=cl.Seat(seed % 4), seed=seed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32),
    st.integers(0, 60),
    st.sampled_from([{}, {"high_joker": "black"}, {"target": 40, "high_joker": "black"}]),
)
def test_any_hand_written_then_read_is_the_same_hand(
    variant: str, seed: int, cut: int, house: dict[str, object]
) -> None:
    # a whole hand, or one stopped anywhere (a record typed in part way), under the table's house rules
    whole = _played(variant, seed, **house)
    state = whole.at(min(cut, len(whole.history))) if cut < 60 else whole
    text = write(PlayedHand.of(state))
    again = parse(text).state()
    assert again.to_json() == state.to_json()
    assert again.result == state.result
    assert write(parse(text)) == text and parse(text).rules == state.rules


def test_house_options_and_a_board_are_kept() -> None:
    rules = cl.Rules.preset("canadian", target=40)
    board = PlayedHand.from_board(rules, seed=7, board=3)
    hand = board.state()
    play_hand(hand, {s: make_bot("rule", int(s)) for s in cl.Seat})
    played = PlayedHand.of(hand, board=3, seed=7)
    text = write(played)
    assert 'options: {"target": 40}' in text and "board: 3\nseed: 7\n" in text
    assert parse(text).rules == rules and parse(text).state().to_json() == hand.to_json()
    # the board's number and seed alone deal it again: the printed record's board 3
    short = "\n".join(
        line for line in text.splitlines() if not line.startswith(("north", "east", "south", "west", "kitty", "dealer"))
    )
    assert parse(short).state().to_json() == hand.to_json()
    printed = hand_records(boards=3, seed=7, rules=rules, odds_samples=1).boards[2]
    assert parse(short).hands == printed.hands and parse(short).dealer == printed.dealer


def test_a_card_the_rules_forbid_names_its_line_trick_seat_and_what_was_legal() -> None:
    hand = _played("canadian", 1, "rule")
    text = write(PlayedHand.of(hand))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("trick 5:"))
    # the hand as trick 5 is led (a trick is three cards when a partner sits out)
    before = next(
        b
        for b in map(hand.at, range(len(hand.history)))
        if b.phase is cl.Phase.PLAY and len(b.tricks) == 4 and not b.trick
    )
    after_lead = before.copy()
    after_lead.apply(before.legal_actions()[0])
    seat = after_lead.to_move
    assert seat is not None
    legal = {a.card for a in after_lead.legal_actions()}
    wrong = next((c for c in after_lead.hand(seat) if c not in legal), None)
    if wrong is None:
        pytest.fail("the second hand of trick 5 may play anything on this deal: take another")
    lead = before.legal_actions()[0].card
    lines[at] = f"trick 5: {before.to_move.name} {lead}, {seat.name} {wrong}"
    with pytest.raises(PlayedHandError) as info:
        parse("\n".join(lines[: at + 1]))
    message = str(info.value)
    assert message.startswith(f"line {at + 1} (trick 5): ")
    assert f"{seat.word} could: " + " ".join(str(c) for c in sorted(legal, key=lambda c: c.index)) in message
    assert isinstance(info.value, ValueError)
    # and said again in French: the line, the trick and the seat in French words
    french = info.value.said("fr")
    assert french.startswith(f"ligne {at + 1} (levée 5) : ") and f"{seat.named('fr')} pouvait : " in french


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("variant: canadian\nboard: 1\n", r"^line 2: a board is written with its number and the seed"),
        ("variant: canadian\nboard: 1\nseed: 1\nbidding: E pass\nbidding: S pass\n", r"^line 5 writes bidding again"),
        ("variant: canadian\nboard: 1\nseed: 1\nwho: me\n", r"^line 4 \('who: me'\) is not a line"),
        ("variant: cribbage\nboard: 1\nseed: 1\n", r"^line 1: .*cribbage"),
        ("variant: canadian\nboard: 99\nseed: 1\n", r"^line 2: board=99"),
        ("variant: canadian\ndealer: N\nnorth: AS\n", r"^the record has no deal: .* missing: east, south and west"),
        ("variant: canadian\nboard: 1\nseed: 1\nbidding: E pass, S 12\n", r"^line 4 \(the bidding\): .*no bid '12'"),
        ("variant: canadian\nboard: 1\nseed: 1\nbidding: E pass, N pass\n", r"^line 4 \(the bidding\): it is South's"),
        (
            "variant: canadian\nboard: 1\nseed: 1\nbidding: E pass, S 6, W pass, N pass\ntrick 2: E AS\n",
            r"^line 5 writes trick 2 where trick 1 comes",
        ),
        ("variant: canadian\nboard: 1\nseed: 1\noptions: [1]\n", r"^line 4: the house options are written as a JSON"),
        ("variant: canadian\nboard: 1\nseed: 1\nnorth: AS KS\n", r"^line 4: north is not as board 1 deals it"),
        ("format: something/9\n", r"^line 1: this record is of another format"),
    ],
)
def test_a_record_that_cannot_be_read_says_its_line_and_what_is_allowed(text: str, match: str) -> None:
    with pytest.raises(PlayedHandError, match=match):
        parse(text)


def test_a_trick_written_short_or_long_is_refused_at_the_card_that_does_not_fit() -> None:
    hand = _played("canadian", 3, "rule")
    lines = write(PlayedHand.of(hand)).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("trick 1:"))
    # trick 1's last card written on trick 2's line
    kept, moved = lines[at].rsplit(", ", 1)
    lines[at], lines[at + 1] = kept, lines[at + 1].replace("trick 2: ", f"trick 2: {moved}, ")
    with pytest.raises(PlayedHandError, match=rf"^line {at + 2} \(trick 2\): this card falls in trick 1"):
        parse("\n".join(lines))
    # and trick 2's first card written on trick 1's line
    lines = write(PlayedHand.of(hand)).splitlines()
    first, rest = lines[at + 1].removeprefix("trick 2: ").split(", ", 1)
    lines[at], lines[at + 1] = f"{lines[at]}, {first}", f"trick 2: {rest}"
    with pytest.raises(PlayedHandError, match=rf"^line {at + 1} \(trick 1\): this card falls in trick 2"):
        parse("\n".join(lines))


def test_a_typed_board_gets_the_review_the_table_gives_the_same_hand() -> None:
    # four people at one screen play a hand at the table; the same actions typed in give the same review lines
    session = TableSession("canadian", people="NESW", seed=4, grade_samples=12, hint_samples=12, grade_moves=False)
    while session.done is None:
        if session.passing_to is not None:
            session.ready()
            continue
        state = session.game.hand
        session.play(make_bot("rule", 1).act(state.view(state.to_move)))
    played = parse(write(PlayedHand.of(session.done)))
    typed = played.review(samples=12)
    table = session.review()
    assert [(s, line.move, line.action, line.grade, line.best) for s, line in typed] == [
        (s, line.move, line.action, line.grade, line.best) for s, line in table
    ]
    assert len(typed) > 8 and {s for s, _ in typed} == set(cl.Seat)
    assert [review_why(line, "fr") for _, line in played.review(samples=12, lang="fr")] == [
        review_why(line, "fr") for _, line in table
    ]


def test_a_hand_not_over_is_not_reviewed() -> None:
    played = PlayedHand.from_board("canadian", 1, 1)
    with pytest.raises(PlayedHandError, match=r"^the hand is not over \(0 tricks played\)"):
        played.review(samples=4)


def test_the_documented_records_read_as_the_page_says() -> None:
    from pathlib import Path

    page = (Path(__file__).parents[1] / "docs" / "played_hands.md").read_text(encoding="utf-8")
    blocks = [text for lang, text in re.findall(r"^```(\w*)\n(.*?)^```$", page, re.S | re.M) if not lang]
    full = next(b for b in blocks if b.startswith("format:"))
    short = next(b for b in blocks if b.startswith("board: 1\nseed: 1\nbidding: 5,"))
    played = parse(full)
    assert played.state().is_over and write(played) == full
    # the short form, typed without seats and with spaces, is the same hand as far as it goes
    typed = parse(short)
    assert typed.actions == played.actions[: len(typed.actions)] and len(typed.state().tricks) == 2


def test_a_table_dealt_the_chosen_cards_with_no_pass_screen() -> None:
    # the table a typed-in hand is played on: the board's own cards and dealer, the screen the seat to move's at once
    played = PlayedHand.from_board("canadian", 1, 2)
    hands = {s: played.hands[s] for s in cl.Seat}
    s = TableSession("canadian", people="NESW", first_dealer=played.dealer, hands=hands, kitty=played.kitty,
                     screen=False, grade_moves=False)  # fmt: skip
    assert s.passing_to is None and s.seat == played.dealer.left and s.your_turn
    assert [s.state.hand(seat) for seat in cl.Seat] == list(played.hands) and s.state.kitty == played.kitty
    s.play("pass")
    assert s.passing_to is None and s.seat == played.dealer.left.left
    # with the screen (the default), the next person waits behind it
    shared = TableSession("canadian", people="NESW", first_dealer=played.dealer, hands=hands, kitty=played.kitty,
                          grade_moves=False)  # fmt: skip
    assert shared.passing_to == played.dealer.left


@pytest.mark.parametrize(
    ("given", "match"),
    [
        (b"board: 1", r"^a played hand's record is text, not bytes"),
        ("# x\n" * 30_000, r"^a played hand's record of 120000 characters is too long"),
        ("board: 1\nseed: 1\ntrick one: AS\n", r"^line 3: 'trick one' is not a trick's line"),
        ("board: 1\nseed: 1\nbidding: E pass, S 5X\n", r"^line 3: 'S 5X' cannot be read: "),
    ],
)
def test_what_is_not_a_record_is_refused(given: object, match: str) -> None:
    with pytest.raises(PlayedHandError, match=match):
        parse(given)  # type: ignore[arg-type]
