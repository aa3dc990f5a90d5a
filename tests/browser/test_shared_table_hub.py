"""A shared table on a JupyterHub, in browsers: a real hub started for the test (``jupyterhub`` with its test login,
``DummyAuthenticator``, and ``SimpleLocalProcessSpawner``, which starts each user's own JupyterLab as
``jupyterhub-singleuser``), its proxy (configurable-http-proxy from node_modules), and the referee as its managed
service ``charlemagne``, configured as docs/jupyterhub.md §4 says.

Two students log in at the hub's login page, each in a browser of their own; each opens a notebook in their own
JupyterLab. Ann opens the table from the lobby and sits North, Bob sits South; bots fill the rest. A few decisions
are made by clicks, and every frame each page received is checked for cards its seat may not see (the single-server
test's rule)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _jupyter import CHROMIUM_ARGS, OpenNotebook, chromium, free_port, wait_until_up, write_notebook
from playwright.sync_api import expect
from test_shared_table import _check_frames, _click_one, _referee

from charlemagne_learn.engine.cards import Seat

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
#: The hub's proxy: the repository's (package.json), or one on the PATH.
PROXY = REPO / "node_modules" / ".bin" / "configurable-http-proxy"
ROOM = "class-3"
#: The decisions made by clicks after the deal: enough for the bidding and the first cards.
CLICKS = 6


class Hub:
    """A running JupyterHub: its public address, its folder, and the folder its referee keeps the tables in."""

    def __init__(self, base: str, home: Path) -> None:
        self.base, self.home = base, home
        self.tables = home / "tables"  # where the service keeps them: the test reads them back (as _referee does)

    def user_home(self, name: str) -> Path:
        return self.home / "users" / name


def _proxy() -> str:
    found = str(PROXY) if PROXY.is_file() else shutil.which("configurable-http-proxy")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("the hub's proxy is missing (npm ci installs configurable-http-proxy into node_modules)")
        pytest.skip("the hub's proxy is not installed")
    return found


#: The hub's configuration: the test's login and spawner, and the referee's service as docs/jupyterhub.md gives it.
CONFIG = """\
c = get_config()  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.JupyterHub.db_url = "sqlite:///{home}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{home}/cookie_secret"
c.JupyterHub.pid_file = "{home}/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{home}/users/{{username}}"
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.args = {args!r}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.services.append({{
    "name": "charlemagne",
    "url": "http://127.0.0.1:{service_port}",
    "command": [{python!r}, "-m", "charlemagne_learn.referee.hub",
                "--RefereeService.folder={home}/tables",
                "--RefereeService.grade_samples=4", "--RefereeService.hint_samples=4"],
    "oauth_no_confirm": True,
}})
c.JupyterHub.load_roles.append({{"name": "user", "scopes": ["self", "access:services!service=charlemagne"]}})
"""


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    """JupyterHub in a subprocess, every file of it in a temporary folder; exactly that process stopped after."""
    if chromium() is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing, and browser tests must run in CI")
        pytest.skip("Chromium is not available on this machine")
    proxy = _proxy()
    home = tmp_path_factory.mktemp("hub")
    settings = home / "lab-settings"
    settings.mkdir()
    (settings / "overrides.json").write_text((REPO / "lab-settings" / "overrides.json").read_text(encoding="utf-8"))
    args = [
        f"--LabApp.app_settings_dir={settings}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--ServerApp.allow_root=True")
    port = free_port()
    config = CONFIG.format(
        port=port,
        hub_port=free_port(),
        api_port=free_port(),
        service_port=free_port(),
        proxy=proxy,
        home=home,
        python=sys.executable,
        args=args,
    )
    (home / "jupyterhub_config.py").write_text(config, encoding="utf-8")
    log = (home / "hub.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(home / "jupyterhub_config.py")],
        cwd=home,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/hub/api", proc, home / "hub.log", "JupyterHub")
        yield Hub(base, home)
    finally:
        proc.terminate()  # the hub stops its proxy, its service and the users' servers with itself
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


class Student:
    """One hub user's browser (a context of its own: its own cookies), logged in at the hub's login page, a notebook
    open in their own JupyterLab, every frame the referee's socket brought to the page recorded."""

    def __init__(self, browser: Any, hub: Hub, name: str, cells: list[str]) -> None:
        self.name = name
        self.context = browser.new_context(viewport={"width": 900, "height": 1000})
        self.page = page = self.context.new_page()
        self.frames: list[dict[str, Any]] = []
        self.sockets: list[str] = []
        page.on("websocket", self._socket)
        page.goto(f"{hub.base}/hub/login")
        page.locator("#username_input").fill(name)
        page.locator("#password_input").fill("any")
        page.locator("#login_submit").click()
        page.wait_for_url("**/hub/**", timeout=60_000)
        write_notebook(hub.user_home(name), "table", cells)
        self.book = OpenNotebook(page)
        # the user's own JupyterLab, started by the hub's spawner on the way (its spawn page, then the lab)
        page.goto(f"{hub.base}/user/{name}/lab/tree/table.ipynb?reset", timeout=120_000)
        page.wait_for_function("window.jupyterapp?.shell.currentWidget?.sessionContext", timeout=120_000)
        page.evaluate("""async () => { const p = window.jupyterapp.shell.currentWidget;
            await p.context.ready; await p.sessionContext.ready; await p.sessionContext.session.kernel.info; }""")
        self.book.run_all(timeout=120)

    def _socket(self, socket: Any) -> None:
        self.sockets.append(socket.url)
        if "/services/charlemagne/tables/" in socket.url:
            socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    @property
    def table(self) -> Any:
        """The student's own SharedTable (not the table the lobby draws for its host)."""
        return self.page.locator(f".cl-shared-table[data-room='{ROOM}']:not(.cl-shared-hosted .cl-shared-table)")


def _seat_cell(seat: str) -> str:
    return f"from charlemagne_learn.widgets import SharedTable\nSharedTable({ROOM!r}, seat={seat!r}, lang='en')"


@pytest.mark.timeout(300)
def test_two_hub_users_sit_at_one_table_from_their_own_jupyterlabs(hub: Hub, playwright_session: Any) -> None:
    browser = playwright_session.chromium.launch(executable_path=chromium(), headless=True, args=CHROMIUM_ARGS)
    try:
        lobby = "from charlemagne_learn.widgets import Lobby\nLobby(lang='en')"
        ann = Student(browser, hub, "ann", [lobby, _seat_cell("N")])
        ann.page.locator(".cl-shared-name").fill(ROOM)
        ann.page.locator(".cl-shared-open").click()
        hosted = ann.page.locator(".cl-shared-hosted .cl-shared-table")
        expect(hosted).to_have_attribute("data-kind", "table", timeout=30_000)
        bob = Student(browser, hub, "bob", [_seat_cell("S")])
        students = {"N": ann, "S": bob}
        for student in students.values():
            expect(student.table.locator(".cl-shared-player")).to_have_count(4, timeout=30_000)
            # the page found the referee at the hub's own address, under the service's prefix, through the proxy
            assert f"{hub.base.replace('http', 'ws')}/services/charlemagne/tables/{ROOM}/ws?lang=en" in student.sockets
        table = _referee(hub).tables[ROOM]  # type: ignore[arg-type]
        assert {seat.name: sitter.who for seat, sitter in table.seats.items()} == {"N": "ann", "S": "bob"}
        assert table.host == "ann"  # a person is their hub user name
        hosted.locator(".cl-shared-start").click()
        for seat, student in students.items():
            expect(student.table).to_have_attribute("data-seat", seat, timeout=30_000)
            expect(student.table.locator(".cl-shared-board .cl-card")).not_to_have_count(0)
        seen_at = dict.fromkeys(students, 0)
        hand_of: dict[str, int] = {}
        checked = _check_frames(students, hub, seen_at, hand_of)  # type: ignore[arg-type]
        clicks = 0
        for _ in range(CLICKS):
            if not _click_one(students, hub):  # type: ignore[arg-type]
                break
            clicks += 1
            checked += _check_frames(students, hub, seen_at, hand_of)  # type: ignore[arg-type]
        assert clicks == CLICKS and checked > 2 * CLICKS
        assert _referee(hub).tables[ROOM].session.player(Seat.E) == "rule"  # type: ignore[arg-type, union-attr]
        # Ann's table cell ran before her lobby opened the table: its socket was refused (404) and joined later
        refused = f"{ROOM}/ws?lang=en' failed: Error during WebSocket handshake: Unexpected response code: 404"
        assert [error for error in ann.book.real_errors() if refused not in error] == []
        assert bob.book.real_errors() == []
    finally:
        browser.close()
