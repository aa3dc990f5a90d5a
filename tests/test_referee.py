"""The referee of a shared table (:mod:`charlemagne_learn.referee.tables`), with no server: seats bound to their
people, no card a seat may not see in any frame it is sent, a person back on their seat, a bot after the stated
wait, a table kept on disk and replayed, hostile frames refused with the table unchanged, hints to the asker alone;
and the session's own screens (:class:`~charlemagne_learn.teach.session.TableSession` with ``screen=False``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from charlemagne_learn.engine.actions import Action
from charlemagne_learn.engine.cards import Card, Seat
from charlemagne_learn.engine.errors import IllegalActionError, RulesOptionError
from charlemagne_learn.engine.hand import HandState
from charlemagne_learn.engine.i18n import card_label, say
from charlemagne_learn.referee.tables import MAX_FRAME, FakeClock, Link, Out, Referee, RefereeError, Table
from charlemagne_learn.teach import session as session_module
from charlemagne_learn.teach.picture import card_id, held_at_play, table_picture
from charlemagne_learn.teach.session import TableSession

ROOT = Path(__file__).resolve().parents[1]
PEOPLE = {"N": "ann", "E": "bob", "S": "cat", "W": "dan"}
#: Deals behind each grade and hint here: the table's code path, a quicker test.
SAMPLES = 4


def _frame(**fields: Any) -> str:
    return json.dumps(fields)


class Class:
    """A referee, a table opened by the teacher, and a page for each of ``seated`` (seat → person) sat down."""

    def __init__(
        self, variant: str = "canadian", seated: dict[str, str] | None = None, folder: Path | None = None, **kw: Any
    ) -> None:
        self.clock = FakeClock(1000.0)
        kw.setdefault("burst", 1000)  # a flood is its own test: here the pages never send too fast
        self.ref = Referee(folder, clock=self.clock, grade_samples=SAMPLES, hint_samples=SAMPLES, **kw)
        if "room" not in self.ref.tables:
            self.ref.open("room", "teacher", variant, seed=3, grade=True)
        self.links: dict[str, Link] = {}
        self.got: dict[str, list[dict[str, Any]]] = {}
        for seat, who in (PEOPLE if seated is None else seated).items():
            link = self.join(who)
            self.send(who, type="sit", seat=seat)
            assert self.last(who, "view", "table")["type"] in ("view", "table"), link

    @property
    def table(self) -> Table:
        return self.ref.tables["room"]

    def join(self, who: str, lang: str = "en") -> Link:
        link = self.ref.connect("room", who, who.title(), lang)
        self.links[who] = link
        self.got.setdefault(who, [])
        self.deliver(self.ref.welcome(link))
        return link

    def deliver(self, out: Out) -> Out:
        by_link = {id(link): who for who, link in self.links.items()}
        for link, frame in out:
            json.dumps(frame)  # every frame is JSON
            if id(link) in by_link:
                self.got[by_link[id(link)]].append(frame)
        return out

    def send(self, who: str, **fields: Any) -> Out:
        """A frame from ``who``'s page, then the grades the referee works out once the table is told (as the server
        asks for them)."""
        link = self.links[who]
        return self.deliver(self.ref.receive(link, _frame(**fields)) + self.ref.settle(link))

    def last(self, who: str, *kinds: str) -> dict[str, Any]:
        return next(f for f in reversed(self.got[who]) if f["type"] in kinds)

    def start(self) -> None:
        if "teacher" not in self.links:
            self.join("teacher")
        self.send("teacher", type="start")

    def mover(self) -> str:
        seat = self.table.session.game.hand.to_move  # type: ignore[union-attr]
        return self.table.seats[seat].who

    def play_first(self, opening: str | None = None) -> Out:
        """The person to move plays the first of the legal actions their last view lists, but the lowest bid (or
        ``opening``) when nobody has bid yet (a hand played out, not thrown in)."""
        who = self.mover()
        view = self.last(who, "view")
        assert view["to_act"], view
        legal = view["legal"]
        bids = [a for a in legal if a.startswith("bid")]
        bid_yet = any(action.startswith("bid") for _, action in view["bids"])
        if opening in legal and not bid_yet:
            bids = [opening]
        action = bids[0] if bids and not bid_yet else legal[0]
        return self.send(who, type="act", action=action, move=view["move"])


def _snapshot(table: Table) -> str:
    """Everything about a table a refusal must leave as it was."""
    session = table.session
    state: dict[str, Any] = {"seats": {s.name: (p.who, p.away_since) for s, p in table.seats.items()}}
    if session is not None:
        state |= {
            "actions": [str(a) for a in session.game.actions],
            "people": [s.name for s in session.people],
            "done": session.done is not None,
            "views": {s.name: repr(session.seen_by(s)) for s in Seat},
        }
    return json.dumps(state, default=str)


# ------------------------------------------------------------ the session at screens of their own
def test_a_session_with_no_pass_screen_has_none_and_moves_by_the_named_seat() -> None:
    s = TableSession("canadian", people="NS", screen=False, seed=3, grade_moves=False)
    mover = s.game.hand.to_move
    assert mover in (Seat.N, Seat.S) and s.passing_to is None
    assert s.seen_by(mover).to_act and not s.seen_by(mover.partner).to_act
    before = len(s.game.actions)
    with pytest.raises(IllegalActionError, match="not"):
        s.play(s.seen_by(mover).legal[0], mover.partner)
    assert len(s.game.actions) == before
    assert s.hint(mover.partner) == "play.hint_wait"
    s.play(s.seen_by(mover).legal[0], mover)
    assert s.passing_to is None and len(s.game.actions) > before


def test_a_seat_goes_to_a_bot_and_back_and_the_last_person_is_never_replaced() -> None:
    s = TableSession("canadian", people="NESW", screen=False, seed=3, grade_moves=False)
    mover = s.game.hand.to_move
    assert mover is not None
    s.bot_plays(mover)
    assert s.player(mover) == "rule" and s.game.hand.to_move != mover  # the bot moved at once
    s.person_plays(mover)
    assert s.player(mover) is None and mover in s.people
    for seat in (Seat.N, Seat.E, Seat.S):
        s.bot_plays(seat)
    with pytest.raises(RulesOptionError):
        s.bot_plays(Seat.W)
    assert s.people == (Seat.W,)


# ------------------------------------------------------------ seats
def test_a_seat_is_bound_to_the_person_who_took_it() -> None:
    c = Class(seated={"S": "cat"})
    c.join("eve")
    before = _snapshot(c.table)
    c.send("eve", type="sit", seat="S")
    assert c.last("eve", "error", "table")["type"] == "error" and "S" in c.last("eve", "error")["text"]
    assert _snapshot(c.table) == before
    c.join("cat")  # cat's second tab: the seat is still hers
    c.send("cat", type="sit", seat="S")
    assert c.table.seats[Seat.S].who == "cat"
    c.send("cat", type="sit", seat="N")
    assert "S" in c.last("cat", "error")["text"] and Seat.N not in c.table.seats
    c.send("eve", type="sit", seat="N")
    assert c.table.seats[Seat.N].who == "eve"


def test_only_the_host_starts_and_bots_fill_the_empty_seats() -> None:
    c = Class(seated={"S": "cat", "N": "ann"})
    c.send("cat", type="start")
    assert c.last("cat", "error")["type"] == "error" and c.table.session is None
    c.start()
    session = c.table.session
    assert session is not None and set(session.people) == {Seat.S, Seat.N}
    assert session.player(Seat.E) == session.player(Seat.W) == "rule"
    players = c.last("cat", "view")["players"]
    assert players["N"]["name"] == "Ann" and players["E"]["bot"] == "rule"


# ------------------------------------------------------------ what each seat sees
def _legitimate(state: HandState, seat: Seat) -> set[str]:
    """The cards ``seat`` may have seen by now, worked out from the whole hand (not from its view): its own
    deal, every card played to a trick, whatever it did itself, the cards its partner gave it, and the kitty's
    cards once it holds them."""
    history = state.history
    dealt = set(state.at(0).hand(seat))
    mine = set(state.hand(seat)) | {a.card for s, a in history if s == seat and a.card is not None}
    played = {a.card for _, a in history if a.kind == "play" and a.card is not None}
    given = {a.card for s, a in history if a.kind == "give" and s == seat.partner and a.card is not None}
    exposed = {c for cards in state.exposed_hands.values() for c in cards}
    return {str(c) for c in dealt | mine | played | given | exposed}


def _deck(state: HandState) -> set[str]:
    """Every card of the hand's deal: the four hands and the kitty."""
    first = state.at(0)
    return {str(card) for card in [*first.kitty, *(c for seat in Seat for c in first.hand(seat))]}


def _cards_in(frame: Any, deck: set[str]) -> set[str]:
    """Every card named anywhere in a frame (a field, a word of a text)."""
    if isinstance(frame, dict):
        return set().union(*(_cards_in(v, deck) for v in frame.values())) if frame else set()
    if isinstance(frame, list):
        return set().union(*(_cards_in(v, deck) for v in frame)) if frame else set()
    if isinstance(frame, str):
        return {w.strip(",.;:()[]«»") for w in frame.split()} & deck
    return set()


@pytest.mark.parametrize(
    ("variant", "opening"),
    [("canadian", None), ("american", None), ("canadian", "bid charlemagne")],  # alone: the partner gives a card
)
def test_no_frame_of_a_whole_hand_shows_a_seat_a_card_it_may_not_see(variant: str, opening: str | None) -> None:
    c = Class(variant)
    c.join("eve")  # at the table with no seat
    c.start()
    session = c.table.session
    assert session is not None
    deck = _deck(session.game.hand)
    seen_at = {who: 0 for who in c.got}
    hand = session.game.hand
    checked = 0

    def check() -> None:
        nonlocal checked
        for seat_name, who in PEOPLE.items():
            allowed = _legitimate(hand, Seat.find(seat_name))
            for frame in c.got[who][seen_at[who] :]:
                leaked = _cards_in(frame, deck) - allowed
                assert not leaked, f"{seat_name} was sent {leaked} in {frame['type']}"
                checked += 1
            seen_at[who] = len(c.got[who])
        assert _cards_in(c.got["eve"], deck) == set()  # a page with no seat sees no card at all

    check()
    for _ in range(200):
        if session.done is not None:
            break
        who = c.mover()
        c.send(who, type="hint")
        check()
        c.play_first(opening)
        check()
    for who in PEOPLE.values():
        c.send(who, type="review")
    check()
    assert session.done is not None and session.done.result is not None and not session.done.result.passed_out
    assert checked > 4 * len(session.done.history)
    kinds = {action.kind for _, action in session.done.history}
    assert opening is None or {"give", "discard"} <= kinds, kinds
    assert {c.last(who, "review")["type"] for who in PEOPLE.values()} == {"review"}
    grades = [f for who in PEOPLE.values() for f in c.got[who] if f["type"] == "grade"]
    assert grades, "each person's moves are graded"


def test_the_host_watching_sees_every_hand_and_a_player_may_not_watch() -> None:
    c = Class(seated={"S": "cat"})
    c.start()
    c.send("teacher", type="watch")
    watch = c.last("teacher", "watch")
    state = c.table.session.state  # type: ignore[union-attr]
    assert watch["views"]["E"]["hand"] == [str(card) for card in state.hand(Seat.E)]
    for _ in range(40):  # the whole hand to its end, every hand face up as the play table's teacher's view
        drawn = c.last("teacher", "watch")["picture"]
        assert drawn == table_picture(state, None, "en")
        if c.table.session.done is not None:  # type: ignore[union-attr]
            break
        assert [len(s["cards"]) for s in drawn["seats"]] == [len(state.hand(seat)) for seat in Seat]
        moves = c.table.moves
        c.send("cat", type="act", action=c.last("cat", "view")["legal"][-1], move=moves)
        assert c.table.moves > moves
        state = c.table.session.state  # type: ignore[union-attr]
    # the hand over: every hand as held when play began, and the kitty, face up
    assert state.phase.value == "over"
    drawn = c.last("teacher", "watch")["picture"]
    held = held_at_play(state)
    assert [{card["id"] for card in s["cards"]} for s in drawn["seats"]] == [
        {card_id(card) for card in held[seat.name]} for seat in Seat
    ]
    assert {card["id"] for card in drawn["kitty"]["cards"]} == {card_id(card) for card in state.at(0).kitty}
    before = _snapshot(c.table)
    c.send("cat", type="watch")
    assert c.got["cat"][-1]["type"] == "error" and _snapshot(c.table) == before
    c.join("eve")
    c.send("eve", type="watch")
    assert c.got["eve"][-1]["type"] == "error"


def test_a_hint_answers_only_the_asker_and_only_on_their_turn() -> None:
    c = Class()
    c.start()
    who = c.mover()
    out = c.send(who, type="hint")
    assert [frame["type"] for _, frame in out] == ["hint"] and all(link is c.links[who] for link, _ in out)
    other = next(p for p in PEOPLE.values() if p != who)
    out = c.send(other, type="hint")
    assert [frame["type"] for _, frame in out] == ["note"] and out[0][0] is c.links[other]


def test_a_refusal_is_said_in_the_page_language() -> None:
    c = Class(seated={"S": "cat"})
    c.join("eve", lang="fr")
    c.send("eve", type="sit", seat="S")
    assert "places libres" in c.got["eve"][-1]["text"]


# ------------------------------------------------------------ away, back, replaced
def test_a_person_back_gets_the_seat_and_one_away_is_replaced_after_the_wait() -> None:
    c = Class(replace_after=60)
    c.start()
    who = c.mover()
    seat = c.table.session.game.hand.to_move  # type: ignore[union-attr]
    c.deliver(c.ref.disconnect(c.links[who]))
    c.clock.now += 59
    assert c.ref.tick() == [] and c.table.session.player(seat) is None  # type: ignore[union-attr]
    moves = c.table.moves
    c.clock.now += 2
    c.deliver(c.ref.tick())
    session = c.table.session
    assert session is not None and session.player(seat) == "rule" and c.table.moves > moves  # the bot moved
    assert c.table.seats[seat].who == who  # still theirs
    c.join(who)
    assert session.player(seat) is None and c.last(who, "view")["seat"] == seat.name
    other = next(p for p in PEOPLE.values() if p != who)
    assert c.last(other, "view")["players"][seat.name] == {"name": who.title(), "bot": None, "away": False}
    c.join("eve")
    c.send("eve", type="sit", seat=seat.name)
    assert c.got["eve"][-1]["type"] == "error"


def test_a_person_who_leaves_frees_the_seat_at_once() -> None:
    c = Class()
    c.start()
    c.send("ann", type="leave")
    session = c.table.session
    assert session is not None and session.player(Seat.N) == "rule" and Seat.N not in c.table.seats
    c.join("eve")
    c.send("eve", type="sit", seat="N")
    assert c.table.seats[Seat.N].who == "eve" and session.player(Seat.N) is None


# ------------------------------------------------------------ kept on disk
def test_a_table_kept_on_disk_is_the_same_table_after_a_restart(tmp_path: Path) -> None:
    c = Class(folder=tmp_path, seated={"N": "ann", "S": "cat"})
    c.start()
    for _ in range(6):
        c.play_first()
    c.send("ann", type="leave")
    before = _snapshot(c.table)
    again = Referee(tmp_path, clock=c.clock, grade_samples=SAMPLES, hint_samples=SAMPLES)
    table = again.tables["room"]
    after = json.loads(_snapshot(table))
    expected = json.loads(before)
    assert after["actions"] == expected["actions"] and after["people"] == expected["people"]
    assert after["views"] == expected["views"]
    assert {s: who for s, (who, _) in after["seats"].items()} == {"S": "cat"}
    assert table.seats[Seat.S].away_since is not None  # nobody is connected to a table just restored
    link = again.connect("room", "cat", "Cat")
    assert table.seats[Seat.S].away_since is None and again.welcome(link)[-1][1]["seat"] == "S"


def test_a_table_replayed_after_a_restart_mid_hand_plays_on_as_its_twin_without_one(tmp_path: Path) -> None:
    # bots that draw on their seeds: a restart may not deal them other draws than the table without one
    twin = Class(seated={"S": "cat"}, bots="random")
    kept = Class(seated={"S": "cat"}, folder=tmp_path, bots="random")
    for c in (twin, kept):
        c.start()
        for _ in range(3):
            c.play_first("bid 6")
    assert kept.table.session is not None and kept.table.session.done is None  # mid-hand
    restarted = Class(seated={"S": "cat"}, folder=tmp_path, bots="random")
    assert restarted.table.moves == twin.table.moves
    for c in (twin, restarted):
        for _ in range(40):
            session = c.table.session
            assert session is not None
            if session.done is not None:
                break
            c.play_first("bid 6")
    assert twin.table.session is not None and twin.table.session.done is not None
    actions = [[str(action) for action in c.table.session.game.actions] for c in (twin, restarted)]  # type: ignore[union-attr]
    assert actions[0] == actions[1]


# ------------------------------------------------------------ hostile pages
HOSTILE = [
    "not json",
    "[1, 2]",
    "{}",
    json.dumps({"type": "bribe"}),
    json.dumps({"type": "act", "action": "pass"}),
    json.dumps({"type": "act", "action": "pass", "move": True}),
    json.dumps({"type": "act", "action": 5, "move": 0}),
    json.dumps({"type": "sit", "seat": "S", "as": "ann"}),
    json.dumps({"type": "sit", "seat": "Q"}),
    json.dumps({"type": "hint", "seat": "N"}),
    json.dumps({"type": "act", "action": "x" * (MAX_FRAME + 1), "move": 0}),
    "[" * 100_000,
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_a_malformed_or_unknown_frame_is_refused_and_the_table_unchanged(text: str) -> None:
    c = Class()
    c.start()
    before = _snapshot(c.table)
    out = c.deliver(c.ref.receive(c.links[c.mover()], text))
    assert [frame["type"] for _, frame in out] == ["error"] and _snapshot(c.table) == before


def test_a_move_for_another_seat_an_old_move_or_an_illegal_one_is_refused() -> None:
    c = Class()
    c.start()
    who = c.mover()
    view = c.last(who, "view")
    other = next(p for p in PEOPLE.values() if p != who)
    before = _snapshot(c.table)
    for sender, fields in (
        (other, {"action": view["legal"][0], "move": view["move"]}),  # not their turn
        (who, {"action": view["legal"][0], "move": view["move"] - 1}),  # chosen on an older view
        (who, {"action": "bid 99", "move": view["move"]}),
        (who, {"action": "play RJ", "move": view["move"]}),
    ):
        c.send(sender, type="act", **fields)
        assert c.got[sender][-1]["type"] == "error"
        assert _snapshot(c.table) == before
    c.send(who, type="act", action=view["legal"][0], move=view["move"])
    c.send(who, type="act", action=view["legal"][0], move=view["move"])  # the same frame again: a replay
    assert c.got[who][-1]["type"] == "error"


def test_a_flood_beyond_the_rate_is_refused_and_the_bucket_refills_on_the_clock() -> None:
    c = Class(seated={"S": "cat"}, burst=5, per_second=1.0)
    results = [c.send("cat", type="sit", seat="S")[-1][1]["type"] for _ in range(8)]
    assert results[:4] == ["view"] * 4 or results[:4] == ["table"] * 4
    assert results[-3:] == ["error"] * 3
    c.clock.now += 2
    assert c.send("cat", type="sit", seat="S")[-1][1]["type"] != "error"


def test_hints_asked_as_fast_as_the_page_allows_never_use_up_the_person_s_move() -> None:
    c = Class(seated={"S": "cat"}, burst=5, per_second=1.0)
    c.start()
    c.clock.now += 10  # the sitting down is paid for: both buckets full again
    view = c.last("cat", "view")
    assert view["to_act"], view  # the bots have played up to the person
    asked = [c.send("cat", type="hint") for _ in range(7)]
    refused = [frames for frames in asked if frames and frames[-1][1]["type"] == "error"]
    assert len(refused) == 2  # the asks' own bucket ran dry
    c.send("cat", type="act", action=view["legal"][0], move=view["move"])
    assert c.got["cat"][-1]["type"] != "error"
    assert c.table.moves > view["move"]  # the move was made (and the bots played on)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
_FRAMES = st.fixed_dictionaries(
    {"type": st.sampled_from(["sit", "leave", "act", "hint", "review", "next", "watch", "start", "x"])},
    optional={"seat": _JSON | st.sampled_from(list("NESW")), "action": _JSON, "move": _JSON},
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames=st.lists(_FRAMES | _JSON, min_size=1, max_size=6), sender=st.sampled_from(["ann", "bob", "eve"]))
def test_random_frames_never_act_for_another_seat_nor_show_a_hidden_card(frames: list[Any], sender: str) -> None:
    c = Class(seated={"N": "ann", "E": "bob"}, burst=1000)
    c.start()
    c.join("eve")
    session = c.table.session
    assert session is not None
    mover = session.game.hand.to_move
    held: dict[str, set[Seat]] = {who: {s for s, p in c.table.seats.items() if p.who == who} for who in c.got}
    for frame in frames:
        before = _snapshot(c.table)
        seat_before = c.ref._seat_of(c.table, sender)
        moves = c.table.moves
        out = c.deliver(c.ref.receive(c.links[sender], json.dumps(frame)))
        if c.table.moves != moves:  # a move was made: the sender's on their turn, or a bot's in a seat just left
            assert seat_before is not None and seat_before == mover and frame["type"] in ("act", "leave")
        if any(f["type"] == "error" for _, f in out):
            assert _snapshot(c.table) == before
        mover = session.game.hand.to_move
        for who in held:  # a free seat taken (eve may sit down): its cards are the taker's to see
            held[who] |= {s for s, p in c.table.seats.items() if p.who == who}
    hand = session.state
    for who, seats in held.items():
        allowed = set().union(set(), *(_legitimate(hand, seat) for seat in seats))
        assert _cards_in(c.got[who], _deck(hand)) <= allowed, who


def test_the_facade_does_not_import_the_referee() -> None:
    script = "import sys, charlemagne_learn as cl; cl.Card; print('charlemagne_learn.referee' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.strip() == "False"


def test_actions_kept_on_disk_read_back_as_the_engine_wrote_them(tmp_path: Path) -> None:
    c = Class(folder=tmp_path, seated={"S": "cat"})
    c.start()
    record = json.loads((tmp_path / "room.json").read_text(encoding="utf-8"))
    assert record["seats"] == {"S": {"who": "cat", "name": "Cat"}} and record["seed"] == 3
    assert [Action.parse(a) for _, a in record["actions"]] == c.table.session.game.actions  # type: ignore[union-attr]


# ------------------------------------------------------------ nobody stalls a table
def test_a_person_past_the_turn_limit_has_a_bot_decide_for_them_and_keeps_the_seat() -> None:
    c = Class(turn_limit=120)
    c.start()
    seat = c.table.session.game.hand.to_move  # type: ignore[union-attr]
    moves = c.table.moves
    c.clock.now += 119
    assert c.ref.tick() == [] and c.table.moves == moves
    c.clock.now += 2
    c.deliver(c.ref.tick())
    assert c.table.moves > moves and c.table.session.player(seat) is None  # type: ignore[union-attr]
    assert c.table.seats[seat].who == PEOPLE[seat.name]


def test_a_hint_asked_again_at_the_same_move_is_not_worked_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    c = Class()
    c.start()
    who = c.mover()
    asked = []
    session = c.table.session
    assert session is not None
    real = session.hint_work
    monkeypatch.setattr(session, "hint_work", lambda seat=None: asked.append(seat) or real(seat))
    first = c.send(who, type="hint")
    again = c.send(who, type="hint")
    assert len(asked) == 1 and first[0][1] == again[0][1]


def test_a_hint_is_worked_out_off_the_table_and_dropped_when_the_table_moved_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    c = Class()
    c.start()
    who = c.mover()
    link = c.links[who]
    started, release, worked = threading.Event(), threading.Event(), threading.Event()
    real = session_module.hint
    works: list[int] = []

    def slow(*args: Any, **kwargs: Any) -> Any:  # a long hint: the table plays on meanwhile
        if threading.current_thread() is not asker:  # the move's own grade, worked out as the move is told
            return real(*args, **kwargs)
        works.append(1)
        started.set()
        release.wait(10)
        worked.set()
        return real(*args, **kwargs)

    monkeypatch.setattr(session_module, "hint", slow)
    answered: list[Out] = []
    asker = threading.Thread(
        target=lambda: answered.append(c.ref.receive(link, _frame(type="hint")) + c.ref.settle(link))
    )
    asker.start()
    assert started.wait(10)
    second = c.ref.connect("room", who, who.title())  # asked again from another page: the same work, not a second
    again = c.ref.receive(second, _frame(type="hint"))
    moved = c.play_first("bid 6")
    table_went_on = not worked.is_set()  # the move was told while the hint was still being worked out
    release.set()
    asker.join(10)
    assert table_went_on and again == [] and len(works) == 1
    assert {id(page) for page, _ in moved} >= {id(page) for page in c.links.values()}  # every page told the move
    frames = answered[0]
    assert [(page, frame["type"]) for page, frame in frames] == [(link, "note"), (second, "note")]
    assert frames[0][1]["text"] == say("referee.hint_moved_on", "en")


def test_a_review_is_worked_out_off_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    c = Class()
    c.start()
    session = c.table.session
    assert session is not None
    for _ in range(200):
        if session.done is not None:
            break
        c.play_first("bid 6")
    finished = session.done
    assert finished is not None
    started, release, worked = threading.Event(), threading.Event(), threading.Event()
    real = session_module.review

    def slow(*args: Any, **kwargs: Any) -> Any:  # a long review: the table deals on meanwhile
        started.set()
        release.wait(10)
        worked.set()
        return real(*args, **kwargs)

    monkeypatch.setattr(session_module, "review", slow)
    link = c.links["cat"]
    answered: list[Out] = []
    asker = threading.Thread(
        target=lambda: answered.append(c.ref.receive(link, _frame(type="review")) + c.ref.settle(link))
    )
    asker.start()
    assert started.wait(10)
    c.send("ann", type="next")
    table_went_on = not worked.is_set()  # the next hand was dealt while the review was still being worked out
    release.set()
    asker.join(10)
    assert table_went_on and session.done is None and session.number == 2
    assert [(page, frame["type"]) for page, frame in answered[0]] == [(link, "review")]
    lines = answered[0][0][1]["lines"]
    assert lines and len(lines) == sum(1 for seat, _ in finished.history if seat is Seat.S)


def test_tables_and_pages_are_bounded() -> None:
    c = Class(seated={}, max_tables=2, max_pages=2)
    c.ref.open("other", "eve")
    with pytest.raises(RefereeError):
        c.ref.open("third", "eve")
    c.ref.connect("room", "eve", "Eve")
    c.ref.connect("room", "eve", "Eve")
    with pytest.raises(RefereeError):
        c.ref.connect("room", "eve", "Eve")
    assert len(c.ref.connect("other", "eve", "E" * 500).name) == 40


def test_a_grade_goes_to_its_mover_alone_once_the_table_has_been_told_the_move() -> None:
    c = Class()
    c.start()
    who = c.mover()
    view = c.last(who, "view")
    bids = [a for a in view["legal"] if a.startswith("bid")]
    told = c.ref.receive(c.links[who], _frame(type="act", action=bids[0], move=view["move"]))
    assert "grade" not in {frame["type"] for _, frame in told}  # nobody waited for it
    assert {link.who for link, frame in told if frame["type"] == "view"} >= set(PEOPLE.values())
    graded = c.ref.settle(c.links[who])
    assert [(link.who, frame["type"], frame["action"]) for link, frame in graded] == [(who, "grade", bids[0])]
    assert c.ref.settle(c.links[who]) == []


def test_a_table_file_that_cannot_be_replayed_is_set_aside_not_fatal(tmp_path: Path) -> None:
    c = Class(folder=tmp_path, seated={"S": "cat"})
    c.start()
    c.play_first()
    (tmp_path / "broken.json").write_text('{"format": 1, "name": "broken"', encoding="utf-8")
    record = json.loads((tmp_path / "room.json").read_text(encoding="utf-8"))
    record["name"], record["actions"] = "cheat", [["S", "play RJ"]]  # a move the game refuses
    (tmp_path / "cheat.json").write_text(json.dumps(record), encoding="utf-8")
    again = Referee(tmp_path, clock=c.clock)
    assert set(again.tables) == {"room"}
    assert sorted(path.name for path, _ in again.unread) == ["broken.json", "cheat.json"]


def test_a_tick_passes_over_a_table_busy_with_its_analysis() -> None:
    c = Class(replace_after=60)
    c.start()
    who = c.mover()
    c.deliver(c.ref.disconnect(c.links[who]))
    c.clock.now += 61
    busy, release = threading.Event(), threading.Event()

    def analysing() -> None:
        with c.table.lock:
            busy.set()
            release.wait(10)

    worker = threading.Thread(target=analysing)
    worker.start()
    busy.wait(10)
    try:
        assert c.ref.tick() == []  # at once, without waiting for the table
    finally:
        release.set()
        worker.join()
    assert c.ref.tick() != []  # the next tick replaces the person away


def test_the_bidder_s_exchange_is_graded_as_a_whole_after_the_table_is_told() -> None:
    c = Class()
    c.start()
    session = c.table.session
    assert session is not None
    grades: list[tuple[str, dict[str, Any]]] = []
    for _ in range(20):
        hand = session.game.hand
        if hand.phase.value == "play":
            break
        who = c.mover()
        view = c.last(who, "view")
        bids = [a for a in view["legal"] if a.startswith("bid")]
        action = bids[0] if bids and not any(a.startswith("bid") for _, a in view["bids"]) else view["legal"][0]
        told = c.ref.receive(c.links[who], _frame(type="act", action=action, move=view["move"]))
        assert all(frame["type"] != "grade" for _, frame in told)
        c.deliver(told)
        grades += [(link.who, frame) for link, frame in c.deliver(c.ref.settle(c.links[who]))]
    bidder = c.table.seats[session.game.hand.bidder].who  # type: ignore[index]
    discards = " ".join(str(card) for card in session.game.hand.discarded(session.game.hand.bidder))  # type: ignore[arg-type]
    exchange = [frame for who, frame in grades if frame["action"] == discards]
    assert [who for who, frame in grades if frame["action"] == discards] == [bidder] and len(exchange) == 1
    assert exchange[0]["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
    assert exchange[0]["exchange"] is True and exchange[0]["trump"] == session.game.hand.trump.name  # type: ignore[union-attr]
    # said in words, as the play table says an exchange, not in the frame's notation
    assert exchange[0]["said"].startswith("discard ") and exchange[0]["best_said"].startswith("discard ")


def test_who_watched_a_deal_face_up_sits_down_only_once_it_is_over() -> None:
    c = Class(seated={"S": "cat"})
    c.start()
    c.send("teacher", type="watch")
    before = _snapshot(c.table)
    c.send("teacher", type="sit", seat="N")
    assert c.got["teacher"][-1]["type"] == "error" and _snapshot(c.table) == before
    session = c.table.session
    assert session is not None
    for _ in range(200):
        if session.done is not None:
            break
        c.play_first()
    c.send("teacher", type="sit", seat="N")
    assert c.table.seats[Seat.N].who == "teacher"


def test_a_view_says_its_cards_and_its_actions_in_the_page_language_and_no_other() -> None:
    c = Class(seated={"S": "cat"})
    c.join("cat", lang="fr")
    c.start()
    view = c.last("cat", "view")
    words = view["words"]
    assert set(words["cards"]) == set(view["hand"])  # no card of another's hand, none of the kitty
    assert {face["label"] for face in words["cards"].values()} <= {
        card_label(Card.parse(c), "fr") for c in view["hand"]
    }
    assert set(view["legal"]) <= set(words["actions"]) and words["actions"]["pass"] == "passe"
    assert words["seats"] == {"N": "Nord", "E": "Est", "S": "Sud", "W": "Ouest"}
    assert words["phase"] == "enchères"


def test_a_grade_and_a_hint_say_their_moves_in_the_page_language() -> None:
    c = Class(seated={"S": "cat"})
    c.join("cat", lang="fr")
    c.start()
    for _ in range(40):
        view = c.last("cat", "view")
        if view["to_act"] and view["phase"] == "play":
            break
        if view["to_act"]:
            c.send("cat", type="act", action=view["legal"][0], move=view["move"])
        else:
            c.ref.tick()
            c.clock.now += 400  # the bots have moved; past the turn limit nothing waits
    view = c.last("cat", "view")
    assert view["to_act"] and view["phase"] == "play", view
    c.send("cat", type="hint")
    choice = c.last("cat", "hint")["choices"][0]
    assert choice["said"] == Action.parse(choice["action"]).text("fr") and choice["said"].startswith("jouer ")
    c.send("cat", type="act", action=choice["action"], move=view["move"])
    grade = c.last("cat", "grade")
    assert grade["said"].startswith("jouer ") and grade["best_said"].startswith("jouer ")


def test_a_seat_is_drawn_with_the_play_table_s_own_picture_and_nothing_more_once_the_hand_is_over() -> None:
    c = Class()
    c.join("cat", lang="fr")  # South's page in French, the others' in English
    c.start()
    session = c.table.session
    assert session is not None
    compared = 0
    for _ in range(200):
        if session.done is not None:
            break
        for seat_name, who in PEOPLE.items():
            view = c.last(who, "view")
            lang = "fr" if who == "cat" else "en"
            # while the hand is played, the play table's own picture of this seat, card for card
            assert view["picture"] == table_picture(session.state, Seat.find(seat_name), lang), seat_name
            compared += 1
        c.play_first()
    assert compared > 4 * 30
    # the hand over: each seat still sees only its own view (the play table, one screen, opens every hand)
    hand = session.done
    assert hand is not None
    for seat_name, who in PEOPLE.items():
        drawn = c.last(who, "view")["picture"]
        assert [s["face_up"] for s in drawn["seats"]] == [s["seat"] == seat_name for s in drawn["seats"]]
        assert not any(s["cards"] for s in drawn["seats"] if s["seat"] != seat_name)
        kitty = {str(Card.parse(card["id"])) for card in drawn["kitty"]["cards"] + drawn["kitty"]["discards"]}
        assert kitty <= _legitimate(hand, Seat.find(seat_name))
        assert bool(kitty) == (hand.bidder == Seat.find(seat_name)), seat_name  # the bidder's own, face up
