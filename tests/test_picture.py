"""The table's picture, made in one place for every table (:mod:`charlemagne_learn.teach.picture`): a seat's picture
read from that seat's view and what the whole table sees, nothing else; the options by which the tables differ (a
hand over opened on one screen or kept to each seat's own, the cards a page offers now, the seat's own hand hidden
while a screen passes); and the teacher's view marking a hand shown to all."""

from __future__ import annotations

from typing import Any

import charlemagne_learn as cl
from charlemagne_learn.analysis import make_bot, play_hand
from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.hand import HandState, Phase, SeatView
from charlemagne_learn.teach.picture import card_id, held_at_play, table_picture

CANADIAN = cl.Rules.preset("canadian")


def _played(seed: int = 3) -> HandState:
    return play_hand(CANADIAN, [make_bot("rule", s) for s in range(4)], seed=seed)


class _WhatTheTableSees:
    """A hand through which a seat's picture may read only that seat's view and what the whole table sees (whether
    the hand is over, the kitty's cards still on the table, who bid): anything else it reads is an AttributeError."""

    def __init__(self, state: HandState, seat: Seat) -> None:
        self._state, self._seat = state, seat
        self.phase: Phase = state.phase
        self.bidder: Seat | None = state.bidder
        self.kitty = state.kitty

    def view(self, seat: Seat) -> SeatView:
        assert seat == self._seat, "a seat's picture reads another seat's view"
        return self._state.view(seat)


def _face_up(picture: Any) -> dict[str, set[str]]:
    return {s["seat"]: {c["id"] for c in s["cards"]} for s in picture["seats"] if s["face_up"]}


def test_a_seat_s_picture_is_made_from_its_view_and_what_the_whole_table_sees_only() -> None:
    state = _played()
    for step in (0, 3, 9, 14, 25, len(state.history)):
        shown = state.at(step)
        for seat in Seat:
            only = _WhatTheTableSees(shown, seat)
            drawn = table_picture(only, seat, "fr", open_when_over=False)  # type: ignore[arg-type]
            assert drawn == table_picture(shown, seat, "fr", open_when_over=False), (step, seat)


def test_a_hand_over_is_opened_on_one_screen_and_kept_to_each_seat_s_own_on_its_own_screen() -> None:
    state = _played()
    assert state.phase is Phase.OVER and state.bidder is not None
    held = {name: {card_id(c) for c in cards} for name, cards in held_at_play(state).items()}
    kitty = {card_id(c) for c in state.at(0).kitty}
    for seat in Seat:
        # the play table, one screen for everyone at it: every hand as held when play began, and the kitty
        opened = table_picture(state, seat, "en")
        assert _face_up(opened) == held
        assert opened["kitty"] is not None and {c["id"] for c in opened["kitty"]["cards"]} == kitty
        # a person's own screen at a shared table: its own cards only, the kitty only to the bidder who took it
        own = table_picture(state, seat, "en", open_when_over=False)
        assert _face_up(own) == {seat.name: {card_id(c) for c in state.hand(seat)}}
        assert own["kitty"] is not None
        assert {c["id"] for c in own["kitty"]["cards"]} == (kitty if seat == state.bidder else set())
        assert [s["you"] for s in own["seats"]] == [s == seat for s in Seat]
    # the teacher's view is the same either way
    assert table_picture(state, None, "en", open_when_over=False) == table_picture(state, None, "en")


def test_the_cards_marked_playable_are_those_the_page_offers() -> None:
    state = _played()
    playing = next(state.at(n) for n in range(len(state.history)) if state.at(n).phase is Phase.PLAY)
    mover = playing.to_move
    assert mover is not None
    legal = [a for a in playing.legal_actions() if a.card is not None]
    offered = legal[:1]

    def marks(picture: Any) -> dict[str, bool]:
        seat = next(s for s in picture["seats"] if s["seat"] == mover.name)
        return {c["id"]: c["legal"] for c in seat["cards"]}

    everything = marks(table_picture(playing, mover, "en"))
    assert {i for i, ok in everything.items() if ok} == {card_id(a.card) for a in legal if a.card is not None}
    assert {i for i, ok in marks(table_picture(playing, mover, "en", legal=offered)).items() if ok} == {
        card_id(a.card) for a in offered if a.card is not None
    }
    # nothing offered (a seat whose turn it is not on the page): every card of its hand shown, none playable
    assert not any(marks(table_picture(playing, mover, "en", legal=())).values())


def test_the_teacher_s_view_marks_the_hand_shown_to_all() -> None:
    state = HandState.new(CANADIAN, "N", seed=5)
    for a in ("bid gros_mulot", "pass", "pass", "pass"):
        state.apply(a)
    for _ in range(3):  # the first trick (three seats play): the bidder's hand is then shown to all
        state.apply(state.legal_actions()[0])
    assert list(state.exposed_hands) == ["E"]
    for seat in (None, Seat.N):
        drawn = table_picture(state, seat, "en")
        assert [s["exposed"] for s in drawn["seats"]] == [s == Seat.E for s in Seat], seat
