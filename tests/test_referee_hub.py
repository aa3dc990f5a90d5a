"""The referee as a JupyterHub service (:mod:`charlemagne_learn.referee.hub`), through a real hub: JupyterHub's own
test hub (``jupyterhub.tests.mocking.MockHub``, its local process spawner and test login), its proxy
(configurable-http-proxy, from the repository's node_modules), and the service started and stopped by the hub as
its managed service ``charlemagne``."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import shutil
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

pytest_plugins = ["pytest_jupyter.jupyter_core"]  # runs the async tests on an event loop

ROOT = Path(__file__).resolve().parent.parent
#: The hub's proxy: the repository's (package.json), or one on the PATH.
PROXY = ROOT / "node_modules" / ".bin" / "configurable-http-proxy"
#: A frame not come within this many seconds means the test has failed (a safety net, never a measure).
WAIT = 60


@pytest.fixture
def jp_server_cleanup() -> None:
    """Nothing to clean up: no Jupyter server runs in this process here (the hub's are processes of their own).

    Another module's ``pytest_plugins = ["pytest_jupyter.jupyter_server"]`` makes that plugin's cleanup run after
    every later test of the process; after the hub test it cleaned up a server made only to be cleaned up, on the
    loop the hub had used, and failed the test at teardown when the two modules' tests shared a process."""


def _proxy() -> str:
    """The hub's proxy; without it or JupyterHub the test is skipped on a developer's machine, and fails in CI."""
    found = str(PROXY) if PROXY.is_file() else shutil.which("configurable-http-proxy")
    why = None
    if importlib.util.find_spec("jupyterhub") is None:
        why = "JupyterHub is not installed (the test extra has it)"
    elif found is None:
        why = "the hub's proxy is not installed (npm ci installs configurable-http-proxy into node_modules)"
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    assert found is not None
    return found


@asynccontextmanager
async def running_hub(folder: Path) -> AsyncIterator[Any]:
    """JupyterHub's test hub with the referee as its managed service ``charlemagne``, its users' role given
    access to it; stopped on the way out."""
    proxy = _proxy()
    from jupyterhub.tests.mocking import MockHub
    from jupyterhub.utils import random_port
    from traitlets.config import Config

    config = Config()
    config.ConfigurableHTTPProxy.command = [proxy]
    config.JupyterHub.services = [
        {
            "name": "charlemagne",
            "url": f"http://127.0.0.1:{random_port()}",
            "command": [
                sys.executable,
                "-m",
                "charlemagne_learn.referee.hub",
                f"--RefereeService.folder={folder}",
                "--RefereeService.grade_samples=4",
                "--RefereeService.hint_samples=4",
            ],
            "oauth_no_confirm": True,
        }
    ]
    config.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", "access:services!service=charlemagne"]}]
    hub = MockHub.instance(config=config)
    try:
        await hub.initialize([])
        await hub.start()
        yield hub
    finally:
        MockHub.clear_instance()
        await hub.stop()


class Person:
    """One hub user's browser: the hub's login cookies, the referee's after its OAuth, and sockets."""

    def __init__(self, hub: Any, name: str) -> None:
        from jupyterhub.tests.utils import AsyncSession, public_url

        self.hub, self.name = hub, name
        self.session = AsyncSession()
        self.base = public_url(hub, hub._service_map["charlemagne"])
        self.frames: list[dict[str, Any]] = []
        self.xsrf = ""

    async def login(self) -> None:
        self.session.cookies = await self.hub.login_user(self.name)

    async def lobby(self) -> Any:
        answer = await self.session.get(self.base + "tables")  # through the hub's OAuth, back to the lobby
        self.xsrf = answer.headers.get("X-XSRFToken", "")
        return answer

    async def open_table(self, **body: Any) -> Any:
        return await self.session.post(self.base + "tables", data=json.dumps(body), headers={"X-XSRFToken": self.xsrf})

    async def socket(self, table: str, **headers: str) -> WebSocketClientConnection:
        url = self.base.replace("http://", "ws://") + f"tables/{table}/ws?lang=en"
        cookie = "; ".join(f"{c.name}={c.value}" for c in self.session.cookies)
        return await websocket_connect(HTTPRequest(url, headers={"Cookie": cookie, **headers}))

    async def until(
        self, ws: WebSocketClientConnection, kind: str, after: int | None = None, **fields: Any
    ) -> dict[str, Any]:
        """The next frame of ``kind`` with ``fields`` (a view: past the move ``after``)."""
        while True:
            text = await asyncio.wait_for(ws.read_message(), WAIT)
            assert text is not None, "the socket was closed"
            frame: dict[str, Any] = json.loads(text)
            self.frames.append(frame)
            if after is not None and frame.get("move", after) <= after:
                continue
            if frame["type"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                return frame


async def test_two_hub_users_play_at_a_table_of_the_hub_service_as_their_hub_selves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the hub writes its cookie secret and its proxy's pid file where it runs
    folder = tmp_path / "tables"
    async with running_hub(folder) as hub:
        ann, bob, carol, admin = (Person(hub, name) for name in ("ann", "bob", "carol", "admin"))

        # no hub login: the lobby sends the browser to the hub's login, a websocket is refused
        stranger = await ann.session.get(ann.base + "tables", allow_redirects=False)
        assert stranger.status_code == 302 and "/hub/api/oauth2/authorize" in stranger.headers["Location"]
        with pytest.raises(HTTPClientError) as refused:
            await ann.socket("class-3")
        assert refused.value.code == 403

        for person in (ann, bob, carol, admin):
            await person.login()
            lobby = await person.lobby()
            assert lobby.status_code == 200 and lobby.json() == {"tables": []}
        # a POST with the login cookie but no XSRF token is no login at all
        forged = await ann.session.post(ann.base + "tables", data=json.dumps({"name": "forged"}))
        assert forged.status_code == 403
        opened = await ann.open_table(name="class-3", seed=3, grade=False)
        assert opened.status_code == 201 and opened.json()["table"] == "class-3"
        # a page of another origin is refused the table's socket
        with pytest.raises(HTTPClientError) as elsewhere:
            await bob.socket("class-3", Origin="http://elsewhere.example")
        assert elsewhere.value.code == 403

        sockets = {}
        for person, seat in ((ann, "N"), (bob, "S")):
            ws = sockets[seat] = await person.socket("class-3")
            await person.until(ws, "table")
            ws.write_message(json.dumps({"type": "sit", "seat": seat}))
            await person.until(ws, "table")
        # carol's browser is carol: North is ann's
        at_carol = await carol.socket("class-3")
        at_carol.write_message(json.dumps({"type": "sit", "seat": "N"}))
        assert "N" in (await carol.until(at_carol, "error"))["text"]
        sockets["N"].write_message(json.dumps({"type": "start"}))
        people = {"N": ann, "S": bob}
        views = {seat: await people[seat].until(sockets[seat], "view") for seat in people}
        assert views["N"]["players"]["N"]["name"] == "ann" and views["S"]["players"]["S"]["name"] == "bob"
        kept = json.loads((folder / "class-3.json").read_text(encoding="utf-8"))
        assert kept["host"] == "ann" and {s: p["who"] for s, p in kept["seats"].items()} == {"N": "ann", "S": "bob"}

        # a hub admin watches the table face up; carol, neither its host nor a teacher, may not
        at_admin = await admin.socket("class-3")
        at_admin.write_message(json.dumps({"type": "watch"}))
        watched = await admin.until(at_admin, "watch")
        assert set(watched["views"]) == set("NESW")
        at_carol.write_message(json.dumps({"type": "watch"}))
        await carol.until(at_carol, "error")

        made = {"N": 0, "S": 0}
        while min(made.values()) < 3:
            mover = next((seat for seat, view in views.items() if view["to_act"]), None)
            assert mover is not None, "nobody's turn before each has moved three times"
            view = views[mover]
            ws = sockets[mover]
            ws.write_message(json.dumps({"type": "act", "action": view["legal"][0], "move": view["move"]}))
            views[mover] = await people[mover].until(sockets[mover], "view", after=view["move"])  # taken
            made[mover] += 1
            other = "S" if mover == "N" else "N"
            if views[other]["move"] < views[mover]["move"]:
                views[other] = await people[other].until(sockets[other], "view", after=views[mover]["move"] - 1)
        kept = json.loads((folder / "class-3.json").read_text(encoding="utf-8"))
        assert sum(1 for seat, _ in kept["actions"] if seat in made) >= 6

        service = hub._service_map["charlemagne"]
        where = service.server.ip or "127.0.0.1", service.server.port
        process = service.spawner.proc
    # stopped with the hub: its process is over and nothing listens at its address
    assert process.poll() is not None
    with pytest.raises(OSError), socket.create_connection(where, timeout=5):
        pass


def test_the_hubs_admins_and_its_teachers_group_teach_as_the_service_is_told() -> None:
    if importlib.util.find_spec("jupyterhub") is None and not os.environ.get("CI"):
        pytest.skip("JupyterHub is not installed (the test extra has it)")
    from charlemagne_learn.referee.hub import RefereeService

    def hub_user(name: str, admin: bool = False, *groups: str) -> dict[str, Any]:
        return {"name": name, "admin": admin, "groups": list(groups)}

    service = RefereeService(teacher_group="staff")
    assert service.teaches(hub_user("mia", False, "staff")) and service.teaches(hub_user("root", True))
    assert not service.teaches(hub_user("ann", False, "teachers"))
    assert RefereeService().teaches(hub_user("ann", False, "teachers"))  # the group by default
    nobody = RefereeService(admins_teach=False, teacher_group="")
    assert not nobody.teaches(hub_user("root", True, "teachers"))
    assert RefereeService(teachers=["ann"]).teaches(hub_user("ann"))
