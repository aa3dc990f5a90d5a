"""The Table widget from Python: seats, trick, kitty, contract, bidding, the replay step, and hidden cards."""

from __future__ import annotations

import re
from typing import Any

import pytest

import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.widgets._base import card_id
from charlemagne_learn.widgets.table import Table, trick_marks

CANADIAN = cl.Rules.preset("canadian")


def _played(seed: int = 3) -> cl.HandState:
    return play_hand(CANADIAN, [make_bot("rule", s) for s in range(4)], seed=seed)


def _ids(data: Any) -> set[str]:
    """Every card id anywhere in synced data."""
    if isinstance(data, dict):
        found = {data["id"]} if isinstance(data.get("id"), str) else set()
        return found.union(*(_ids(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(_ids(v) for v in data))
    return set()


def _synced(w: Table) -> dict[str, Any]:
    return {k: v for k, v in w.get_state().items() if not k.startswith("_")}


def _seat(w: Table, name: str) -> dict[str, Any]:
    return next(s for s in w.picture["seats"] if s["seat"] == name)


def test_four_seats_in_their_places_with_the_seat_to_move_marked() -> None:
    w = Table(_played(), seat="S")
    w.step = 14
    seats = w.picture["seats"]
    assert [(s["seat"], s["place"]) for s in seats] == [("N", "top"), ("E", "right"), ("S", "bottom"), ("W", "left")]
    assert [s["seat"] for s in seats if s["to_move"]] == ["E"]
    assert w.picture["contract"] == "6 ♣ by South"
    assert _seat(w, "S")["face_up"] and not _seat(w, "N")["face_up"]
    assert _seat(w, "N")["count"] == 6 and _seat(w, "N")["count_text"] == "6 cards"
    assert repr(w) == "Table(Canadian Charlemagne, 6 ♣ by South, play, East to move; step 14 of 39; South's view)"


def test_a_seat_view_never_carries_a_hidden_card_in_any_synced_trait() -> None:
    state = _played()
    w = Table(state, seat="S")
    for step in range(len(state.history) + 1):
        w.step = step
        shown = state.at(step)
        view = shown.view("S")
        hidden = {card_id(c) for s in "NEW" for c in shown.hand(s)}
        if view.kitty is None:
            hidden |= {card_id(c) for c in shown.at(0).kitty}
        visible_history = {card_id(a.card) for _, a in view.history if a.card is not None}
        leaked = (_ids(_synced(w)) & hidden) - visible_history
        assert not leaked, f"step {step}: {leaked} reached the page"


def test_teachers_view_shows_every_hand_and_the_kitty_once_taken() -> None:
    state = _played()
    w = Table(state)
    w.step = 10  # after the exchange: South took the kitty and discarded two
    assert all(s["face_up"] for s in w.picture["seats"])
    kitty = w.picture["kitty"]
    assert kitty["taken"] == "taken by South" and len(kitty["cards"]) == 2 and len(kitty["discards"]) == 2
    south = Table(state, seat="S")
    south.step = 10
    assert len(south.picture["kitty"]["cards"]) == 2  # the bidder saw it
    east = Table(state, seat="E")
    east.step = 10
    assert east.picture["kitty"]["cards"] == [] and east.picture["kitty"]["count"] == 2
    east.step = 0
    assert east.picture["kitty"]["taken"] == "" and east.picture["kitty"]["count_text"] == "2 cards"


def test_bidding_so_far_by_seat_and_in_order() -> None:
    state = _played()
    w = Table(state, seat="N")
    w.step = 3
    assert [(b["seat"], b["text"]) for b in w.picture["bidding"]] == [
        (s.name, "pass" if a.kind == "pass" else a.bid) for s, a in state.history[:3]
    ]
    assert _seat(w, "E")["bids"] == [w.picture["bidding"][0]["text"]]
    w.step = 0
    assert w.picture["bidding"] == [] and w.picture["contract"] == "no contract yet"


def test_the_trick_in_progress_the_last_trick_and_the_scores() -> None:
    state = _played()
    w = Table(state, seat="S")
    w.step = 13  # two cards into the second trick
    assert [p["seat"] for p in w.picture["trick"]] == [s.name for s, _ in state.at(13).trick]
    assert len(w.picture["trick"]) == 2 and w.picture["last_trick"]["title"].startswith("Last trick, won by")
    assert w.picture["points_line"] == ""
    w.step = w.steps
    points = state.result.points  # type: ignore[union-attr]
    assert w.picture["points_line"] == f"Points: NS {points['NS']} – EW {points['EW']}"
    ns, ew = (int(n) for n in re.findall(r"\d+", w.picture["tricks_line"]))
    assert ns + ew == 8 and ns == state.tricks_won["N"] + state.tricks_won["S"]
    assert "North–South" in w.picture["result"]


def test_gros_mulot_shows_the_bidders_hand_to_all_and_the_partner_sits_out() -> None:
    state = cl.HandState.new(CANADIAN, "N", seed=5)
    for a in ("bid gros_mulot", "pass", "pass", "pass"):
        state.apply(a)
    for _ in range(3):  # the first trick (three seats play)
        state.apply(state.legal_actions()[0])
    w = Table(state, seat="N")
    east = _seat(w, "E")
    assert east["exposed"] and east["face_up"] and len(east["cards"]) == 7
    assert _seat(w, "W")["sits_out"] and not _seat(w, "W")["face_up"]
    assert "Gros Mulot" in w.picture["contract"]


def test_replay_steps_and_marks() -> None:
    state = _played()
    w = Table.replay(state, seat="S")
    assert w.step == 0 and w.steps == len(state.history) and w.picture["phase"] == "bidding"
    assert trick_marks(state) == w.marks == [0, 7, 11, 15, 19, 23, 27, 31, 35, 39]
    w.step = 7
    # where the replay stands as a player says it, not a count of actions
    assert w.state.to_json() == state.at(7).to_json() and w.words["step"] == "The exchange"
    w.step = 14
    assert w.words["step"] == "Trick 2, third card"
    w.step = 0
    assert w.words["step"] == "The deal"
    w.step = 7
    with pytest.raises(cl.IllegalActionError, match="0 to 39"):
        w.step = 40
    assert w.step == 7


def test_update_shows_a_new_state_at_its_end() -> None:
    state = cl.HandState.new(CANADIAN, "N", seed=2)
    w = Table(state, seat="S")
    assert w.steps == 0 and w.marks == [0]
    state.apply("pass")
    w.update(state)
    assert w.step == w.steps == 1 and _seat(w, "E")["bids"] == ["pass"]


def test_french_words() -> None:
    w = Table(_played(), seat="S", lang="fr")
    assert _seat(w, "N")["name"] == "Nord" and w.picture["bidding_title"] == "Enchères"
    assert w.picture["words"]["kitty"] == "le minou" and w.words["step"] == "Levée 8, quatrième carte"
    w.lang = "en"
    assert _seat(w, "N")["name"] == "North"


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        (("not a state",), {}, cl.RulesOptionError, "HandState"),
        ((None,), {"seat": "X"}, cl.CardParseError, "not a seat"),
        ((None,), {"lang": "de"}, cl.RulesOptionError, "'en'"),
    ],
)
def test_bad_input_is_a_clear_error(
    args: tuple[Any], kwargs: dict[str, Any], error: type[Exception], match: str
) -> None:
    state = cl.HandState.new(CANADIAN, "N", seed=1)
    with pytest.raises(error, match=match):
        Table(*(state if a is None else a for a in args), **kwargs)


def test_static_html_and_repr() -> None:
    state = _played()
    w = Table(state, seat="S")
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert (
        data["text/plain"] == repr(w) == "Table(Canadian Charlemagne, 6 ♣ by South, over; step 39 of 39; South's view)"
    )
    assert "What South sees" in data["text/html"] and "Trick 8, fourth card" in data["text/html"]
    assert "<table>" in Table(state)._static_html()


def test_a_table_keeps_its_own_copy_of_the_hand() -> None:
    # Issue 11: Table(state) kept the caller's live state, and after state.undo() every redraw raised.
    state = play_hand(cl.Rules.preset("canadian"), [cl.RandomBot(s) for s in range(4)], seed=5)
    table = Table(state, seat="S")
    shown = repr(table)
    state.undo()
    state.undo()
    assert repr(table) == shown
    table.step = 0
    table.step = table.steps
    assert table.state.to_json() != state.to_json()  # the table still shows the whole hand
    table.state.undo()  # what the table hands out is a copy too
    assert repr(table) == shown


def test_a_bid_box_keeps_its_own_copy_of_the_hand() -> None:
    from charlemagne_learn.widgets import BidBox

    state = cl.HandState.new(cl.Rules.preset("canadian"), "N", seed=1)
    state.apply("bid 6")
    box = BidBox(state=state)
    shown = repr(box)
    state.undo()
    assert repr(box) == shown
    box.update(state)
    assert repr(box) != shown


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_once_the_hand_is_over_every_hand_and_the_kitty_are_face_up(seed: int) -> None:
    """What a learner played against: each seat's cards as held when play began (the cards it played, and all of
    a partner's who sat out), the kitty whether taken or not, from any seat's view."""
    rules = cl.Rules.preset("canadian")
    state = cl.play_hand(rules, [cl.RuleBot(i) for i in range(4)], seed=seed)
    assert state.phase is cl.Phase.OVER
    w = Table(state, seat="W")
    for seat in cl.Seat:
        shown = _seat(w, seat.name)
        played = {card_id(c) for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == seat}
        assert shown["face_up"] and {c["id"] for c in shown["cards"]} == played | {card_id(c) for c in state.hand(seat)}
    kitty = w.picture["kitty"]
    assert {c["id"] for c in kitty["cards"]} == {card_id(c) for c in state.at(0).kitty}
    every = [c["id"] for s in w.picture["seats"] for c in s["cards"]] + [c["id"] for c in kitty["cards"]]
    discards = {c["id"] for c in kitty["discards"]}
    assert {*every, *discards} == {card_id(cl.Card.from_index(i)) for i in rules.deck_indices}  # the whole deck
    w.step = len(state.history) - 1  # one action before the end: the other hands are face down again
    assert not _seat(w, "N")["face_up"] and not _seat(w, "E")["face_up"]


def test_the_last_trick_names_its_winner_and_the_winners_side() -> None:
    """The side lit after a trick: the two partners, or the lone bidder alone (its partner sits out)."""
    rules = cl.Rules.preset("canadian")
    for seed in range(30):
        state = cl.HandState.new(rules, dealer="W", seed=seed)
        state.apply("bid gros_charlemagne")
        while state.phase is not cl.Phase.OVER and len(state.tricks) < 3:
            state.apply(state.legal_actions()[0] if state.phase is not cl.Phase.BIDDING else "pass")
        for n in range(1, len(state.tricks) + 1):
            moment = state.at(next(m for m in range(len(state.history) + 1) if len(state.at(m).tricks) == n))
            last = Table(moment, seat="S").picture["last_trick"]
            winner = cl.Seat.find(last["winner"])
            if winner == state.bidder:
                assert last["side"] == [winner.name]
            else:
                assert sorted(last["side"]) == sorted([winner.name, winner.partner.name])
