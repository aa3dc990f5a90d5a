"""The referee through a real Jupyter server (:mod:`charlemagne_learn.referee.server`): the lobby over HTTP, a hand
played over the tables' websockets by two people (two browsers: two identities, each kept by its cookie) with the
server's own login, each sent only what their seat may see."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPClientError
from tornado.websocket import WebSocketClientConnection

from charlemagne_learn.engine.cards import Seat
from charlemagne_learn.engine.hand import HandState

pytest_plugins = ["pytest_jupyter.jupyter_server"]

#: A frame not come within this many seconds means the test has failed (a safety net, never a measure).
WAIT = 60


@pytest.fixture
def jp_server_config(tmp_path: Path) -> dict[str, Any]:
    return {
        "ServerApp": {"jpserver_extensions": {"charlemagne_learn.referee": True}},
        "RefereeApp": {"folder": str(tmp_path / "tables"), "grade_samples": 4, "hint_samples": 4},
        # one login cookie for the test's two host names (its HTTP client says 127.0.0.1, its websockets localhost),
        # as a browser has one for the one origin it sees
        "IdentityProvider": {"cookie_name": "charlemagne-test-login"},
    }


class Browser:
    """One browser: its login cookie (its own anonymous user, as jupyter_server gives each browser) and sockets."""

    def __init__(self, fetch: Any, ws_fetch: Any) -> None:
        self.fetch, self.ws_fetch = fetch, ws_fetch
        self.cookie = ""
        self.frames: list[dict[str, Any]] = []

    async def login(self) -> None:
        answer = await self.fetch("charlemagne", "tables", method="GET")
        self.cookie = "; ".join(c.split(";")[0] for c in answer.headers.get_list("Set-Cookie"))
        assert self.cookie

    async def get(self, *parts: str, **kw: Any) -> Any:
        return await self.fetch(*parts, headers={"Cookie": self.cookie}, **kw)

    async def socket(self, table: str, lang: str = "en") -> WebSocketClientConnection:
        ws = await self.ws_fetch(
            "charlemagne", "tables", table, "ws", params={"lang": lang}, headers={"Cookie": self.cookie}
        )
        return ws

    async def read(self, ws: WebSocketClientConnection) -> dict[str, Any]:
        text = await asyncio.wait_for(ws.read_message(), WAIT)
        assert text is not None, "the socket was closed"
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    async def until(self, ws: WebSocketClientConnection, kind: str, **fields: Any) -> dict[str, Any]:
        while True:
            frame = await self.read(ws)
            if frame["type"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                return frame


def _legitimate(state: HandState, seat: Seat) -> set[str]:
    """The cards ``seat`` may have seen by the end of the hand (worked out from the whole hand, not its view)."""
    history = state.history
    cards = set(state.at(0).hand(seat)) | set(state.hand(seat))
    cards |= {a.card for s, a in history if a.card is not None and (s == seat or a.kind == "play")}
    cards |= {a.card for s, a in history if a.kind == "give" and s == seat.partner and a.card is not None}
    return {str(c) for c in cards}


def _cards_in(value: Any, deck: set[str]) -> set[str]:
    if isinstance(value, dict):
        return set().union(set(), *(_cards_in(v, deck) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_cards_in(v, deck) for v in value))
    if isinstance(value, str):
        return {w.strip(",.;:()[]") for w in value.split()} & deck
    return set()


async def test_two_browsers_play_a_hand_through_the_server_each_seeing_only_their_seat(
    jp_fetch: Any, jp_ws_fetch: Any, jp_serverapp: Any
) -> None:
    teacher, ann, bob = (Browser(jp_fetch, jp_ws_fetch) for _ in range(3))
    for browser in (teacher, ann, bob):
        await browser.login()
    opened = await teacher.get("charlemagne", "tables", method="POST", body=json.dumps({"name": "class-3", "seed": 3}))
    assert opened.code == 201 and json.loads(opened.body)["table"] == "class-3"
    lobby = json.loads((await ann.get("charlemagne", "tables")).body)
    assert [t["table"] for t in lobby["tables"]] == ["class-3"] and lobby["tables"][0]["free"] == list("NESW")

    sockets = {}
    for browser, seat in ((ann, "N"), (bob, "S")):
        ws = sockets[seat] = await browser.socket("class-3")
        await browser.until(ws, "table")
        ws.write_message(json.dumps({"type": "sit", "seat": seat}))
        await browser.until(ws, "table")
    host = await teacher.socket("class-3")
    await teacher.until(host, "table")
    host.write_message(json.dumps({"type": "start"}))

    referee = jp_serverapp.web_app.settings["charlemagne_tables"].referee
    table = referee.tables["class-3"]
    assert table.seats[Seat.N].who != table.seats[Seat.S].who  # two browsers, two people
    people = {"N": (ann, sockets["N"]), "S": (bob, sockets["S"])}
    views = {seat: await browser.until(sockets[seat], "view") for seat, (browser, _) in people.items()}

    # bob, at South, tries North's turn and an old move: refused, the table unchanged
    moves = table.moves
    sockets["S"].write_message(json.dumps({"type": "act", "action": "pass", "move": moves - 1}))
    assert (await bob.until(sockets["S"], "error"))["type"] == "error" and table.moves == moves

    session = table.session
    hand = session.game.hand
    for _ in range(100):
        if session.done is not None:
            break
        seat = session.game.hand.to_move.name
        browser, ws = people[seat]
        view = views[seat]
        while not (view["to_act"] and view["move"] == table.moves):
            view = views[seat] = await browser.until(ws, "view")
        legal = view["legal"]
        bids = [a for a in legal if a.startswith("bid")]
        action = bids[0] if bids and not any(a.startswith("bid") for _, a in view["bids"]) else legal[0]
        ws.write_message(json.dumps({"type": "act", "action": action, "move": view["move"]}))
        while views[seat]["move"] <= view["move"]:  # the mover's next view comes once the move is taken
            views[seat] = await browser.until(ws, "view")
    assert session.done is not None and not session.done.result.passed_out
    for browser, ws in people.values():
        ws.write_message(json.dumps({"type": "review"}))
        await browser.until(ws, "review")
    first = hand.at(0)
    deck = {str(c) for c in [*first.kitty, *(c for s in Seat for c in first.hand(s))]}
    for seat, (browser, _) in people.items():
        shown = _cards_in(browser.frames, deck)
        assert shown and shown <= _legitimate(hand, Seat.find(seat)), seat
    assert any(f["type"] == "grade" for f in ann.frames + bob.frames)
    assert (Path(referee.folder) / "class-3.json").is_file()  # kept on disk as it goes


async def test_the_table_socket_needs_the_server_login(jp_fetch: Any, jp_ws_fetch: Any) -> None:
    teacher = Browser(jp_fetch, jp_ws_fetch)
    await teacher.login()
    await teacher.get("charlemagne", "tables", method="POST", body=json.dumps({"name": "room"}))
    with pytest.raises(HTTPClientError) as refused:
        await jp_ws_fetch("charlemagne", "tables", "room", "ws", headers={"Authorization": ""})
    assert refused.value.code == 403
    with pytest.raises(HTTPClientError) as missing:
        await teacher.socket("no-such-room")
    assert missing.value.code == 404
    with pytest.raises(HTTPClientError) as bad:
        await teacher.get("charlemagne", "tables", method="POST", body=json.dumps({"name": "room"}))
    assert bad.value.code == 400 and "room" in json.loads(bad.value.response.body)["error"]


async def test_a_browser_back_gets_its_seat_and_another_browser_is_refused_it(
    jp_fetch: Any, jp_ws_fetch: Any, jp_serverapp: Any
) -> None:
    teacher, ann, eve = (Browser(jp_fetch, jp_ws_fetch) for _ in range(3))
    for browser in (teacher, ann, eve):
        await browser.login()
    await teacher.get("charlemagne", "tables", method="POST", body=json.dumps({"name": "room", "grade": False}))
    ws = await ann.socket("room")
    ws.write_message(json.dumps({"type": "sit", "seat": "S"}))
    await ann.until(ws, "table", free=["N", "E", "W"])
    host = await teacher.socket("room")
    host.write_message(json.dumps({"type": "start"}))
    await ann.until(ws, "view")
    table = jp_serverapp.web_app.settings["charlemagne_tables"].referee.tables["room"]
    ws.close()
    for _ in range(100):  # the server hears the socket close
        if table.seats[Seat.S].away_since is not None:
            break
        await asyncio.sleep(0.05)
    assert table.seats[Seat.S].away_since is not None
    again = await ann.socket("room", lang="fr")
    view = await ann.until(again, "view")
    assert view["seat"] == "S" and table.seats[Seat.S].away_since is None
    other = await eve.socket("room", lang="fr")
    other.write_message(json.dumps({"type": "sit", "seat": "S"}))
    refusal = await eve.until(other, "error")
    assert "S" in refusal["text"] and "libres" in refusal["text"]
