"""JupyterLab in a subprocess and the system Chromium driven by Playwright: shared by the browser tests'
fixtures (``conftest.py``) and the widget latency benchmark (``benchmarks/widget_latency.py``).

How, and why, is ``tests/browser/README.md``: JupyterLab on 127.0.0.1 with a random token, every Jupyter
folder temporary, notebooks written into a temporary root (autosave never touches the repository), the
system Chromium launched by Playwright (never ``playwright install``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("BROWSER_ARTIFACTS", Path(__file__).resolve().parents[2] / "test-artifacts"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium() -> str | None:
    """The system Chromium's path, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@dataclass
class Lab:
    """A running JupyterLab: where it serves, its token, its notebook folder and runtime folder."""

    base: str
    token: str
    root: Path
    runtime: Path
    env: dict[str, str] = field(repr=False)

    def kernel_value(self, expression: str, notebook: str, timeout: float = 10.0) -> Any:
        """Evaluate ``expression`` in the kernel of ``notebook`` (a name in the root) and return its value."""
        import zmq
        from jupyter_client.blocking.client import BlockingKernelClient

        sessions = json.load(urllib.request.urlopen(f"{self.base}/api/sessions?token={self.token}"))
        kernel_id = next(s["kernel"]["id"] for s in sessions if s["path"].endswith(notebook))
        # One zmq context for every client: a client that makes its own keeps its sockets' files open until the
        # garbage collector gets to it, and polling the kernel ran a long browser run out of file handles.
        client = BlockingKernelClient(
            connection_file=str(self.runtime / f"kernel-{kernel_id}.json"), context=zmq.Context.instance()
        )
        client.load_connection_file()
        # no heartbeat: its thread may open its socket after stop_channels has returned, one socket left open a call
        # until the shared context reached its limit ("Too many open files") in a long run
        client.start_channels(hb=False)
        try:
            reply = client.execute_interactive("", user_expressions={"v": expression}, timeout=timeout)
        finally:
            client.stop_channels()
        value = reply["content"]["user_expressions"]["v"]
        if value["status"] != "ok":
            raise AssertionError(f"{expression!r} failed in the kernel: {value.get('evalue')}")
        return eval(value["data"]["text/plain"])  # a repr of plain data: numbers, strings, lists


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(url: str, proc: subprocess.Popen[Any], log: Path, what: str) -> None:
    """Wait (a minute at most) until the server ``proc`` answers at ``url``; if it stops or never answers, fail with the
    end of its ``log``."""
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start: {log.read_text()[-3000:]}") from None
            time.sleep(0.25)


def _tasks() -> Any:
    """The repository's ``tasks.py``, which knows how ``python3 tasks.py lessons`` starts JupyterLab."""
    spec = importlib.util.spec_from_file_location("tasks", REPO / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextmanager
def running_lab(home: Path, as_lessons: bool = False) -> Iterator[Lab]:
    """Start JupyterLab with every folder under ``home`` (an empty temporary folder); stop exactly that process.

    ``as_lessons``: with the options of ``python3 tasks.py lessons`` and this environment's own JupyterLab
    settings (a copy of the lessons as its root), instead of the tests' settings and an empty root.
    """
    root, runtime, settings = home / "root", home / "runtime", home / "settings"
    for d in (runtime, settings):
        d.mkdir()
    if as_lessons:
        shutil.copytree(REPO / "notebooks", root)
    else:
        root.mkdir()
    (settings / "overrides.json").write_text(_tasks().LAB_SETTINGS.read_text(encoding="utf-8"))
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "IPYTHONDIR": str(home / "ipython"),
    }
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
    ]
    if as_lessons:
        command += _tasks().lesson_options(root)
    else:
        command += [
            f"--ServerApp.root_dir={root}",
            f"--LabApp.app_settings_dir={settings}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")
    log = (home / "lab.log").open("w")
    proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/api/status?token={token}", proc, home / "lab.log", "JupyterLab")
        yield Lab(base, token, root, runtime, env)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


#: Chromium's options that leave it no host name to resolve but loopback's: whatever a page, a worker or a service
#: worker asks of the internet fails at once (the offline JupyterLite test).
OFFLINE_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"]


@contextmanager
def running_browser(extra_args: list[str] | None = None, playwright: Any = None) -> Iterator[Any]:
    """The system Chromium, headless, through Playwright; ``extra_args``: more command-line options. ``playwright``:
    a running Playwright to launch it from (one process has one at a time: a second ``sync_playwright`` beside a
    running one fails), else one of its own."""
    if playwright is not None:
        b = playwright.chromium.launch(
            executable_path=chromium(), headless=True, args=CHROMIUM_ARGS + (extra_args or [])
        )
        try:
            yield b
        finally:
            b.close()
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, running_browser(extra_args, p) as b:
        yield b


def write_notebook(root: Path, stem: str, cells: tuple[str, ...] | list[str]) -> Path:
    """A notebook of these code cells, with the Python 3 kernel, saved as ``root/stem.ipynb``."""
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])  # type: ignore[no-untyped-call]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = root / f"{stem}.ipynb"
    nbformat.write(nb, path)  # type: ignore[no-untyped-call]
    return path


# Every output of every code cell of the open notebook, as its model holds it after Run All.
OUTPUTS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === "code") out.push(...(cell.toJSON().outputs || []));
  }
  return out;
}"""

# What the page shows of the open notebook's outputs (not another tab's): its output areas, widgets included.
SHOWN = """() => Array.from(window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-OutputArea-output')).map(e => {
  const copy = e.cloneNode(true);
  copy.querySelectorAll('[lang="en"]').forEach(q => q.remove());  // English quoted on purpose
  copy.querySelectorAll('style, code').forEach(q => q.remove());  // a stylesheet, and code a teacher types
  // a copy is laid out nowhere, so its text runs each element into the next: "passe" then a French D♥ would read
  // "passeD♥", an English word; a space after each element keeps apart what the page shows apart
  copy.querySelectorAll('*').forEach(q => q.append(' '));
  return copy.innerText || copy.textContent;
}).join('\\n')"""


class OpenNotebook:
    """A notebook open in a JupyterLab or JupyterLite page: what the page logs as errors is collected, Run All is
    awaited, the outputs read back, the page kept as a screenshot."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("console", lambda msg: self.errors.append(f"console: {msg.text}") if msg.type == "error" else None)

    def run_all(self, timeout: float = 600.0) -> float:
        """Run every cell; the seconds it took."""
        start = time.monotonic()
        # The command's promise is kept on the page and polled: awaited straight through page.evaluate, a long run on
        # a loaded machine once ended in "Resulting promise was garbage collected".
        self.page.evaluate("""() => { window.__runAll = undefined;
            window.jupyterapp.commands.execute('notebook:run-all-cells').then(
                (done) => { window.__runAll = done; }, (error) => { window.__runAll = String(error); }); }""")
        self.page.wait_for_function("window.__runAll !== undefined", timeout=timeout * 1000)
        assert self.page.evaluate("window.__runAll") is True
        return time.monotonic() - start

    @property
    def panel(self) -> Any:
        """The notebook on show (a restored workspace may hold others, in hidden tabs)."""
        return self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")

    def outputs(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate(OUTPUTS))

    def shown(self) -> str:
        return str(self.page.evaluate(SHOWN))

    def screenshot(self, what: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{what}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def real_errors(self) -> list[str]:
        # Chromium reports a missing favicon and requests a test refused as failed loads: not the notebook's errors
        # (refused requests are checked where they are refused).
        return [e for e in self.errors if "Failed to load resource" not in e and "favicon" not in e]


class Notebook(OpenNotebook):
    """One notebook open in the tests' JupyterLab, its kernel ready."""

    def __init__(self, page: Any, lab: Lab, name: str) -> None:
        super().__init__(page)
        self.lab, self.name = lab, name

    def open(self) -> None:
        page = self.page
        page.goto(f"{self.lab.base}/lab/tree/{self.name}?reset&token={self.lab.token}")
        page.wait_for_function("window.jupyterapp?.shell.currentWidget?.sessionContext", timeout=60_000)
        page.evaluate("""async () => { const p = window.jupyterapp.shell.currentWidget;
            await p.context.ready; await p.sessionContext.ready; await p.sessionContext.session.kernel.info; }""")

    def value(self, expression: str) -> Any:
        return self.lab.kernel_value(expression, self.name)

    def wait_value(self, expression: str, expected: Any, timeout: float = 10.0) -> None:
        """Poll the kernel until ``expression`` equals ``expected`` (comm messages arrive asynchronously)."""
        deadline = time.monotonic() + timeout
        while True:
            got = self.value(expression)
            if got == expected or time.monotonic() > deadline:
                assert got == expected, f"{expression} is {got!r}, expected {expected!r}"
                return
            time.sleep(0.1)


#: The page colour each of JupyterLab's themes paints (its ``--jp-layout-color0``).
PAGE_COLOUR = {"JupyterLab Light": "white", "JupyterLab Dark": "#111"}


def use_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab to ``theme`` and wait until its stylesheet is in force (its own page colour is)."""
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', { theme })", theme)
    page.wait_for_function(
        """([theme, colour]) => document.body.dataset.jpThemeName === theme
            && getComputedStyle(document.body).getPropertyValue('--jp-layout-color0').trim() === colour""",
        arg=[theme, PAGE_COLOUR[theme]],
        timeout=30_000,
    )
